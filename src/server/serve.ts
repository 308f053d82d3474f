// Serves implemented surfaces, each on its own port: load-time checks, handler resolution,
// extension set-up, listening, and an orderly stop.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Implementation, ServeEnv } from '../dsl/implement.js';
import type { EndpointInfo } from '../dsl/types.js';
import { checkSurface } from '../dsl/check-surface.js';
import { SurfaceError } from '../dsl/surface-error.js';
import { type HandlerFn, compile } from './pipeline.js';
import type { ExtensionDescriptor } from '../dsl/extension.js';
import { type ExtensionFactory, type ExtensionRuntime, type RuntimeServices, runtimeFactory } from './extensions.js';
import { listener } from './transport.js';
import { type Timeouts, guardConnections, timeoutOptions, timeoutsOf, timeoutsProblem } from './connection.js';
import type { ExchangeObserver } from './record.js';
import type { CorsOrigins } from './cors.js';
import { type Delay, delayOf } from '../dsl/delay.js';
import { MOCKED, MOCK_RESET } from '../dsl/mocked.js';
import type { DocsPages } from './docs-pages.js';

export interface ServeOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  readonly host?: string;
  /** Runtime state and served files (`--data`); created when missing. */
  readonly dataDir?: string;
  /** Largest request body accepted, in bytes (default 1 MiB); larger gets 413. */
  readonly maxBody?: number;
  /** How long a client may take to send a request head, a whole request, or stay idle (ms). */
  readonly timeouts?: Partial<Timeouts>;
  /** Surface-specific settings (`upstream`, `upstreamTimeout`, ...). */
  readonly options?: Readonly<Record<string, string | undefined>>;
  readonly tls?: { readonly cert: string | Buffer; readonly key: string | Buffer };
  readonly log?: (line: string) => void;
  /** Sees every exchange served (`api-serve --record`); absent, nothing is observed. */
  readonly onExchange?: ExchangeObserver;
  /** Runtimes for extension descriptors besides the built-in ones (or replacing them). */
  readonly runtimes?: ReadonlyMap<ExtensionDescriptor, ExtensionFactory>;
  /**
   * The user directory Basic credentials are checked against, or a function of the serve
   * environment opening it (the CLI opens `DIR/users.json` under `--data`). Without one, no Basic
   * login is valid; bearer tokens still are.
   */
  readonly users?: RuntimeServices['users'];
  /** `--cors`: answer preflights and mark answers for these origins (`*`: any). */
  readonly cors?: CorsOrigins;
  /** `--delay`: every answer waits this long (ms, or a range). */
  readonly delay?: Delay;
  /** `--journal`: keep the last `limit` requests, served under the reserved prefix. */
  readonly journal?: { readonly limit: number };
  /** Where api-serve's own routes live (default `/__api-serve/`); never a path of the surface. */
  readonly reservedPrefix?: string;
  /** `--log`: one line per exchange (method, path, status, ms, mocked or handled). */
  readonly accessLog?: boolean;
  /** `--docs`: the HTML reference and OpenAPI document, served under the reserved prefix. */
  readonly docs?: DocsPages;
}

export const DEFAULT_RESERVED_PREFIX = '/__api-serve/';

export interface Served {
  readonly surface: string;
  readonly url: string;
  readonly port: number;
  /** Notes the surface announced while starting (shown on the listening line). */
  readonly notes: readonly string[];
  /**
   * Answers with another implementation from now on, on the same port and connections (`--watch`);
   * resolves to its notes. When the new one cannot start, the old one goes on answering.
   */
  replace(impl: Implementation): Promise<readonly string[]>;
  close(): Promise<void>;
}

export const DEFAULT_MAX_BODY = 1024 * 1024;

/** Finds each endpoint's handler in the (nested) handler map; a missing one is a SurfaceError. */
export function resolveHandlers(surfaceName: string, endpoints: readonly EndpointInfo[], handlers: unknown): Map<EndpointInfo, HandlerFn> {
  const out = new Map<EndpointInfo, HandlerFn>();
  for (const e of endpoints) {
    let node: unknown = handlers;
    for (const k of e.keys) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined;
    if (typeof node !== 'function') throw new SurfaceError(surfaceName, `${e.method} ${e.path} (${e.name})`, 'no handler implements this endpoint');
    out.set(e, node as HandlerFn);
  }
  return out;
}

/** A surface made ready to answer: its request listener, the notes it announced, its closers. */
export interface Prepared {
  readonly surface: string;
  readonly notes: readonly string[];
  readonly listener: (req: IncomingMessage, res: ServerResponse) => void;
  /** Closes what the handlers and extensions opened (stores, pools), once. */
  close(): Promise<void>;
}

/**
 * Checks an implemented surface, builds its handlers and extension runtimes, and compiles its
 * pipeline: everything `serve` does but listening (`inject` answers through the same listener).
 */
export async function prepare(impl: Implementation, options: ServeOptions = {}): Promise<Prepared> {
  const surface = impl.surface;
  const endpoints = checkSurface(surface);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const closers: (() => void | Promise<void>)[] = [];
  const dataDir = options.dataDir ?? 'data';
  const notes: string[] = [];
  const env: ServeEnv = { dataDir, options: options.options ?? {}, log, announce: (note) => { notes.push(note); }, onClose: (fn) => { closers.push(fn); } };
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= (async () => { for (const fn of closers.reverse()) await fn(); })());
  try {
    const built = await impl.build(env);
    const handlers = resolveHandlers(surface.name, endpoints, built);
    // A stateful mock hands its reset over: `POST <prefix>reset` empties and reseeds it.
    const reset = built !== null && typeof built === 'object' ? (built as Record<symbol, unknown>)[MOCK_RESET] : undefined;
    const extensions = new Map<ExtensionDescriptor, ExtensionRuntime>();
    const seen = new Set<ExtensionDescriptor>();
    for (const e of endpoints) {
      for (const x of e.extensions) {
        if (seen.has(x.ext)) continue;
        seen.add(x.ext);
        // A descriptor whose read decides alone (range) needs no runtime.
        const factory = runtimeFactory(x.ext, options.runtimes);
        if (factory) extensions.set(x.ext, await (await factory)(env, { ...(options.users === undefined ? {} : { users: options.users }) }));
        else if (x.ext.claims) throw new SurfaceError(surface.name, `${e.method} ${e.path} (${e.name})`, `no server support for "${x.ext.name}"`);
      }
    }
    const cs = compile(endpoints, handlers, { ...(surface.meta.formatters ? { formatters: surface.meta.formatters } : {}), extensions, maxBody: options.maxBody ?? DEFAULT_MAX_BODY, log });
    const prefix = options.reservedPrefix ?? DEFAULT_RESERVED_PREFIX;
    // `--journal` and `--cors` load their modules only when given (start-up loads what serving needs).
    const journal = options.journal ? new (await import('./journal.js')).Journal(options.journal.limit, prefix) : undefined;
    // Only `--docs` loads the pages' module.
    const docs = options.docs ? (await import('./docs-pages.js')).docsPages(prefix, options.docs) : undefined;
    for (const own of [...(journal ? ['requests'] : []), ...(typeof reset === 'function' ? ['reset'] : []), ...(docs ? ['docs', 'openapi.json'] : [])]) {
      // decided: api-serve's own routes never shadow the surface's; README "Mock a surface".
      const clash = cs.router.route(own === 'reset' ? 'POST' : 'GET', `${prefix}${own}`);
      if (clash.kind !== 'notFound') throw new SurfaceError(surface.name, `${prefix}${own}`, `the surface has a route under api-serve's reserved prefix ${prefix}; move the prefix with --reserved-prefix`);
    }
    const observers = [options.onExchange, journal?.observe].filter((o): o is ExchangeObserver => o !== undefined);
    // Only a recording (or journalling) server loads the recorder's exchange observer.
    const observing = observers.length === 0 ? undefined
      : { observer: observers.length === 1 ? observers[0]! : ((x, e) => { for (const o of observers) o(x, e); }) as ExchangeObserver, observeExchange: (await import('./record.js')).observeExchange };
    let onRequest = listener(cs, observing);
    if (options.cors) onRequest = (await import('./cors.js')).withCors(onRequest, options.cors, cs.router);
    if (journal) {
      const inner = onRequest;
      onRequest = (req, res) => { if (!journal.answer(req, res)) inner(req, res); };
    }
    if (docs) {
      const inner = onRequest;
      onRequest = (req, res) => { if (!docs.answer(req, res)) inner(req, res); };
      notes.push(`docs: ${prefix}docs`);
    }
    if (typeof reset === 'function') {
      const inner = onRequest;
      onRequest = (req, res) => {
        if (req.method !== 'POST' || (req.url ?? '').split('?')[0] !== `${prefix}reset`) { inner(req, res); return; }
        // A store that cannot be written is a 500 with a log line, as a handler's failure is.
        Promise.resolve((reset as () => unknown)()).then(() => {
          res.statusCode = 204;
          res.end();
        }, (err: unknown) => {
          log(`${surface.name}: POST ${prefix}reset failed: ${(err as Error)?.message ?? String(err)}`);
          res.statusCode = 500;
          res.setHeader('content-type', 'text/plain;charset=utf-8');
          res.end('Internal Server Error: the reset failed; the server log has details');
        });
      };
    }
    if (options.delay) onRequest = delayed(onRequest, options.delay);
    if (options.accessLog) onRequest = logged(onRequest, cs.router, handlers, log);
    return { surface: surface.name, notes, listener: onRequest, close };
  } catch (err) {
    await close();
    throw err;
  }
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** Every request waits the delay before it is handled (its body waits, buffered, in the socket). */
function delayed(inner: Listener, delay: Delay): Listener {
  return (req, res) => { setTimeout(() => inner(req, res), delayOf(delay)); };
}

/** One line per exchange once answered: method, target, status, milliseconds, mocked or handled. */
function logged(inner: Listener, router: ReturnType<typeof compile>['router'], handlers: ReadonlyMap<EndpointInfo, HandlerFn>, log: (line: string) => void): Listener {
  return (req, res) => {
    const t0 = performance.now();
    res.once('finish', () => {
      const route = router.route(req.method ?? 'GET', (req.url ?? '/').split('?')[0]!);
      const by = route.kind !== 'match' ? 'refused' : MOCKED in (handlers.get(route.endpoint) ?? {}) ? 'mocked' : 'handled';
      log(`${req.method} ${req.url} ${res.statusCode} ${(performance.now() - t0).toFixed(1)}ms ${by}`);
    });
    inner(req, res);
  };
}

/** What answers while a surface is swapped: requests wait (their bodies unread) for what serves next. */
function holding(surface: string): Prepared & { flush(to: Listener): void } {
  const waiting: [IncomingMessage, ServerResponse][] = [];
  return {
    surface,
    notes: [],
    listener: (req, res) => { waiting.push([req, res]); },
    close: () => Promise.resolve(),
    flush(to) { for (const [req, res] of waiting.splice(0)) to(req, res); },
  };
}

/** A surface that cannot answer now: every request a 503 saying why. */
function unavailable(surface: string, why: string): Prepared {
  return {
    surface,
    notes: [],
    listener: (_req, res) => {
      res.statusCode = 503;
      res.setHeader('content-type', 'text/plain;charset=utf-8');
      res.setHeader('retry-after', '1');
      res.end(`Service Unavailable: ${why}; retrying`);
    },
    close: () => Promise.resolve(),
  };
}

/** Serves one implemented surface; resolves once it is listening. */
export async function serve(impl: Implementation, options: ServeOptions = {}): Promise<Served> {
  const timeouts = timeoutsOf(options.timeouts);
  const problem = timeoutsProblem(timeouts);
  if (problem) throw new Error(problem);
  let prepared = await prepare(impl, options);
  let running = impl;
  try {
    // Through `prepared` at each request, so `replace` swaps what answers without a new socket.
    const onRequest: Listener = (req, res) => prepared.listener(req, res);
    // node:https (and TLS with it) is loaded only to serve HTTPS.
    const https = options.tls ? (await import('node:https')).default : undefined;
    const limits = timeoutOptions(timeouts);
    // decided: a TLS handshake must finish within the headers timeout (README "Decisions where the
    // spec is silent", timeouts): Node's own 120 s would let a silent socket outlast a slow head.
    const server = options.tls && https
      ? https.createServer({ cert: options.tls.cert, key: options.tls.key, handshakeTimeout: timeouts.headers, ...limits }, onRequest)
      : http.createServer(limits, onRequest);
    // Parse errors and timeouts answered after the responses before them, CONNECT refused.
    guardConnections(server);
    // `Expect: 100-continue`: no automatic 100; the pipeline sends it when it reads the body.
    server.on('checkContinue', onRequest);
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => { server.off('error', reject); resolve(); });
    });
    const port = (server.address() as AddressInfo).port;
    const shownHost = host.includes(':') ? `[${host}]` : host;
    let closing: Promise<void> | undefined;
    let retry: NodeJS.Timeout | undefined;
    const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
    /**
     * Brings the last good surface back after it was closed for a reload that then failed. When it
     * cannot start again either (its store is away), requests get a 503 saying so while it is
     * retried, with a growing pause, until it starts, a later reload succeeds, or the server closes.
     */
    const restore = async (why: unknown): Promise<void> => {
      try {
        prepared = await prepare(running, options);
        return;
      } catch (err) {
        log(`${prepared.surface}: the last good surface could not start again after a failed reload (${(err as Error)?.message ?? String(err)}); answering 503 and retrying`);
        prepared = unavailable(prepared.surface, `the last good surface could not start again after a failed reload (${(why as Error)?.message ?? String(why)})`);
      }
      const again = (pause: number) => {
        retry = setTimeout(() => {
          retry = undefined;
          if (closing) return;
          const wanted = running;
          prepare(wanted, options).then(async (back) => {
            // A reload that succeeded meanwhile, or a close, wins over this late restart.
            if (closing || running !== wanted || prepared.listener !== stand.listener) { await back.close(); return; }
            prepared = back;
            log(`${back.surface}: the last good surface answers again`);
          }, () => again(Math.min(pause * 2, 5000)));
        }, pause);
        retry.unref();
      };
      const stand = prepared;
      again(250);
    };
    const replace = async (next: Implementation): Promise<readonly string[]> => {
      let fresh: Prepared;
      try {
        fresh = await prepare(next, options);
      } catch (err) {
        // A surface the checks refuse is refused while the old one answers; anything else may be
        // the old one holding what the new one opens (a store's lock): retried once it is closed,
        // with requests held (not answered by a closed surface) until one of them serves again.
        if (err instanceof SurfaceError) throw err;
        const old = prepared;
        const held = holding(old.surface);
        prepared = held;
        // Requests are held until something serves again: a failing close must not keep them waiting.
        await old.close().catch((e: unknown) => log(`${old.surface}: closing the last good surface for a reload failed: ${(e as Error)?.message ?? String(e)}`));
        try {
          fresh = await prepare(next, options);
        } catch (again) {
          await restore(again);
          held.flush(prepared.listener);
          throw again;
        }
        held.flush(fresh.listener);
      }
      clearTimeout(retry);
      retry = undefined;
      const old = prepared;
      prepared = fresh;
      running = next;
      await old.close();
      return fresh.notes;
    };
    return {
      surface: prepared.surface,
      port,
      notes: prepared.notes,
      replace,
      url: `${options.tls ? 'https' : 'http'}://${shownHost}:${port}`,
      close: () => (closing ??= new Promise<void>((resolve) => {
        clearTimeout(retry);
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2000).unref();
      }).then(() => prepared.close())),
    };
  } catch (err) {
    await prepared.close();
    throw err;
  }
}
