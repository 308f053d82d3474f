// The stateful mock's items in DATA/mock-NAME.json and its journal (the default store when served):
// kept across a restart and a kill, reseeded by reset and by --seed-data, a corrupt file or journal
// refused rather than reset, one process per file, and every acknowledged write on disk.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call } from '../helpers/server.js';
import { runBin, spawnServe } from '../helpers/cli.js';
import { collectionsFile, openLowdbCollectionStore } from '../../src/store/lowdb-collection-store.js';
import { JournaledJsonFile } from '../../src/store/journaled-json-file.js';
import { applyChanges, changeOfJson, type CollectionsJson, StateDraft, stateOfJson } from '../../src/mock/collection-store.js';

/** What is on disk now, read as a new process would: the file, then its journal's changes (no lock taken). */
async function onDisk(file: string): Promise<CollectionsJson> {
  const { data, changes } = await new JournaledJsonFile<CollectionsJson, ReturnType<typeof changeOfJson>>(file, (j) => j as CollectionsJson, changeOfJson).read();
  const state = data === null ? { next: new Map(), items: new Map() } : stateOfJson(data);
  applyChanges(state, changes);
  return StateDraft.toJson(state);
}

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
    assert.is((await onDisk(file)).items.length, 40);
    assert.ok(await store.remove('/t', '/t', '5'));
    assert.not.ok(await store.remove('/t', '/t', '5'), 'a removed item is gone');
    const changed = await store.update('/t', '/t', '6', (before) => ({ ...before, i: -1 }));
    assert.equal(changed, { id: 6, i: -1 });
    assert.is(await store.update('/t', '/t', '5', (b) => b), undefined);
    const disk = await onDisk(file);
    assert.is(disk.items.length, 39);
    assert.equal(disk.items.find(([, , k]) => k === '6')?.[3], { id: 6, i: -1 });
    assert.is(disk.next['/t'], 41);
    await store.close();
    assert.not.ok(existsSync(`${file}.journal`), 'a clean close folds the journal into the file and removes it');
    const closed = JSON.parse(readFileSync(file, 'utf8')) as CollectionsJson;
    assert.is(closed.items.length, 39, 'the file alone holds every item after a clean close');
    const again = await openLowdbCollectionStore(file);
    try {
      assert.is(again.kept, true);
      assert.is((await again.list('/t', '/t')).length, 39);
      assert.equal((await again.create('/t', '/t', (n) => ({ key: String(n), item: { id: n, i: 0 } }))), { id: 41, i: 0 });
    } finally { await again.close(); }
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('a killed mock keeps every answered create; a torn last journal line is dropped, a corrupt one refused', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'api-serve-mockstore-'));
  try {
    const args = ['S4:0', '--mock', '--stateful', '--data', dir];
    let s = await spawnServe(args);
    for (let i = 0; i < 30; i++) {
      const made = await call(s.urls.S4!, 'POST', '/person', { headers: JSON_HEADERS, body: JSON.stringify({ name: `P${i}`, age: String(i) }) });
      assert.is(made.status, 200);
    }
    assert.is((await call(s.urls.S4!, 'DELETE', '/person/1')).status, 200);
    await s.stop('SIGKILL');
    const journal = `${collectionsFile(dir, 'S4')}.journal`;
    assert.ok(existsSync(journal), 'the changes since the file was written are in the journal');
    // A write cut short by the kill: never answered, so never kept.
    writeFileSync(journal, `${readFileSync(journal, 'utf8')}["put","/person","/person","99",{"Id":9`);
    s = await spawnServe(args);
    let listed: string[];
    try {
      listed = await people(s.urls.S4!);
    } finally { assert.is(await s.stop(), 0); }
    assert.equal(listed, Array.from({ length: 30 }, (_, i) => `${i + 2}:P${i}`), 'every answered create, in order, the deleted seed gone');
    assert.not.ok(existsSync(journal), 'a clean stop folds the journal');
    writeFileSync(journal, `{"generation":${(JSON.parse(readFileSync(collectionsFile(dir, 'S4'), 'utf8')) as { generation: number }).generation}}\n["put","/person"]\n`);
    const r = runBin('api-serve', ['S4', '--mock', '--stateful', '--port', '0', '--data', dir]);
    assert.is(r.code, 2, r.stderr);
    assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /mock-S4\.json\.journal is corrupt \(line 2: not a change/);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('a journal that outgrows the file is folded into it; one of an older generation is not read again', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'api-serve-mockstore-'));
  try {
    const file = join(dir, 'mock-T.json');
    let store = await openLowdbCollectionStore(file);
    const big = 'x'.repeat(4096);
    for (let round = 0; round < 4; round++) {
      await Promise.all(Array.from({ length: 40 }, () => store.create('/t', '/t', (n) => ({ key: String(n), item: { id: n, big } }))));
    }
    const folded = JSON.parse(readFileSync(file, 'utf8')) as CollectionsJson & { generation: number };
    assert.ok(folded.generation >= 2, `folded at least once while serving (generation ${folded.generation})`);
    assert.ok(folded.items.length >= 40, 'the file holds what was folded');
    assert.ok(readFileSync(`${file}.journal`).length < 600 * 1024, 'the journal was emptied by the fold');
    assert.is((await onDisk(file)).items.length, 160);
    await store.close();
    // A crash between writing the file and emptying the journal: the journal's changes are in the file.
    const file2 = join(dir, 'mock-U.json');
    writeFileSync(file2, JSON.stringify({ generation: 3, next: { '/t': 2 }, items: [['/t', '/t', '1', { id: 1 }]] }));
    writeFileSync(`${file2}.journal`, '{"generation":2}\n["delete","/t","/t","1"]\n');
    store = await openLowdbCollectionStore(file2);
    try {
      assert.equal(await store.list('/t', '/t'), [{ id: 1 }]);
    } finally { await store.close(); }
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test.run();
