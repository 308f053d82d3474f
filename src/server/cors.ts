// CORS for browsers calling a served (or mocked) surface (`--cors [origins]`): preflights answered
// from the router's own Allow list, and every answer, 4xx included, marked for the allowed origins.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Router } from '../describe/router.js';

/** `*` (any origin) or the exact origins allowed. */
export type CorsOrigins = '*' | readonly string[];

/** The Allow-Origin value for a request's Origin, or undefined when it is not allowed. */
function allowedOrigin(origin: string | undefined, origins: CorsOrigins): string | undefined {
  if (origin === undefined) return undefined;
  if (origins === '*') return '*';
  return origins.includes(origin) ? origin : undefined;
}

/**
 * Wraps a listener. A preflight (OPTIONS with Access-Control-Request-Method) to a path the surface
 * has is a 204 naming the path's methods and echoing the requested headers; other requests go on,
 * with Allow-Origin set first so that whatever answers them (a handler, a 404, a 415) carries it.
 */
export function withCors(listener: (req: IncomingMessage, res: ServerResponse) => void, origins: CorsOrigins, router: Router, answered?: (req: IncomingMessage) => void) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const allow = allowedOrigin(req.headers.origin, origins);
    if (allow !== undefined) {
      res.setHeader('access-control-allow-origin', allow);
      if (allow !== '*') res.setHeader('vary', 'Origin');
      res.setHeader('access-control-expose-headers', '*');
    }
    const requested = req.headers['access-control-request-method'];
    if (req.method === 'OPTIONS' && requested !== undefined && allow !== undefined) {
      const path = (req.url ?? '/').split('?')[0]!;
      const route = router.route(String(requested).toUpperCase(), path);
      // A path the surface does not have gets no preflight blessing: the pipeline answers it (404).
      if (route.kind !== 'notFound' && route.kind !== 'badUrl') {
        const methods = route.kind === 'methodNotAllowed' ? route.allow : methodsOf(router, path);
        res.statusCode = 204;
        res.setHeader('access-control-allow-methods', methods.join(', '));
        const headers = req.headers['access-control-request-headers'];
        if (headers !== undefined) res.setHeader('access-control-allow-headers', String(headers));
        res.setHeader('access-control-max-age', '600');
        res.setHeader('content-length', '0');
        res.end();
        answered?.(req);
        return;
      }
    }
    listener(req, res);
  };
}

/** The methods a path answers: a method it does not have is answered 405 with the Allow list. */
function methodsOf(router: Router, path: string): readonly string[] {
  const r = router.route('\u0000', path);
  return r.kind === 'methodNotAllowed' ? r.allow : [];
}
