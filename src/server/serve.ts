// Serves implemented surfaces, each on its own port and each port a Polka app: load-time checks,
// handler resolution, extension set-up, listening, and an orderly stop.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Implementation } from '../dsl/implement.js';
import type { EndpointInfo } from '../dsl/types.js';
import { SurfaceError } from '../dsl/surface-error.js';
import type { CompiledSurface, HandlerFn } from './pipeline.js';
import type { ExtensionDescriptor } from '../dsl/extension.js';
import type { ExtensionFactory, RuntimeServices } from './extensions.js';
import { build, observingOf } from './build-surface.js';
import { guarded, listener } from './transport.js';
import { type Middleware, type PolkaApp, PolkaRequest, polkaListener } from './polka.js';
import { type Timeouts, guardConnections, timeoutOptions, timeoutsOf, timeoutsProblem } from './connection.js';
import type { ExchangeObserver } from './record.js';
import type { CorsOrigins } from './cors.js';
import { type Delay, delayOf } from '../dsl/delay.js';
import { SurfaceSlot } from './surface-slot.js';
import { MOCKED, MOCK_RESET } from '../dsl/mocked.js';
import type { DocsPages } from './docs-pages.js';
import type { Journal, JournalStore } from './journal.js';

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
  /**
   * `--journal`: keep the last `limit` requests, served under the reserved prefix; in this process,
   * or in the store `open` gives for the surface (`--store`: one journal shared by every instance).
   */
  readonly journal?: { readonly limit: number; readonly open?: (surface: string, log: (line: string) => void) => Promise<JournalStore> };
  /** Where api-serve's own routes live (default `/__api-serve/`); never a path of the surface. */
  readonly reservedPrefix?: string;
  /** `--log`: one line per exchange (method, path, status, ms, mocked or handled). */
  readonly accessLog?: boolean;
  /** `--docs`: the HTML reference and OpenAPI document, served under the reserved prefix. */
  readonly docs?: DocsPages;
  /**
   * Polka middleware run before the surface on every request, in order (a user module's
   * `middleware` export): one that answers ends the request there; one that calls `next()` hands
   * it on, at last to the surface.
   */
  readonly middleware?: readonly Middleware[];
  /** Given each listener's Polka app after `middleware`, before the surface (a user module's `configure`). */
  readonly configure?: (app: PolkaApp) => void | Promise<void>;
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

/** A surface made ready to answer: its request listener, the notes it announced, its closers. */
export interface Prepared {
  readonly surface: string;
  readonly notes: readonly string[];
  readonly listener: (req: IncomingMessage, res: ServerResponse) => void;
  /** Closes what the handlers and extensions opened (stores, pools), once. */
  close(): Promise<void>;
}

/**
 * Everything `serve` does but listening (`inject` answers through the same listener): the surface
 * built, api-serve's own routes and tools around its pipeline, and the Polka app before them.
 */
export function prepare(impl: Implementation, options: ServeOptions = {}): Promise<Prepared> {
  return prepareOn(impl, options, undefined);
}

/** `prepare`, its Polka app on `server` (the one `serve` listens with). */
async function prepareOn(impl: Implementation, options: ServeOptions, server: Server | undefined): Promise<Prepared> {
  const { cs, handlers, built, notes, log, close: closeBuilt } = await build(impl, options);
  const surface = impl.surface;
  let journal: Journal | undefined;
  const close = async () => { await Promise.all([closeBuilt(), journal?.close()]); };
  try {
    // A stateful mock hands its reset over: `POST <prefix>reset` empties and reseeds it.
    const reset = built !== null && typeof built === 'object' ? (built as Record<symbol, unknown>)[MOCK_RESET] : undefined;
    const prefix = options.reservedPrefix ?? DEFAULT_RESERVED_PREFIX;
    // `--journal` and `--cors` load their modules only when given (start-up loads what serving needs).
    if (options.journal) {
      const { Journal } = await import('./journal.js');
      const { limit, open } = options.journal;
      journal = new Journal(limit, prefix, open ? await open(surface.name, log) : undefined, log);
    }
    // Only `--docs` loads the pages' module.
    const docs = options.docs ? (await import('./docs-pages.js')).docsPages(prefix, options.docs) : undefined;
    for (const own of [...(journal ? ['requests'] : []), ...(typeof reset === 'function' ? ['reset'] : []), ...(docs ? ['docs', 'openapi.json'] : [])]) {
      // decided: api-serve's own routes never shadow the surface's; docs/mocking.md "For a front end".
      const clash = cs.router.route(own === 'reset' ? 'POST' : 'GET', `${prefix}${own}`);
      if (clash.kind !== 'notFound') throw new SurfaceError(surface.name, `${prefix}${own}`, `the surface has a route under api-serve's reserved prefix ${prefix}; move the prefix with --reserved-prefix`);
    }
    // Only a recording (or journalling) server loads the recorder's exchange observer.
    // The exchanges api-serve answered itself (its routes, CORS preflights), for `--log` to name them (not the surface's refusals).
    const ownAnswered = options.accessLog ? new WeakSet<IncomingMessage>() : undefined;
    let onRequest = listener(cs, await observingOf([options.onExchange, journal?.observe]));
    if (options.cors) onRequest = (await import('./cors.js')).withCors(onRequest, options.cors, cs.router, ownAnswered && ((req) => ownAnswered.add(req)));
    if (journal) {
      const inner = onRequest;
      const requests = journal;
      onRequest = (req, res) => { if (requests.answer(req, res)) ownAnswered?.add(req); else inner(req, res); };
    }
    if (docs) {
      const inner = onRequest;
      onRequest = (req, res) => { if (docs.answer(req, res)) ownAnswered?.add(req); else inner(req, res); };
      notes.push(`docs: ${prefix}docs`);
    }
    if (typeof reset === 'function') {
      const inner = onRequest;
      onRequest = (req, res) => {
        if (req.method !== 'POST' || (req.url ?? '').split('?')[0] !== `${prefix}reset`) { inner(req, res); return; }
        ownAnswered?.add(req);
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
    // The exchanges the surface saw, for `--log` to tell them from those a middleware answered.
    const reached = options.accessLog ? new WeakSet<IncomingMessage>() : undefined;
    if (reached) {
      const inner = onRequest;
      onRequest = (req, res) => { reached.add(req); inner(req, res); };
    }
    // decided: each listener is a Polka app (DESIGN.md section 2), a user's middleware before the
    // surface; what Polka costs per answer, and how it was cut: docs/benchmark.md "Polka".
    onRequest = guarded(await polkaListener(onRequest, {
      ...(server ? { server } : {}), log,
      ...(options.middleware ? { middleware: options.middleware } : {}),
      ...(options.configure ? { configure: options.configure } : {}),
    }));
    if (options.delay) onRequest = delayed(onRequest, options.delay);
    if (reached) onRequest = logged(onRequest, cs.router, handlers, { reached, own: ownAnswered! }, log);
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

/**
 * One line per exchange once answered: method, target, status, milliseconds, and who answered:
 * mocked, handled, refused (by the pipeline), api-serve (its own routes under the reserved prefix:
 * journal, docs, reset; and CORS preflights), or a middleware (the surface never saw it).
 */
function logged(inner: Listener, router: CompiledSurface['router'], handlers: ReadonlyMap<EndpointInfo, HandlerFn>, seen: { readonly reached: WeakSet<IncomingMessage>; readonly own: WeakSet<IncomingMessage> }, log: (line: string) => void): Listener {
  const { reached, own } = seen;
  return (req, res) => {
    const t0 = performance.now();
    // The target as sent: Polka and a middleware mounted under a prefix may rewrite req.url.
    const target = req.url;
    res.once('finish', () => {
      const route = router.route(req.method ?? 'GET', (req.url ?? '/').split('?')[0]!);
      const by = !reached.has(req) ? 'middleware' : own.has(req) ? 'api-serve' : route.kind !== 'match' ? 'refused' : MOCKED in (handlers.get(route.endpoint) ?? {}) ? 'mocked' : 'handled';
      log(`${req.method} ${target} ${res.statusCode} ${(performance.now() - t0).toFixed(1)}ms ${by}`);
    });
    inner(req, res);
  };
}

/** Serves one implemented surface; resolves once it is listening. */
export async function serve(impl: Implementation, options: ServeOptions = {}): Promise<Served> {
  const timeouts = timeoutsOf(options.timeouts);
  const problem = timeoutsProblem(timeouts);
  if (problem) throw new Error(problem);
  // Through the slot at each request, so `replace` swaps what answers without a new socket.
  const onRequest: Listener = (req, res) => slot.current.listener(req, res);
  // node:https (and TLS with it) is loaded only to serve HTTPS.
  const https = options.tls ? (await import('node:https')).default : undefined;
  const limits = { ...timeoutOptions(timeouts), IncomingMessage: PolkaRequest };
  // decided: a TLS handshake must finish within the headers timeout (docs/serving.md
  // "TLS"): Node's own 120 s would let a silent socket outlast a slow head.
  // Made before the surface is prepared: each Polka app is made on it (`app.server`).
  const server = options.tls && https
    ? https.createServer({ cert: options.tls.cert, key: options.tls.key, handshakeTimeout: timeouts.headers, ...limits }, onRequest)
    : http.createServer(limits, onRequest);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const slot = new SurfaceSlot(await prepareOn(impl, options, server), impl, (next) => prepareOn(next, options, server), log);
  try {
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
    return {
      surface: slot.current.surface,
      port,
      notes: slot.current.notes,
      replace: (next) => slot.replace(next),
      url: `${options.tls ? 'https' : 'http'}://${shownHost}:${port}`,
      close: () => slot.close(() => new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2000).unref();
      })),
    };
  } catch (err) {
    await slot.current.close();
    throw err;
  }
}
