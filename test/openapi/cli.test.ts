// The commands given an OpenAPI document: api-docs documents it with its warnings on stderr, and a
// document that cannot be imported (Swagger 1.2, invalid, missing) is one line and exit 2.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBin, spawnServe } from '../helpers/cli.js';
import { call, tempDir } from '../helpers/server.js';
import { DOCS } from './load.js';

test('api-docs features.yaml --format openapi writes the document; each warning is one stderr line with its JSON pointer', () => {
  const r = runBin('api-docs', [`${DOCS}features.yaml`, '--format', 'openapi']);
  assert.is(r.code, 0, r.stderr);
  assert.ok((JSON.parse(r.stdout) as { paths: Record<string, unknown> }).paths['/pets/{petId}']);
  assert.match(r.stderr, /^api-docs: warning: \S*features\.yaml#\/paths\/~1trees\/options: OPTIONS operations are not served/m);
});

const bad: [string, string, RegExp][] = [
  ['swagger.yaml', 'swagger: "1.2"\ninfo: { title: x, version: "1" }\npaths: {}\n', /swagger "1\.2" is not supported \(Swagger 2\.0, OpenAPI 3\.0\.x or 3\.1\.x\)/],
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

test('api-serve doc.yaml --record rec, then api-check --surface doc.yaml rec replays and lints it (and with no flag, from the fixtures\' reference)', async () => {
  const dir = tempDir();
  for (const f of ['features.yaml', 'shared.yaml']) copyFileSync(join(DOCS, f), join(dir, f));
  const served = await spawnServe(['features.yaml', '--port', '0', '--record', 'rec', '--data', join(dir, 'data')], 1, { cwd: dir });
  try {
    const url = served.urls.features!;
    await call(url, 'GET', '/pets?limit=5');
    await call(url, 'GET', '/pets?limit=abc');
    // Credentials are redacted from recordings, so the one call to a protected operation goes without.
    await call(url, 'GET', '/pets/7');
    await call(url, 'PUT', '/trees', { headers: { 'content-type': 'application/json' }, body: '{"value":1,"children":[]}' });
  } finally { await served.stop(); }
  const files = readdirSync(join(dir, 'rec')).sort();
  assert.is(files.length, 4);
  assert.is((JSON.parse(readFileSync(join(dir, 'rec', files[0]!), 'utf8')) as { surface: string }).surface, '../features.yaml');
  const env = { NO_COLOR: '1', CI: '1' };
  const replay = runBin('api-check', ['--surface', 'features.yaml', 'rec', '--reporter', 'plain'], { cwd: dir, env });
  assert.is(replay.code, 0, replay.stdout + replay.stderr);
  assert.match(replay.stdout, /GET \/pets\/7 -> 401/);
  assert.match(replay.stdout, /\n4 passed, 0 failed\n$/);
  const bare = runBin('api-check', ['rec', '--reporter', 'plain'], { cwd: dir, env });
  assert.is(bare.code, 0, bare.stdout + bare.stderr);
  assert.match(bare.stdout, /\n4 passed, 0 failed\n$/);
  const lint = runBin('api-check', ['--lint', 'rec', '--surface', 'features.yaml'], { cwd: dir, env });
  assert.is(lint.code, 0, lint.stdout + lint.stderr);
  assert.match(lint.stdout, /features\.yaml: 3 of 5 endpoints/);
  // A fixture the document does not allow is a failed replay: the answer recorded is changed.
  const file = join(dir, 'rec', files[0]!);
  const fixture = JSON.parse(readFileSync(file, 'utf8')) as { response: { status: number } };
  fixture.response.status = 201;
  writeFileSync(file, JSON.stringify(fixture));
  const broken = runBin('api-check', ['--surface', 'features.yaml', 'rec', '--reporter', 'plain'], { cwd: dir, env });
  assert.is(broken.code, 1, broken.stdout + broken.stderr);
  assert.match(broken.stdout, /\n3 passed, 1 failed\n$/);
});

test.run();
