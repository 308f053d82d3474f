// The parts of a request an endpoint requires besides its path and body: required query
// parameters, headers and cookies, in the order the stages check them (query, then headers).
import type { EndpointInfo } from '../dsl/types.js';
import type { CookieConfig } from '../dsl/cookie.js';

export interface RequiredPart {
  readonly in: 'query' | 'header' | 'cookie';
  readonly name: string;
}

/** What a request to `e` must carry, in check order; empty when every parameter is optional. */
export function requiredParts(e: EndpointInfo): RequiredPart[] {
  return [
    ...e.query.flatMap((q): RequiredPart[] => (q.required === true ? [{ in: 'query', name: q.name }] : [])),
    ...e.headers.flatMap((h): RequiredPart[] => (h.required === true ? [{ in: 'header', name: h.name }] : [])),
    ...e.extensions.flatMap((x): RequiredPart[] => (x.ext.name === 'cookie' && (x.config as CookieConfig).required === true ? [{ in: 'cookie', name: (x.config as CookieConfig).name }] : [])),
  ];
}
