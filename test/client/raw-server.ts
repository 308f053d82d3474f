// A node:http server answering however a client test needs (badly, slowly, by count), closed with
// its connections after the test's calls; and the error a call is expected to throw.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A raw server answering every request with `answer`; closed (connections too) after `fn`. */
export async function raw<T>(answer: (req: IncomingMessage, res: ServerResponse) => void, fn: (url: string) => Promise<T>): Promise<T> {
  const server = createServer(answer);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  try {
    return await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((ok) => server.close(ok));
  }
}

/** What `p` rejects with; fails the test when it resolves. */
export async function thrown(p: Promise<unknown>): Promise<unknown> {
  try { await p; } catch (err) { return err; }
  throw new Error('expected the call to throw');
}
