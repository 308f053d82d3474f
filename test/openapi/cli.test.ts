// The commands given an OpenAPI document: api-docs documents it with its warnings on stderr, and a
// document that cannot be imported (Swagger 2.0, invalid, missing) is one line and exit 2.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBin } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';
import { DOCS } from './load.js';

test('api-docs features.yaml --format openapi writes the document; each warning is one stderr line with its JSON pointer', () => {
  const r = runBin('api-docs', [`${DOCS}features.yaml`, '--format', 'openapi']);
  assert.is(r.code, 0, r.stderr);
  assert.ok((JSON.parse(r.stdout) as { paths: Record<string, unknown> }).paths['/pets/{petId}']);
  assert.match(r.stderr, /^api-docs: warning: \S*features\.yaml#\/paths\/~1trees\/options: OPTIONS operations are not served/m);
});

const bad: [string, string, RegExp][] = [
  ['swagger.yaml', 'swagger: "2.0"\ninfo: { title: x, version: "1" }\npaths: {}\n', /Swagger 2\.0 is not supported/],
  ['invalid.yaml', 'openapi: 3.0.3\ninfo: { title: x }\npaths: {}\n', /not a valid OpenAPI document: .*version/],
  ['broken.json', '{ "openapi": ', /not a YAML or JSON document/],
];
for (const [name, text, message] of bad) {
  test(`api-serve ${name}: one line naming the file, exit 2`, () => {
    const dir = tempDir();
    writeFileSync(join(dir, name), text);
    const r = runBin('api-serve', [name, '--port', '0'], { cwd: dir });
    assert.is(r.code, 2);
    assert.is(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, new RegExp(`^api-serve: ${name.replace('.', '\\.')}(#\\S*)?: `));
    assert.match(r.stderr, message);
  });
}

test('api-serve missing.yaml: one line, exit 2', () => {
  const r = runBin('api-serve', ['missing.yaml', '--port', '0'], { cwd: tempDir() });
  assert.is(r.code, 2);
  assert.is(r.stderr, 'api-serve: missing.yaml: no such file\n');
});

test.run();
