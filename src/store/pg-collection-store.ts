// The stateful mock's collections in PostgreSQL (`--mock --stateful --store postgres://...`): one
// surface's items in api_serve.mock_items, so several instances (hosts, `--workers`) serve one
// state; numbering per collection in api_serve.mock_counters, shared and never reused.
import type { QueryResultRow } from 'pg';
import { type CollectionStore, type Item, type PlacedItem, StateDraft } from '../mock/collection-store.js';
import { STORE_TIMEOUT_MS, type Send, inTransaction, withConnection } from './pg-deadline.js';
import { acquirePool } from './pg-pool.js';
import { StoreOpenError, StoreWriteError } from './record-store.js';

interface ItemRow { item: Item }

/** The collections of `surface` in the database at `url` (the pool is shared within a process). */
export async function openPgCollectionStore(url: string, surface: string, log: (line: string) => void): Promise<CollectionStore> {
  const shared = await acquirePool(url, log);
  const { pool } = shared;
  let kept: boolean;
  try {
    kept = ((await withConnection(pool, (send) => send('SELECT 1 FROM api_serve.mock_surfaces WHERE surface = $1', [surface]))).rowCount ?? 0) > 0;
  } catch (err) {
    await shared.release();
    throw new StoreOpenError(`cannot read the mock collections of ${surface} in the PostgreSQL store ${shared.shown}: ${(err as Error).message}`);
  }
  let closed = false;
  const open = () => { if (closed) throw new StoreWriteError('the store is closed'); };

  // Each operation within the store's time limit: a frozen database is a StoreTimeoutError, not a wait.
  const query = <R extends QueryResultRow = QueryResultRow>(text: string, values: readonly unknown[]) => withConnection(pool, (send) => send<R>(text, values));
  const transaction = <R>(f: (send: Send) => Promise<R>, budgetMs = STORE_TIMEOUT_MS) => inTransaction(pool, f, budgetMs);

  const where = [surface];
  return {
    kept,
    where: shared.shown,
    async list(c, p) {
      open();
      const r = await query<ItemRow>('SELECT item FROM api_serve.mock_items WHERE surface = $1 AND collection = $2 AND parent = $3 ORDER BY seq', [...where, c, p]);
      return r.rows.map((row) => row.item);
    },
    async get(c, p, key) {
      open();
      const r = await query<ItemRow>('SELECT item FROM api_serve.mock_items WHERE surface = $1 AND collection = $2 AND parent = $3 AND key = $4', [...where, c, p, key]);
      return r.rows[0]?.item;
    },
    async create(c, p, make) {
      open();
      // Both statements on one connection within one time limit. The number first, in its own
      // statement: the counter row is locked only while it is bumped, and a number drawn by a
      // create that then fails is skipped, never handed out twice.
      return withConnection(pool, async (send) => {
        const drawn = await send<{ n: string }>(
          `INSERT INTO api_serve.mock_counters AS c (surface, collection, next) VALUES ($1, $2, 2)
           ON CONFLICT (surface, collection) DO UPDATE SET next = c.next + 1 RETURNING c.next - 1 AS n`, [...where, c]);
        const { key, item } = make(Number(drawn.rows[0]!.n));
        // A key already taken (a seeded text id equal to a number drawn) is replaced and moved last, never doubled.
        await send(
          `INSERT INTO api_serve.mock_items (surface, collection, parent, key, item) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (surface, collection, parent, key) DO UPDATE SET item = EXCLUDED.item, seq = DEFAULT`, [...where, c, p, key, JSON.stringify(item)]);
        return item;
      });
    },
    async update(c, p, key, change) {
      open();
      // Read and write under the row's lock: two instances changing one item apply both changes.
      return transaction(async (send) => {
        const r = await send<ItemRow>('SELECT item FROM api_serve.mock_items WHERE surface = $1 AND collection = $2 AND parent = $3 AND key = $4 FOR UPDATE', [...where, c, p, key]);
        const before = r.rows[0]?.item;
        if (before === undefined) return undefined;
        const after = change(before);
        await send('UPDATE api_serve.mock_items SET item = $5 WHERE surface = $1 AND collection = $2 AND parent = $3 AND key = $4', [...where, c, p, key, JSON.stringify(after)]);
        return after;
      });
    },
    async remove(c, p, key) {
      open();
      const r = await query('DELETE FROM api_serve.mock_items WHERE surface = $1 AND collection = $2 AND parent = $3 AND key = $4', [...where, c, p, key]);
      return (r.rowCount ?? 0) > 0;
    },
    async reset(items: readonly PlacedItem[], atStart = false) {
      open();
      // The seeding at start is bounded by the start, not by a request's time limit.
      await transaction(async (send) => {
        // The surface's row serialises resets; at start, a row another instance placed since this
        // store opened means its state is the one to serve (the first of several starting together seeds).
        const placed = await send(
          `INSERT INTO api_serve.mock_surfaces AS s (surface) VALUES ($1)
           ON CONFLICT (surface) DO ${atStart ? 'NOTHING' : 'UPDATE SET placed_at = now()'} RETURNING surface`, where);
        if ((placed.rowCount ?? 0) === 0) return;
        await send('DELETE FROM api_serve.mock_items WHERE surface = $1', where);
        await send('DELETE FROM api_serve.mock_counters WHERE surface = $1', where);
        // One row per key, where it was first placed, holding the last item placed there (as a map keeps them).
        const rows = new Map<string, [string, string, string, Item]>();
        for (const x of items) rows.set(JSON.stringify([x.collection, x.parent, x.key]), [x.collection, x.parent, x.key, x.item]);
        await send(
          `INSERT INTO api_serve.mock_items (surface, collection, parent, key, item)
           SELECT $1, x->>0, x->>1, x->>2, x->3 FROM json_array_elements($2::json) WITH ORDINALITY AS e(x, i) ORDER BY i`, [...where, JSON.stringify([...rows.values()])]);
        // Numbering restarts above the placed integer ids, as the file store's does.
        const next = Object.fromEntries(StateDraft.placed(items).next);
        await send('INSERT INTO api_serve.mock_counters (surface, collection, next) SELECT $1, key, value::bigint FROM json_each_text($2::json)', [...where, JSON.stringify(next)]);
      }, atStart ? Infinity : STORE_TIMEOUT_MS);
    },
    async close() {
      if (closed) return;
      closed = true;
      await shared.release();
    },
  };
}
