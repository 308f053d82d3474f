// api-serve: describe an HTTP API once as data; serve it, document it, check it.
export * from './dsl/index.js';
export * from './codec/index.js';
export * from './server/index.js';
// What `api-serve import` writes besides the DSL index: cookies, a document's declared security,
// and media types by name. They join the DSL index once the comprehensive surface uses them.
export { cookie, type CookieConfig } from './dsl/cookie.js';
export {
  declaredSecurity, type SecurityScheme, type SecurityRequirement, type DeclaredSecurityPart, type DeclaredSecurityConfig, type PresentCredentials,
} from './dsl/declared-security.js';
export { mediaOf } from './codec/media-of.js';
