// The PostgreSQL connection of a process: one pg pool per database URL, shared by every surface
// served in the process, checked and migrated before the first surface uses it. Start-up faults
// become StoreOpenError lines that never show the password.
import pg from 'pg';
import { databaseUrlProblem, redactUrl } from './database-url.js';
import { STORE_TIMEOUT_MS } from './pg-deadline.js';
import { migrate } from './pg-migrate.js';
import { StoreOpenError } from './record-store.js';

const SQLSTATE_CREDENTIALS = new Set(['28P01', '28000']);
const NETWORK = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'ECONNRESET', 'EPIPE']);

/** One line saying why the database could not be used at start. */
function openFailure(url: string, err: unknown): StoreOpenError {
  const e = err as { code?: string; message?: string } | undefined;
  const where = `the PostgreSQL store ${redactUrl(url)}`;
  const said = (e?.message ?? String(err)).replace(/\s+/g, ' ').trim();
  if (e?.code !== undefined && SQLSTATE_CREDENTIALS.has(e.code)) return new StoreOpenError(`${where} refused the credentials (${said})`);
  if (e?.code === '3D000') return new StoreOpenError(`${where}: ${said} (create it first: createdb)`);
  if ((e?.code !== undefined && NETWORK.has(e.code)) || /timeout|terminated/i.test(said)) return new StoreOpenError(`cannot reach ${where} (${said})`);
  return new StoreOpenError(`cannot open ${where}: ${said}`);
}

export interface SharedPool {
  readonly pool: pg.Pool;
  /** The URL without its password, for messages. */
  readonly shown: string;
  /** Gives the pool back; the last user closes it. */
  release(): Promise<void>;
}

interface Entry { pool: pg.Pool; ready: Promise<void>; users: number }
const pools = new Map<string, Entry>();


/**
 * The pool of `url`, opened, checked (a first connection) and migrated by its first user. Throws
 * StoreOpenError for a bad URL, an unreachable server, refused credentials or a failed migration.
 */
export async function acquirePool(url: string, log: (line: string) => void): Promise<SharedPool> {
  const problem = databaseUrlProblem(url);
  if (problem !== undefined) throw new StoreOpenError(problem);
  let entry = pools.get(url);
  if (entry === undefined) {
    // The wait for a connection is the first part of an operation's budget (pg-deadline.ts); past
    // it the answer is a 503 (docs/scaling-out.md "Scaling out").
    const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: STORE_TIMEOUT_MS, application_name: 'api-serve', max: 10, keepAlive: true });
    // An idle connection the server drops (a restart, an outage) must not kill the process: the
    // pool discards it and the next request connects anew.
    pool.on('error', (err) => log(`api-serve: lost an idle connection to the PostgreSQL store (${err.message.replace(/\s+/g, ' ')})`));
    const ready = migrate(pool, log).catch(async (err: unknown) => {
      pools.delete(url);
      await pool.end().catch(() => undefined);
      throw err instanceof StoreOpenError ? err : openFailure(url, err);
    });
    entry = { pool, ready, users: 0 };
    pools.set(url, entry);
  }
  entry.users += 1;
  const mine = entry;
  try {
    await mine.ready;
  } catch (err) {
    mine.users -= 1;
    throw err;
  }
  let released = false;
  return {
    pool: mine.pool,
    shown: redactUrl(url),
    release: async () => {
      if (released) return;
      released = true;
      mine.users -= 1;
      if (mine.users === 0 && pools.get(url) === mine) {
        pools.delete(url);
        await mine.pool.end();
      }
    },
  };
}
