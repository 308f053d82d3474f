// The request journal (`--journal`): what clients sent, newest last and bounded, served at
// `GET <prefix>requests` and cleared by `DELETE`, so a front-end test can verify what it sent.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServedExchange } from './record.js';

export interface JournalEntry {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body as UTF-8 text (cut at 64 KiB), absent when none was read. */
  readonly body?: string;
  readonly status: number;
  readonly at: string;
}

const BODY_LIMIT = 64 * 1024;

/**
 * Where the entries are kept: in this process by default, or (`--store`) in a database every
 * instance shares, given by the CLI since the server imports no store.
 */
export interface JournalStore {
  append(entry: JournalEntry): Promise<void>;
  /** The entries kept, newest last. */
  list(): Promise<readonly JournalEntry[]>;
  clear(): Promise<void>;
  close?(): Promise<void>;
}

/** The journal of one process: an array, changed synchronously (the promises are already settled). */
export class MemoryJournalStore implements JournalStore {
  private entries: JournalEntry[] = [];
  constructor(readonly limit: number) {}
  append(entry: JournalEntry): Promise<void> {
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
    return Promise.resolve();
  }
  list(): Promise<readonly JournalEntry[]> { return Promise.resolve(this.entries); }
  clear(): Promise<void> { this.entries = []; return Promise.resolve(); }
}

/** How long to wait before asking again, when the store's error says (its timeout has a `retryAfterSeconds`). */
function retryAfter(err: unknown): number | undefined {
  const s = err instanceof Error ? (err as Error & { retryAfterSeconds?: unknown }).retryAfterSeconds : undefined;
  return typeof s === 'number' && Number.isSafeInteger(s) && s >= 0 ? s : undefined;
}

export class Journal {
  constructor(
    readonly limit: number,
    readonly prefix: string,
    private readonly store: JournalStore = new MemoryJournalStore(limit),
    private readonly log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  ) {}

  /**
   * This process's appends, one after another: entries land in the order this process answered,
   * and a view this process serves waits for them, so it always lists what it answered before.
   */
  private written: Promise<void> = Promise.resolve();

  /** An exchange observer: keeps what the client sent and the status it got; a failed append is logged, the answer is already sent. */
  readonly observe = (x: ServedExchange): void => {
    if (x.url.startsWith(this.prefix)) return;
    const body = x.requestBody === undefined ? undefined : x.requestBody.subarray(0, BODY_LIMIT).toString('utf8');
    const entry: JournalEntry = { method: x.method, url: x.url, headers: x.requestHeaders, ...(body === undefined ? {} : { body }), status: x.status, at: new Date().toISOString() };
    this.written = this.written.then(() => this.store.append(entry))
      .catch((err: unknown) => this.log(`api-serve: the request journal did not keep ${x.method} ${x.url}: ${(err as Error)?.message ?? String(err)}`));
  };

  /** Closes the store (a database's pool given back). */
  close(): Promise<void> { return this.store.close?.() ?? Promise.resolve(); }

  /**
   * Answers `<prefix>requests` (GET: the entries; DELETE: cleared), at once or once the store has
   * answered; false for any other path.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== `${this.prefix}requests`) return false;
    if (req.method === 'GET' || req.method === 'HEAD') {
      this.written.then(() => this.store.list()).then((entries) => {
        const text = JSON.stringify(entries);
        res.setHeader('content-type', 'application/json;charset=utf-8');
        res.setHeader('content-length', Buffer.byteLength(text));
        res.end(req.method === 'HEAD' ? undefined : text);
      }, (err: unknown) => this.failed(req, res, err));
    } else if (req.method === 'DELETE') {
      this.written.then(() => this.store.clear()).then(() => {
        res.statusCode = 204;
        res.end();
      }, (err: unknown) => this.failed(req, res, err));
    } else {
      res.statusCode = 405;
      res.setHeader('allow', 'GET, HEAD, DELETE');
      res.setHeader('content-type', 'text/plain;charset=utf-8');
      res.end(`Method ${req.method} not allowed on ${path} (allowed: GET, HEAD, DELETE)`);
    }
    return true;
  }

  /** A store that failed: logged; a 503 with Retry-After when it ran out of time, else a 500. */
  private failed(req: IncomingMessage, res: ServerResponse, err: unknown): void {
    this.log(`api-serve: ${req.method} ${req.url} failed: ${(err as Error)?.message ?? String(err)}`);
    if (res.headersSent) { res.destroy(); return; }
    const later = retryAfter(err);
    res.statusCode = later === undefined ? 500 : 503;
    if (later !== undefined) res.setHeader('retry-after', String(later));
    res.setHeader('content-type', 'text/plain;charset=utf-8');
    res.end(later === undefined ? 'Internal Server Error: the request journal failed; the server log has details' : 'Service Unavailable: the request journal did not answer in time; ask again');
  }
}
