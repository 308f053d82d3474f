// The recorder behind `api-serve --record DIR`: every exchange served becomes an api-check
// fixture file, written by the neutral fixture module (src/fixture/), which the checker reads too.
import type { ServerResponse } from 'node:http';
import type { OutReply, RequestRecord } from './request.js';
import type { ExchangeFixture } from '../fixture/format.js';
import { type Exchange, fixtureOf } from '../fixture/exchange.js';
import { fileStem, fixtureFolder, writeFixture } from '../fixture/files.js';
import { REPLAY_HEADER } from '../fixture/headers.js';
import { scenarioOf } from '../fixture/scenario.js';
import { mkdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

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

/** Sees one exchange, with the endpoint the router matched for it (none for a refused path). */
export type ExchangeObserver = (exchange: ServedExchange, endpoint?: string) => void;

/**
 * Runs `handle` and shows the observer the whole exchange once the response has finished. The
 * response is taken from what was written to `res` (status, headers, bytes), so replies written by
 * others (static files, 206 and 304 among them) and streams are recorded as sent.
 */
export function observeExchange(req: RequestRecord, res: ServerResponse, handle: (r: RequestRecord) => OutReply | Promise<OutReply>, observer: ExchangeObserver): OutReply | Promise<OutReply> {
  let requestBody: Buffer | undefined;
  const seen: RequestRecord = {
    method: req.method, url: req.url, headers: req.headers,
    readBody: async (limit) => {
      const b = await req.readBody(limit);
      // A view, not a copy: the stages type bodies as Uint8Array (the predictor runs in browsers too).
      if (b.kind === 'body') requestBody = Buffer.from(b.bytes.buffer, b.bytes.byteOffset, b.bytes.byteLength);
      return b;
    },
    get signal() { return req.signal; },
  };
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? encoding as BufferEncoding : 'utf8'));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  // Headers given to writeHead never reach getHeaders(): keep them too.
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

/** The exchange in the fixture module's neutral terms. */
function neutral(x: ServedExchange): Exchange {
  const type = (v: string | readonly string[] | undefined) => (v === undefined || typeof v === 'string' ? v : v[0]);
  return {
    method: x.method, path: x.url,
    requestHeaders: Object.entries(x.requestHeaders),
    ...(x.requestBody ? { requestBody: { bytes: x.requestBody, type: type(x.requestHeaders['content-type']) } } : {}),
    status: x.status,
    responseHeaders: Object.entries(x.responseHeaders),
    responseBody: { bytes: x.responseBody, type: type(x.responseHeaders['content-type']) },
  };
}

/**
 * The fixture document for one exchange served by `surface`. `endpoint` names the endpoint the
 * router matched, when the caller has it.
 */
export const servedFixture = (surface: string, x: ServedExchange, endpoint?: string): ExchangeFixture =>
  fixtureOf(neutral(x), { surface, endpoint, seenAt: 'server' });

/**
 * A recorder writing into `dir` (created when missing). Files are numbered in arrival order,
 * after any numbered files already there, so a second session never overwrites the first.
 * `surface` names the files; `reference` is what the fixtures name as their surface (a registry
 * name, or the module's path relative to `dir`, so the recording replays with no flags).
 */
export function recorder(dir: string, onError: (line: string) => void = () => {}, scenario?: string): (surface: string, reference?: string) => ExchangeObserver {
  const folder = fixtureFolder(dir);
  const own = resolve(dir);
  let refused = false;
  /** A request api-check sent while replaying a fixture of this very folder: recording it would copy the folder into itself. */
  const replayOfItself = (x: ServedExchange) => {
    const from = x.requestHeaders[REPLAY_HEADER];
    if (typeof from !== 'string') return false;
    const rel = relative(own, resolve(from));
    if (rel.startsWith('..') || rel.startsWith(sep) || rel === '') return false;
    if (!refused) onError(`api-serve: not recording: these requests are api-check replaying ${dir} itself (${relative(own, resolve(from))}); record into another folder`);
    refused = true;
    return true;
  };
  // decided: --scenario writes one file, rewritten after each exchange so a stopped server leaves
  // it whole; docs/checks-and-fixtures.md "Recording, HAR import, lint".
  const steps: ExchangeFixture[] = [];
  const scenarioFile = scenario === undefined ? undefined : join(dir, `${scenario.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'scenario'}.json`);
  return (surface, reference = surface) => (x, endpoint) => {
    if (replayOfItself(x)) return;
    const file = scenarioFile ?? folder.next(`${surface}-${fileStem({ method: x.method, path: x.url })}`);
    try {
      if (scenarioFile === undefined) { writeFixture(file, servedFixture(reference, x, endpoint)); return; }
      steps.push(servedFixture(reference, x, endpoint));
      mkdirSync(dir, { recursive: true });
      writeFixture(file, scenarioOf(reference, scenario!, steps));
    } catch (err) {
      onError(`api-serve: could not record ${x.method} ${x.url} to ${file}: ${(err as Error).message}`);
    }
  };
}
