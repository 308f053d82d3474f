// A document is untrusted input (issue 32): its `$ref`s read only files inside its folder and never
// the network, and its YAML aliases cannot expand without bound. Each refusal is one line, exit 2.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bin } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';
import { aliasExpansion } from '../../src/openapi/alias-expansion.js';

interface Ran { readonly code: number | null; readonly stdout: string; readonly stderr: string }

/**
 * Runs a bin in `cwd` without blocking this process (a test may serve what the bin would reach),
 * killed after `limitMs`: before the fixes a refused document was served forever or hung the loader.
 */
function run(args: string[], cwd: string, env: Record<string, string> = {}, limitMs = 15_000): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin('api-serve'), ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('exit', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
  });
}

/** An OpenAPI document whose one operation answers `example` (YAML flow text) as its JSON example. */
const withExample = (example: string, extra = '') => `openapi: 3.0.3
info: { title: t, version: "1" }
${extra}paths:
  /a:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { type: object }
              example: ${example}
`;

const POINTER = '#/paths/~1a/get/responses/200/content/application~1json/example';
const SECRET = 'top-secret-4f1c9a';

/** A folder `doc/` for the document, beside a secret it must not reach (and a link to it inside). */
function layout(): { dir: string; secret: string } {
  const root = tempDir();
  const secret = join(root, 'secret.yaml');
  // An object, as the example's schema asks: before the fence it was imported and served whole.
  writeFileSync(secret, `token: ${SECRET}\n`);
  const dir = join(root, 'doc');
  mkdirSync(dir);
  symlinkSync('../secret.yaml', join(dir, 'link.yaml'));
  return { dir, secret };
}

/** The refusals: each `$ref` written, and what the line quotes of it. */
function outsideRefs(secret: string): [string, string][] {
  return [
    ['a ../ path', '../secret.yaml'],
    ['an absolute path', secret],
    ['a file:// URL', pathToFileURL(secret).href],
    ['a symlink inside the folder leading out', './link.yaml'],
    ['/proc/self/environ', '/proc/self/environ'],
  ];
}

const oneLine = (r: Ran) => r.stderr.trimEnd().split('\n').length === 1;
const env = { API_SERVE_TEST_SECRET: SECRET };

test('a $ref outside the document\'s folder (../, absolute, file://, a symlink, /proc/self/environ): import and serve are one line naming its pointer, exit 2, and the file is read nowhere', async () => {
  const { dir, secret } = layout();
  for (const [label, ref] of outsideRefs(secret)) {
    writeFileSync(join(dir, 'doc.yaml'), withExample(`{ $ref: ${JSON.stringify(ref)} }`));
    const line = `doc.yaml${POINTER}: $ref ${JSON.stringify(ref)} points outside the document's folder\n`;
    const imported = await run(['import', 'doc.yaml', '-o', 'api.ts'], dir, env);
    assert.is(imported.code, 2, `${label}: ${imported.stderr}`);
    assert.is(imported.stderr, `api-serve import: ${line}`, label);
    assert.not.ok(existsSync(join(dir, 'api.ts')), `${label}: nothing written`);
    const printed = await run(['import', 'doc.yaml'], dir, env);
    assert.is(printed.code, 2, label);
    assert.ok(oneLine(printed), printed.stderr);
    const served = await run(['doc.yaml', '--port', '0'], dir, env);
    assert.is(served.code, 2, `${label}: ${served.stdout}`);
    assert.is(served.stderr, `api-serve: ${line}`, label);
    for (const r of [imported, printed, served]) assert.not.ok((r.stdout + r.stderr).includes(SECRET), `${label}: the secret is shown`);
  }
});

test('a $ref outside the folder written in a file beside the document names that file and its pointer', async () => {
  const { dir } = layout();
  mkdirSync(join(dir, 'schemas'));
  writeFileSync(join(dir, 'schemas', 'pet.yaml'), 'Pet:\n  type: object\n  example: { $ref: "../../secret.yaml" }\n');
  writeFileSync(join(dir, 'doc.yaml'), withExample('{ id: 1 }').replace('schema: { type: object }', "schema: { $ref: './schemas/pet.yaml#/Pet' }"));
  const r = await run(['import', 'doc.yaml'], dir, env);
  assert.is(r.code, 2, r.stderr);
  assert.is(r.stderr, 'api-serve import: schemas/pet.yaml#/Pet/example: $ref "../../secret.yaml" points outside the document\'s folder\n');
  assert.not.ok(r.stdout.includes(SECRET));
});

test('$refs to files in the folder and its subfolders, and a symlink that stays inside, still load', async () => {
  const { dir } = layout();
  mkdirSync(join(dir, 'schemas'));
  writeFileSync(join(dir, 'schemas', 'pet.yaml'), 'Pet:\n  type: object\n  properties: { name: { type: string } }\n');
  writeFileSync(join(dir, 'examples.yaml'), 'pet: { name: Rex }\n');
  symlinkSync('schemas/pet.yaml', join(dir, 'pet-link.yaml'));
  writeFileSync(join(dir, 'doc.yaml'), withExample("{ $ref: './examples.yaml#/pet' }").replace('schema: { type: object }', "schema: { $ref: './pet-link.yaml#/Pet' }"));
  const r = await run(['import', 'doc.yaml', '-o', 'api.ts'], dir);
  assert.is(r.code, 0, r.stderr);
  assert.match(readFileSync(join(dir, 'api.ts'), 'utf8'), /Rex/);
});

test('a remote $ref is not fetched: one line naming the URL and its pointer, exit 2, and no connection made; inside an example it is data, kept as written', async () => {
  let requests = 0;
  const server = createServer((_req, res) => { requests += 1; res.end('type: object\n'); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { dir } = layout();
    const local = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x.yaml#/X`;
    const SCHEMA = '#/paths/~1a/get/responses/200/content/application~1json/schema';
    for (const url of [local, 'http://example.invalid/x.yaml', 'https://example.invalid/schemas.json#/Pet']) {
      // A reference where OpenAPI reads one (the media type's schema): refused, never fetched.
      writeFileSync(join(dir, 'doc.yaml'), withExample('{ id: 1 }').replace('schema: { type: object }', `schema: { $ref: ${JSON.stringify(url)} }`));
      const line = `doc.yaml${SCHEMA}: remote $ref ${JSON.stringify(url)} not fetched (a document is read from local files only)\n`;
      const imported = await run(['import', 'doc.yaml'], dir);
      assert.is(imported.code, 2, imported.stderr);
      assert.is(imported.stderr, `api-serve import: ${line}`);
      const served = await run(['doc.yaml', '--port', '0'], dir);
      assert.is(served.code, 2, served.stdout);
      assert.is(served.stderr, `api-serve: ${line}`);
      // Inside an example: a value (JSON Schema evaluates nothing there), imported as written, nothing fetched.
      writeFileSync(join(dir, 'doc.yaml'), withExample(`{ $ref: ${JSON.stringify(url)} }`));
      const kept = await run(['import', 'doc.yaml'], dir);
      assert.is(kept.code, 0, kept.stderr);
      assert.ok(kept.stdout.includes(JSON.stringify(url)), kept.stdout);
    }
    assert.is(requests, 0, 'the local server was asked');
  } finally { server.close(); }
});

test('a $schema keyword naming a URL is not a $ref: the document loads', async () => {
  const { dir } = layout();
  writeFileSync(join(dir, 'doc.yaml'), withExample('{ id: 1 }').replace('openapi: 3.0.3', 'openapi: 3.1.0').replace('schema: { type: object }', "schema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: object }"));
  const r = await run(['import', 'doc.yaml'], dir);
  assert.is(r.code, 0, r.stderr);
});

/** Nine anchors, each a list of nine aliases of the one before: 9^9 nodes written out. */
function aliasBomb(): string {
  const names = 'abcdefghi';
  const lines = [`x-a: &a [${Array(9).fill('"lol"').join(',')}]`];
  for (let i = 1; i < names.length; i += 1) lines.push(`x-${names[i]}: &${names[i]} [${Array(9).fill(`*${names[i - 1]}`).join(',')}]`);
  return `${lines.join('\n')}\n`;
}

test('a YAML alias bomb (9 levels of 9 aliases), in the document or in a file it refers to, is one line and exit 2, at once', async () => {
  const { dir } = layout();
  const bomb = aliasBomb();
  assert.ok(bomb.length < 700, `${bomb.length} bytes`);
  writeFileSync(join(dir, 'doc.yaml'), withExample('*i', bomb));
  writeFileSync(join(dir, 'bombs.yaml'), bomb);
  writeFileSync(join(dir, 'refers.yaml'), withExample("{ $ref: './bombs.yaml#/x-i' }"));
  for (const doc of ['doc.yaml', 'refers.yaml']) {
    const line = `${doc}: YAML aliases expand past 1,000,000 nodes (a document with anchors reused this much is refused)\n`;
    const imported = await run(['import', doc], dir, {}, 10_000);
    assert.is(imported.code, 2, `${doc}: killed or passed: ${imported.stderr}`);
    assert.is(imported.stderr, `api-serve import: ${line}`);
    const served = await run([doc, '--port', '0'], dir, {}, 10_000);
    assert.is(served.code, 2, `${doc}: ${served.stdout}`);
    assert.is(served.stderr, `api-serve: ${line}`);
  }
});

test('a document reusing an anchor a few times still loads (the aliases share one value)', async () => {
  const { dir } = layout();
  writeFileSync(join(dir, 'doc.yaml'), withExample('*pet', 'x-pet: &pet { name: Rex, tags: [a, b] }\nx-pets: [*pet, *pet, *pet]\n'));
  const r = await run(['import', 'doc.yaml'], dir);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /Rex/);
});

test('alias expansion counts what shared values add once written out, and a value inside itself as endless', () => {
  const shared = { name: 'Rex', tags: ['a', 'b'] };
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = [cyclic];
  const rows: [string, unknown, ReturnType<typeof aliasExpansion>][] = [
    ['a scalar', 42, { kind: 'added', nodes: 0 }],
    ['a tree', { a: [1, 2, { b: 3 }] }, { kind: 'added', nodes: 0 }],
    // Each alias after the anchor writes the 5 nodes of `shared` out again.
    ['one value three times', { x: shared, ys: [shared, shared] }, { kind: 'added', nodes: 10 }],
    ['a value inside itself', cyclic, { kind: 'endless' }],
  ];
  for (const [label, value, expected] of rows) assert.equal(aliasExpansion(value), expected, label);
});

test('an alias inside the value it names is one line and exit 2', async () => {
  const { dir } = layout();
  writeFileSync(join(dir, 'doc.yaml'), withExample('{ id: 1 }', 'x-a: &a { b: *a }\n'));
  const r = await run(['import', 'doc.yaml'], dir, {}, 10_000);
  assert.is(r.code, 2, r.stderr);
  assert.is(r.stderr, 'api-serve import: doc.yaml: a YAML alias is inside the value it names (it expands without end)\n');
});

test.run();
