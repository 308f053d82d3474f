// The PostgreSQL store against a real throwaway cluster: migrations (once, under concurrency, an
// edited migration refused, a newer schema tolerated), records, and the user directory.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import pg from 'pg';
import { migrate, migrations, openPgRecordStore, PgUserStore } from '../../src/store/postgres.js';
import { t } from '../../src/codec/index.js';
import { freshDatabase, havePostgres, sql } from '../helpers/pg.js';

const Thing = t.object('Thing', { name: t.text });
const quiet = () => {};

if (havePostgres('test/store/pg-store.test.ts')) {
  const m = suite('PostgreSQL migrations');

  m('a fresh database gets every shipped migration, recorded once in api_serve.schema_migrations', async () => {
    const url = await freshDatabase();
    const store = await openPgRecordStore(url, 'things', Thing.check, quiet);
    await store.close();
    const rows = await sql<{ version: number; name: string }>(url, 'SELECT version, name FROM api_serve.schema_migrations ORDER BY version');
    assert.equal(rows.map((r) => [r.version, r.name]), migrations().map((x) => [x.version, x.name]));
  });

  m('eight pools migrating one database at once apply each migration exactly once (advisory lock)', async () => {
    const url = await freshDatabase();
    const pools = Array.from({ length: 8 }, () => new pg.Pool({ connectionString: url, max: 2 }));
    const applied: string[] = [];
    try {
      await Promise.all(pools.map((p) => migrate(p, (line) => applied.push(line))));
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
    assert.is(applied.length, migrations().length, applied.join('\n'));
    const rows = await sql<{ n: string }>(url, 'SELECT count(*) AS n FROM api_serve.schema_migrations');
    assert.is(Number(rows[0]!.n), migrations().length);
  });

  m('a migration applied with other content than this build ships stops the start, naming it', async () => {
    const url = await freshDatabase();
    await (await openPgRecordStore(url, 'things', Thing.check, quiet)).close();
    await sql(url, "UPDATE api_serve.schema_migrations SET checksum = 'edited' WHERE version = 1");
    const err = await openPgRecordStore(url, 'things', Thing.check, quiet).then(() => undefined, (e: Error) => e);
    assert.ok(err, 'the open fails');
    assert.match(err!.message, /migration 1 \(records\) was applied with different content/);
  });

  m('a schema migrated further by a newer build is used, with a log line', async () => {
    const url = await freshDatabase();
    await (await openPgRecordStore(url, 'things', Thing.check, quiet)).close();
    await sql(url, "INSERT INTO api_serve.schema_migrations (version, name, checksum) VALUES (9999, 'future', 'x')");
    const lines: string[] = [];
    const store = await openPgRecordStore(url, 'things', Thing.check, (l) => lines.push(l));
    await store.close();
    assert.ok(lines.some((l) => /does not know \(9999\)/.test(l)), lines.join('\n'));
  });

  const r = suite('PostgreSQL record store');

  r('insert, get, list by ascending id, delete; ids never reused; collections apart', async () => {
    const url = await freshDatabase();
    const a = await openPgRecordStore(url, 'things', Thing.check, quiet);
    const other = await openPgRecordStore(url, 'others', Thing.check, quiet);
    try {
      const one = await a.insert({ name: 'one' });
      const two = await a.insert({ name: 'two' });
      await other.insert({ name: 'elsewhere' });
      assert.ok(two.id > one.id);
      assert.equal(await a.get(one.id), one);
      assert.equal((await a.list()).map((x) => x.value.name), ['one', 'two']);
      assert.is(await a.delete(two.id), true);
      assert.is(await a.delete(two.id), false);
      assert.is(await a.get(two.id), undefined);
      const three = await a.insert({ name: 'three' });
      assert.ok(three.id > two.id, 'a deleted id is not handed out again');
      assert.equal((await other.list()).map((x) => x.value.name), ['elsewhere']);
      assert.is(await a.get(0), undefined);
    } finally {
      await a.close();
      await other.close();
    }
  });

  r('a row edited by hand into something the surface does not accept fails the read, naming it', async () => {
    const url = await freshDatabase();
    const a = await openPgRecordStore(url, 'things', Thing.check, quiet);
    try {
      const x = await a.insert({ name: 'x' });
      await sql(url, `UPDATE api_serve.records SET value = '{"name": 5}' WHERE id = $1`, [x.id]);
      const err = await a.get(x.id).then(() => undefined, (e: Error) => e);
      assert.match(err?.message ?? '', new RegExp(`record ${x.id} is not valid`));
    } finally {
      await a.close();
    }
  });

  const u = suite('PostgreSQL user directory');

  u('starts empty; add, verify, a duplicate refused, remove; only hashes are stored', async () => {
    const url = await freshDatabase();
    const users = await PgUserStore.open(url, quiet);
    try {
      assert.equal(await users.list(), []);
      assert.is(await users.verify('user', 'pass'), undefined, 'no demo users in a database');
      await users.add({ login: 'alice', password: 'wonder land', auID: 3, auOrgID: 1 });
      assert.equal(await users.verify('alice', 'wonder land'), { auID: 3, auOrgID: 1 });
      assert.is(await users.verify('alice', 'wrong'), undefined);
      const dup = await users.add({ login: 'alice', password: 'x', auID: 4, auOrgID: 1 }).then(() => undefined, (e: Error) => e);
      assert.match(dup?.message ?? '', /exists already/);
      const rows = await sql<{ hash: string }>(url, 'SELECT hash FROM api_serve.users');
      assert.ok(rows.every((row) => row.hash.startsWith('scrypt$') && !row.hash.includes('wonder')));
      assert.is(await users.remove('alice'), true);
      assert.is(await users.remove('alice'), false);
      assert.is(await users.verify('alice', 'wonder land'), undefined);
    } finally {
      await users.close();
    }
  });

  m.run();
  r.run();
  u.run();
}
