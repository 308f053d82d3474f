// Sends one fixture request over HTTP with undici, as any client would, or as a web Request through
// a surface's fetch handler (`--through fetch`), and reads the whole response up to a cap; a
// transport failure is an outcome (unreachable, timeout, too large), not an exception.
import { Agent, type Dispatcher, request } from 'undici';
import type { RequestSpec } from './fixture.js';
import type { ActualResponse } from './compare.js';
import { readCapped as readStreamCapped } from '../describe/capped-read.js';

export type Sent =
  | { readonly ok: true; readonly response: ActualResponse }
  | { readonly ok: false; readonly kind: 'unreachable' | 'timeout' | 'transport' | 'too-large'; readonly message: string };

// decided: a response body is read up to 32 MiB unless `--max-response-body` says otherwise, so a
// server answering without end cannot fill the checker's memory (docs/checks-and-fixtures.md "Options").
export const DEFAULT_MAX_RESPONSE_BODY = 32 * 1024 * 1024;

export interface SendOptions {
  readonly timeoutMs: number;
  /** `-H NAME:VALUE`: set over the fixture's own value (see headersFor). */
  readonly headers?: readonly (readonly [string, string])[];
  /** Header names some fixture of the run redacts: `-H` fills only the requests that carry them. */
  readonly slotsOnly?: ReadonlySet<string>;
  readonly dispatcher?: Agent;
  /** Bytes of response body read at most (`--max-response-body`); past it the case fails. */
  readonly maxResponseBody?: number;
}

/**
 * The headers actually sent: the fixture's, then the command line's over them; a redacted one only
 * when given. A command-line header whose name is redacted somewhere in the run (`slotsOnly`) fills
 * just the requests that carry it, so a recorded session replays its unauthenticated requests as
 * they were; any other command-line header goes with every request.
 */
export function headersFor(req: RequestSpec, extra: readonly (readonly [string, string])[] = [], slotsOnly: ReadonlySet<string> = new Set()): Record<string, string> {
  const out: Record<string, string> = {};
  const carried = new Set<string>();
  for (const [k, v] of Object.entries(req.headers ?? {})) {
    carried.add(k.toLowerCase());
    if (typeof v === 'string') out[k.toLowerCase()] = v;
  }
  for (const [k, v] of extra) {
    const name = k.toLowerCase();
    if (slotsOnly.has(name) && !carried.has(name)) continue;
    out[name] = v;
  }
  if (req.body !== undefined && out['content-type'] === undefined) out['content-type'] = 'application/json';
  return out;
}

export function bodyFor(req: RequestSpec): string | Buffer | undefined {
  if (req.body !== undefined) return JSON.stringify(req.body);
  if (req.text !== undefined) return req.text;
  if (req.base64 !== undefined) return Buffer.from(req.base64, 'base64');
  return undefined;
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);
const TIMEOUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function codeOf(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Joins a base URL and a fixture path (`http://h:1/api` + `/x` is `http://h:1/api/x`). */
export function urlFor(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

/** A size as the failure names it: `32 MiB`, `512 KiB`, else bytes. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * The body's bytes, or undefined once they pass `cap`: reading stops there and the stream is
 * destroyed (the connection with it), so an endless body costs at most the cap.
 */
async function readCapped(body: Dispatcher.ResponseData['body'], declared: string | string[] | undefined, cap: number): Promise<Buffer | undefined> {
  if (typeof declared === 'string' && /^\d+$/.test(declared) && Number(declared) > cap) {
    body.destroy();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > cap) {
      body.destroy();
      return undefined;
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}

export async function send(base: string, req: RequestSpec, options: SendOptions): Promise<Sent> {
  const url = urlFor(base, req.path);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const body = bodyFor(req);
  try {
    const res = await request(url, {
      method: req.method as 'GET',
      headers: headersFor(req, options.headers, options.slotsOnly),
      ...(body === undefined ? {} : { body }),
      signal,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
    const cap = options.maxResponseBody ?? DEFAULT_MAX_RESPONSE_BODY;
    const bytes = await readCapped(res.body, res.headers['content-length'], cap);
    if (bytes === undefined) return { ok: false, kind: 'too-large', message: `response body exceeds ${sizeText(cap)} (--max-response-body)` };
    return { ok: true, response: { status: res.statusCode, headers: res.headers, body: bytes } };
  } catch (err) {
    const code = codeOf(err);
    const message = (err as Error)?.message ?? String(err);
    if (code !== undefined && UNREACHABLE.has(code)) return { ok: false, kind: 'unreachable', message: `cannot connect to ${base} (${code})` };
    if (signal.aborted || (code !== undefined && TIMEOUT.has(code))) return { ok: false, kind: 'timeout', message: `no complete answer within ${options.timeoutMs} ms` };
    if (code === 'ERR_INVALID_URL' || err instanceof TypeError) return { ok: false, kind: 'unreachable', message: `${url} is not a URL a request can go to (${message})` };
    return { ok: false, kind: 'transport', message: `the exchange failed: ${message}${code ? ` (${code})` : ''}` };
  }
}

/** A surface's fetch handler (`api-serve/fetch`): a Request in, the server's Response out, no socket. */
export type FetchHandle = (request: Request) => Promise<Response>;

/** Items of a comma-separated field value, commas inside quoted strings kept. */
function commaItems(value: string): string[] {
  const items: string[] = [];
  let at = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === '\\' && quoted) i++;
    else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) { items.push(value.slice(at, i).trim()); at = i + 1; }
  }
  items.push(value.slice(at).trim());
  return items.filter((x) => x !== '');
}

/**
 * A joined challenge list (RFC 9110 11.6.1) as its challenges: an item that starts with a scheme
 * (a token, then a space or nothing) begins one, an `auth-param` (`token=`) continues it.
 */
export function challenges(value: string): string[] {
  const out: string[] = [];
  for (const item of commaItems(value)) {
    if (out.length > 0 && /^[!#$%&'*+.^_`|~\w-]+\s*=/.test(item)) out[out.length - 1] += `, ${item}`;
    else out.push(item);
  }
  return out;
}

const CHALLENGES = new Set(['www-authenticate', 'proxy-authenticate']);

/**
 * A Response's headers as undici's `request` gives them: lower-case names, a repeated Set-Cookie
 * as a list. A Response joins any other repeated header with ", " (the Fetch standard); the
 * challenge headers, which servers send one challenge per line, are split back into challenges.
 */
function headersOf(h: Headers): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  h.forEach((v, k) => {
    if (k === 'set-cookie') return;
    const list = CHALLENGES.has(k) ? challenges(v) : [v];
    out[k] = list.length === 1 ? list[0]! : list;
  });
  const cookies = h.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies.length === 1 ? cookies[0]! : cookies;
  return out;
}

/**
 * A web body's bytes, or undefined once they pass `cap` (the rest is cancelled, as over HTTP). When
 * `signal` aborts meanwhile, the read is cancelled (as the socket is closed over HTTP) and ends.
 */
async function readWebCapped(body: ReadableStream<Uint8Array> | null, declared: string | null, cap: number, signal: AbortSignal): Promise<Buffer | undefined> {
  if (body === null) return Buffer.alloc(0);
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > cap) {
    await body.cancel().catch(() => {});
    return undefined;
  }
  const bytes = await readStreamCapped(body, cap, signal);
  return bytes === undefined ? undefined : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * `send`, through a fetch handler instead of a socket: the same headers (`-H` included) and body,
 * with the Content-Length undici would send, the same timeout and cap, the same outcomes.
 * decided: docs/checks-and-fixtures.md "Through the fetch handler".
 */
export async function sendThrough(handle: FetchHandle, base: string, req: RequestSpec, options: SendOptions): Promise<Sent> {
  const url = urlFor(base, req.path);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const body = bodyFor(req);
  const headers = headersFor(req, options.headers, options.slotsOnly);
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  // The Fetch standard has no GET or HEAD with a body: such a case cannot go through a fetch handler.
  if (body !== undefined && (req.method === 'GET' || req.method === 'HEAD')) {
    return { ok: false, kind: 'transport', message: `a ${req.method} request with a body cannot be a fetch Request; replay this case over HTTP (without --through fetch)` };
  }
  let request: Request;
  try {
    request = new Request(url, { method: req.method, headers, ...(body === undefined ? {} : { body }), signal });
  } catch (err) {
    // What fetch refuses to send (a header value it will not carry): never reached the surface.
    return { ok: false, kind: 'transport', message: `the request cannot be made a fetch Request: ${(err as Error)?.message ?? String(err)}` };
  }
  const timedOut = (): Sent => ({ ok: false, kind: 'timeout', message: `no complete answer within ${options.timeoutMs} ms` });
  try {
    const res = await handle(request);
    const cap = options.maxResponseBody ?? DEFAULT_MAX_RESPONSE_BODY;
    const bytes = await readWebCapped(res.body, res.headers.get('content-length'), cap, signal);
    if (signal.aborted) return timedOut();
    if (bytes === undefined) return { ok: false, kind: 'too-large', message: `response body exceeds ${sizeText(cap)} (--max-response-body)` };
    return { ok: true, response: { status: res.status, headers: headersOf(res.headers), body: bytes } };
  } catch (err) {
    if (signal.aborted) return timedOut();
    const message = (err as Error)?.message ?? String(err);
    return { ok: false, kind: 'transport', message: `the fetch handler failed: ${message}` };
  }
}

/** A connection pool for one run, closed when the run ends so nothing lingers. */
export function newDispatcher(): Agent {
  return new Agent({ keepAliveTimeout: 1000, connections: 16 });
}
