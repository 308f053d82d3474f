// A frozen PostgreSQL (the postmaster and its backends stopped with SIGSTOP, so sockets stay open
// and nothing answers): S4 and a stateful mock answer each request 503 within the 5 s of docs/decisions.md "The PostgreSQL store",
// a transaction cut short commits nothing, and service resumes after SIGCONT with no 200 lost.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { api, body, capture, get, json, patch, post } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { mock } from '../../src/mock/index.js';
import { StoreTimeoutError, openPgCollectionStore } from '../../src/store/postgres.js';
import { handlers as s4 } from '../../specs/S4.js';
import { type Exchange, call, withServer } from '../helpers/server.js';
import { eventually, freshDatabase, havePostgres, sql } from '../helpers/pg.js';

const JSON_HEADERS = { 'content-type': 'application/json' };
// docs/decisions.md "The PostgreSQL store": a request touching the store is answered within 5 s. The margin is for a
// loaded 2-core test machine; a request held for the outage (the defect: 12-15 s) is far past it.
const PROMISED_MS = 5000;
const BOUND_MS = PROMISED_MS + 2500;
const quiet = () => {};

/** The pids of the cluster serving `url`: the postmaster (from its pid file), then its children. */
async function clusterPids(url: string): Promise<{ postmaster: number; children: () => number[] }> {
  const [row] = await sql<{ data_directory: string }>(url, 'SHOW data_directory');
  const postmaster = Number(readFileSync(join(row!.data_directory, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = () => readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((d) => {
    try {
      // The parent pid is the second field after the command name, which is in parentheses and may hold spaces.
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster ? [Number(d)] : [];
    } catch { return []; }
  });
  return { postmaster, children };
}

/**
 * Stops the whole cluster for the time of `fn` and always lets it go on. The postmaster first, so it
 * forks no backend after the children are listed; a stopped server keeps its sockets open, so
 * connections neither fail nor answer.
 */
async function frozen<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const { postmaster, children } = await clusterPids(url);
  let stopped: number[] = [];
  const thaw = () => { for (const pid of stopped) { try { process.kill(pid, 'SIGCONT'); } catch { /* gone */ } } };
  // Should the test process die while the cluster is stopped, its exit still lets it go on.
  process.once('exit', thaw);
  try {
    process.kill(postmaster, 'SIGSTOP');
    stopped = [postmaster, ...children()];
    for (const pid of stopped.slice(1)) process.kill(pid, 'SIGSTOP');
    return await fn();
  } finally {
    thaw();
    process.removeListener('exit', thaw);
  }
}

/** A request and how long its answer took. */
async function timed(base: string, method: string, path: string, b?: unknown): Promise<Exchange & { ms: number }> {
  const t0 = performance.now();
  const r = await call(base, method, path, b === undefined ? {} : { headers: JSON_HEADERS, body: JSON.stringify(b) });
  return Object.assign(r, { ms: performance.now() - t0 });
}

const within = (r: { status: number; ms: number; text: string }, what: string) => {
  assert.is(r.status, 503, `${what}: ${r.text}`);
  assert.ok(r.ms < BOUND_MS, `${what} answered after ${Math.round(r.ms)} ms, past ${PROMISED_MS} ms (+ margin)`);
};

if (havePostgres('test/store/pg-freeze.test.ts')) {
  const freeze = suite('a frozen PostgreSQL store (SIGSTOP)');

  freeze('S4 --store: each request a 503 within 5 s while frozen, in two waves; after SIGCONT 200s again and every acknowledged create is there', async () => {
    const url = await freshDatabase();
    await withServer(s4, async (s) => {
      const acknowledged: number[] = [];
      const create = async (name: string) => {
        const r = await timed(s.url, 'POST', '/person', { name, age: '1' });
        if (r.status === 200) acknowledged.push((r.json() as { Id: number }).Id);
        return r;
      };
      // Several pooled connections open and idle: the defect held requests on these.
      const before = await Promise.all(Array.from({ length: 6 }, (_, i) => create(`before${i}`)));
      for (const r of before) assert.is(r.status, 200, r.text);
      await frozen(url, async () => {
        for (const wave of [1, 2]) {
          const answers = await Promise.all([
            create(`during${wave}a`), create(`during${wave}b`),
            timed(s.url, 'GET', '/person'), timed(s.url, 'GET', `/person/${acknowledged[0]}`), timed(s.url, 'DELETE', '/person/999999'),
          ]);
          answers.forEach((r, i) => within(r, `wave ${wave}, request ${i}`));
          assert.is(answers[0]!.text, '"Could not create Person."');
          assert.is(answers[2]!.text, '"Could not list Persons."');
        }
      });
      await eventually('S4 lists again after SIGCONT', async () => (await call(s.url, 'GET', '/person')).status === 200);
      const after = await create('after');
      assert.is(after.status, 200, after.text);
      const listed = new Set(((await call(s.url, 'GET', '/person')).json() as { Id: number }[]).map((p) => p.Id));
      for (const id of acknowledged) assert.ok(listed.has(id), `acknowledged person ${id} is stored`);
    }, { options: { store: url } });
  });

  const Note = t.object('Note', { id: t.int, text: t.text });
  const notes = api('Notes', { title: 'notes' }, {
    list: get('notes').returns(json(t.array(Note))),
    create: post('notes', body(t.object('NewNote', { text: t.text }))).returns(json(Note), { status: 201 }),
    get: get('notes', capture('id', t.int)).returns(json(Note)),
    update: patch('notes', capture('id', t.int), body(t.object('NotePatch', { text: t.optional(t.text) }))).returns(json(Note)),
  });

  freeze('--mock --stateful --store: each request a 503 with Retry-After within 5 s while frozen; after SIGCONT 200s again, nothing acknowledged lost', async () => {
    const url = await freshDatabase();
    const lines: string[] = [];
    const impl = mock(notes, { stateful: true, store: (env, name) => openPgCollectionStore(url, name, env.log) });
    await withServer(impl, async (s) => {
      const made = await Promise.all(['a', 'b', 'c'].map((text) => timed(s.url, 'POST', '/notes', { text })));
      for (const r of made) assert.is(r.status, 201, r.text);
      const first = (made[0]!.json() as { id: number }).id;
      await frozen(url, async () => {
        const answers = await Promise.all([
          timed(s.url, 'POST', '/notes', { text: 'during' }), timed(s.url, 'GET', '/notes'),
          timed(s.url, 'GET', `/notes/${first}`), timed(s.url, 'PATCH', `/notes/${first}`, { text: 'changed' }),
        ]);
        answers.forEach((r, i) => {
          within(r, `request ${i}`);
          assert.is(r.headers['retry-after'], '1', `request ${i}: Retry-After`);
          assert.match(r.text, /^Service Unavailable: the PostgreSQL store did not answer within/);
        });
      });
      await eventually('the mock lists again after SIGCONT', async () => (await call(s.url, 'GET', '/notes')).status === 200);
      const listed = (await call(s.url, 'GET', '/notes')).json() as { id: number; text: string }[];
      for (const r of made) assert.ok(listed.some((n) => n.id === (r.json() as { id: number }).id), r.text);
      const one = listed.find((n) => n.id === first)!;
      assert.ok(one.text === 'a' || one.text === 'changed', `the PATCH applied whole or not at all: ${one.text}`);
      assert.is((await timed(s.url, 'POST', '/notes', { text: 'after' })).status, 201);
    }, { log: (l) => lines.push(l) });
    assert.ok(lines.some((l) => /could not answer now: the PostgreSQL store did not answer/.test(l)), lines.join('\n'));
  });

  freeze('a transaction into a frozen database: a StoreTimeoutError within 5 s, and after SIGCONT nothing of it committed', async () => {
    const url = await freshDatabase();
    const store = await openPgCollectionStore(url, 'T', quiet);
    try {
      await store.create('/t', '/t', (n) => ({ key: String(n), item: { id: n, text: 'old' } }));
      let ms = 0;
      const err = await frozen(url, async () => {
        // Frozen before the update's first statement: BEGIN is sent and never answered.
        const t0 = performance.now();
        const e = await store.update('/t', '/t', '1', (b) => ({ ...b, text: 'new' })).then(() => undefined, (x: unknown) => x);
        ms = performance.now() - t0;
        return e;
      });
      assert.instance(err, StoreTimeoutError);
      assert.ok(ms < BOUND_MS, `answered after ${Math.round(ms)} ms`);
      await eventually('the store answers again', async () => (await store.get('/t', '/t', '1')) !== undefined);
      assert.equal(await store.get('/t', '/t', '1'), { id: 1, text: 'old' });
      assert.equal(await store.update('/t', '/t', '1', (b) => ({ ...b, text: 'new' })), { id: 1, text: 'new' });
    } finally {
      await store.close();
    }
  });

  freeze('a freeze between the statements of a transaction: a StoreTimeoutError, and after SIGCONT nothing of it committed', async () => {
    const url = await freshDatabase();
    const store = await openPgCollectionStore(url, 'C', quiet);
    const { postmaster, children } = await clusterPids(url);
    let stopped: number[] = [];
    const thaw = () => { for (const pid of stopped) { try { process.kill(pid, 'SIGCONT'); } catch { /* gone */ } } };
    process.once('exit', thaw);
    try {
      await store.create('/t', '/t', (n) => ({ key: String(n), item: { id: n, a: 'old', b: 'old' } }));
      // The change runs between the SELECT ... FOR UPDATE and the UPDATE: the freeze begins mid-transaction.
      const err = await store.update('/t', '/t', '1', (b) => {
        process.kill(postmaster, 'SIGSTOP');
        stopped = [postmaster, ...children()];
        for (const pid of stopped.slice(1)) process.kill(pid, 'SIGSTOP');
        return { ...b, a: 'new', b: 'new' };
      }).then(() => undefined, (x: unknown) => x);
      thaw();
      stopped = [];
      assert.instance(err, StoreTimeoutError);
      await eventually('the store answers again', async () => (await store.get('/t', '/t', '1')) !== undefined);
      // The UPDATE reached the server but no COMMIT followed: the closed session rolled it back.
      assert.equal(await store.get('/t', '/t', '1'), { id: 1, a: 'old', b: 'old' });
    } finally {
      thaw();
      process.removeListener('exit', thaw);
      await store.close();
    }
  });

  freeze.run();
}
