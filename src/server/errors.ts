// Protocol errors as one registry of named kinds, the order they are checked in, and the
// default formatters. Handler errors are `HttpError` values (dsl/reply.ts).
import type { FailedRequest, Formatters, ParseFailure } from '../dsl/formatters.js';
import { HttpError, reply, type Reply } from '../dsl/reply.js';

/**
 * Which error wins when a request is wrong in several ways, checked in this order (servant's
 * order, fixed by its tests): the cheap checks a client can fix without resending a body come
 * first, and the body is read last and only once. test/server/precedence.test.ts starts from a
 * request wrong in every way and fixes one fault at a time.
 */
export const ERROR_PRECEDENCE = [
  'route',        // 404 no route; 400 a capture that does not decode (before the method check)
  'method',       // 405 with Allow
  'auth',         // 401 with WWW-Authenticate
  'accept',       // 406
  'content-type', // 415 (and 413 for a body over the limit)
  'query',        // 400
  'header',       // 400
  'body',         // 400
  'handler',      // whatever the handler returns or throws; 500 when it crashes
] as const;

export type ErrorKind = keyof typeof ERRORS;

/** Every protocol error the server itself produces: stable code, status, reason phrase. */
export const ERRORS = {
  notFound: { code: 'NOT_FOUND', status: 404, reason: 'Not Found' },
  badUrl: { code: 'BAD_URL', status: 400, reason: 'Bad Request' },
  badCapture: { code: 'BAD_CAPTURE', status: 400, reason: 'Bad Request' },
  methodNotAllowed: { code: 'METHOD_NOT_ALLOWED', status: 405, reason: 'Method Not Allowed' },
  unauthorized: { code: 'UNAUTHORIZED', status: 401, reason: 'Unauthorized' },
  notAcceptable: { code: 'NOT_ACCEPTABLE', status: 406, reason: 'Not Acceptable' },
  unsupportedMediaType: { code: 'UNSUPPORTED_MEDIA_TYPE', status: 415, reason: 'Unsupported Media Type' },
  payloadTooLarge: { code: 'PAYLOAD_TOO_LARGE', status: 413, reason: 'Payload Too Large' },
  badQuery: { code: 'BAD_QUERY', status: 400, reason: 'Bad Request' },
  badHeader: { code: 'BAD_HEADER', status: 400, reason: 'Bad Request' },
  badBody: { code: 'BAD_BODY', status: 400, reason: 'Bad Request' },
  internal: { code: 'INTERNAL', status: 500, reason: 'Internal Server Error' },
} as const;

/** A protocol error of a registered kind with a plain-text message. */
export function protocolError(kind: ErrorKind, message: string, headers: Record<string, string> = {}): HttpError {
  const { status, reason } = ERRORS[kind];
  return new HttpError(status, message, { reason, headers: { 'content-type': 'text/plain;charset=utf-8', ...headers } });
}

const textReply = (status: number, message: string): Reply =>
  reply({ status, raw: message, headers: { 'content-type': 'text/plain;charset=utf-8' } });

/** The defaults: plain-text 400s carrying the decoder's message; a 404 naming the path. */
export const defaultFormatters: Formatters = {
  bodyParse: (f: ParseFailure) => textReply(400, f.message),
  urlParse: (f: ParseFailure) => textReply(400, f.message),
  headerParse: (f: ParseFailure) => textReply(400, f.message),
  notFound: (req: FailedRequest) => textReply(404, `Not found: ${req.method} ${req.path}`),
};
