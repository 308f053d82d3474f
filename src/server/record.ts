// The recorder behind `api-serve --record DIR`: every exchange served becomes an api-check
// fixture file (the format of src/check/fixture.ts), secrets replaced by matchers or redactions.
// It writes JSON only: the server never imports the checker.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import type { OutReply, RequestRecord } from './request.js';
import { setCookiePattern } from '../codec/set-cookie.js';

/** One exchange as the server saw it. */
export interface ServedExchange {
  readonly method: string;
  readonly url: string;
  readonly requestHeaders: Readonly<Record<string, string | string[] | undefined>>;
  readonly requestBody?: Buffer;
  readonly status: number;
  readonly responseHeaders: Readonly<Record<string, string | readonly string[]>>;
  readonly responseBody: Buffer;
}

export type ExchangeObserver = (exchange: ServedExchange) => void;

/**
 * Runs `handle` and shows the observer the whole exchange once the response has finished. The
 * response is taken from what was written to `res` (status, headers, bytes), so replies written by
 * others (static files through sirv, 206 and 304 among them) and streams are recorded as sent.
 */
export function observeExchange(req: RequestRecord, res: ServerResponse, handle: (r: RequestRecord) => OutReply | Promise<OutReply>, observer: ExchangeObserver): OutReply | Promise<OutReply> {
  let requestBody: Buffer | undefined;
  const seen: RequestRecord = {
    method: req.method, url: req.url, headers: req.headers,
    readBody: async (limit) => {
      const b = await req.readBody(limit);
      if (b.kind === 'body') requestBody = b.bytes;
      return b;
    },
    get signal() { return req.signal; },
  };
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? encoding as BufferEncoding : 'utf8'));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  // Headers given to writeHead (sirv passes them there) never reach getHeaders(): keep them too.
  const headed: Record<string, string | readonly string[]> = {};
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const given = rest.find((x) => x !== null && typeof x === 'object');
    if (Array.isArray(given)) for (let i = 0; i + 1 < given.length; i += 2) headed[String(given[i]).toLowerCase()] = String(given[i + 1]);
    else if (given) for (const [k, v] of Object.entries(given)) if (v !== undefined) headed[k.toLowerCase()] = Array.isArray(v) ? v.map(String) : String(v);
    return (writeHead as (...a: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as typeof res.writeHead;
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) { keep(chunk, rest[0]); return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest); } as typeof res.write;
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) { keep(chunk, rest[0]); return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest); } as typeof res.end;
  res.once('finish', () => {
    const responseHeaders: Record<string, string | readonly string[]> = { ...headed };
    for (const [k, v] of Object.entries(res.getHeaders())) if (v !== undefined) responseHeaders[k] = Array.isArray(v) ? v : String(v);
    observer({ method: req.method, url: req.url, requestHeaders: req.headers, ...(requestBody ? { requestBody } : {}), status: res.statusCode, responseHeaders, responseBody: Buffer.concat(chunks) });
  });
  return handle(seen);
}

/** Response headers that name this file's copy on this disk, not the API: dropped from fixtures. */
const RESPONSE_VOLATILE = new Set(['content-length', 'connection', 'date', 'keep-alive', 'etag', 'last-modified']);

/** Request headers a client adds on its own: not part of what the API is asked. */
const REQUEST_NOISE = new Set(['host', 'connection', 'content-length', 'accept-encoding', 'accept-language', 'user-agent', 'referer', 'origin',
  'cache-control', 'pragma', 'dnt', 'upgrade-insecure-requests', 'priority', 'te', 'keep-alive', 'transfer-encoding']);
const SECRET_REQUEST = new Set(['authorization', 'cookie', 'proxy-authorization']);

/** A Set-Cookie value as a matcher: name and attributes kept, the value (a secret) any. */
const setCookieMatcher = (value: string): { $match: string } => ({ $match: setCookiePattern(value) });

const first = (v: string | readonly string[] | undefined) => (v === undefined ? undefined : typeof v === 'string' ? v : v[0]);
const isJson = (ct: string | undefined) => ct !== undefined && /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(ct.trim());
const isText = (ct: string | undefined) => ct !== undefined && (/^text\//i.test(ct.trim()) || isJson(ct) || /^application\/x-www-form-urlencoded/i.test(ct.trim()));
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A body in the fixture's terms: JSON when it is JSON, text when it is text, else base64. */
function bodyOf(bytes: Buffer, contentType: string | undefined): Record<string, unknown> {
  let text: string | undefined;
  try { text = utf8.decode(bytes); } catch { return { base64: bytes.toString('base64') }; }
  if (isJson(contentType) && text.trim() !== '') {
    try { return { body: JSON.parse(text) as unknown }; } catch { return { text }; }
  }
  return isText(contentType) || contentType === undefined || text === '' ? { text } : { base64: bytes.toString('base64') };
}

/** The fixture document for one exchange. */
export function fixtureOf(surface: string, x: ServedExchange): Record<string, unknown> {
  const reqHeaders: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x.requestHeaders)) {
    const name = k.toLowerCase();
    if (v === undefined || REQUEST_NOISE.has(name) || name.startsWith('sec-')) continue;
    reqHeaders[name] = SECRET_REQUEST.has(name) ? { $redacted: true } : typeof v === 'string' ? v : v.join(', ');
  }
  const resHeaders: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x.responseHeaders)) {
    const name = k.toLowerCase();
    if (RESPONSE_VOLATILE.has(name)) continue;
    if (name === 'set-cookie') resHeaders[name] = (typeof v === 'string' ? [v] : v).map(setCookieMatcher);
    else resHeaders[name] = typeof v === 'string' ? v : v.join(', ');
  }
  const reqType = first(x.requestHeaders['content-type']);
  const request = {
    method: x.method, path: x.url,
    ...(Object.keys(reqHeaders).length > 0 ? { headers: reqHeaders } : {}),
    ...(x.requestBody && x.requestBody.length > 0 ? bodyOf(x.requestBody, reqType) : {}),
  };
  const response = {
    status: x.status,
    ...(Object.keys(resHeaders).length > 0 ? { headers: resHeaders } : {}),
    ...(x.method === 'HEAD' ? {} : bodyOf(x.responseBody, first(x.responseHeaders['content-type']))),
  };
  return { surface, request, response };
}

const slug = (url: string) => url.replace(/\?.*$/, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase().slice(0, 60) || 'root';

/**
 * A recorder writing into `dir` (created when missing). Files are numbered in arrival order,
 * after any numbered files already there, so a second session never overwrites the first.
 */
export function recorder(dir: string, onError: (line: string) => void = () => {}): (surface: string) => ExchangeObserver {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  for (const f of readdirSync(dir)) {
    const m = /^(\d+)-/.exec(f);
    if (m) n = Math.max(n, Number(m[1]));
  }
  return (surface) => (x) => {
    n += 1;
    const file = join(dir, `${String(n).padStart(4, '0')}-${surface}-${x.method.toLowerCase()}-${slug(x.url)}.json`);
    try {
      writeFileSync(file, `${JSON.stringify(fixtureOf(surface, x), null, 2)}\n`);
    } catch (err) {
      onError(`api-serve: could not record ${x.method} ${x.url} to ${file}: ${(err as Error).message}`);
    }
  };
}
