// Schema migrations for the PostgreSQL store: the numbered SQL files in migrations/, each applied
// once in its own transaction, recorded in api_serve.schema_migrations, all under one advisory
// lock so that instances starting together migrate exactly once.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { StoreOpenError } from './record-store.js';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  readonly checksum: string;
}

/** The advisory lock every api-serve instance takes to migrate (any 64-bit key of our own). */
export const MIGRATION_LOCK = 7_263_021_974_511_020;

/** migrations/ beside this module (run from src/ by tsx), or the source folder seen from dist/. */
function migrationsDir(): string {
  for (const rel of ['./migrations/', '../../../src/store/migrations/']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  throw new StoreOpenError('the PostgreSQL migrations (src/store/migrations/) are missing from the package');
}

/** The shipped migrations by version: files named `NNNN-what.sql`. */
export function migrations(dir = migrationsDir()): Migration[] {
  return readdirSync(dir).filter((f) => /^\d{4}-[\w-]+\.sql$/.test(f)).sort().map((file) => {
    const sql = readFileSync(`${dir}/${file}`, 'utf8');
    return { version: Number(file.slice(0, 4)), name: file.slice(5, -4), sql, checksum: createHash('sha256').update(sql).digest('hex') };
  });
}

const BOOTSTRAP = `
CREATE SCHEMA IF NOT EXISTS api_serve;
CREATE TABLE IF NOT EXISTS api_serve.schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  checksum text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/**
 * Brings the database to the shipped schema on one checked-out client. A migration that was
 * applied with other content (an edited file) stops the start; versions this build does not
 * know (a newer instance migrated) are left alone.
 */
export async function migrate(pool: pg.Pool, log: (line: string) => void, shipped: readonly Migration[] = migrations()): Promise<void> {
  const client = await pool.connect();
  // A connection lost mid-way rejects the query in progress; the event must not also end the process.
  const ignore = () => {};
  client.on('error', ignore);
  let broken = false;
  try {
    // Session lock: held across the transactions below, released by unlock or by the session's end.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(BOOTSTRAP);
      const applied = new Map((await client.query<{ version: number; checksum: string }>('SELECT version, checksum FROM api_serve.schema_migrations')).rows.map((r) => [r.version, r.checksum]));
      for (const m of shipped) {
        const had = applied.get(m.version);
        if (had !== undefined) {
          if (had !== m.checksum) throw new StoreOpenError(`migration ${m.version} (${m.name}) was applied with different content than this build ships; refusing to start on a schema it does not know`);
          continue;
        }
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO api_serve.schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [m.version, m.name, m.checksum]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          if ((err as { code?: string }).code?.startsWith('08')) throw err;
          throw new StoreOpenError(`migration ${m.version} (${m.name}) failed: ${(err as Error).message}`);
        }
        log(`api-serve: applied migration ${m.version} (${m.name}) to the PostgreSQL store`);
      }
      const known = new Set(shipped.map((m) => m.version));
      const newer = [...applied.keys()].filter((v) => !known.has(v));
      // decided: a schema migrated further by a newer build is used as it is (docs/decisions.md "The PostgreSQL store").
      if (newer.length > 0) log(`api-serve: the PostgreSQL store has migrations this build does not know (${newer.sort().join(', ')}); using it as it is`);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => { broken = true; });
    }
  } catch (err) {
    broken = true;
    throw err;
  } finally {
    client.off('error', ignore);
    client.release(broken);
  }
}
