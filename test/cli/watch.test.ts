// `api-serve --watch` through the real bin: an edit to the surface, a module it imports or an OpenAPI
// document is served on the same port, a broken edit is reported while the last good surface
// answers, a stateful mock keeps its collections across a reload, and --watch without a surface
// given by path is a usage error.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runBin, spawnServe } from '../helpers/cli.js';
import { call, tempDir } from '../helpers/server.js';

const s = suite('api-serve --watch');

const surfaceSource = (extra = '') => `import { api, get, implement, json, t } from 'api-serve';
import { word } from './word.js';
export const surface = api('Words', { title: 'Words' }, {
  word: get('word').returns(json(t.text), { examples: [{ title: 'the word', value: word }] }),${extra}
});
`;

function project(type: 'module' | 'commonjs' = 'module'): string {
  const dir = tempDir('api-serve-watch-');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'words', private: true, type }));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules', 'api-serve'), 'dir');
  writeFileSync(join(dir, 'api.ts'), surfaceSource());
  writeFileSync(join(dir, 'word.ts'), "export const word = 'first';\n");
  return dir;
}

/** Waits (at most 10 s) until `read()` contains `text` the `times`-th time. */
async function until(read: () => string, text: string, times = 1): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (read().split(text).length - 1 >= times) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never printed "${text}" ${times} time(s); got: ${read()}`);
}

s('an edit to a module the surface imports is answered on the same port', async () => {
  const dir = project();
  const served = await spawnServe(['./api.ts', '--port', '0', '--watch'], 1, { cwd: dir });
  try {
    const url = served.urls.Words!;
    assert.is((await call(url, 'GET', '/word')).json(), 'first');
    writeFileSync(join(dir, 'word.ts'), "export const word = 'second';\n");
    await until(served.stdout, `Words reloaded from ./api.ts on ${url}`);
    assert.is((await call(url, 'GET', '/word')).json(), 'second');
  } finally {
    assert.is(await served.stop(), 0);
  }
});

s('in a package npm init -y made (CommonJS), a TypeScript surface with type annotations loads under --watch and an edit to it is served', async () => {
  const dir = project('commonjs');
  // A type annotation: a loader that did not strip types fails on it ("Missing initializer").
  writeFileSync(join(dir, 'word.ts'), "const w: string = 'first';\nexport const word = w;\n");
  const served = await spawnServe(['./api.ts', '--port', '0', '--watch'], 1, { cwd: dir });
  try {
    const url = served.urls.Words!;
    assert.is((await call(url, 'GET', '/word')).json(), 'first');
    writeFileSync(join(dir, 'api.ts'), surfaceSource(`\n  count: get('count').returns(json(t.int), { examples: [{ title: 'n', value: 3 }] }),`));
    await until(served.stdout, `Words reloaded from ./api.ts on ${url}`);
    assert.is((await call(url, 'GET', '/count')).json(), 3);
  } finally {
    await served.stop();
  }
});

s('a new endpoint in the surface file is served after the edit; before it, the route is a 404', async () => {
  const dir = project();
  const served = await spawnServe(['./api.ts', '--port', '0', '--watch'], 1, { cwd: dir });
  try {
    const url = served.urls.Words!;
    assert.is((await call(url, 'GET', '/count')).status, 404);
    writeFileSync(join(dir, 'api.ts'), surfaceSource(`\n  count: get('count').returns(json(t.int), { examples: [{ title: 'n', value: 3 }] }),`));
    await until(served.stdout, 'Words reloaded');
    const count = await call(url, 'GET', '/count');
    assert.equal([count.status, count.json()], [200, 3]);
  } finally {
    assert.is(await served.stop(), 0);
  }
});

s('a broken edit prints its error and the last good surface keeps answering; the fix is served', async () => {
  const dir = project();
  const served = await spawnServe(['./api.ts', '--port', '0', '--watch'], 1, { cwd: dir });
  try {
    const url = served.urls.Words!;
    writeFileSync(join(dir, 'api.ts'), 'export const surface = ;\n');
    await until(served.stderr, 'still serving the last good ./api.ts');
    assert.match(served.stderr(), /^api-serve: api\.ts:1:\d+: .*; still serving the last good \.\/api\.ts$/m);
    assert.is((await call(url, 'GET', '/word')).json(), 'first');
    // A surface the load-time checks refuse (two endpoints on one route) is reported the same way.
    writeFileSync(join(dir, 'api.ts'), surfaceSource(`\n  again: get('word').returns(json(t.text)),`));
    await until(served.stderr, 'still serving the last good ./api.ts', 2);
    assert.is((await call(url, 'GET', '/word')).json(), 'first');
    writeFileSync(join(dir, 'word.ts'), "export const word = 'fixed';\n");
    writeFileSync(join(dir, 'api.ts'), surfaceSource());
    await until(served.stdout, 'Words reloaded');
    assert.is((await call(url, 'GET', '/word')).json(), 'fixed');
  } finally {
    assert.is(await served.stop(), 0);
  }
});

/** An OpenAPI document: GET /greeting answering `word`, and `extra` more paths. */
const documentSource = (word: string, extra = '') => `openapi: 3.0.3
info: { title: Greeting, version: "1" }
paths:
  /greeting:
    get:
      operationId: greeting
      responses:
        "200":
          description: the greeting
          content:
            application/json:
              schema: { type: string }
              example: ${word}
${extra}`;

s('an edited OpenAPI document is answered on the same port; a broken edit prints its error and keeps the last good one', async () => {
  const dir = tempDir('api-serve-watch-');
  try {
    writeFileSync(join(dir, 'api.yaml'), documentSource('hello'));
    const served = await spawnServe(['./api.yaml', '--port', '0', '--watch'], 1, { cwd: dir });
    try {
      const url = served.urls.api!;
      assert.is((await call(url, 'GET', '/greeting')).json(), 'hello');
      writeFileSync(join(dir, 'api.yaml'), documentSource('goodbye'));
      await until(served.stdout, `api reloaded from ./api.yaml on ${url}`);
      assert.is((await call(url, 'GET', '/greeting')).json(), 'goodbye');
      writeFileSync(join(dir, 'api.yaml'), 'openapi: 3.0.3\ninfo: [\n');
      await until(served.stderr, 'still serving the last good ./api.yaml');
      assert.match(served.stderr(), /^api-serve: \.\/api\.yaml: not a YAML or JSON document \(.*\); still serving the last good \.\/api\.yaml$/m);
      assert.is((await call(url, 'GET', '/greeting')).json(), 'goodbye');
      writeFileSync(join(dir, 'api.yaml'), documentSource('again'));
      await until(served.stdout, 'api reloaded', 2);
      assert.is((await call(url, 'GET', '/greeting')).json(), 'again');
    } finally {
      assert.is(await served.stop(), 0);
    }
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

const NOTES = `  /notes:
    get:
      operationId: listNotes
      responses:
        "200": { description: the notes, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Note" } } } } }
    post:
      operationId: createNote
      requestBody: { required: true, content: { application/json: { schema: { $ref: "#/components/schemas/NewNote" } } } }
      responses:
        "201": { description: created, content: { application/json: { schema: { $ref: "#/components/schemas/Note" } } } }
  /notes/{id}:
    get:
      operationId: getNote
      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
      responses:
        "200": { description: the note, content: { application/json: { schema: { $ref: "#/components/schemas/Note" } } } }
        "404": { description: no such note }
components:
  schemas:
    Note: { type: object, required: [id, text], properties: { id: { type: integer }, text: { type: string } } }
    NewNote: { type: object, required: [text], properties: { text: { type: string } } }
`;

s('--stateful --watch: what clients created is still there after a reload, and numbering goes on', async () => {
  const dir = tempDir('api-serve-watch-');
  try {
    writeFileSync(join(dir, 'api.yaml'), documentSource('hello', NOTES));
    const served = await spawnServe(['./api.yaml', '--port', '0', '--watch', '--stateful', '--data', join(dir, 'data')], 1, { cwd: dir });
    try {
      const url = served.urls.api!;
      const made = await call(url, 'POST', '/notes', { headers: { 'content-type': 'application/json' }, body: '{"text":"before"}' });
      assert.equal([made.status, made.json()], [201, { id: 1, text: 'before' }]);
      writeFileSync(join(dir, 'api.yaml'), documentSource('goodbye', NOTES));
      await until(served.stdout, `api reloaded from ./api.yaml on ${url}`);
      assert.is((await call(url, 'GET', '/greeting')).json(), 'goodbye', 'the edit is served');
      assert.equal((await call(url, 'GET', '/notes')).json(), [{ id: 1, text: 'before' }], 'the collection is kept across the reload');
      const next = await call(url, 'POST', '/notes', { headers: { 'content-type': 'application/json' }, body: '{"text":"after"}' });
      assert.equal(next.json(), { id: 2, text: 'after' });
    } finally {
      assert.is(await served.stop(), 0);
    }
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

s('--watch with only reference surfaces is one line and exit 2', () => {
  const r = runBin('api-serve', ['S2', '--watch', '--port', '0']);
  assert.is(r.code, 2);
  assert.is(r.stderr, 'api-serve: --watch reloads surfaces given by path (./api.ts, openapi.yaml); the reference surfaces are built in\n');
});

s.run();
