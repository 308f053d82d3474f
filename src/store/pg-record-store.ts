// The shared record store: one collection of api_serve.records in PostgreSQL, for several
// api-serve instances (processes, hosts, `--workers`) serving one state. Every statement is
// parameterised; ids come from the table's identity column.
import type { QueryResultRow } from 'pg';
import type { CheckValue } from './lowdb-store.js';
import { withConnection } from './pg-deadline.js';
import { acquirePool } from './pg-pool.js';
import { type Keyed, type RecordStore, StoreWriteError } from './record-store.js';

interface Row { id: string; value: unknown }

/** The records of `collection` in the database at `url` (the pool is shared within a process). */
export async function openPgRecordStore<T>(url: string, collection: string, check: CheckValue<T>, log: (line: string) => void): Promise<RecordStore<T>> {
  const shared = await acquirePool(url, log);
  const { pool } = shared;
  // Each operation within the store's time limit: a frozen database is a StoreTimeoutError, not a wait.
  const query = <R extends QueryResultRow = QueryResultRow>(text: string, values: readonly unknown[]) => withConnection(pool, (send) => send<R>(text, values));
  let closed = false;

  const keyed = (row: Row): Keyed<T> => {
    const id = Number(row.id);
    const v = check(row.value, `$.${collection}[${row.id}]`);
    // A row edited by hand into something the surface cannot answer: the request fails (logged).
    if (!v.ok) throw new Error(`the stored ${collection} record ${row.id} is not valid: ${v.path ?? ''} ${v.error}`);
    return { id, value: v.value };
  };
  const open = () => { if (closed) throw new StoreWriteError('the store is closed'); };

  return {
    async list() {
      open();
      const r = await query<Row>('SELECT id, value FROM api_serve.records WHERE collection = $1 ORDER BY id', [collection]);
      return r.rows.map(keyed);
    },
    async get(id) {
      open();
      if (!Number.isSafeInteger(id) || id < 1) return undefined;
      const r = await query<Row>('SELECT id, value FROM api_serve.records WHERE collection = $1 AND id = $2', [collection, id]);
      return r.rows[0] === undefined ? undefined : keyed(r.rows[0]);
    },
    async insert(value) {
      open();
      // Answered once the INSERT has committed: an acknowledged record is in the database. One that
      // timed out may still commit (the server had it): a 503 then, never a 200 for what was not stored.
      const r = await query<Row>('INSERT INTO api_serve.records (collection, value) VALUES ($1, $2) RETURNING id, value', [collection, JSON.stringify(value)]);
      return keyed(r.rows[0]!);
    },
    async delete(id) {
      open();
      if (!Number.isSafeInteger(id) || id < 1) return false;
      const r = await query('DELETE FROM api_serve.records WHERE collection = $1 AND id = $2', [collection, id]);
      return (r.rowCount ?? 0) > 0;
    },
    async close() {
      if (closed) return;
      closed = true;
      await shared.release();
    },
  };
}
