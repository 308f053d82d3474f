// What handlers return besides plain values: replies with status/headers, and error values.

/** A reply header's value: rendered by its declared codec, else as text (a list repeats the header). */
export type HeaderValue = string | number | boolean | readonly string[] | undefined;
export type HeaderValues = Readonly<Record<string, HeaderValue>>;

const REPLY = Symbol.for('api-serve.reply');

/**
 * A response as a value: status, headers and a body (a value to encode, or raw text/bytes).
 * `S` is the status (`undefined`: the endpoint's success status); a handler's typed outcome admits
 * a reply only for a declared status, with that status's body and header types.
 */
export interface Reply<T = unknown, S extends number | undefined = number | undefined, H = HeaderValues> {
  readonly [REPLY]: true;
  readonly status: S;
  readonly headers?: H;
  /** A value encoded by the negotiated media codec. */
  readonly body?: T;
  /** Bytes sent as they are, with `headers` giving their Content-Type. */
  readonly raw?: string | Buffer;
  /** A file the server's static-file handler answers (see `sendFile`). */
  readonly file?: FileRef;
}

/** A file below a directory: `path` is the decoded segments under `root` (from a `rest` capture). */
export interface FileRef {
  readonly root: string;
  readonly path: readonly string[];
}

// The result types say NoInfer: a reply's types come from its arguments only, never from the
// handler's declared outcome, so `reply(404)` is a reply without a body even where 404 has one.
/** `reply(404)`: a declared status without a body. */
export function reply<const S extends number>(status: S): Reply<undefined, S, {}>;
/** `reply(404, body, headers?)`: a declared status, its body and headers. */
export function reply<const S extends number, B, H extends HeaderValues = {}>(status: S, body: B, headers?: H): Reply<NoInfer<B>, S, NoInfer<H>>;
/** `reply({ status, raw, headers })`: bytes sent as they are (no encoding, no body type). */
export function reply<const S extends number | undefined = undefined, H extends HeaderValues = {}>(r: { readonly status?: S; readonly raw: string | Buffer; readonly headers?: H }): Reply<never, NoInfer<S>, NoInfer<H>>;
/** `reply({ status, body, headers })`; without a status, the endpoint's success status. */
export function reply<const S extends number | undefined = undefined, B = undefined, H extends HeaderValues = {}>(r: { readonly status?: S; readonly body?: B; readonly headers?: H }): Reply<NoInfer<B>, NoInfer<S>, NoInfer<H>>;
export function reply(first: number | ReplyInit, body?: unknown, headers?: HeaderValues): Reply {
  if (typeof first !== 'number') return { [REPLY]: true, status: first.status, ...first };
  return { [REPLY]: true, status: first, body, ...(headers === undefined ? {} : { headers }) };
}

/** The object form's fields, as the implementation reads them. */
interface ReplyInit {
  readonly status?: number;
  readonly headers?: HeaderValues;
  readonly body?: unknown;
  readonly raw?: string | Buffer;
}

/**
 * Answers with a file under `root` (content type by extension, ETag and 304, byte ranges). The
 * server refuses, with a 404, any path that is not a regular file inside `root`: `..`, absolute
 * or empty segments, dot-files, and symlinks that lead outside.
 */
export function sendFile(root: string, path: readonly string[], headers?: HeaderValues): Reply<never, undefined> {
  return { [REPLY]: true, status: undefined, file: { root, path }, ...(headers === undefined ? {} : { headers }) };
}

export const isReply = (v: unknown): v is Reply => typeof v === 'object' && v !== null && (v as Record<symbol, unknown>)[REPLY] === true;

/** An error any handler can return or throw: status, reason phrase, body and headers. */
export class HttpError extends Error {
  readonly status: number;
  readonly reason: string;
  readonly body: string | Buffer;
  readonly headers: Readonly<Record<string, string | readonly string[]>>;
  /**
   * The value `HttpError.json` was given: where the endpoint declares content for the status, the
   * server encodes it with that codec (a value the codec refuses is a logged 500), as a returned
   * `reply(status, value)` is. decided: docs/errors.md "Errors a handler throws".
   */
  declare readonly value?: unknown;

  constructor(status: number, body: string | Buffer = '', options: { reason?: string; headers?: Record<string, string | readonly string[]> } = {}) {
    super(typeof body === 'string' && body !== '' ? body : `HTTP ${status}`);
    this.status = status;
    this.reason = options.reason ?? '';
    this.body = body;
    this.headers = options.headers ?? {};
  }

  /** A plain-text error: `HttpError.text(400, 'userId is too small')`. */
  static text(status: number, message: string, headers: Record<string, string> = {}): HttpError {
    return new HttpError(status, message, { headers: { 'content-type': 'text/plain;charset=utf-8', ...headers } });
  }

  /** A JSON error body: `HttpError.json(404, 'Person with ID not found.')`. */
  static json(status: number, value: unknown, headers: Record<string, string> = {}): HttpError {
    const err = new HttpError(status, JSON.stringify(value), { headers: { 'content-type': 'application/json;charset=utf-8', ...headers } });
    Object.defineProperty(err, 'value', { value, enumerable: true });
    return err;
  }
}
