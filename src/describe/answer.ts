// What a request is answered with, as plain data (status, reason, headers, bytes), and how the
// protocol errors of the registry, error values and formatter replies become one.
import { ERRORS, type ErrorKind, type Refusal } from '../dsl/errors.js';
import type { FailedRequest, Formatters, ParseFailure } from '../dsl/formatters.js';
import { HttpError, reply, type Reply } from '../dsl/reply.js';

export type AnswerHeaders = Record<string, string | readonly string[]>;

export interface Answer {
  readonly status: number;
  /** A reason phrase for the status line, when an error value gives one. */
  readonly reason?: string;
  readonly headers: AnswerHeaders;
  readonly body?: string | Buffer;
}

/** A request stopped before its handler: which registered error, and the answer it gets. */
export interface Stopped {
  readonly kind: ErrorKind;
  readonly answer: Answer;
}

const PLAIN = 'text/plain;charset=utf-8';

/**
 * A header's name as sent (lower case), kept per name given: replies send the same few names
 * again and again, and a fresh lower-cased string per header per answer cost a string-table
 * lookup when it became a key. Bounded, since a handler may also make names up as it goes.
 */
const sentNames = new Map<string, string>();
export function headerKey(name: string): string {
  let key = sentNames.get(name);
  if (key === undefined) {
    key = name.toLowerCase();
    if (sentNames.size < 512) sentNames.set(name, key);
  }
  return key;
}

/** A header value nothing declares the type of, as sent: text (each item of a list as text). */
export const plainHeaderValue = (value: unknown): string | string[] => (Array.isArray(value) ? value.map(String) : String(value));

/** A protocol error of a registered kind with a plain-text message, as an error value. */
export function protocolError(kind: ErrorKind, message: string, headers: Readonly<Record<string, string | readonly string[]>> = {}): HttpError {
  const { status, reason } = ERRORS[kind];
  return new HttpError(status, message, { reason, headers: message === '' ? { ...headers } : { 'content-type': PLAIN, ...headers } });
}

/** The headers no extension added to an answer: one shared frozen empty object. */
export const NO_HEADERS: AnswerHeaders = Object.freeze({});

/**
 * A fresh, writable copy of an answer's extra headers. The shared empty one gets a new literal:
 * V8 spreads a frozen object by its slow path, and this runs for every answer.
 */
export const copyHeaders = (extra: AnswerHeaders): AnswerHeaders => (extra === NO_HEADERS ? {} : { ...extra });

/** An error value as an answer; a body without a declared type is sent as plain text. */
export function answerOfError(err: HttpError, extra: AnswerHeaders = NO_HEADERS): Answer {
  const headers = copyHeaders(extra);
  for (const k in err.headers) if (Object.hasOwn(err.headers, k)) headers[headerKey(k)] = err.headers[k]!;
  if (err.body.length > 0) headers['content-type'] ??= PLAIN;
  return { status: err.status, headers, body: err.body, ...(err.reason === '' ? {} : { reason: err.reason }) };
}

/** A formatter's reply: raw bytes as given, or a value as JSON. */
export function answerOfReply(r: Reply): Answer {
  const headers: AnswerHeaders = {};
  if (r.headers) {
    for (const name in r.headers) {
      const value = r.headers[name];
      if (value === undefined || !Object.hasOwn(r.headers, name)) continue;
      headers[headerKey(name)] = plainHeaderValue(value);
    }
  }
  const status = r.status ?? 200;
  if (r.raw !== undefined) return { status, headers, body: r.raw };
  if (r.body === undefined) return { status, headers };
  headers['content-type'] ??= 'application/json;charset=utf-8';
  return { status, headers, body: JSON.stringify(r.body) };
}

/** The 400 for a request target that names no resource here (`OPTIONS *`, an authority). */
export const notAPath = (target: string): HttpError =>
  protocolError('badUrl', `Bad Request: the request target ${JSON.stringify(target.slice(0, 100))} is not a path`);

/** A refusal of the registry as it is answered (plain text, its headers). */
export const refused = (r: Refusal): Stopped => ({ kind: r.kind, answer: answerOfError(protocolError(r.kind, r.message, r.headers)) });

const textReply = (status: number, message: string): Reply =>
  reply({ status, raw: message, headers: { 'content-type': PLAIN } });

/** The defaults: plain-text 400s carrying the decoder's message; a 404 naming the path. */
export const defaultFormatters: Formatters = {
  bodyParse: (f: ParseFailure) => textReply(400, f.message),
  urlParse: (f: ParseFailure) => textReply(400, f.message),
  headerParse: (f: ParseFailure) => textReply(400, f.message),
  notFound: (req: FailedRequest) => textReply(404, `Not found: ${req.method} ${req.path}`),
};

/**
 * decided: a request body framed by a transfer coding the server does not implement is refused
 * before routing, and the connection closed (docs/decisions.md "Protocol
 * corners"; RFC 9112 6.1 and 6.3): `chunked` alone is read; another coding before it is a 501; no
 * `chunked` at the end leaves the body without a knowable end, a 400.
 */
export function transferCodingRefusal(value: string | string[] | undefined): HttpError | undefined {
  if (value === undefined) return undefined;
  const text = Array.isArray(value) ? value.join(', ') : value;
  const codings = text.split(',').map((c) => c.trim().toLowerCase()).filter((c) => c !== '');
  const shown = JSON.stringify(text.slice(0, 100));
  const close = { connection: 'close' };
  if (codings[codings.length - 1] !== 'chunked') return protocolError('badFraming', `Bad Request: Transfer-Encoding ${shown} does not end in chunked, so the body has no knowable length`, close);
  if (codings.length > 1) return protocolError('notImplemented', `Not Implemented: Transfer-Encoding ${shown} (only chunked is understood)`, close);
  return undefined;
}

/** The 501 for `CONNECT`: this server tunnels nothing (the server writes it at the socket). */
export const connectRefusal = (): HttpError => protocolError('notImplemented', 'Not Implemented: CONNECT (this server is not a proxy)', { connection: 'close' });
