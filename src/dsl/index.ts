// The DSL: describe a surface as data, then implement its handlers.
export * from './combinators.js';
export { segment } from './segment.js';
export {
  auth, basicAuth, bearerAuth, authExtension, challenges, unauthorized, AuthenticatedUserCodec,
  type UserDirectory, type AuthConfig, type AuthenticatedUser, type AuthPart, type AuthScheme, type AuthClaim, type BearerProblem,
} from './auth.js';
// cookie.ts and declared-security.ts are parts the OpenAPI importer builds; they join this public
// index (and the comprehensive surface) with `api-serve import`, which writes sources using them.
export type { ExtensionDescriptor, ExtensionRead, ExtensionClaim, ExtensionOption, DocFacet, RequestHeaders } from './extension.js';
export { STAGES, ERRORS, type ErrorKind, type ErrorEntry, type Stage, type Refusal } from './errors.js';
export {
  range, rangeFields, rangeExtension, RANGE_FORMAT, paginate, parseRange, formatRange, defaultRange, uriEncode, RANGE_HEADERS, RANGE_DEFAULTS,
  type RangeConfig, type RangeFields, type RangeFieldDecl, type RangeOf, type RangeField, type RangeFieldType, type RangeOrder,
  type RangeRequest, type Page, type PageHeaders,
} from './range.js';
export type * from './types.js';
export type { ExampleRequest, SetupRequest, ResponseExample } from './example.js';
export type { InputOf, HandlersOf, Handler, Outcome } from './infer.js';
export { implement, type Implementation, type ServeEnv, type HandlerContext } from './implement.js';
export { reply, isReply, HttpError, sendFile, type Reply, type FileRef } from './reply.js';
export { walk, pathOf } from './walk.js';
export { checkSurface } from './check-surface.js';
export { SurfaceError } from './surface-error.js';
export type { Formatters, FailedRequest, ParseFailure } from './formatters.js';
