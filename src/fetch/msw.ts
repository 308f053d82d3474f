// The MSW adapter: a surface's answers as Mock Service Worker request handlers, each request under a
// base URL answered by a fetch handler (the Node one, or the web one in a browser). The only module
// importing msw (an optional peer dependency): nothing else in api-serve loads it, so api-serve
// works where msw is not installed.
import { http, type HttpHandler } from 'msw';
import type { FetchHandler } from './handler.js';

export interface MswSurface {
  readonly surface: string;
  readonly notes: readonly string[];
  /** For `setupServer(...handlers)` / `setupWorker(...handlers)`, or `server.use(...handlers)`. */
  readonly handlers: readonly HttpHandler[];
  /** Closes what the surface opened (stores, pools). */
  close(): Promise<void>;
}

/** The base URL's origin and path prefix (without a trailing slash), or a clear error. */
export function mswBaseOf(text: string): { readonly origin: string; readonly prefix: string } {
  let url: URL;
  try { url = new URL(text); } catch { throw new Error(`mswHandlers: baseUrl "${text}" is not a URL (e.g. https://api.test)`); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`mswHandlers: baseUrl "${text}" is not http or https`);
  if (url.search !== '' || url.hash !== '') throw new Error(`mswHandlers: baseUrl "${text}" has a query or fragment; give an origin and an optional path`);
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

/**
 * MSW handlers answering everything under `base` through `handler`.
 * decided: one catch-all handler for everything under the base URL, not one per endpoint
 * (docs/fetch.md "MSW: one handler for the whole base URL"): the surface answers its own 404,
 * 405 and 400 as a server at that address would, and requests elsewhere stay MSW's to decide.
 */
export function mswAnswering(handler: FetchHandler, base: { readonly origin: string; readonly prefix: string }): MswSurface {
  const { origin, prefix } = base;
  const under = (url: URL) => url.origin === origin && (prefix === '' || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
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
