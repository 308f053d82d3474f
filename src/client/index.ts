// api-serve/client: a typed client of a surface, with no generated code. Nothing here imports
// Node's modules or the server's, so it runs in Node 20+ and in browsers (docs/client.md).
export { client, DEFAULT_TIMEOUT, DEFAULT_MAX_RESPONSE_BODY, type ClientOptions } from './client.js';
export type { ClientOf, ClientInputOf, Answer, AnswerHeaders, Nonconforming, CallOptions } from './signature.js';
export type { ClientCredentials } from './credentials.js';
export type { RetryOption, RetryPolicy } from './retry.js';
export { ClientError, ClientRefusal, ConformanceError, ClientAbortError, ResponseTooLargeError, NetworkError, InputError } from './errors.js';
