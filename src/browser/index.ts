// api-serve/browser: what a browser app (or a service worker, an edge runtime) takes from api-serve,
// with nothing from Node and none of the server's listener: the DSL builders and codecs a surface
// module is written with (`api-serve` without the server), the typed client, and the web fetch
// handler. decided: one entry for all three (docs/client.md "The browser entry").
export * from '../dsl/index.js';
export * from '../codec/index.js';
export { cookie, type CookieConfig } from '../dsl/cookie.js';
export {
  declaredSecurity, type SecurityScheme, type SecurityRequirement, type DeclaredSecurityPart, type DeclaredSecurityConfig, type PresentCredentials,
} from '../dsl/declared-security.js';
export { mediaOf } from '../codec/media-of.js';
export * from '../client/index.js';
export { webFetchHandler, type WebFetchHandlerOptions } from '../fetch/web-handler.js';
export type { FetchHandler } from '../fetch/handler.js';
// What a surface module may use from the server's entry that is not the server's (node-free).
export { protocolError, defaultFormatters } from '../describe/answer.js';
