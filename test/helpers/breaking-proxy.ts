// A proxy in front of a sound server that breaks what a test asks: each request is forwarded (or
// answered by `early` alone), and `alter` may change the status, headers and body before they go back.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { request } from 'undici';

export interface Answer { status: number; headers: Record<string, string | string[]>; body: Buffer }

export async function breakingProxy(upstream: string, alter: (req: IncomingMessage, url: string, answer: Answer) => void, early?: (req: IncomingMessage, url: string) => Answer | undefined): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = req.url ?? '/';
      const first = early?.(req, url);
      if (first) { res.writeHead(first.status, first.headers).end(req.method === 'HEAD' ? undefined : first.body); return; }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'connection' && k !== 'transfer-encoding'));
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const up = await request(upstream + url, { method: req.method as 'GET', headers: headers as Record<string, string>, ...(body && req.method !== 'GET' && req.method !== 'HEAD' ? { body } : {}) });
      const h = { ...up.headers } as Record<string, string | string[]>;
      delete h['content-length'];
      delete h['transfer-encoding'];
      delete h.connection;
      const answer: Answer = { status: up.statusCode, headers: h, body: Buffer.from(await up.body.arrayBuffer()) };
      alter(req, url, answer);
      res.writeHead(answer.status, answer.headers).end(req.method === 'HEAD' ? undefined : answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
