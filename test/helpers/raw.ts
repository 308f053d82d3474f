// Raw HTTP/1.1 over node:net, for what no client library sends as written (pipelining, bad
// framing, slow bytes, CONNECT): bytes in, the bytes the server wrote and how the socket ended.
import { connect, type Socket } from 'node:net';

export interface RawResult {
  /** Everything the server wrote, as latin1 text (bytes kept one to one). */
  readonly text: string;
  /** How the connection ended: the server closed it cleanly, reset it, or the test stopped waiting. */
  readonly ending: 'end' | 'reset' | 'waited';
  readonly error?: string;
}

/** The port of a served URL. */
export const portOf = (url: string): number => Number(new URL(url).port);

/** The status codes of every response in a byte stream, in order. */
export const statuses = (text: string): number[] => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));

/**
 * Connects, runs `send` (which writes and may wait), and collects what comes back until the server
 * closes the connection, or `waitMs` passes (a bound so a broken server fails the test, not hangs it).
 */
export function rawExchange(port: number, send: (socket: Socket) => void | Promise<void>, waitMs = 10_000): Promise<RawResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let error: string | undefined;
    let settled = false;
    const socket = connect(port, '127.0.0.1');
    const finish = (ending: RawResult['ending']) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('latin1'), ending, ...(error === undefined ? {} : { error }) });
    };
    const timer = setTimeout(() => finish('waited'), waitMs);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', (e: NodeJS.ErrnoException) => { error = e.code ?? e.message; finish('reset'); });
    socket.on('end', () => finish('end'));
    socket.on('close', () => finish(error === undefined ? 'end' : 'reset'));
    // A test that closes the socket itself (an answer is complete) ends it cleanly.
    const destroy = socket.destroy.bind(socket);
    socket.destroy = ((err?: Error) => { if (err === undefined) finish('end'); return destroy(err); }) as typeof socket.destroy;
    socket.once('connect', () => { void Promise.resolve(send(socket)).catch((e: Error) => { error = e.message; }); });
  });
}

/** Sends bytes as they are and collects the answer. */
export const rawSend = (port: number, bytes: string | Buffer, waitMs?: number): Promise<RawResult> =>
  rawExchange(port, (s) => { s.write(bytes); }, waitMs);

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether `text` holds one whole response (head, and a body of its Content-Length, if any). */
function oneResponseIn(text: string): boolean {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const head = text.slice(0, end);
  if (/^transfer-encoding:\s*chunked/im.test(head)) return /\r\n0\r\n\r\n$/.test(text);
  const length = /^content-length:\s*(\d+)/im.exec(head);
  // 1xx, 204 and 304 have no body; otherwise without a length the body runs to the close.
  if (!length) return /^HTTP\/1\.1 (1\d\d|204|304) /.test(head);
  return Buffer.byteLength(text, 'latin1') >= end + 4 + Number(length[1]);
}

/**
 * Sends bytes and resolves once one whole response has arrived (then closes), or when the server
 * closes: for requests whose connection the server may keep open (keep-alive, lingering after a 413).
 */
export function rawAsk(port: number, bytes: string | Buffer, waitMs?: number): Promise<RawResult> {
  return rawExchange(port, (s) => {
    let text = '';
    s.on('data', (d: Buffer) => { text += d.toString('latin1'); if (oneResponseIn(text)) s.destroy(); });
    s.write(bytes);
  }, waitMs);
}
