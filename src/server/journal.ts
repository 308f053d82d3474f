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

export class Journal {
  private entries: JournalEntry[] = [];
  constructor(readonly limit: number, readonly prefix: string) {}

  /** An exchange observer: keeps what the client sent and the status it got. */
  readonly observe = (x: ServedExchange): void => {
    if (x.url.startsWith(this.prefix)) return;
    const body = x.requestBody === undefined ? undefined : x.requestBody.subarray(0, BODY_LIMIT).toString('utf8');
    this.entries.push({ method: x.method, url: x.url, headers: x.requestHeaders, ...(body === undefined ? {} : { body }), status: x.status, at: new Date().toISOString() });
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
  };

  /** Answers `<prefix>requests` (GET: the entries; DELETE: cleared); false for any other path. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== `${this.prefix}requests`) return false;
    if (req.method === 'GET' || req.method === 'HEAD') {
      const text = JSON.stringify(this.entries);
      res.setHeader('content-type', 'application/json;charset=utf-8');
      res.setHeader('content-length', Buffer.byteLength(text));
      res.end(req.method === 'HEAD' ? undefined : text);
    } else if (req.method === 'DELETE') {
      this.entries = [];
      res.statusCode = 204;
      res.end();
    } else {
      res.statusCode = 405;
      res.setHeader('allow', 'GET, HEAD, DELETE');
      res.setHeader('content-type', 'text/plain;charset=utf-8');
      res.end(`Method ${req.method} not allowed on ${path} (allowed: GET, HEAD, DELETE)`);
    }
    return true;
  }
}
