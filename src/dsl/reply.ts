// What handlers return besides plain values: replies with status/headers, and error values.

export type HeaderValues = Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>;

const REPLY = Symbol.for('api-serve.reply');

/** A response as a value: status, headers and a body (a value to encode, or raw text/bytes). */
export interface Reply<T = unknown> {
  readonly [REPLY]: true;
  readonly status?: number;
  readonly headers?: HeaderValues;
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

export function reply<T>(r: { status?: number; headers?: HeaderValues; body?: T; raw?: string | Buffer }): Reply<T> {
  return { [REPLY]: true, ...r };
}

/**
 * Answers with a file under `root` (content type by extension, ETag and 304, byte ranges). The
 * server refuses, with a 404, any path that is not a regular file inside `root`: `..`, absolute
 * or empty segments, dot-files, and symlinks that lead outside.
 */
export function sendFile(root: string, path: readonly string[], headers?: HeaderValues): Reply<never> {
  return { [REPLY]: true, file: { root, path }, ...(headers === undefined ? {} : { headers }) };
}

export const isReply = (v: unknown): v is Reply => typeof v === 'object' && v !== null && (v as Record<symbol, unknown>)[REPLY] === true;

/** An error any handler can return or throw: status, reason phrase, body and headers. */
export class HttpError extends Error {
  readonly status: number;
  readonly reason: string;
  readonly body: string | Buffer;
  readonly headers: Readonly<Record<string, string | readonly string[]>>;

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
    return new HttpError(status, JSON.stringify(value), { headers: { 'content-type': 'application/json;charset=utf-8', ...headers } });
  }
}
