// The lowdb record store on its own: ids, durability on reopen, refusal of corrupt files, and
// operations undone when their write fails.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { t } from '../../src/codec/index.js';
import { StoreOpenError, StoreWriteError, openLowdbStore } from '../../src/store/index.js';
import { tempDir } from '../helpers/server.js';

const Item = t.object('Item', { label: t.text });
const s = suite<{ dir: string; file: string }>('lowdb record store', { dir: '', file: '' });
s.before.each((ctx) => { ctx.dir = tempDir('api-serve-store-'); ctx.file = join(ctx.dir, 'items.json'); });
s.after.each((ctx) => { rmSync(ctx.dir, { recursive: true, force: true }); });

const open = (file: string) => openLowdbStore(file, Item.check);
const openError = (file: string) => open(file).then(() => undefined, (e: unknown) => e as Error);

s('a missing file is an empty store, and nothing is written until the first change', async ({ file, dir }) => {
  const store = await open(file);
  assert.equal(await store.list(), []);
  assert.is(await store.get(1), undefined);
  await store.close();
  assert.throws(() => readFileSync(file), /ENOENT/);
  assert.ok(dir);
});

s('inserts get increasing ids; delete says whether the record existed', async ({ file }) => {
  const store = await open(file);
  assert.equal(await store.insert({ label: 'a' }), { id: 1, value: { label: 'a' } });
  assert.equal(await store.insert({ label: 'b' }), { id: 2, value: { label: 'b' } });
  assert.is(await store.delete(2), true);
  assert.is(await store.delete(2), false);
  assert.equal(await store.insert({ label: 'c' }), { id: 3, value: { label: 'c' } });
  assert.equal((await store.list()).map((r) => r.id), [1, 3]);
  await store.close();
});

s('what a resolved insert or delete did is on disk when the store is reopened', async ({ file, dir }) => {
  const first = await open(file);
  await Promise.all(Array.from({ length: 50 }, (_, i) => first.insert({ label: `x${i}` })));
  await first.delete(50);
  // no close(): a resolved operation is already durable; reopen what is on disk now, as after a crash
  const crashed = join(dir, 'after-crash.json');
  copyFileSync(file, crashed);
  const again = await open(crashed);
  const ids = (await again.list()).map((r) => r.id);
  assert.is(ids.length, 49);
  assert.is(new Set(ids).size, 49);
  assert.equal((await again.insert({ label: 'next' })).id, 51, 'the counter, not max+1, gives the next id');
  await again.close();
  await first.close();
});

s('a failed write rejects every operation it carried and changes nothing', async ({ file, dir }) => {
  const store = await open(file);
  await store.insert({ label: 'kept' });
  mkdirSync(join(dir, '.items.json.tmp'));
  const outcomes = await Promise.allSettled([store.insert({ label: 'lost1' }), store.insert({ label: 'lost2' }), store.delete(1)]);
  for (const o of outcomes) {
    assert.is(o.status, 'rejected');
    assert.instance((o as PromiseRejectedResult).reason, StoreWriteError);
  }
  assert.equal(await store.list(), [{ id: 1, value: { label: 'kept' } }]);
  rmSync(join(dir, '.items.json.tmp'), { recursive: true });
  assert.equal((await store.insert({ label: 'later' })).id, 2);
  await store.close();
});

s('a leftover temp file from a crash is ignored', async ({ file, dir }) => {
  const store = await open(file);
  await store.insert({ label: 'a' });
  const crashed = join(dir, 'after-crash.json');
  copyFileSync(file, crashed);
  writeFileSync(join(dir, '.after-crash.json.tmp'), '{"nextId": 9, "rec');
  const again = await open(crashed);
  assert.equal(await again.list(), [{ id: 1, value: { label: 'a' } }]);
  assert.is((await again.insert({ label: 'b' })).id, 2);
  await again.close();
  await store.close();
});

s('a second store on the same file is refused while the first is open, and allowed after close', async ({ file }) => {
  const first = await open(file);
  const err = await openError(file);
  assert.instance(err, StoreOpenError);
  assert.match(err!.message, new RegExp(`in use by another server \\(pid ${process.pid}\\)`));
  await first.close();
  assert.not.ok(existsSync(`${file}.lock`), 'close releases the lock');
  await (await open(file)).close();
});

s('a lock left by a process that is gone (kill -9) is taken over', async ({ file }) => {
  const gone = spawnSync(process.execPath, ['-e', '']).pid;
  writeFileSync(`${file}.lock`, `${gone}\n`);
  const store = await open(file);
  assert.is(readFileSync(`${file}.lock`, 'utf8').split(' ')[0], String(process.pid));
  await store.close();
});

s('a lock whose pid now belongs to someone else (a restart reused it) is taken over; a live owner is not', async ({ file }) => {
  // Our own pid, written by an earlier life of this process (pid 1 in a restarted container).
  writeFileSync(`${file}.lock`, `${process.pid} 1\n`);
  const mine = await open(file);
  await mine.close();
  // A live process that started at another moment than the one recorded.
  writeFileSync(`${file}.lock`, '1 0\n');
  const other = await open(file);
  await other.close();
  // A live process that is the recorded one: refused.
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  try {
    const started = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
    writeFileSync(`${file}.lock`, `${child.pid} ${started}\n`);
    assert.match((await openError(file))!.message, new RegExp(`in use by another server \\(pid ${child.pid}\\)`));
  } finally {
    child.kill('SIGKILL');
  }
});

s('a closed store refuses changes', async ({ file }) => {
  const store = await open(file);
  await store.close();
  try {
    await store.insert({ label: 'a' });
    assert.unreachable('insert after close must fail');
  } catch (err) {
    assert.instance(err, StoreWriteError);
  }
});

const corrupt: [string, string, RegExp][] = [
  ['an empty file', '', /is corrupt \(the file is empty\)/],
  ['half-written JSON', '{"nextId": 3, "records": [{"id": 1', /is corrupt \(not valid JSON/],
  ['a JSON list', '[]', /expected an object with "nextId" and "records"/],
  ['no counter', '{"records": []}', /"nextId" is not a positive integer/],
  ['records not a list', '{"nextId": 1, "records": {}}', /"records" is not a list/],
  ['a record without id', '{"nextId": 2, "records": [{"value": {"label": "a"}}]}', /records\[0\] has no positive integer "id"/],
  ['an id at or above the counter', '{"nextId": 2, "records": [{"id": 2, "value": {"label": "a"}}]}', /records\[0\] has id 2, not below "nextId" 2/],
  ['a repeated id', '{"nextId": 3, "records": [{"id": 1, "value": {"label": "a"}}, {"id": 1, "value": {"label": "b"}}]}', /records\[1\] repeats id 1/],
  ['a value of the wrong shape', '{"nextId": 2, "records": [{"id": 1, "value": {"label": 5}}]}', /\$\.records\[0\]\.value\.label: expected text, got number 5/],
];
for (const [what, content, message] of corrupt) {
  s(`${what} in the file -> StoreOpenError, one line, the file untouched`, async ({ file }) => {
    writeFileSync(file, content);
    const err = await openError(file);
    assert.instance(err, StoreOpenError);
    assert.match(err!.message, message);
    assert.match(err!.message, /refusing to start rather than lose data/);
    assert.not.match(err!.message, /\n/);
    assert.is(readFileSync(file, 'utf8'), content);
  });
}

s('a store path that cannot be read -> StoreOpenError saying so', async ({ file }) => {
  mkdirSync(file);
  const err = await openError(file);
  assert.instance(err, StoreOpenError);
  assert.match(err!.message, /^cannot read the store .*items\.json: EISDIR/);
});

s.run();
