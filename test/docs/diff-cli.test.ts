// `api-docs diff OLD NEW` as a user runs it: two modules (a release that breaks its clients and
// one that does not), the three report formats, the fixtures each breaking change would fail,
// exit 1 / 0, and bad input as one line and exit 2.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runBin } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const dir = tempDir('api-docs-diff-');
test.after(() => rmSync(dir, { recursive: true, force: true }));

const INDEX = join(ROOT, 'dist/src/index.js');
const module = (endpoints: string) => `import { api, body, get, json, post, query, t } from '${INDEX}';
const Pet = (fields) => t.object('Pet', fields);
export const surface = api('Pets', { title: 'pets' }, { ${endpoints} });\n`;

const v1 = join(dir, 'v1.mjs');
const v2 = join(dir, 'v2.mjs');
const v1b = join(dir, 'v1b.mjs');
writeFileSync(v1, module(`
  list: get('pets', query('kind', t.text)).returns(json(t.array(Pet({ name: t.text, kind: t.oneOf(['cat', 'dog']) })))),
  make: post('pets', body(Pet({ name: t.text }))).returns(json(t.text)),
  old: get('legacy').returns(json(t.text)),`));
// v2: the list may answer a new kind, the body needs an age, /legacy is gone, /health is new.
writeFileSync(v2, module(`
  list: get('pets', query('kind', t.text)).returns(json(t.array(Pet({ name: t.text, kind: t.oneOf(['cat', 'dog', 'bird']) })))),
  make: post('pets', body(Pet({ name: t.text, age: t.int }))).returns(json(t.text)),
  health: get('health').returns(json(t.text)),`));
// v1b: only additions a client cannot notice.
writeFileSync(v1b, module(`
  list: get('pets', query('kind', t.text), query('limit', t.int)).returns(json(t.array(Pet({ name: t.text, kind: t.oneOf(['cat', 'dog']) })))),
  make: post('pets', body(Pet({ name: t.text, age: t.optional(t.int) }))).returns(json(t.text)),
  old: get('legacy').returns(json(t.text)),
  health: get('health').returns(json(t.text)),`));

const fixtures = join(dir, 'fixtures');
mkdirSync(fixtures);
const fixture = (file: string, request: object, status = 200) =>
  writeFileSync(join(fixtures, file), JSON.stringify({ surface: v1, request, response: { status } }));
fixture('list.json', { method: 'GET', path: '/pets' });
fixture('make.json', { method: 'POST', path: '/pets', body: { name: 'Rex' } });
fixture('legacy.json', { method: 'GET', path: '/legacy' });

test('a release that breaks clients: exit 1, each breaking change listed first with the part it concerns', () => {
  const r = runBin('api-docs', ['diff', v1, v2]);
  assert.is(r.code, 1, r.stderr);
  assert.is(r.stderr, '');
  const lines = r.stdout.trimEnd().split('\n');
  assert.match(lines[0]!, /: 3 breaking, 1 compatible$/);
  assert.match(r.stdout, /^breaking {4}GET \/pets {2}response 200 body \$\[\]\.kind: enum value "bird" added/m);
  assert.match(r.stdout, /^breaking {4}POST \/pets {2}request body \$\.age: required field added/m);
  assert.match(r.stdout, /^breaking {4}GET \/legacy {2}endpoint: endpoint removed/m);
  assert.match(lines.at(-1)!, /^compatible {2}GET \/health {2}endpoint: endpoint added/);
});

test('a release with additions only: exit 0 and every change compatible', () => {
  const r = runBin('api-docs', ['diff', v1, v1b]);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /: 0 breaking, 3 compatible\n/);
  assert.not.match(r.stdout, /^breaking/m);
});

test('--format json: the same changes as data, with their kinds', () => {
  const r = runBin('api-docs', ['diff', v1, v2, '--format', 'json']);
  assert.is(r.code, 1, r.stderr);
  const doc = JSON.parse(r.stdout) as { breaking: number; compatible: number; changes: { verdict: string; kind: string; endpoint: string }[] };
  assert.is(doc.breaking, 3);
  assert.equal(doc.changes.map((c) => `${c.verdict} ${c.endpoint} ${c.kind}`), [
    'breaking GET /pets response-body:enum-value-added',
    'breaking POST /pets request-body:property-added',
    'breaking GET /legacy endpoint-removed',
    'compatible GET /health endpoint-added',
  ]);
});

test('--format markdown: a table for a pull-request comment, the breaking count in bold', () => {
  const r = runBin('api-docs', ['diff', v1, v2, '--format', 'markdown']);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stdout, /^## API changes: .*v1\.mjs -> .*v2\.mjs\n\n\*\*3 breaking\*\*, 1 compatible\.\n/);
  assert.match(r.stdout, /\| \*\*breaking\*\* \| `POST \/pets` \| request body \$\.age \| required field added \|/);
});

test('--fixtures names the recorded exchanges each breaking change would fail, and only those', () => {
  const r = runBin('api-docs', ['diff', v1, v2, '--fixtures', fixtures, '--format', 'json']);
  assert.is(r.code, 1, r.stderr);
  const doc = JSON.parse(r.stdout) as { changes: { kind: string; fixtures?: string[] }[] };
  const byKind = Object.fromEntries(doc.changes.map((c) => [c.kind, (c.fixtures ?? []).map((f) => f.split('/').at(-1))]));
  assert.equal(byKind, {
    'response-body:enum-value-added': ['list.json'],
    'request-body:property-added': ['make.json'],
    'endpoint-removed': ['legacy.json'],
    'endpoint-added': [],
  });
});

test('reference surfaces by name: S2 against itself has no change (exit 0)', () => {
  const r = runBin('api-docs', ['diff', 'S2', 's2']);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, 'S2 -> S2: 0 breaking, 0 compatible\n');
});

// The same release as OpenAPI documents: a team diffing the YAML it publishes gets the same gate.
const pets = (kinds: string, extra: string) => `openapi: 3.0.3
info: {title: Pets, version: '1'}
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - {name: kind, in: query, schema: {type: string}}
      responses:
        '200':
          description: the pets
          content:
            application/json:
              schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
${extra}components:
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        name: {type: string}
        kind: {type: string, enum: [${kinds}]}
`;
const legacy = `  /legacy:
    get:
      security: [{key: []}]
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: string}}}}
`;
const doc1 = join(dir, 'pets-v1.yaml');
const doc2 = join(dir, 'pets-v2.json');
writeFileSync(doc1, pets('cat, dog', legacy).replace('components:\n', 'components:\n  securitySchemes:\n    key: {type: apiKey, in: header, name: X-Key}\n'));
writeFileSync(doc2, JSON.stringify({ openapi: '3.1.0', info: { title: 'Pets', version: '2' }, paths: {
  '/pets': { get: { operationId: 'listPets', responses: { 200: { description: 'the pets', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } } } } } },
}, components: { schemas: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, kind: { enum: ['cat', 'dog', 'bird'] } } } } } }));

test('OpenAPI documents (YAML and JSON, 3.0 and 3.1) are compared like surfaces', () => {
  const r = runBin('api-docs', ['diff', doc1, doc2, '--format', 'json']);
  assert.is(r.code, 1, r.stderr);
  const doc = JSON.parse(r.stdout) as { changes: { verdict: string; kind: string; endpoint: string }[] };
  assert.equal(doc.changes.map((c) => `${c.verdict} ${c.endpoint} ${c.kind}`), [
    'breaking GET /pets query-removed',
    'breaking GET /pets response-body:enum-value-added',
    'breaking GET /legacy endpoint-removed',
  ]);
});

test('a document against itself, and a surface against a document that adds only a security requirement', () => {
  assert.is(runBin('api-docs', ['diff', doc1, doc1]).stdout.split('\n')[0], `${doc1} -> ${doc1}: 0 breaking, 0 compatible`);
  const secured = join(dir, 'pets-secured.yaml');
  writeFileSync(secured, pets('cat, dog', legacy.replace('/legacy', '/other')).replace('      operationId: listPets\n', '      operationId: listPets\n      security: [{key: []}]\n').replace('components:\n', 'components:\n  securitySchemes:\n    key: {type: apiKey, in: header, name: X-Key}\n'));
  const r = runBin('api-docs', ['diff', doc1, secured]);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stdout, /^breaking {4}GET \/pets {2}authentication: credentials now required \(apiKey header x-key\)/m);
});

// A surface and the OpenAPI document api-docs writes from it describe the same contract: the
// protocol errors the document lists (400, 406 ...) are ones the surface already answers, and its
// security requirements are the surface's schemes. decided: docs/decisions.md "Breaking changes across forms".
for (const name of ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S10']) {
  test(`${name} against the OpenAPI document written from it: no change`, () => {
    const file = join(dir, `${name}.openapi.json`);
    const doc = runBin('api-docs', [name, '--format', 'openapi']);
    assert.is(doc.code, 0, doc.stderr);
    writeFileSync(file, doc.stdout);
    const r = runBin('api-docs', ['diff', name, file]);
    assert.is(r.code, 0, r.stdout);
    assert.is(r.stdout, `${name} -> ${file}: 0 breaking, 0 compatible\n`);
  });
}

test('S9 against its OpenAPI document: only the 200 its documentation formatter also answers (text/plain)', () => {
  const file = join(dir, 'S9.openapi.json');
  writeFileSync(file, runBin('api-docs', ['S9', '--format', 'openapi']).stdout);
  const r = runBin('api-docs', ['diff', 'S9', file]);
  assert.is(r.code, 0, r.stdout);
  assert.is(r.stdout, `S9 -> ${file}: 0 breaking, 1 compatible\ncompatible  GET /position/{x}/{y}  response 200 body: text/plain also sent [response-media-added]\n`);
});

const BAD: readonly [string, string[], RegExp][] = [
  ['an unknown surface', ['diff', 'S2', 'S99'], /^api-docs diff: unknown surface "S99"/],
  ['a missing second surface', ['diff', 'S2'], /^api-docs diff: missing required argument 'new'/],
  ['an unknown format', ['diff', 'S2', 'S3', '--format', 'xml'], /^api-docs diff: option '-f, --format <format>' argument 'xml' is invalid/],
  ['a surface with a port', ['diff', 'S2:9000', 'S3'], /^api-docs diff: "S2:9000": api-docs diff takes surfaces without a port/],
  ['a fixtures folder that does not exist', ['diff', 'S2', 'S3', '--fixtures', join(dir, 'nope')], /^api-docs diff: --fixtures: .*nope: no such file or directory/],
  ['a module that does not load', ['diff', join(dir, 'missing.mjs'), 'S2'], /^api-docs diff: .*missing\.mjs/],
];

for (const [what, args, line] of BAD) {
  test(`${what}: one line on stderr and exit 2`, () => {
    const r = runBin('api-docs', args);
    assert.is(r.code, 2, r.stderr);
    assert.is(r.stdout, '');
    assert.is(r.stderr.split('\n').filter(Boolean).length, 1, r.stderr);
    assert.match(r.stderr, line);
  });
}

test('a malformed fixture file: one line naming it and exit 2', () => {
  const bad = join(dir, 'bad-fixtures');
  mkdirSync(bad);
  writeFileSync(join(bad, 'x.json'), '{ not json');
  const r = runBin('api-docs', ['diff', v1, v2, '--fixtures', bad]);
  assert.is(r.code, 2);
  assert.match(r.stderr, /^api-docs diff: --fixtures: .*x\.json: not valid JSON/);
  assert.is(r.stderr.split('\n').filter(Boolean).length, 1);
});

test.run();
