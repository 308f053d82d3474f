// The request journal in PostgreSQL (`--journal --store postgres://...`): one surface's entries in
// api_serve.journal_entries, newest last and trimmed to the newest `limit`, so every instance
// (hosts, `--workers`) appends to and shows one journal.
import { withConnection } from './pg-deadline.js';
import { acquirePool } from './pg-pool.js';
import { StoreOpenError } from './record-store.js';

/** One surface's journal; the entries are opaque JSON objects (the server's JournalEntry, which the store does not import). */
export interface PgJournal<E extends object> {
  append(entry: E): Promise<void>;
  /** The newest `limit` entries, newest last. */
  list(): Promise<E[]>;
  clear(): Promise<void>;
  /** Gives the pool back. */
  close(): Promise<void>;
}

export interface PgJournalOptions {
  /** Empty the surface's journal now: the start of a run (not a worker joining one). */
  readonly clear: boolean;
}

/** The journal of `surface` in the database at `url`, keeping `limit` entries (the pool is shared within a process). */
export async function openPgJournal<E extends object>(url: string, surface: string, limit: number, log: (line: string) => void, options: PgJournalOptions): Promise<PgJournal<E>> {
  const shared = await acquirePool(url, log);
  const { pool } = shared;
  // Each operation within the store's time limit: a frozen database is a StoreTimeoutError, not a wait.
  const query = (text: string, values: readonly unknown[]) => withConnection(pool, (send) => send(text, values));
  const clear = async () => { await query('DELETE FROM api_serve.journal_entries WHERE surface = $1', [surface]); };
  if (options.clear) {
    try {
      await clear();
    } catch (err) {
      await shared.release();
      throw new StoreOpenError(`cannot empty the request journal of ${surface} in the PostgreSQL store ${shared.shown}: ${(err as Error).message}`);
    }
  }
  // Appends of this process not yet written: a list waits for them, so one process shows what it
  // answered. Another worker's entry shows once its insert has committed, a moment after its answer.
  const pending = new Set<Promise<unknown>>();
  return {
    append(entry: E) {
      const written = withConnection(pool, async (send) => {
        await send('INSERT INTO api_serve.journal_entries (surface, entry) VALUES ($1, $2)', [surface, JSON.stringify(entry)]);
        // The newest `limit` stay; appends racing from several instances may briefly leave more, which list() never shows.
        await send(
          `DELETE FROM api_serve.journal_entries WHERE surface = $1 AND seq <= (
             SELECT seq FROM api_serve.journal_entries WHERE surface = $1 ORDER BY seq DESC OFFSET $2 LIMIT 1)`, [surface, limit]);
      });
      const settled = written.catch(() => undefined);
      pending.add(settled);
      void settled.then(() => pending.delete(settled));
      return written;
    },
    async list() {
      await Promise.all(pending);
      const r = await query(
        `SELECT entry FROM (SELECT seq, entry FROM api_serve.journal_entries WHERE surface = $1 ORDER BY seq DESC LIMIT $2) newest ORDER BY seq`, [surface, limit]);
      return r.rows.map((row) => (row as { entry: E }).entry);
    },
    async clear() {
      await Promise.all(pending);
      await clear();
    },
    close: () => shared.release(),
  };
}
