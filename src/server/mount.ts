// A surface as a `(req, res, next)` handler to mount in an existing Polka, Express or Connect app:
// it answers every request to a path its router knows (a 405 with Allow and a 400 included, in the
// surface's own precedence) and hands a path it does not know on with `next()`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Implementation } from '../dsl/implement.js';
import { type Router, originForm } from '../describe/router.js';
import type { ServeOptions } from './serve.js';
import { build, observingOf } from './build-surface.js';
import { guarded, listener } from './transport.js';

/**
 * Whether the router knows a path with an escape that does not decode (`/position/%zz/1`): such a
 * segment stands for any capture value, so a path of the surface gets its own 400, and any other
 * path (a bad escape in a static segment too) is the app's.
 */
function knowsMalformed(router: Router, method: string, path: string): boolean {
  const q = path.indexOf('?');
  const bad = new Set<string>();
  const segments = (q < 0 ? path : path.slice(0, q)).slice(1).split('/').map((s) => {
    try { return decodeURIComponent(s); } catch { bad.add(s); return s; }
  });
  return router.match(method, segments, { placeholder: (s) => bad.has(s) }).kind !== 'notFound';
}

/** The app's next handler; the surface calls it with nothing (it answers its own errors). */
export type Next = () => void;

/**
 * What a mounted surface takes of `serve`'s options. The host app owns the listener, so there is
 * no port, TLS, timeouts, middleware, or api-serve's own routes (CORS, journal, docs, reset).
 */
export type MountOptions = Pick<ServeOptions, 'dataDir' | 'maxBody' | 'options' | 'log' | 'onExchange' | 'runtimes' | 'users'>;

/** The handler, with the surface's name, the notes it announced, and the closer of what it opened. */
export interface MountedSurface {
  (req: IncomingMessage, res: ServerResponse, next: Next): void;
  readonly surface: string;
  readonly notes: readonly string[];
  close(): Promise<void>;
}

/**
 * Builds `impl` (as `serve` does) into a handler for `app.use(...)`. It routes `req.url` as the
 * app hands it over, so under `app.use('/api', h)` (Express and Polka strip the prefix) `/api/hello`
 * is the surface's `/hello`. decided (docs/serving.md "Polka: middleware and mounting"): a path
 * the router does not know at all goes to `next()`; a known path with a wrong method is the
 * surface's 405, and one with a capture that does not decode its 400. It reads bodies itself, up
 * to `maxBody` (413 past it): mount it before any body parser, which would leave it nothing to
 * read (a logged 500 says so).
 */
export async function mountable(impl: Implementation, options: MountOptions = {}): Promise<MountedSurface> {
  const { cs, notes, close } = await build(impl, options);
  let answer: (req: IncomingMessage, res: ServerResponse) => void;
  try {
    answer = guarded(listener(cs, await observingOf([options.onExchange])));
  } catch (err) {
    await close();
    throw err;
  }
  const handle = (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    const method = req.method ?? 'GET';
    const path = originForm(req.url ?? '/');
    const route = path === undefined ? undefined : cs.router.route(method, path);
    if (route === undefined || route.kind === 'notFound' || (route.kind === 'badUrl' && !knowsMalformed(cs.router, method, path!))) { next(); return; }
    answer(req, res);
  };
  return Object.assign(handle, { surface: impl.surface.name, notes, close });
}
