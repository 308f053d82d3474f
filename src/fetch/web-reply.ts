// What the pipeline answers (an OutReply) as a WHATWG Response, written as the server's transport
// writes it (server/transport.ts): Content-Length on bytes, none of the connection's own fields,
// no body for HEAD, 204 and 304, a streamed reply delivered item by item.
import type { OutReply } from '../server/request.js';
import { REASON_PHRASES } from '../describe/reason-phrases.js';

/** Hop-by-hop fields (RFC 9110 section 7.6.1) describe a connection, and there is none. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'upgrade']);

/** Statuses a Response may not carry a body with (the Fetch standard's null body statuses). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

const encoder = new TextEncoder();

/** How many items of a streamed reply are written before the reader takes them. */
const AHEAD = 16;

/** A reason phrase a Response can carry (the status line's own characters). */
const REASON = /^[\t\x20-\x7e]*$/;

function headersOf(out: OutReply): Headers {
  const headers = new Headers();
  for (const name in out.headers) {
    if (HOP_BY_HOP.has(name)) continue;
    const value = out.headers[name]!;
    if (typeof value === 'string') headers.append(name, value);
    else for (const v of value) headers.append(name, v);
  }
  // As node:http writes one on every answer.
  if (!headers.has('date')) headers.set('date', new Date().toUTCString());
  return headers;
}

/**
 * A streamed reply as a ReadableStream: one chunk per item as the handler yields it. The items are
 * written ahead of the reader, as the server writes ahead of its client until the socket's buffer
 * fills (here: AHEAD items), so a handler waiting between items waits while the one before is
 * read. Cancelling the body is a client going away: the handler's iterator is returned and
 * `onCancel` aborts its signal.
 */
function streamOf(items: AsyncIterable<string | Uint8Array>, onCancel: () => void, log: (line: string) => void): ReadableStream<Uint8Array> {
  const it = items[Symbol.asyncIterator]();
  let gone = false;
  let wake: (() => void) | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      void (async () => {
        try {
          for (;;) {
            const { value, done } = await it.next();
            if (gone) return;
            if (done) { controller.close(); return; }
            controller.enqueue(typeof value === 'string' ? encoder.encode(value) : value);
            if ((controller.desiredSize ?? 0) <= 0) await new Promise<void>((resume) => { wake = resume; });
            if (gone) return;
          }
        } catch (err) {
          if (gone) return;
          // The head is gone already: the body is cut short, and the log says why (as the server's).
          log(`api-serve: a stream failed midway: ${(err as Error)?.message ?? String(err)}`);
          controller.error(err);
        }
      })();
    },
    pull() {
      wake?.();
      wake = undefined;
    },
    async cancel() {
      gone = true;
      wake?.();
      onCancel();
      await it.return?.();
    },
  }, { highWaterMark: AHEAD });
}

/** The 500 for a reply only the Node server can write. */
function nodeOnly(what: string, log: (line: string) => void): Response {
  log(`api-serve: ${what} needs the Node server (api-serve/fetch's fetchHandler or serve); answered 500`);
  return new Response(`Internal Server Error: ${what} needs the Node server`, { status: 500, statusText: 'Internal Server Error', headers: { 'content-type': 'text/plain;charset=utf-8', date: new Date().toUTCString() } });
}

/** The Response for one OutReply; `head` drops the body (its Content-Length stays, as over HTTP). */
export function webReply(out: OutReply, head: boolean, onCancel: () => void, log: (line: string) => void): Response {
  if (out.file) return nodeOnly(`a file reply (sendFile ${JSON.stringify(out.file.path.join('/'))})`, log);
  const headers = headersOf(out);
  const init: ResponseInit = { status: out.status, statusText: out.reason !== undefined && REASON.test(out.reason) ? out.reason : REASON_PHRASES[out.status] ?? '', headers };
  if (NULL_BODY.has(out.status)) return new Response(null, init);
  if (out.stream) return new Response(head ? null : streamOf(out.stream, onCancel, log), init);
  const bytes = out.body === undefined ? undefined : typeof out.body === 'string' ? encoder.encode(out.body) : out.body;
  headers.set('content-length', String(bytes?.byteLength ?? 0));
  return new Response(head || bytes === undefined || bytes.byteLength === 0 ? null : bytes, init);
}
