// Stateful fuzz over a nested collection (/things/{id}/parts): each sequence first creates a
// thing, then follows its parts. A stateful mock (api-serve --mock --stateful) passes; one that
// keeps a part after its DELETE is caught by use_after_free, the shrunk sequence starting with
// the parent's create, saved as a scenario that plain api-check replays and fails the same way.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { breakingProxy } from '../helpers/breaking-proxy.js';
import { ROOT, runBinAsync } from '../helpers/cli.js';
import { start, tempDir } from '../helpers/server.js';
import { mock } from '../../src/mock/index.js';
import type { Surface } from '../../src/dsl/types.js';

const MODULE = `import { api, body, capture, del, get, group, json, post, put, t } from '${ROOT}dist/src/index.js';
const Thing = t.object('Thing', { id: t.int, name: t.constrain(t.text, { maxLength: 20 }) });
const NewThing = t.object('NewThing', { name: t.constrain(t.text, { maxLength: 20 }) });
const Part = t.object('Part', { partId: t.int, label: t.constrain(t.text, { maxLength: 20 }), count: t.int });
const NewPart = t.object('NewPart', { label: t.constrain(t.text, { maxLength: 20 }), count: t.int });
const id = capture('id', t.int);
const partId = capture('partId', t.int);
export const surface = api('Things', { title: 'things and their parts' }, {
  things: group(['things'], {
    list: get().returns(json(t.array(Thing))),
    create: post(body(NewThing)).returns(json(Thing), { status: 201 }),
    get: get(id).returns(json(Thing)).responds(404, json(t.text)),
    remove: del(id).noContent().responds(404, json(t.text)),
  }),
  parts: group(['things', id, 'parts'], {
    list: get().returns(json(t.array(Part))),
    create: post(body(NewPart)).returns(json(Part), { status: 201 }),
    get: get(partId).returns(json(Part)).responds(404, json(t.text)),
    replace: put(partId, body(NewPart)).returns(json(Part)).responds(404, json(t.text)),
    remove: del(partId).noContent().responds(404, json(t.text)),
  }),
});
`;

async function things(): Promise<{ file: string; surface: Surface }> {
  const file = join(tempDir('fuzz-nested-'), 'things.mjs');
  writeFileSync(file, MODULE);
  return { file, surface: ((await import(file)) as { surface: Surface }).surface };
}

test('api-check fuzz of a stateful mock with /things/{id}/parts runs sequences over both collections and passes', async () => {
  const { file, surface } = await things();
  const served = await start(mock(surface, { stateful: true }));
  try {
    const r = await runBinAsync('api-check', ['fuzz', file, '--base-url', served.url, '--seed', '4', '--runs', '40']);
    assert.is(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^stateful: \/things, \/things\/\{id\}\/parts: \d+ requests in passing sequences$/m);
  } finally { await served.close(); }
  // In-process, a module without handlers: its sequences go to a stateful mock of it.
  const own = await runBinAsync('api-check', ['fuzz', file, '--seed', '4', '--runs', '40']);
  assert.is(own.code, 0, own.stdout + own.stderr);
  assert.match(own.stdout, /^stateful: \/things, \/things\/\{id\}\/parts: /m);
});

test('a part kept after its DELETE is caught (use_after_free), the sequence starting with the parent thing, saved as a scenario that replays', async () => {
  const { file, surface } = await things();
  const good = await start(mock(surface, { stateful: true }));
  // The leak: DELETE of a part answers 204 and the part stays.
  const broken = await breakingProxy(good.url, () => {}, (req, url) => (req.method === 'DELETE' && /^\/things\/\d+\/parts\/\d+$/.test(url) ? { status: 204, headers: {}, body: Buffer.alloc(0) } : undefined));
  try {
    const base = `http://127.0.0.1:${(broken.address() as { port: number }).port}`;
    const saved = tempDir('fuzz-nested-saved-');
    const r = await runBinAsync('api-check', ['fuzz', file, '--base-url', base, '--seed', '4', '--runs', '40', '--save-failures', saved]);
    assert.is(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /FAIL {2}\S+things\.mjs {2}stateful \/things\/\{id\}\/parts {2}\(\d+ requests, shrunk\)\n {4}use_after_free: GET \/things\/\d+\/parts(\/\d+ after its DELETE answered 200, expected 404| still lists partId \d+ after its DELETE)\n {4}1\. POST \/things /, r.stdout);
    assert.not.match(r.stdout, /FAIL {2}\S+things\.mjs {2}stateful \/things {2}/, 'the things themselves are sound');
    const files = readdirSync(saved);
    assert.equal(files, ['Things-stateful-things-id-parts-use_after_free.json']);
    const scenario = JSON.parse(readFileSync(join(saved, files[0]!), 'utf8')) as { steps: { request: { path: string }; capture?: Record<string, unknown> }[] };
    assert.equal(scenario.steps[0]!.capture, { id: { pointer: '/id' } }, 'the thing\'s id captured');
    assert.equal(scenario.steps[1]!.capture, { id2: { pointer: '/partId' } }, 'then the part\'s');
    assert.is(scenario.steps[1]!.request.path, '/things/${id}/parts');
    const again = await runBinAsync('api-check', [saved, '--base-url', base]);
    assert.is(again.code, 1, again.stdout + again.stderr);
    const fixed = await runBinAsync('api-check', [saved, '--base-url', good.url]);
    assert.is(fixed.code, 0, fixed.stdout + fixed.stderr);
  } finally {
    await new Promise((resolve) => broken.close(resolve));
    await good.close();
  }
});

test.run();
