// Reads a request body up to a limit; past it, stops buffering and reports 413.
import type { IncomingMessage } from 'node:http';
import type { BodyRead } from '../describe/stages.js';

export type { BodyRead };

export function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ kind: 'tooLarge' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (r: BodyRead) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      resolve(r);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        finish({ kind: 'tooLarge' });
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => finish({ kind: 'body', bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) }));
    req.once('error', () => finish({ kind: 'aborted' }));
    req.once('close', () => finish(req.complete ? { kind: 'body', bytes: Buffer.concat(chunks, size) } : { kind: 'aborted' }));
  });
}
