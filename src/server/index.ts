// The server interpreter's public face.
export { serve, DEFAULT_MAX_BODY, type ServeOptions, type Served } from './serve.js';
export { ERROR_PRECEDENCE, ERRORS, protocolError, defaultFormatters } from './errors.js';
export { type ExtensionFactory, type ExtensionRuntime, type ExtensionOutcome } from './extensions.js';
