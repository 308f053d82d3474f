// The stateful mock's items in DATA/mock-NAME.json (the default store when served): kept across a
// restart, reseeded by reset and by --seed-data, a corrupt file refused rather than reset, one
// process per file, and every acknowledged write on disk.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call } from '../helpers/server.js';
import { runBin, spawnServe } from '../helpers/cli.js';
import { collectionsFile, openLowdbCollectionStore } from '../../src/store/lowdb-collection-store.js';

const JSON_HEADERS = { 'content-type': 'application/json' };
const people = async (url: string) => ((await call(url, 'GET', '/person')).json() as { Id: number; name: string }[]).map((p) => `${p.Id}:${p.name}`);

test('created items survive a restart; reset reseeds from the example; the listening line names the file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'api-serve-mockstore-'));
  try {
    const args = ['S4:0', '--mock', '--stateful', '--data', dir];
    let s = await spawnServe(args);
    try {
      assert.match(s.stdout(), `stateful: /person (Id), kept in ${join(dir, 'mock-S4.json')}`);
      assert.equal(await people(s.urls.S4!), ['1:Jake']);
      const made = await call(s.urls.S4!, 'POST', '/person', { headers: JSON_HEADERS, body: '{"name":"Zed","age":"30"}' });
      assert.is(made.status, 200);
      assert.is((await call(s.urls.S4!, 'DELETE', '/person/1')).status, 200);
    } finally { assert.is(await s.stop(), 0); }
    s = await spawnServe(args);
    try {
      assert.equal(await people(s.urls.S4!), ['2:Zed'], 'the state of the last run, not the seed');
      const next = (await call(s.urls.S4!, 'POST', '/person', { headers: JSON_HEADERS, body: '{"name":"Amy","age":"3"}' })).json() as { Id: number };
      assert.is(next.Id, 3, 'numbering goes on from the file: no id is reused after a restart');
      assert.is((await call(s.urls.S4!, 'POST', '/__api-serve/reset')).status, 204);
      assert.equal(await people(s.urls.S4!), ['1:Jake']);
    } finally { assert.is(await s.stop(), 0); }
    const seed = join(dir, 'seed.json');
    writeFileSync(seed, JSON.stringify({ '/person': [{ Id: 40, name: 'Seeded', age: '9' }] }));
    s = await spawnServe([...args, '--seed-data', seed]);
    try {
      assert.equal(await people(s.urls.S4!), ['40:Seeded'], '--seed-data starts the run over the kept state');
    } finally { assert.is(await s.stop(), 0); }
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('a corrupt collections file is one line and exit 2, and is left as it was; a second process on the same file is refused', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'api-serve-mockstore-'));
  try {
    const file = collectionsFile(dir, 'S4');
    writeFileSync(file, '{"next": {"/person": 2}, "items": [["/person", "/person", "1"]]}');
    const r = runBin('api-serve', ['S4', '--mock', '--stateful', '--port', '0', '--data', dir]);
    assert.is(r.code, 2, r.stderr);
    assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /mock-S4\.json is corrupt \(items\[0\] is not \[collection, parent, key, item\]\); refusing to start/);
    assert.is(readFileSync(file, 'utf8'), '{"next": {"/person": 2}, "items": [["/person", "/person", "1"]]}');
    rmSync(file);
    const s = await spawnServe(['S4:0', '--mock', '--stateful', '--data', dir]);
    try {
      const second = runBin('api-serve', ['S4', '--mock', '--stateful', '--port', '0', '--data', dir]);
      assert.is(second.code, 2, second.stderr);
      assert.is(second.stderr.trim().split('\n').length, 1, second.stderr);
    } finally { assert.is(await s.stop(), 0); }
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('every acknowledged create, update and removal is in the file when it is answered, under concurrent writes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'api-serve-mockstore-'));
  try {
    const file = join(dir, 'mock-T.json');
    const store = await openLowdbCollectionStore(file);
    assert.is(store.kept, false);
    const made = await Promise.all(Array.from({ length: 40 }, (_, i) => store.create('/t', '/t', (n) => ({ key: String(n), item: { id: n, i } }))));
    assert.equal(new Set(made.map((m) => m.id)).size, 40, 'unique ids under concurrent creates');
    const onDisk = () => JSON.parse(readFileSync(file, 'utf8')) as { next: Record<string, number>; items: [string, string, string, { id: number; i: number }][] };
    assert.is(onDisk().items.length, 40);
    assert.ok(await store.remove('/t', '/t', '5'));
    assert.not.ok(await store.remove('/t', '/t', '5'), 'a removed item is gone');
    const changed = await store.update('/t', '/t', '6', (before) => ({ ...before, i: -1 }));
    assert.equal(changed, { id: 6, i: -1 });
    assert.is(await store.update('/t', '/t', '5', (b) => b), undefined);
    const disk = onDisk();
    assert.is(disk.items.length, 39);
    assert.equal(disk.items.find(([, , k]) => k === '6')?.[3], { id: 6, i: -1 });
    assert.is(disk.next['/t'], 41);
    await store.close();
    const again = await openLowdbCollectionStore(file);
    try {
      assert.is(again.kept, true);
      assert.is((await again.list('/t', '/t')).length, 39);
      assert.equal((await again.create('/t', '/t', (n) => ({ key: String(n), item: { id: n, i: 0 } }))), { id: 41, i: 0 });
    } finally { await again.close(); }
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test.run();
