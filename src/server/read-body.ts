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
    // `on`, not `once`: `done` keeps each outcome to one, and once() allocates a wrapper per event.
    const finish = (r: BodyRead) => {
      if (done) return;
      done = true;
      resolve(r);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        req.off('data', onData);
        finish({ kind: 'tooLarge' });
        return;
      }
      chunks.push(chunk);
    };
    const whole = (): BodyRead => ({ kind: 'body', bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
    req.on('data', onData);
    req.on('end', () => finish(whole()));
    // No 'error' listener: a request cut short emits 'error' only to listeners it has, and always
    // 'close' (Node's IncomingMessage), which answers it here. `done` is checked first: 'close'
    // follows 'end' on every request read whole, and its outcome is not built for nothing.
    req.on('close', () => { if (!done) finish(req.complete ? whole() : { kind: 'aborted' }); });
  });
}
