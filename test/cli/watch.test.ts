// `api-serve --watch` through the real bin: an edit to the surface or a module it imports is served
// on the same port, a broken edit is reported while the last good surface answers, and --watch
// without a surface given by path is a usage error.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
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

function project(): string {
  const dir = tempDir('api-serve-watch-');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'words', private: true, type: 'module' }));
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

s('--watch with only reference surfaces is one line and exit 2', () => {
  const r = runBin('api-serve', ['S2', '--watch', '--port', '0']);
  assert.is(r.code, 2);
  assert.is(r.stderr, 'api-serve: --watch reloads surfaces given by path (./api.ts, openapi.yaml); the reference surfaces are built in\n');
});

s.run();
