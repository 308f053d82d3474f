// A document whose schemas ask for a check api-serve cannot make: every command refuses it with one
// line naming the JSON pointer and the keyword (exit 2), and `--lenient` serves it with one warning
// per keyword. An unknown keyword is an annotation: a warning, never a refusal.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBin, spawnServe } from '../helpers/cli.js';
import { call, tempDir } from '../helpers/server.js';
import { documentWarnings } from '../../src/openapi/index.js';

// Two patterns that are no regular expression: the check of `pattern` cannot be made, twice.
const DOC = `openapi: 3.1.0
info: { title: Lenient, version: '1' }
paths:
  /codes:
    post:
      operationId: addCode
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Code' }
      responses:
        '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Code' } } } }
components:
  schemas:
    Code:
      type: object
      required: [code]
      properties:
        code: { type: string, pattern: '[a-' }
        other: { type: string, pattern: '(' }
        size: { type: integer, maximun: 3 }
`;

const folder = () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'codes.yaml'), DOC);
  return dir;
};

const REFUSAL = /^[-\w ]+: codes\.yaml#\/components\/schemas\/Code\/properties\/code\/pattern: "\[a-" is not an ECMAScript regular expression; not checked \(and 1 more use of pattern\); give --lenient to load the document with this check left out\n$/;

for (const [bin, args] of [
  ['api-serve', ['codes.yaml', '--port', '0']],
  ['api-docs', ['codes.yaml', '--format', 'openapi']],
  ['api-check', ['fuzz', 'codes.yaml', '--runs', '5']],
  ['api-serve', ['import', 'codes.yaml']],
] as const) {
  test(`${bin} ${args.join(' ')}: a pattern that cannot be checked refuses the document in one line naming its pointer, exit 2`, () => {
    const r = runBin(bin, [...args], { cwd: folder(), env: { NO_COLOR: '1' } });
    assert.is(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, REFUSAL);
    assert.is(r.stdout, '');
  });
}

test('api-serve codes.yaml --lenient serves it: one warning for pattern, the unchecked pattern lets any text through, the rest is still checked', async () => {
  const served = await spawnServe(['codes.yaml', '--port', '0', '--lenient'], 1, { cwd: folder() });
  try {
    const url = served.urls.codes!;
    const ok = await call(url, 'POST', '/codes', { headers: { 'content-type': 'application/json' }, body: '{"code":"zzz"}' });
    assert.is(ok.status, 201, ok.text);
    const missing = await call(url, 'POST', '/codes', { headers: { 'content-type': 'application/json' }, body: '{"other":"x"}' });
    assert.is(missing.status, 400, missing.text);
    assert.match(missing.text, /code/);
  } finally { await served.stop(); }
  const lines = served.stderr().trimEnd().split('\n');
  assert.equal(lines.filter((l) => /pattern/.test(l)), ['api-serve: warning: codes.yaml#/components/schemas/Code/properties/code/pattern: "[a-" is not an ECMAScript regular expression; not checked (and 1 more use of pattern)']);
  // `maximun` (a typo) is no JSON Schema keyword: said, and never a reason to refuse.
  assert.ok(lines.some((l) => l === 'api-serve: warning: codes.yaml#/components/schemas/Code/properties/size/maximun: maximun is not a JSON Schema keyword; read as an annotation (no check)'), served.stderr());
});

test('api-serve import codes.yaml --lenient writes the module; api-docs --lenient documents it', () => {
  const dir = folder();
  const imported = runBin('api-serve', ['import', 'codes.yaml', '--lenient'], { cwd: dir });
  assert.is(imported.code, 0, imported.stderr);
  assert.match(imported.stdout, /addCode/);
  const docs = runBin('api-docs', ['codes.yaml', '--lenient', '--format', 'openapi'], { cwd: dir });
  assert.is(docs.code, 0, docs.stderr);
  assert.ok((JSON.parse(docs.stdout) as { paths: Record<string, unknown> }).paths['/codes']);
});

test('documentWarnings: several keywords are named in the refusal; lenient, each is one line with its count and other warnings stay one per place', () => {
  const warnings = [
    { pointer: '/a', message: 'the keyword $dynamicRef is not supported and is not checked', weaker: '$dynamicRef' },
    { pointer: '/b', message: 'callbacks are not sent or documented' },
    { pointer: '/c', message: 'the keyword $dynamicRef is not supported and is not checked', weaker: '$dynamicRef' },
    { pointer: '/d', message: 'not a schema; read as any JSON value', weaker: 'schema' },
    { pointer: '/e', message: 'callbacks are not sent or documented' },
  ];
  const refused = documentWarnings('api-serve', 'd.yaml', warnings, false);
  assert.equal(refused, { refusal: 'd.yaml#/a: the keyword $dynamicRef is not supported and is not checked (and 1 more use of $dynamicRef); 1 other keyword too (schema); give --lenient to load the document with these checks left out' });
  assert.equal(documentWarnings('api-serve', 'd.yaml', warnings, true), { lines: [
    'api-serve: warning: d.yaml#/a: the keyword $dynamicRef is not supported and is not checked (and 1 more use of $dynamicRef)',
    'api-serve: warning: d.yaml#/b: callbacks are not sent or documented',
    'api-serve: warning: d.yaml#/d: not a schema; read as any JSON value',
    'api-serve: warning: d.yaml#/e: callbacks are not sent or documented',
  ] });
  assert.equal(documentWarnings('api-serve', 'd.yaml', warnings.filter((w) => w.weaker === undefined), false), { lines: [
    'api-serve: warning: d.yaml#/b: callbacks are not sent or documented',
    'api-serve: warning: d.yaml#/e: callbacks are not sent or documented',
  ] });
});

test.run();
