// S4 over several instances sharing one PostgreSQL database (real `api-serve` processes and a real
// throwaway cluster): consistency across instances, unique ids under concurrent creates, one
// migration at a simultaneous start, an instance restarted, and the database going away and back
// (S4 answering 503, S6 refusing Basic logins but not tokens, both recovering by themselves).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type Spawned, spawnServe } from '../helpers/cli.js';
import { JSON_BODY } from '../helpers/cases.js';
import { rmSync } from 'node:fs';
import { call, tempDir } from '../helpers/server.js';
import { eventually, freshDatabase, havePostgres, sql, theCluster } from '../helpers/pg.js';

interface Person { Id: number; name: string; age: string }
const post = (base: string, person: unknown) => call(base, 'POST', '/person', { headers: JSON_BODY, body: JSON.stringify(person) });
const instance = (url: string) => spawnServe(['S4', '--port', '0', '--store', url]);
const urlOf = (s: Spawned) => s.urls.S4!;

/** Starts `n` instances on one database and always stops them. */
async function withInstances(url: string, n: number, fn: (bases: string[], running: Spawned[]) => Promise<void>): Promise<void> {
  const running = await Promise.all(Array.from({ length: n }, () => instance(url)));
  try {
    await fn(running.map(urlOf), running);
  } finally {
    await Promise.all(running.map((s) => s.stop()));
  }
}

if (havePostgres('test/specs/S4-postgres.test.ts')) {
  const shared = suite('S4 on PostgreSQL, several instances');

  shared('a person created on A is read on B, and listed on both', async () => {
    await withInstances(await freshDatabase(), 2, async ([a, b]) => {
      const created = (await post(a!, { name: 'Jake', age: '25' })).json() as Person;
      assert.equal(created, { Id: created.Id, name: 'Jake', age: '25' });
      assert.equal((await call(b!, 'GET', `/person/${created.Id}`)).json(), created);
      assert.equal((await call(b!, 'GET', '/person')).json(), [created]);
    });
  });

  shared('a person deleted on A is a 404 on B', async () => {
    await withInstances(await freshDatabase(), 2, async ([a, b]) => {
      const created = (await post(b!, { name: 'Anna', age: 30 })).json() as Person;
      assert.is((await call(a!, 'DELETE', `/person/${created.Id}`)).status, 200);
      const r = await call(b!, 'GET', `/person/${created.Id}`);
      assert.is(r.status, 404);
      assert.is(r.text, '"Person with ID not found."');
    });
  });

  shared('1,000 concurrent creates spread over two instances: none lost, every Id unique', async () => {
    await withInstances(await freshDatabase(), 2, async (bases) => {
      const created: Person[] = [];
      let next = 0;
      // 100 requests in flight at a time, alternating instances (sized for a 2-core machine).
      await Promise.all(Array.from({ length: 100 }, async () => {
        while (next < 1000) {
          const i = next++;
          const r = await post(bases[i % 2]!, { name: `p${i}`, age: String(i) });
          assert.is(r.status, 200, r.text);
          created.push(r.json() as Person);
        }
      }));
      assert.is(new Set(created.map((p) => p.Id)).size, 1000, 'every create got its own Id');
      for (const base of bases) {
        const listed = (await call(base, 'GET', '/person')).json() as Person[];
        assert.is(listed.length, 1000, `${base} lists all 1,000`);
        const byName = new Map(listed.map((p) => [p.name, p]));
        for (const p of created) assert.equal(byName.get(p.name), p);
      }
    });
  });

  shared('three instances started at once on an empty database migrate it exactly once', async () => {
    const url = await freshDatabase();
    await withInstances(url, 3, async (bases, running) => {
      for (const base of bases) assert.is((await call(base, 'GET', '/person')).status, 200);
      const applied = running.map((s) => (s.stderr().match(/applied migration/g) ?? []).length);
      const rows = await sql<{ version: number }>(url, 'SELECT version FROM api_serve.schema_migrations ORDER BY version');
      assert.is(applied.reduce((a, b) => a + b, 0), rows.length, `each migration applied by one instance (${applied.join(', ')})`);
      assert.equal(rows.map((r) => r.version), [...new Set(rows.map((r) => r.version))]);
    });
  });

  shared('an instance restarted meanwhile sees what the other created, and Ids keep growing', async () => {
    const url = await freshDatabase();
    const b = await instance(url);
    try {
      let first: Person;
      {
        const a = await instance(url);
        first = (await post(urlOf(a), { name: 'before', age: '1' })).json() as Person;
        await a.stop();
      }
      const during = (await post(urlOf(b), { name: 'during', age: '2' })).json() as Person;
      const a = await instance(url);
      try {
        assert.equal((await call(urlOf(a), 'GET', '/person')).json(), [first, during]);
        const after = (await post(urlOf(a), { name: 'after', age: '3' })).json() as Person;
        assert.ok(after.Id > during.Id && during.Id > first.Id);
      } finally {
        await a.stop();
      }
    } finally {
      await b.stop();
    }
  });

  const outage = suite('S4 on PostgreSQL, the database going away');

  outage('while the database is down: 503 with the spec\'s bodies, the process stays up; service resumes when it returns, no acknowledged create lost', async () => {
    const url = await freshDatabase();
    const cluster = await theCluster();
    await withInstances(url, 1, async ([a], [proc]) => {
      const kept = (await post(a!, { name: 'kept', age: '1' })).json() as Person;
      cluster.stop();
      try {
        const create = await post(a!, { name: 'lost', age: '2' });
        assert.is(create.status, 503);
        assert.is(create.text, '"Could not create Person."');
        const one = await call(a!, 'GET', `/person/${kept.Id}`);
        assert.is(one.status, 503);
        assert.is(one.text, '"Could not read Person."');
        const all = await call(a!, 'GET', '/person');
        assert.is(all.status, 503);
        assert.is(all.text, '"Could not list Persons."');
        assert.is(proc!.child.exitCode, null, 'the server is still running');
      } finally {
        cluster.start();
      }
      let back: Person | undefined;
      await eventually('a create succeeds again', async () => {
        const r = await post(a!, { name: 'back', age: '3' });
        if (r.status === 200) back = r.json() as Person;
        return r.status === 200;
      });
      const names = ((await call(a!, 'GET', '/person')).json() as Person[]).map((p) => p.name);
      assert.equal(names, ['kept', 'back'], 'the acknowledged creates are there, the refused one is not');
      assert.ok(back!.Id > kept.Id);
    });
  });

  outage('S6 on the same database while it is down: Basic logins 401 (a log line), bearer tokens still 200; logins work again once it is back', async () => {
    const url = await freshDatabase();
    const cluster = await theCluster();
    const data = tempDir('api-serve-s6-pg-');
    const basic = { authorization: `Basic ${Buffer.from('alice:wonder').toString('base64')}` };
    const s6 = await spawnServe(['S6', '--port', '0', '--data', data, '--store', url]);
    try {
      const { PgUserStore } = await import('../../src/store/postgres.js');
      const users = await PgUserStore.open(url, () => {});
      await users.add({ login: 'alice', password: 'wonder', auID: 3, auOrgID: 1 });
      await users.close();
      const base = s6.urls.S6!;
      const first = await call(base, 'GET', '/bar', { headers: basic });
      assert.is(first.status, 200);
      const token = /JWT-Cookie=([^;]+)/.exec((first.headers['set-cookie'] as string[])[1]!)![1]!;
      cluster.stop();
      try {
        assert.is((await call(base, 'GET', '/bar', { headers: basic })).status, 401);
        assert.is((await call(base, 'GET', '/bar', { headers: { authorization: `Bearer ${token}` } })).status, 200);
        assert.match(s6.stderr(), /basic authentication could not be checked/);
      } finally {
        cluster.start();
      }
      await eventually('a Basic login works again', async () => (await call(base, 'GET', '/bar', { headers: basic })).status === 200);
    } finally {
      await s6.stop();
      rmSync(data, { recursive: true, force: true });
    }
  });

  shared.run();
  outage.run();
}
