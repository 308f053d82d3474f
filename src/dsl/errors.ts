// The one registry of protocol errors and the order they are checked in. The server's pipeline is
// built from STAGES, the predictor walks the same list, and the docs and docs/errors.md read ERRORS.

/**
 * The checks a request goes through, in this order (servant's, fixed by its tests): the cheap
 * checks a client can fix without resending a body come first, and the body is read last and
 * only once. The first failing check decides the answer.
 */
export const STAGES = ['route', 'method', 'auth', 'accept', 'content-type', 'body-size', 'query', 'header', 'body', 'handler'] as const;
export type Stage = (typeof STAGES)[number];

export interface ErrorEntry {
  readonly status: number;
  readonly reason: string;
  /** The stage that answers it. */
  readonly stage: Stage;
  /** What is wrong with the request, as the error table in docs/errors.md says it. */
  readonly check: string;
  /** What the answer carries besides the status (`Allow`, `WWW-Authenticate`). */
  readonly headers?: string;
  /** The default plain-text body, as an example (a surface's formatter may replace it). */
  readonly example: string;
  /** For the docs: when an endpoint can answer it, and why. */
  readonly doc: string;
}

/** Every protocol error the server itself produces, in check order. */
export const ERRORS = {
  badFraming: {
    status: 400, reason: 'Bad Request', stage: 'route', check: 'a `Transfer-Encoding` that does not end in `chunked` (the body has no knowable end); the connection is closed',
    example: '`Bad Request: Transfer-Encoding "gzip" does not end in chunked, so the body has no knowable length`',
    doc: 'The request body is framed so that its end cannot be found (RFC 9112, section 6.3).',
  },
  notImplemented: {
    status: 501, reason: 'Not Implemented', stage: 'route', check: '`CONNECT`, or a transfer coding besides `chunked` (`Transfer-Encoding: gzip, chunked`); the connection is closed',
    example: '`Not Implemented: Transfer-Encoding "gzip, chunked" (only chunked is understood)`',
    doc: 'The request needs something this server does not implement: a tunnel (`CONNECT`) or a transfer coding besides chunked.',
  },
  notFound: {
    status: 404, reason: 'Not Found', stage: 'route', check: 'no route', example: '`Not found: GET /nope`',
    doc: 'No endpoint has this path.',
  },
  badUrl: {
    status: 400, reason: 'Bad Request', stage: 'route', check: 'a path with a malformed `%` escape, or a request target that is not a path (`OPTIONS *`)',
    example: '`Error parsing path failed: malformed percent-encoding in "/a%zz"`',
    doc: 'The request target is not a well-formed path.',
  },
  badCapture: {
    status: 400, reason: 'Bad Request', stage: 'route', check: 'a capture that does not decode (checked before the method)',
    example: '`Error parsing capture x failed: "abc" is not an integer`',
    doc: 'A path variable does not decode as its type; the body names it and the reason.',
  },
  methodNotAllowed: {
    status: 405, reason: 'Method Not Allowed', stage: 'method', check: 'path exists, method does not', headers: 'Allow',
    example: '`Method PUT not allowed on /hello (allowed: GET, HEAD)`',
    doc: 'The path exists, the method does not; `Allow` lists the methods it answers (HEAD wherever GET).',
  },
  unauthorized: {
    status: 401, reason: 'Unauthorized', stage: 'auth', check: 'authentication', headers: 'WWW-Authenticate', example: 'empty; the challenge names each accepted scheme and the realm',
    doc: 'Credentials are missing or wrong; `WWW-Authenticate` names the scheme and realm.',
  },
  overloaded: {
    status: 503, reason: 'Service Unavailable', stage: 'auth', check: 'Basic credentials while `--hash-queue` password checks already wait', headers: 'Retry-After',
    example: '`Service Unavailable: too many password checks in progress; retry in 1 s`',
    doc: 'Too many Basic logins are being checked at once; `Retry-After` says when to try again (a bearer token is never held up).',
  },
  notAcceptable: {
    status: 406, reason: 'Not Acceptable', stage: 'accept', check: '`Accept` not satisfiable',
    example: '`Not Acceptable: GET /hello answers application/json`',
    doc: 'The `Accept` header admits none of the response media types.',
  },
  unsupportedMediaType: {
    status: 415, reason: 'Unsupported Media Type', stage: 'content-type',
    check: '`Content-Type` not declared by the body (missing counts as `application/octet-stream`), a charset other than UTF-8, or a `Content-Encoding` (gzip...)',
    example: '`Unsupported Media Type: ...`',
    doc: 'The `Content-Type` is none of the body media types (a missing one counts as `application/octet-stream`), or names a charset other than UTF-8 or a content coding.',
  },
  payloadTooLarge: {
    status: 413, reason: 'Payload Too Large', stage: 'body-size', check: 'body over `--max-body`', example: '`Payload Too Large: ...`',
    doc: 'The request body is larger than the server accepts (`api-serve --max-body`, 1 MiB by default).',
  },
  badQuery: {
    status: 400, reason: 'Bad Request', stage: 'query', check: 'query parameter',
    example: '`Error parsing query parameter y failed: "abc" is not an integer`',
    doc: 'A query parameter does not decode as its type; the body names it and the reason.',
  },
  badHeader: {
    status: 400, reason: 'Bad Request', stage: 'header', check: 'header', example: '`Error parsing header X failed: ...`',
    doc: 'A request header does not decode as its type; the body names it and the reason.',
  },
  badBody: {
    status: 400, reason: 'Bad Request', stage: 'body', check: 'body',
    example: '`Error in $.clientAge: expected integer, got string "26"` (JSON), `Duplicate key "clientName"` (form)',
    doc: 'The request body does not decode as its type (or was cut short); the body names where and why.',
  },
  internal: {
    status: 500, reason: 'Internal Server Error', stage: 'handler', check: 'handler',
    example: 'a crash, or a reply the endpoint does not declare, is a 500 with a generic body and a log line; the server keeps serving',
    doc: 'The handler failed, or answered something its endpoint does not declare; the server log names the endpoint.',
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorKind = keyof typeof ERRORS;

/** A request refused at some stage: the kind, its plain-text message and extra headers. */
export interface Refusal {
  readonly kind: ErrorKind;
  readonly message: string;
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
}
