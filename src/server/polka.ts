// The transport's app: each listener is a Polka app, a user's own middleware and routes first, the
// surface's pipeline last (as the app's onNoMatch: what nothing before it answered). The only
// module importing polka.
import polka, { type IError, type Middleware as PolkaMiddleware, type Polka, type Request } from 'polka';
import { IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import { parse as parseQuery } from 'node:querystring';

/** A Polka middleware: it answers, or calls `next()` and the next one (at last the surface) answers. */
export type Middleware = PolkaMiddleware;
/** A listener's Polka app, as a `configure(app)` hook is handed it (add routes, mount sub-apps). */
export type PolkaApp = Polka;

/** What runs before the surface on each listener: a user module's `middleware` and `configure`. */
export interface PolkaSetup {
  /** Run in order before the surface, for every request (logging, a `/health` route...). */
  readonly middleware?: readonly Middleware[];
  /** Given the listener's Polka app after `middleware`, before the surface; may add routes. */
  readonly configure?: (app: PolkaApp) => void | Promise<void>;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;
type Query = Request['_parsedUrl']['query'];

/**
 * node:http's request with the fields Polka sets on every request made in its constructor
 * (`createServer({ IncomingMessage: PolkaRequest })`): Polka adding six properties to each request
 * moved every request through six hidden-class transitions, and Node's stream code saw requests of
 * two shapes (before and after), which cost CPU per answer (docs/benchmark.md, "Polka").
 */
export class PolkaRequest extends IncomingMessage {
  _parsedUrl: Target | undefined = undefined;
  path: string | undefined = undefined;
  originalUrl: string | undefined = undefined;
  query: Query | Record<string, never> | undefined = undefined;
  search: string | undefined = undefined;
  params: Record<string, string> | undefined = undefined;
}

/**
 * The parsed target @polka/url would make, made here so Polka reads it back instead of parsing
 * (its `parse` returns `req._parsedUrl` when `raw` is the request's url). Two reasons: the raw
 * target stays the request's url (Polka's own parse drops a `#...`, which the surface refuses as
 * sent), and the query is parsed only when a middleware may read `req.query`: the surface parses
 * its own (strictly: a bad `%` escape is a 400), and querystring.parse cost CPU per answer on
 * `/hello` (bench/results/2026-11-26-polka-transport.txt).
 */
class Target {
  readonly hash = undefined;
  constructor(readonly pathname: string, readonly search: string, readonly query: Query, readonly raw: string) {}
}

function target(url: string, withQuery: boolean): Target {
  const q = url.indexOf('?');
  if (q < 0) return new Target(url, '', undefined, url);
  const search = url.slice(q);
  return new Target(url.slice(0, q), search, withQuery && search.length > 1 ? parseQuery(search.slice(1)) as Query : undefined, url);
}

/** What a middleware's error (thrown, rejected, or `next(err)`) is answered with. */
function errorAnswer(log: (line: string) => void): (err: string | IError, req: Request, res: ServerResponse) => void {
  return (err, req, res) => {
    const given = typeof err === 'object' && err !== null ? err.status : undefined;
    // Polka's convention: an error carrying a 4xx status is the middleware's deliberate answer.
    const status = typeof given === 'number' && Number.isInteger(given) && given >= 400 && given <= 499 ? given : 500;
    if (status === 500) log(`api-serve: middleware failed on ${req.method} ${req.url}: ${err instanceof Error ? err.stack : String(err)}`);
    if (res.headersSent) { res.destroy(); return; }
    const message = status !== 500 && typeof err === 'object' && err.message ? `: ${err.message}` : '';
    res.statusCode = status;
    res.setHeader('content-type', 'text/plain;charset=utf-8');
    res.end(`${STATUS_CODES[status] ?? 'Error'}${message}`);
  };
}

/**
 * A listener's Polka app around `surface` (on `server`, when there is one: `app.server` for a
 * `configure` hook), as the request listener node:http calls. The surface is the app's onNoMatch,
 * so with no middleware Polka's router has no route to test and runs one handler.
 */
export async function polkaListener(surface: Listener, setup: PolkaSetup & { readonly server?: Server; readonly log: (line: string) => void }): Promise<Listener> {
  const app = polka({ ...(setup.server ? { server: setup.server } : {}), onNoMatch: surface, onError: errorAnswer(setup.log) });
  const middleware = setup.middleware ?? [];
  for (const m of middleware) app.use(m);
  await setup.configure?.(app);
  const withQuery = middleware.length > 0 || setup.configure !== undefined;
  // The one typed boundary: Polka's handler is typed as a middleware (its `next` optional in fact:
  // without one it runs its own loop and error handling), and reads the request as a Request.
  const run = app.handler as unknown as (req: IncomingMessage & { _parsedUrl?: Target }, res: ServerResponse) => void;
  return (req, res) => {
    (req as IncomingMessage & { _parsedUrl?: Target })._parsedUrl = target(req.url ?? '/', withQuery);
    run(req, res);
  };
}
