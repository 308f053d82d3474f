// The request half of the fetch handler: a WHATWG Request as the options of a simulated Node request
// (light-my-request's), with the target, headers and body framing a fetch client sends over HTTP.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { InjectOptions } from '../server/inject.js';

/** A Request made ready for the simulated listener. */
export interface SimulatedRequest {
  /** Path and query as a fetch client puts them on the wire (the URL already parsed by `Request`). */
  readonly target: string;
  readonly options: InjectOptions;
  /** The body, read as the pipeline asks for it (up to --max-body); undefined when there is none. */
  readonly body: Readable | undefined;
  /** Whether the Request named a User-Agent (light-my-request adds its own where none is). */
  readonly namesUserAgent: boolean;
}

/**
 * A Request's method, target, headers and body. The body is handed on as a stream, never read whole
 * here: the pipeline reads it up to its limit and answers 413 past it, as over HTTP, so a large or
 * endless body costs no more memory than the limit.
 */
export function simulatedRequest(request: Request): SimulatedRequest {
  const url = new URL(request.url);
  // The fragment is never sent; the path and query are as `new URL` normalised them, which is
  // what fetch sends a server too.
  const target = `${url.pathname}${url.search}`;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => { headers[name] = value; });
  // As a client puts them: the Host of the URL, and a body without a declared length is chunked
  // (a body parser in a user's middleware tells a request with a body by these).
  // decided: no User-Agent is made up (docs/fetch.md "What differs from a server").
  headers.host ??= url.host;
  const body = request.body === null ? undefined : Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
  if (body !== undefined && headers['content-length'] === undefined) headers['transfer-encoding'] = 'chunked';
  return {
    target,
    body,
    namesUserAgent: headers['user-agent'] !== undefined,
    options: {
      // light-my-request's type lists the common methods only; any token is sent as it is.
      method: request.method as InjectOptions['method'],
      url: target,
      headers,
      ...(body === undefined ? {} : { payload: body }),
      payloadAsStream: true,
    },
  };
}
