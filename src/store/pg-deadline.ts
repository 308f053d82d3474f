// The time limit of one store operation: the wait for a connection and every statement it sends
// end within STORE_TIMEOUT_MS together, also when the database is frozen and answers nothing; a
// connection that ran out of time is discarded, never given to the next request.
import type pg from 'pg';

// decided: a request touching the PostgreSQL store is answered within 5 s (docs/decisions.md "The PostgreSQL store");
// the operation gets 4.5 s of it, the rest is for the request around it.
export const STORE_TIMEOUT_MS = 4500;

/** The store did not answer in time; what the operation wrote may or may not have been committed. */
export class StoreTimeoutError extends Error {
  override readonly name = 'StoreTimeoutError';
  /** When to ask again: the server answers a 503 with this `Retry-After` instead of a 500. */
  readonly retryAfterSeconds = 1;
}

const timedOut = (budgetMs: number, why: string) =>
  new StoreTimeoutError(`the PostgreSQL store did not answer within ${budgetMs / 1000} s (${why})`);

/** pg-pool's words for a connection it gave up waiting for (a full pool, or a server that does not answer). */
const CONNECT_TIMEOUT = /timeout exceeded when trying to connect|connection timeout/i;
/** pg's word for a statement whose answer did not come within its query_timeout. */
const READ_TIMEOUT = /Query read timeout/;

/** The statements of one operation, on one connection. */
export type Send = <R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: readonly unknown[]) => Promise<pg.QueryResult<R>>;

/**
 * Runs `f` on one pooled connection within `budgetMs` (Infinity: no limit, for the seeding at
 * start). The pool's connectionTimeoutMillis bounds the wait for the connection; each statement
 * gets what is left as its client-side query_timeout, which fires even when the server process is
 * stopped (a server-side statement_timeout would not). A connection whose statement timed out
 * still has it in flight, so it is released with the error: the pool closes it.
 */
export async function withConnection<R>(pool: pg.Pool, f: (send: Send, discard: (why: Error) => void) => Promise<R>, budgetMs = STORE_TIMEOUT_MS): Promise<R> {
  const deadline = performance.now() + budgetMs;
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    const message = (err as Error)?.message ?? String(err);
    throw CONNECT_TIMEOUT.test(message) ? timedOut(budgetMs, message) : err;
  }
  // A connection lost mid-operation rejects the statement in progress; the event must not also end the process.
  const ignore = () => {};
  client.on('error', ignore);
  let broken: Error | undefined;
  const discard = (why: Error) => { broken ??= why; };
  const send: Send = async (text, values) => {
    const left = Math.floor(deadline - performance.now());
    if (left < 1) {
      // Nothing is sent past the deadline; a transaction already begun on this connection is
      // ended by closing it, so it is not handed on in the middle of one.
      const err = timedOut(budgetMs, 'no time left for the next statement');
      discard(err);
      throw err;
    }
    try {
      return await client.query({ text, values: values === undefined ? undefined : [...values], ...(Number.isFinite(left) ? { query_timeout: left } : {}) });
    } catch (err) {
      const message = (err as Error)?.message ?? String(err);
      if (!READ_TIMEOUT.test(message)) throw err;
      const late = timedOut(budgetMs, message);
      discard(late);
      throw late;
    }
  };
  try {
    return await f(send, discard);
  } finally {
    client.off('error', ignore);
    client.release(broken);
  }
}

/**
 * Runs `f` in one transaction within the budget; rolled back when it throws. A statement that
 * timed out (COMMIT included) leaves the outcome unknown: the connection is closed rather than
 * rolled back, the caller gets a StoreTimeoutError and must not answer success.
 */
export function inTransaction<R>(pool: pg.Pool, f: (send: Send) => Promise<R>, budgetMs = STORE_TIMEOUT_MS): Promise<R> {
  return withConnection(pool, async (send, discard) => {
    await send('BEGIN');
    try {
      const r = await f(send);
      await send('COMMIT');
      return r;
    } catch (err) {
      if (!(err instanceof StoreTimeoutError)) await send('ROLLBACK').catch((why: unknown) => discard(why instanceof Error ? why : new Error(String(why))));
      throw err;
    }
  }, budgetMs);
}
