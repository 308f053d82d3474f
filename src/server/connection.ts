// The connection under the requests: server timeouts, what a socket is told when its bytes are not
// HTTP the server can serve (CONNECT, a parse error, a timeout), and closing without a TCP reset.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { connectRefusal } from '../describe/answer.js';

/** How long a client may take, in milliseconds (`--headers-timeout` and the two others). */
export interface Timeouts {
  /** From the connection (or the previous response) to the end of the request head. */
  readonly headers: number;
  /** From the start of a request to the end of its body. */
  readonly request: number;
  /** How long an idle keep-alive connection is kept open. */
  readonly keepAlive: number;
}

/**
 * decided: 10 s for the head, 30 s for the whole request, 5 s idle between requests (docs/decisions.md
 * "Timeouts"): a 1 MiB body (the default `--max-body`) needs
 * only about 280 kbit/s to arrive in time, and a slow-loris socket is dropped within seconds.
 */
export const DEFAULT_TIMEOUTS: Timeouts = { headers: 10_000, request: 30_000, keepAlive: 5_000 };

/**
 * The timeouts to serve with: the defaults for those not given, but a request timeout shorter than
 * the head's default lowers the head's with it (the head is part of the request, and Node refuses a
 * head timeout longer than the request's). A head timeout given stays as given, and is checked.
 */
export function timeoutsOf(given: Partial<Timeouts> = {}): Timeouts {
  const request = given.request ?? DEFAULT_TIMEOUTS.request;
  const lowered = Number.isSafeInteger(request) && request >= 1 ? Math.min(DEFAULT_TIMEOUTS.headers, request) : DEFAULT_TIMEOUTS.headers;
  return { headers: given.headers ?? lowered, request, keepAlive: given.keepAlive ?? DEFAULT_TIMEOUTS.keepAlive };
}

/** Why these timeouts cannot be served, or undefined when they can. */
export function timeoutsProblem(t: Timeouts): string | undefined {
  for (const [name, ms] of Object.entries(t)) {
    if (!Number.isSafeInteger(ms) || ms < 1) return `the ${name} timeout must be a positive number of milliseconds (got ${ms})`;
  }
  // Node refuses to start otherwise; said here in the user's words.
  if (t.headers > t.request) return `the headers timeout (${t.headers} ms) cannot be longer than the request timeout (${t.request} ms)`;
  return undefined;
}

/** node:http's options for these timeouts. */
export function timeoutOptions(t: Timeouts) {
  return {
    headersTimeout: t.headers,
    requestTimeout: t.request,
    keepAliveTimeout: t.keepAlive,
    // Node looks for overdue requests only this often (30 s by default, which would let a 10 s
    // timeout run to 40 s): check at a quarter of the shortest timeout, at most once a second.
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(Math.min(t.headers, t.request) / 4))),
  };
}

/**
 * decided: after its answer a refused connection is read and discarded for up to 5 s or 16 MiB
 * (docs/errors.md "Beneath the requests: the connection"): closing a socket with unread input sends a TCP reset, and a client still
 * uploading then loses the answer it was sent (a 413, a 400) before reading it.
 */
export const LINGER_MS = 5000;
export const LINGER_BYTES = 16 * 1024 * 1024;

/** Half-closes the socket once its answer is written, discards what still arrives, then closes it. */
export function lingeringClose(socket: Socket): void {
  if (socket.destroyed) return;
  let seen = 0;
  const done = () => { clearTimeout(timer); socket.destroy(); };
  // Not unref'd: a server closing waits for its lingering sockets, at most this long.
  const timer = setTimeout(done, LINGER_MS);
  socket.on('data', (chunk: Buffer) => { seen += chunk.length; if (seen > LINGER_BYTES) done(); });
  socket.once('end', done);
  socket.once('close', () => clearTimeout(timer));
  socket.end();
  socket.resume();
}

/**
 * Closes this socket by lingering when node:http closes it after the current response: Node's
 * own close (destroySoon) would reset a connection whose client is still sending.
 */
export function lingerAfterResponse(socket: Socket | null): void {
  if (!socket) return;
  (socket as Socket & { destroySoon: () => void }).destroySoon = () => lingeringClose(socket);
}

/**
 * Whether this answer needs a lingering close: its request was not read whole and the client may
 * still be sending into a connection Node closes after it (a body framed by length or chunked, or
 * any request on a connection that ends with this answer). A GET is never "complete" while its
 * 'request' event runs (Node marks it so after the listener returns), yet nothing of it is left.
 */
export function clientMayStillSend(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.complete) return false;
  if (!res.shouldKeepAlive) return true;
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** A whole HTTP/1.1 answer written straight to a socket (no ServerResponse exists for it). */
export function rawAnswer(status: number, reason: string, message: string): string {
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain;charset=utf-8\r\nContent-Length: ${Buffer.byteLength(message)}\r\nConnection: close\r\n\r\n${message}`;
}

/** The answer to bytes node:http could not parse as a request, by llhttp's code (as Node's own). */
function parseErrorAnswer(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT': return rawAnswer(408, 'Request Timeout', 'Request Timeout: the request did not arrive in time');
    case 'HPE_HEADER_OVERFLOW': return rawAnswer(431, 'Request Header Fields Too Large', 'Request Header Fields Too Large: the request head is over the limit');
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW': return rawAnswer(413, 'Payload Too Large', 'Payload Too Large: chunk extensions over the limit');
    default: return rawAnswer(400, 'Bad Request', `Bad Request: the request is not valid HTTP/1.1 (${err.code ?? 'malformed'})`);
  }
}

/**
 * node:http keeps the response being written on a socket in `_httpMessage`; the responses queued
 * behind it are attached there in turn, each as the one before emits 'finish' (and is detached).
 * Its parser holds the request being parsed in `incoming`. The only view of a socket's pending
 * answers node:http gives, and reading it at a parse error costs the requests nothing.
 */
type HttpSocket = Socket & {
  _httpMessage?: { req?: { complete?: boolean }; headersSent?: boolean; once(e: string, f: () => void): void } | null;
  parser?: { incoming?: IncomingMessage | null } | null;
};

/**
 * Answers a socket whose later bytes failed to parse only once the requests before them are
 * answered, in order (Node's default writes its 400 at once, ahead of their pending responses).
 * `started` tells whether the failed request got as far as its body (so it has a response).
 * decided: docs/errors.md "Beneath the requests: the connection" (bytes that are not a request): pipelined answers first, then the 400.
 */
function answerInOrder(socket: HttpSocket, answer: string, started: boolean): void {
  const current = socket._httpMessage;
  // A response still attached for a request read whole: its answer, and the ones queued behind it,
  // come first. Not `writableFinished`: that is true as soon as its bytes reach the kernel, before
  // 'finish' hands the socket to the next queued response, which the 400 would then overtake.
  if (current && current.req?.complete) {
    current.once('close', () => setImmediate(() => answerInOrder(socket, answer, started)));
    return;
  }
  if (socket.destroyed) return;
  // What is left is the failed request's own response, if it started. Its handler, waiting for a
  // body that never comes, is answered for here, unless it has answered (or begun to) already:
  // one request, one answer (a started answer can only be cut short).
  const answered = current ? current.headersSent === true : started;
  if (!answered && socket.writable) socket.write(answer);
  lingeringClose(socket);
}

/**
 * Installs the connection-level answers on a server: parse errors and timeouts answered in order,
 * CONNECT refused with a 501 (this server is no proxy).
 */
export function guardConnections(server: Server): void {
  const handled = new WeakSet<Socket>();
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    // llhttp reports every later chunk of a broken stream again: answer once.
    if (handled.has(socket)) return;
    handled.add(socket);
    socket.on('error', () => {});
    // node:https reports a failed TLS handshake here too (a handshake timeout among them): no HTTP
    // parser ever saw this socket and nothing can be said in HTTP before the handshake: close it.
    if (!(socket as HttpSocket).parser) { socket.destroy(); return; }
    // Nothing more is parsed on this connection.
    socket.removeAllListeners('data');
    if (err.code === 'ECONNRESET' || !socket.writable) { socket.destroy(); return; }
    const incoming = (socket as HttpSocket).parser?.incoming;
    answerInOrder(socket as HttpSocket, parseErrorAnswer(err), incoming ? !incoming.complete : false);
  });
  // decided: CONNECT is a 501 Not Implemented (docs/decisions.md
  // "Protocol corners"): no resource here answers it, whatever the target.
  server.on('connect', (_req, socket: Socket) => {
    socket.on('error', () => {});
    const refusal = connectRefusal();
    socket.write(rawAnswer(refusal.status, refusal.reason, String(refusal.body)));
    lingeringClose(socket);
  });
}
