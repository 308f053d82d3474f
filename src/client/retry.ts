// Retries, only when asked (`retry` on the client or a call): which answers and failures are tried
// again, and how long to wait first. Nothing here sends; client.ts loops over attempts.

/** `retry` as a client or a call takes it: a number of retries, or the whole policy. */
export type RetryOption = number | RetryPolicy;

export interface RetryPolicy {
  /** Attempts after the first. */
  readonly retries: number;
  /** Statuses tried again (408, 429, 500, 502, 503, 504 by default). */
  readonly statuses?: readonly number[];
  /** Methods tried again: the idempotent ones by default (GET, HEAD, OPTIONS, PUT, DELETE). */
  readonly methods?: readonly string[];
  /** The first wait in ms (300 by default), doubled before each later attempt. */
  readonly delay?: number;
  /** The longest wait in ms (10 000 by default); a `Retry-After` asking for longer ends the retries. */
  readonly maxDelay?: number;
}

/** A policy with every default filled in, checked once. */
export interface Retrying {
  readonly retries: number;
  readonly statuses: ReadonlySet<number>;
  readonly methods: ReadonlySet<string>;
  readonly delay: number;
  readonly maxDelay: number;
}

// decided: idempotent methods and the statuses that say "later", as ky and the fetch-retry libraries do; docs/client.md "Retries".
const STATUSES = [408, 429, 500, 502, 503, 504];
const METHODS = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'];

const count = (v: unknown, min: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min;

/** The policy of a `retry` option (undefined: no retries); a malformed one is a TypeError naming `where`. */
export function retryPolicy(option: RetryOption | undefined, where: string): Retrying | undefined {
  if (option === undefined || option === 0) return undefined;
  const p: RetryPolicy = typeof option === 'number' ? { retries: option } : option;
  if (typeof p !== 'object' || p === null || !count(p.retries, 0)) throw new TypeError(`${where}: retry must be a whole number of retries (0 or more) or { retries, ... }, got ${JSON.stringify(option)}`);
  const delay = p.delay ?? 300;
  const maxDelay = p.maxDelay ?? 10_000;
  if (!count(delay, 0) || !count(maxDelay, 0)) throw new TypeError(`${where}: retry.delay and retry.maxDelay must be whole milliseconds (0 or more)`);
  const statuses = p.statuses ?? STATUSES;
  if (!Array.isArray(statuses) || !statuses.every((s) => count(s, 100) && s <= 599)) throw new TypeError(`${where}: retry.statuses must be HTTP statuses (100-599)`);
  const methods = p.methods ?? METHODS;
  if (!Array.isArray(methods) || !methods.every((m) => typeof m === 'string')) throw new TypeError(`${where}: retry.methods must be method names`);
  return { retries: p.retries, statuses: new Set(statuses), methods: new Set(methods.map((m) => m.toUpperCase())), delay, maxDelay };
}

/**
 * How long to wait before attempt `attempt + 1` (0-based `attempt` just failed) after an answer
 * with these headers (undefined: no answer, a network failure); undefined when no retry is due.
 */
export function waitBefore(policy: Retrying, attempt: number, headers: Headers | undefined, now = Date.now()): number | undefined {
  if (attempt >= policy.retries) return undefined;
  const backoff = Math.min(policy.maxDelay, policy.delay * 2 ** attempt);
  const asked = headers === undefined ? undefined : retryAfter(headers.get('retry-after'), now);
  if (asked === undefined) return backoff;
  return asked > policy.maxDelay ? undefined : Math.max(asked, backoff);
}

/** `Retry-After` in ms: delta-seconds or an HTTP date (RFC 9110 section 10.2.3); undefined if absent or unreadable. */
function retryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Resolves after `ms`, or rejects at once when `signal` aborts (then the call's own abort handling speaks). */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) { reject(signal.reason); return; }
    const done = () => { signal?.removeEventListener('abort', stop); resolve(); };
    const timer = setTimeout(done, ms);
    const stop = () => { clearTimeout(timer); reject(signal!.reason); };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
