// `--store URL`, API_SERVE_DATABASE_URL and `--workers N` as an operator meets them: start-up
// faults are one line and exit 2 (never showing the password), several workers serve one port,
// a dead worker is replaced, and `api-serve users` manages the users S6 then accepts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { runBin, spawnServe } from '../helpers/cli.js';
import { JSON_BODY } from '../helpers/cases.js';
import { call, tempDir } from '../helpers/server.js';
import { eventually, freshDatabase, havePostgres, theCluster } from '../helpers/pg.js';

/** A TCP port nothing listens on now (the cluster's port must be known before its listening line). */
const freePort = () => new Promise<number>((resolve, reject) => {
  const probe = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});

const oneLine = (stderr: string) => stderr.trimEnd().split('\n');
const basic = (login: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` });

/** The pids whose parent is `pid` (the workers of a primary). */
const childrenOf = (pid: number) => readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((d) => {
  try { return readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(pid); } catch { return false; }
}).map(Number);

const usage = suite('api-serve --store and --workers, command-line faults');

usage('--store with something other than a PostgreSQL URL -> one line, exit 2', () => {
  const r = runBin('api-serve', ['S4', '--port', '0', '--store', 'mysql://x@localhost/db']);
  assert.is(r.code, 2, r.stderr);
  assert.is(oneLine(r.stderr).length, 1, r.stderr);
  assert.match(r.stderr, /--store.*is not a PostgreSQL URL/);
});

usage('API_SERVE_DATABASE_URL that is not a URL -> one line, exit 2', () => {
  const r = runBin('api-serve', ['S4', '--port', '0'], { env: { API_SERVE_DATABASE_URL: 'postgres://[broken' } });
  assert.is(r.code, 2, r.stderr);
  assert.is(oneLine(r.stderr).length, 1, r.stderr);
  assert.match(r.stderr, /not a valid URL/);
});

usage('--workers without a shared store -> one line naming --store, exit 2', () => {
  const r = runBin('api-serve', ['S4', '--port', '0', '--workers', '2']);
  assert.is(r.code, 2, r.stderr);
  assert.is(r.stderr, 'api-serve: --workers needs a shared store: give --store postgres://... (or API_SERVE_DATABASE_URL); the embedded store serves one process\n');
});

usage('--workers 0 and --workers many -> one line, exit 2', () => {
  for (const n of ['0', 'many']) {
    const r = runBin('api-serve', ['S4', '--port', '0', '--workers', n, '--store', 'postgres://u@127.0.0.1/db']);
    assert.is(r.code, 2, r.stderr);
    assert.match(r.stderr, /--workers.*from 1 to 256/);
  }
});

usage('--workers 2 whose workers cannot reach the database -> the reason in one line, exit 2', () => {
  const r = runBin('api-serve', ['S4', '--port', '0', '--workers', '2', '--store', 'postgres://someone:s3cret@127.0.0.1:1/db']);
  assert.is(r.code, 2, r.stderr);
  assert.is(oneLine(r.stderr).length, 1, r.stderr);
  assert.match(r.stderr, /^api-serve: cannot reach the PostgreSQL store postgres:\/\/someone:\*\*\*@127\.0\.0\.1:1\/db/);
});

usage('--workers with --record -> one line, exit 2', () => {
  const r = runBin('api-serve', ['S4', '--port', '0', '--workers', '2', '--store', 'postgres://u@127.0.0.1/db', '--record', 'x']);
  assert.is(r.code, 2, r.stderr);
  assert.is(r.stderr, 'api-serve: --record works with one process, not with --workers\n');
});

usage('a database nobody listens at -> "cannot reach" in one line, exit 2, password not shown', () => {
  const r = runBin('api-serve', ['S4', '--port', '0', '--store', 'postgres://someone:s3cret@127.0.0.1:1/db']);
  assert.is(r.code, 2, r.stderr);
  assert.is(oneLine(r.stderr).length, 1, r.stderr);
  assert.match(r.stderr, /cannot reach the PostgreSQL store postgres:\/\/someone:\*\*\*@127\.0\.0\.1:1\/db/);
  assert.not.match(r.stderr, /s3cret/);
});

if (havePostgres('test/cli/store.test.ts')) {
  const db = suite('api-serve --store against a real PostgreSQL');

  db('a wrong password -> "refused the credentials" in one line, exit 2, password not shown', async () => {
    const c = await theCluster();
    const r = runBin('api-serve', ['S4', '--port', '0', '--store', `postgres://postgres:wrong-pw@127.0.0.1:${c.port}/postgres`]);
    assert.is(r.code, 2, r.stderr);
    assert.is(oneLine(r.stderr).length, 1, r.stderr);
    assert.match(r.stderr, /refused the credentials/);
    assert.not.match(r.stderr, /wrong-pw/);
  });

  db('a database that does not exist -> one line naming it, exit 2', async () => {
    const c = await theCluster();
    const r = runBin('api-serve', ['S4', '--port', '0', '--store', c.urlOf('no_such_db')]);
    assert.is(r.code, 2, r.stderr);
    assert.is(oneLine(r.stderr).length, 1, r.stderr);
    assert.match(r.stderr, /"no_such_db" does not exist/);
  });

  db('--workers 2: one listening line, two processes on one port, every create its own Id; SIGTERM stops all', async () => {
    const s = await spawnServe(['S4', '--port', '0', '--workers', '2', '--store', await freshDatabase()]);
    try {
      assert.match(s.stdout(), /^S4 listening on http:\/\/127\.0\.0\.1:\d+ \(2 workers\)\n$/);
      assert.is(childrenOf(s.child.pid!).length, 2);
      const ids = await Promise.all(Array.from({ length: 40 }, async (_, i) => {
        const r = await call(s.urls.S4!, 'POST', '/person', { headers: JSON_BODY, body: JSON.stringify({ name: `w${i}`, age: '1' }) });
        assert.is(r.status, 200, r.text);
        return (r.json() as { Id: number }).Id;
      }));
      assert.is(new Set(ids).size, 40);
    } finally {
      assert.is(await s.stop(), 0);
    }
  });

  db('--workers 2: a worker that dies is replaced and the port keeps answering', async () => {
    const s = await spawnServe(['S4', '--port', '0', '--workers', '2', '--store', await freshDatabase()]);
    try {
      const [victim] = childrenOf(s.child.pid!);
      process.kill(victim!, 'SIGKILL');
      await eventually('a replacement worker runs', async () => /starting another/.test(s.stderr()) && childrenOf(s.child.pid!).length === 2 && !childrenOf(s.child.pid!).includes(victim!));
      for (let i = 0; i < 6; i++) assert.is((await call(s.urls.S4!, 'GET', '/person')).status, 200);
    } finally {
      await s.stop();
    }
  });

  db('--workers 2 --mock --stateful --seed-data: a replacement worker keeps what clients created (the seed starts the run, not each worker)', async () => {
    const dir = tempDir('api-serve-seed-');
    const seed = join(dir, 'seed.json');
    writeFileSync(seed, JSON.stringify({ '/person': [{ Id: 1, name: 'Seeded', age: '40' }] }));
    const s = await spawnServe(['S4', '--mock', '--stateful', '--seed-data', seed, '--port', '0', '--workers', '2', '--store', await freshDatabase()]);
    try {
      const created = await call(s.urls.S4!, 'POST', '/person', { headers: JSON_BODY, body: JSON.stringify({ name: 'Created', age: '7' }) });
      assert.is(created.status, 200, created.text);
      const names = async () => ((await call(s.urls.S4!, 'GET', '/person')).json() as { name: string }[]).map((p) => p.name).sort();
      assert.equal(await names(), ['Created', 'Seeded']);
      const [victim] = childrenOf(s.child.pid!);
      process.kill(victim!, 'SIGKILL');
      await eventually('a replacement worker listens', async () => /is listening \(the replacement\)/.test(s.stderr()));
      // Both workers answer in turn: every answer must still hold the created person.
      for (let i = 0; i < 6; i++) assert.equal(await names(), ['Created', 'Seeded'], `answer ${i}`);
    } finally {
      await s.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  db('--workers 3 --mock --stateful --seed-data: a client writing as soon as the port answers keeps what it created (the seed starts the run once)', async () => {
    const dir = tempDir('api-serve-seed-');
    const seed = join(dir, 'seed.json');
    writeFileSync(seed, JSON.stringify({ '/person': [{ Id: 1, name: 'Seeded', age: '40' }] }));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const starting = spawnServe(['S4', '--mock', '--stateful', '--seed-data', seed, '--port', String(port), '--workers', '3', '--store', await freshDatabase()], 1, { startMs: 30_000 });
    starting.catch(() => {});
    try {
      // A client that does not wait for the listening line: it writes at the first answer.
      await eventually('the port answers', async () => (await call(url, 'GET', '/person')).status === 200, 30_000, 10);
      const created = await call(url, 'POST', '/person', { headers: JSON_BODY, body: JSON.stringify({ name: 'Created', age: '7' }) });
      assert.is(created.status, 200, created.text);
      const s = await starting;
      const names = async () => ((await call(url, 'GET', '/person')).json() as { name: string }[]).map((p) => p.name).sort();
      // The three workers answer in turn: every answer must still hold the created person.
      for (let i = 0; i < 6; i++) assert.equal(await names(), ['Created', 'Seeded'], `answer ${i}`);
      assert.is(childrenOf(s.child.pid!).length, 3);
    } finally {
      await (await starting.catch(() => undefined))?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  db('api-serve users add/list/remove --store: S6 on the same database accepts exactly those users (no demo users)', async () => {
    const url = await freshDatabase();
    const data = tempDir('api-serve-store-');
    try {
      const add = runBin('api-serve', ['users', 'add', 'alice', '--id', '3', '--org', '7'], { input: 'wonder land\n', env: { API_SERVE_DATABASE_URL: url } });
      assert.is(add.code, 0, add.stderr);
      assert.match(add.stdout, /^added alice \(auID 3, auOrgID 7\) to the PostgreSQL store postgres:\/\/postgres:\*\*\*@/);
      const list = runBin('api-serve', ['users', 'list', '--store', url]);
      assert.is(list.stdout, 'login  auID  auOrgID\nalice  3     7\n');
      const again = runBin('api-serve', ['users', 'add', 'alice', '--id', '4', '--org', '7', '--store', url], { input: 'x\n' });
      assert.is(again.code, 1);
      assert.match(again.stderr, /exists already/);
      const s = await spawnServe(['S6', '--port', '0', '--data', data, '--store', url]);
      try {
        assert.is((await call(s.urls.S6!, 'GET', '/bar', { headers: basic('alice', 'wonder land') })).status, 200);
        assert.is((await call(s.urls.S6!, 'GET', '/bar', { headers: basic('user', 'pass') })).status, 401, 'no demo users in a database');
        assert.is(runBin('api-serve', ['users', 'remove', 'alice', '--store', url]).code, 0);
        assert.is((await call(s.urls.S6!, 'GET', '/bar', { headers: basic('alice', 'wonder land') })).status, 401, 'the removal is seen at once');
      } finally {
        await s.stop();
      }
      const unreachable = runBin('api-serve', ['users', 'list', '--store', 'postgres://x:y@127.0.0.1:1/db']);
      assert.is(unreachable.code, 2);
      assert.match(unreachable.stderr, /^api-serve users: cannot reach the PostgreSQL store/);
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });

  db.run();
}

usage.run();
