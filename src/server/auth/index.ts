// Authentication on the server: the `auth` extension and the pieces it is built from.
export { authExtension, DEFAULT_TOKEN_TTL } from './extension.js';
export { parseDuration } from './duration.js';
export { MIN_SECRET_BYTES, SECRET_ENV, SECRET_FILE, SecretError } from './secret.js';
export { JWT_COOKIE, XSRF_COOKIE } from './cookies.js';
