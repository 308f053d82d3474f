// The stateful mock's collections in PostgreSQL (`--mock --stateful --store URL`) against a real
// throwaway cluster: two instances on one database see each other's creations over HTTP, ids go on
// increasing across instances and restarts, reset and --seed-data reseed as with the file store,
// the first of several instances starting together seeds, and start-up faults are one line, exit 2.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, body, capture, del, get, json, patch, post } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { mock } from '../../src/mock/index.js';
import { openPgCollectionStore } from '../../src/store/postgres.js';
import { call, withServer } from '../helpers/server.js';
import { runBin, spawnServe } from '../helpers/cli.js';
import { freshDatabase, havePostgres, sql, theCluster } from '../helpers/pg.js';

const JSON_HEADERS = { 'content-type': 'application/json' };
const quiet = () => {};
const people = async (url: string) => ((await call(url, 'GET', '/person')).json() as { Id: number; name: string }[]).map((p) => `${p.Id}:${p.name}`);
const create = async (url: string, name: string) => {
  const r = await call(url, 'POST', '/person', { headers: JSON_HEADERS, body: JSON.stringify({ name, age: '1' }) });
  assert.is(r.status, 200, r.text);
  return (r.json() as { Id: number }).Id;
};

const usage = suite('api-serve --mock --stateful --store, command-line faults');

usage('a --store that is no PostgreSQL URL, with --mock --stateful -> one line, exit 2', () => {
  const r = runBin('api-serve', ['S4', '--mock', '--stateful', '--port', '0', '--store', 'mysql://u@h/db']);
  assert.is(r.code, 2, r.stderr);
  assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
  assert.match(r.stderr, /^api-serve: --store: /);
});

usage('an unreachable database with --mock --stateful -> one line saying so (no password), exit 2', () => {
  const r = runBin('api-serve', ['S4', '--mock', '--stateful', '--port', '0', '--store', 'postgres://someone:s3cret@127.0.0.1:1/db']);
  assert.is(r.code, 2, r.stderr);
  assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
  assert.match(r.stderr, /^api-serve: cannot reach the PostgreSQL store/);
  assert.not.match(r.stderr, /s3cret/);
});

if (havePostgres('test/mock/stateful-pg.test.ts')) {
  const store = suite('the PostgreSQL collection store');

  store('create, list in order, get, update, remove; numbering per collection never reused; parents and surfaces apart', async () => {
    const url = await freshDatabase();
    const a = await openPgCollectionStore(url, 'A', quiet);
    const other = await openPgCollectionStore(url, 'B', quiet);
    try {
      assert.is(a.kept, false);
      const made = await Promise.all(Array.from({ length: 20 }, (_, i) => a.create('/t', '/t', (n) => ({ key: String(n), item: { id: n, i } }))));
      assert.equal(made.map((m) => m.id).sort((x, y) => Number(x) - Number(y)), Array.from({ length: 20 }, (_, i) => i + 1), 'unique numbers 1..20 under concurrent creates');
      await other.create('/t', '/t', (n) => ({ key: String(n), item: { id: n, i: -9 } }));
      await a.create('/u/{x}/t', '/u/1/t', (n) => ({ key: String(n), item: { id: n } }));
      assert.is((await a.list('/t', '/t')).length, 20);
      assert.equal(await a.list('/u/{x}/t', '/u/2/t'), [], 'another parent is another list');
      assert.equal((await other.list('/t', '/t')), [{ id: 1, i: -9 }], 'another surface is another state');
      assert.ok(await a.remove('/t', '/t', '20'));
      assert.not.ok(await a.remove('/t', '/t', '20'));
      assert.equal(await a.update('/t', '/t', '6', (b) => ({ ...b, i: 'six' })), { id: 6, i: 'six' });
      assert.is(await a.update('/t', '/t', '20', (b) => b), undefined);
      assert.equal(await a.get('/t', '/t', '6'), { id: 6, i: 'six' });
      assert.equal((await a.create('/t', '/t', (n) => ({ key: String(n), item: { id: n } }))).id, 21, 'a removed number is not drawn again');
      // Fields read back in the order they were written (json, not jsonb).
      const ordered = await a.create('/o', '/o', (n) => ({ key: String(n), item: { zeta: 1, alpha: 2, id: n } }));
      assert.equal(Object.keys((await a.get('/o', '/o', String(ordered.id)))!), ['zeta', 'alpha', 'id']);
    } finally {
      await a.close();
      await other.close();
    }
  });

  store('reset places items in order, numbering above their integer ids; at start it gives way to a state placed since', async () => {
    const url = await freshDatabase();
    const a = await openPgCollectionStore(url, 'S', quiet);
    const b = await openPgCollectionStore(url, 'S', quiet);
    try {
      assert.is(b.kept, false);
      await a.reset([{ collection: '/t', parent: '/t', key: '7', item: { id: 7 } }, { collection: '/t', parent: '/t', key: 'x', item: { id: 'x' } }, { collection: '/t', parent: '/t', key: '3', item: { id: 3 } }], true);
      assert.equal(await a.list('/t', '/t'), [{ id: 7 }, { id: 'x' }, { id: 3 }]);
      assert.equal(await a.create('/t', '/t', (n) => ({ key: String(n), item: { id: n } })), { id: 8 });
      // b opened before a placed its state: its start-up seeding must not wipe what a's clients made.
      await b.reset([{ collection: '/t', parent: '/t', key: '1', item: { id: 1 } }], true);
      assert.equal((await b.list('/t', '/t')).map((x) => x.id), [7, 'x', 3, 8]);
      assert.is((await openPgCollectionStore(url, 'S', quiet).then(async (c) => { const k = c.kept; await c.close(); return k; })), true);
      // A reset asked for (POST <prefix>reset) always empties and places.
      await b.reset([{ collection: '/t', parent: '/t', key: '1', item: { id: 1 } }]);
      assert.equal(await a.list('/t', '/t'), [{ id: 1 }]);
      assert.equal(await a.create('/t', '/t', (n) => ({ key: String(n), item: { id: n } })), { id: 2 }, 'numbering restarts above the placed ids');
    } finally {
      await a.close();
      await b.close();
    }
  });

  store('a uuid id field gets random uuids; an integer one increasing numbers (the id codec decides, as with the file store)', async () => {
    const url = await freshDatabase();
    const Note = t.object('Note', { noteId: t.uuid, text: t.text });
    const surface = api('Notes', { title: 'notes' }, {
      list: get('notes').returns(json(t.array(Note))),
      create: post('notes', body(t.object('NewNote', { text: t.text }))).returns(json(Note), { status: 201 }),
      get: get('notes', capture('noteId', t.uuid)).returns(json(Note)).responds(404, json(t.text), { examples: [{ value: 'no such note' }] }),
      update: patch('notes', capture('noteId', t.uuid), body(t.object('NotePatch', { text: t.optional(t.text) }))).returns(json(Note)),
      remove: del('notes', capture('noteId', t.uuid)).noContent(),
    });
    const impl = mock(surface, { stateful: true, store: (env, name) => openPgCollectionStore(url, name, env.log) });
    await withServer(impl, async (s) => {
      const made = await Promise.all(['a', 'b'].map(async (text) => (await call(s.url, 'POST', '/notes', { headers: JSON_HEADERS, body: JSON.stringify({ text }) })).json() as { noteId: string }));
      for (const m of made) assert.match(m.noteId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.is.not(made[0]!.noteId, made[1]!.noteId);
      assert.equal((await call(s.url, 'PATCH', `/notes/${made[0]!.noteId}`, { headers: JSON_HEADERS, body: '{"text":"A"}' })).json(), { noteId: made[0]!.noteId, text: 'A' });
      assert.is((await call(s.url, 'DELETE', `/notes/${made[1]!.noteId}`)).status, 204);
      const gone = await call(s.url, 'GET', `/notes/${made[1]!.noteId}`);
      assert.equal([gone.status, gone.json()], [404, 'no such note']);
    });
    const rows = await sql<{ n: string }>(url, "SELECT count(*) AS n FROM api_serve.mock_items WHERE surface = 'Notes'");
    assert.is(Number(rows[0]!.n), 1, 'the items are in the database');
  });

  const http = suite('api-serve --mock --stateful --store over HTTP');

  http('two instances on one database see each other\'s creations, updates and resets; ids increase across both', async () => {
    const url = await freshDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'api-serve-mockpg-'));
    try {
      const args = ['S4:0', '--mock', '--stateful', '--store', url, '--data', dir];
      const one = await spawnServe(args);
      try {
        assert.match(one.stdout(), /stateful: \/person \(Id\), kept in postgres:\/\/postgres(:\*\*\*)?@127\.0\.0\.1:\d+\/t_/);
        const two = await spawnServe(args);
        try {
          const [a, b] = [one.urls.S4!, two.urls.S4!];
          assert.equal(await people(a), ['1:Jake'], 'seeded from the list example');
          assert.equal(await people(b), ['1:Jake'], 'the second instance found the state and did not seed again');
          const first = await create(a, 'FromOne');
          const second = await create(b, 'FromTwo');
          assert.equal([first, second], [2, 3], 'one numbering for both instances');
          assert.equal(await people(b), ['1:Jake', '2:FromOne', '3:FromTwo']);
          assert.equal(await people(a), ['1:Jake', '2:FromOne', '3:FromTwo']);
          assert.is((await call(b, 'DELETE', '/person/2')).status, 200);
          assert.is((await call(a, 'GET', '/person/2')).status, 404, 'a removal on one is a 404 on the other');
          assert.is((await call(a, 'POST', '/__api-serve/reset')).status, 204);
          assert.equal(await people(b), ['1:Jake'], 'a reset on one is seen by the other');
          assert.is(await create(b, 'After'), 2, 'numbering restarts above the seed after a reset');
        } finally { assert.is(await two.stop(), 0); }
      } finally { assert.is(await one.stop(), 0); }
      const again = await spawnServe(args);
      try {
        assert.equal(await people(again.urls.S4!), ['1:Jake', '2:After'], 'kept across a restart, not seeded again');
        assert.is(await create(again.urls.S4!, 'Next'), 3);
      } finally { assert.is(await again.stop(), 0); }
      const seed = join(dir, 'seed.json');
      writeFileSync(seed, JSON.stringify({ '/person': [{ Id: 40, name: 'Seeded', age: '9' }] }));
      const seeded = await spawnServe([...args, '--seed-data', seed]);
      try {
        assert.equal(await people(seeded.urls.S4!), ['40:Seeded'], '--seed-data starts the run over the kept state');
        assert.is(await create(seeded.urls.S4!, 'N'), 41);
      } finally { assert.is(await seeded.stop(), 0); }
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  http('--workers 2 with --mock --stateful --store: every create its own Id, all listed by every worker', async () => {
    const url = await freshDatabase();
    // Each worker loads the mock and its value generators: slow on a loaded 2-core machine.
    const s = await spawnServe(['S4', '--port', '0', '--mock', '--stateful', '--workers', '2', '--store', url], 1, { startMs: 40_000 });
    try {
      const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => create(s.urls.S4!, `w${i}`)));
      assert.equal([...ids].sort((x, y) => x - y), Array.from({ length: 30 }, (_, i) => i + 2));
      for (let i = 0; i < 4; i++) assert.is(((await call(s.urls.S4!, 'GET', '/person')).json() as unknown[]).length, 31);
    } finally { assert.is(await s.stop(), 0); }
  });

  http('the database gone while serving: each request a 500 saying so (logged), the server stays up and stops cleanly', async () => {
    const url = await freshDatabase();
    const s = await spawnServe(['S4', '--port', '0', '--mock', '--stateful', '--store', url]);
    try {
      await create(s.urls.S4!, 'Before');
      const c = await theCluster();
      await sql(c.url, `DROP DATABASE ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
      for (const [method, path, body] of [['GET', '/person', undefined], ['POST', '/person', JSON.stringify({ name: 'After', age: '2' })]] as const) {
        const r = await call(s.urls.S4!, method, path, { headers: JSON_HEADERS, ...(body ? { body } : {}) });
        assert.is(r.status, 500, `${method} ${path}: ${r.text}`);
        assert.match(r.text, /^Internal Server Error/);
      }
      assert.match(s.stderr(), /\/person/, 'the failure is logged with the endpoint');
      assert.is(s.child.exitCode, null, 'still serving');
    } finally { assert.is(await s.stop(), 0); }
  });

  http('a database that does not exist, with --mock --stateful -> one line naming it, exit 2', async () => {
    const c = await theCluster();
    const r = runBin('api-serve', ['S4', '--mock', '--stateful', '--port', '0', '--store', c.urlOf('no_such_db')]);
    assert.is(r.code, 2, r.stderr);
    assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /"no_such_db" does not exist/);
  });

  store.run();
  http.run();
}

usage.run();
