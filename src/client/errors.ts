// What a client call can fail with, as typed errors a caller tells apart with `instanceof` (or
// `name`): refused before sending, an answer the surface does not declare, cut off, too big.

/** Every error a client call throws; `name` says which. */
export class ClientError extends Error {
  override readonly name: string = 'ClientError';
}

/**
 * A request the server refuses for protocol reasons (400 naming the part, 401, 406, 415...), with
 * the status and message the server gives. `local`: judged by the predictor, nothing was sent;
 * otherwise the server answered it (a wrong password, a busy password check).
 */
export class ClientRefusal extends ClientError {
  override readonly name = 'ClientRefusal';
  constructor(
    readonly status: number,
    message: string,
    /** The registry's name of the error (`badQuery`, `unsupportedMediaType`...), see docs/errors.md. */
    readonly kind: string,
    readonly headers: Readonly<Record<string, string | readonly string[]>>,
    readonly local: boolean,
  ) {
    super(message === '' ? `${status} ${kind}` : message);
  }
}

/**
 * An answer the endpoint does not declare: an undeclared status, a Content-Type it does not
 * name, a body or header its codec refuses. `issues` says each, `body` is what came (decoded
 * when it could be, else its text).
 */
export class ConformanceError extends ClientError {
  override readonly name = 'ConformanceError';
  constructor(readonly endpoint: string, readonly status: number, readonly issues: readonly string[], readonly body: unknown) {
    super(`${endpoint}: the answer (${status}) does not conform: ${issues.join('; ')}`);
  }
}

/** The call was aborted by its signal, or its `timeout` ran out (`timedOut`) before the answer was read. */
export class ClientAbortError extends ClientError {
  override readonly name = 'ClientAbortError';
  constructor(readonly endpoint: string, readonly timedOut: boolean, readonly after?: number) {
    super(timedOut ? `${endpoint}: no complete answer within ${after} ms` : `${endpoint}: aborted`);
  }
}

/** The answer's body passed `maxResponseBody`: reading stopped there, nothing was decoded. */
export class ResponseTooLargeError extends ClientError {
  override readonly name = 'ResponseTooLargeError';
  constructor(readonly endpoint: string, readonly status: number, readonly limit: number) {
    super(`${endpoint}: the answer's body (${status}) is larger than ${limit} bytes (maxResponseBody)`);
  }
}

/** No answer at all: the connection was refused or broken (fetch's own failure is the `cause`). */
export class NetworkError extends ClientError {
  override readonly name = 'NetworkError';
  constructor(readonly endpoint: string, cause: unknown) {
    super(`${endpoint}: no answer: ${cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : String(cause)}`, { cause });
  }
}

/** An input no request can carry (a capture left out, a value its codec cannot write): nothing was sent. */
export class InputError extends ClientError {
  override readonly name = 'InputError';
}
