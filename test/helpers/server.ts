// Starts implemented surfaces in a fresh temp data dir, in-process (`inject`, no socket) or on
// port 0, and talks to them: `call` sends through the injector or over HTTP with undici.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import type { Implementation } from '../../src/dsl/index.js';
import { type Injector, injector, serve, type ServeOptions, type Served } from '../../src/server/index.js';
import { UserStore } from '../../src/store/users.js';

/** As the commands do: Basic logins are checked against `users.json` in the data directory. */
const users: ServeOptions['users'] = (env) => UserStore.open(env.dataDir);

export interface Running extends Omit<Served, 'replace'> {
  readonly dataDir: string;
}

export function tempDir(prefix = 'api-serve-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** In-process surfaces by the base URL `call` is given for them. */
const injected = new Map<string, Injector>();
let injections = 0;

/**
 * Prepares `impl` in-process: `url` names it for `call`, which answers through the real listener
 * without a socket. For everything but the transport itself (TLS, raw bytes, disconnects, 100-continue).
 */
export async function startInProcess(impl: Implementation, options: ServeOptions = {}): Promise<Running> {
  const own = options.dataDir === undefined;
  const dataDir = options.dataDir ?? tempDir();
  const inj = await injector(impl, { log: () => {}, users, ...options, dataDir });
  const url = `inject://${inj.surface}-${++injections}`;
  injected.set(url, inj);
  return {
    surface: inj.surface, url, port: 0, notes: inj.notes, dataDir,
    close: async () => {
      injected.delete(url);
      await inj.close();
      if (own) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `fn` against an in-process surface and always closes it. */
export async function withInProcess<T>(impl: Implementation, fn: (s: Running) => Promise<T>, options: ServeOptions = {}): Promise<T> {
  const s = await startInProcess(impl, options);
  try { return await fn(s); } finally { await s.close(); }
}

/** Serves `impl` on an ephemeral port; `close()` also removes the temp data dir it made. */
export async function start(impl: Implementation, options: ServeOptions = {}): Promise<Running> {
  const own = options.dataDir === undefined;
  const dataDir = options.dataDir ?? tempDir();
  const served = await serve(impl, { port: 0, log: () => {}, users, ...options, dataDir });
  return {
    ...served,
    dataDir,
    close: async () => {
      await served.close();
      if (own) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `fn` against a started server and always closes it. */
export async function withServer<T>(impl: Implementation, fn: (s: Running) => Promise<T>, options: ServeOptions = {}): Promise<T> {
  const s = await start(impl, options);
  try { return await fn(s); } finally { await s.close(); }
}

export interface Exchange {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  json(): unknown;
}

/** One HTTP exchange as a client makes it. */
export async function call(base: string, method: string, path: string, init: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Exchange> {
  const inj = injected.get(base);
  if (inj) {
    const r = await inj.inject({ method, url: path, headers: init.headers ?? {}, ...(init.body === undefined ? {} : { body: init.body }) });
    return { status: r.status, headers: r.headers, text: r.text, json: () => JSON.parse(r.text) as unknown };
  }
  const r = await request(base + path, { method: method as 'GET', headers: init.headers ?? {}, ...(init.body === undefined ? {} : { body: init.body }) });
  const text = await r.body.text();
  return { status: r.statusCode, headers: r.headers, text, json: () => JSON.parse(text) as unknown };
}

/** A table row of an HTTP case: what to send and what a client must see. */
export interface Case {
  readonly name: string;
  readonly method: string;
  readonly url: string;
  readonly headers?: Record<string, string>;
  /** Text is sent as UTF-8; a Buffer is sent byte for byte (e.g. bytes that are not UTF-8). */
  readonly body?: string | Buffer;
  readonly status: number;
  /** Exact body text, or a JSON value compared structurally. */
  readonly text?: string;
  readonly json?: unknown;
  /** Response headers that must be present with these values (case-insensitive names). */
  readonly expectHeaders?: Record<string, string | undefined>;
}
