// The MSW adapter: a surface's answers as Mock Service Worker request handlers, each request under a
// base URL answered through the fetch handler. The only module importing msw (an optional peer
// dependency): nothing else in api-serve loads it, so api-serve works where msw is not installed.
import { http, type HttpHandler } from 'msw';
import type { Implementation } from '../dsl/implement.js';
import { type FetchHandlerOptions, fetchHandler } from './fetch-handler.js';

export interface MswOptions extends FetchHandlerOptions {
  /**
   * Where the surface answers, as a server would (`https://api.test`, `http://localhost:8080/v1`):
   * every request under it is the surface's, a path in it a prefix the surface's paths follow.
   */
  readonly baseUrl: string;
}

export interface MswSurface {
  readonly surface: string;
  readonly notes: readonly string[];
  /** For `setupServer(...handlers)` / `setupWorker(...handlers)`, or `server.use(...handlers)`. */
  readonly handlers: readonly HttpHandler[];
  /** Closes what the surface opened (stores, pools). */
  close(): Promise<void>;
}

/** The base URL's origin and path prefix (without a trailing slash), or a clear error. */
function baseOf(text: string): { readonly origin: string; readonly prefix: string } {
  let url: URL;
  try { url = new URL(text); } catch { throw new Error(`mswHandlers: baseUrl "${text}" is not a URL (e.g. https://api.test)`); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`mswHandlers: baseUrl "${text}" is not http or https`);
  if (url.search !== '' || url.hash !== '') throw new Error(`mswHandlers: baseUrl "${text}" has a query or fragment; give an origin and an optional path`);
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

/**
 * Prepares `impl` (as `serve` does) and gives MSW handlers answering for it under `baseUrl`.
 * decided: one catch-all handler for everything under the base URL, not one per endpoint
 * (docs/fetch.md "MSW: one handler for the whole base URL"): the surface answers its own 404,
 * 405 and 400 as a server at that address would, and requests elsewhere stay MSW's to decide.
 */
export async function mswHandlers(impl: Implementation, options: MswOptions): Promise<MswSurface> {
  const { baseUrl, ...rest } = options;
  const { origin, prefix } = baseOf(baseUrl);
  const under = (url: URL) => url.origin === origin && (prefix === '' || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
  const handler = await fetchHandler(impl, rest);
  // A custom predicate, not a path pattern: MSW's patterns decode the path and would throw on an
  // escape that does not decode, which the surface answers with its own 400.
  const all = http.all(({ request }) => under(new URL(request.url)), ({ request }) => handler.handle(prefix === '' ? request : underPrefix(request, prefix)));
  return { surface: handler.surface, notes: handler.notes, handlers: [all], close: handler.close };
}

/** The request as the surface sees it: the base URL's path prefix taken off (`/v1/hello` is `/hello`). */
function underPrefix(request: Request, prefix: string): Request {
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(prefix.length) || '/';
  return new Request(url, {
    method: request.method, headers: request.headers, signal: request.signal,
    ...(request.body === null ? {} : { body: request.body, duplex: 'half' as const }),
  });
}
