// The server interpreter's public face.
export { serve, DEFAULT_MAX_BODY, type ServeOptions, type Served } from './serve.js';
export { STAGES, ERRORS, type ErrorKind, type Stage } from '../dsl/errors.js';
export { protocolError, defaultFormatters } from '../describe/answer.js';
export { type ExtensionFactory, type ExtensionRuntime } from './extensions.js';
