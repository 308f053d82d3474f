// The server interpreter's public face.
export { serve, prepare, DEFAULT_MAX_BODY, type ServeOptions, type Served, type Prepared } from './serve.js';
export { DEFAULT_TIMEOUTS, type Timeouts } from './connection.js';
export { STAGES, ERRORS, type ErrorKind, type Stage } from '../dsl/errors.js';
export { protocolError, defaultFormatters } from '../describe/answer.js';
export { type ExtensionFactory, type ExtensionRuntime } from './extensions.js';
export { injector, type Injector, type InjectedRequest, type InjectedResponse } from './inject.js';
