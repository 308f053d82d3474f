// The server interpreter's public face.
export { serve, prepare, type ServeOptions, type Served, type Prepared } from './serve.js';
export { DEFAULT_MAX_BODY } from './build-surface.js';
export { mountable, type MountOptions, type MountedSurface, type Next } from './mount.js';
export type { Middleware, PolkaApp } from './polka.js';
export { DEFAULT_TIMEOUTS, type Timeouts } from './connection.js';
export { STAGES, ERRORS, type ErrorKind, type Stage } from '../dsl/errors.js';
export { protocolError, defaultFormatters } from '../describe/answer.js';
export { type ExtensionFactory, type ExtensionRuntime } from './extensions.js';
export { injector, type Injector, type InjectedRequest, type InjectedResponse } from './inject.js';
