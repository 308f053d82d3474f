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
    socket.once('connect', () => { void Promise.resolve(send(socket)).catch((e: Error) => { error = e.message; }); });
  });
}

/** Sends bytes as they are and collects the answer. */
export const rawSend = (port: number, bytes: string | Buffer, waitMs?: number): Promise<RawResult> =>
  rawExchange(port, (s) => { s.write(bytes); }, waitMs);

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
