// The web fetch handler: a surface as `(request: Request) => Promise<Response>` with nothing from
// Node, for browsers, service workers and edge runtimes. Each Request goes straight into the
// pipeline (server/pipeline.ts) as a request record, and its OutReply comes back as a Response.
import type { Implementation } from '../dsl/implement.js';
import { handle as runPipeline } from '../server/pipeline.js';
import type { OutReply } from '../server/request.js';
import type { FetchHandler } from './handler.js';
import { type WebSurfaceOptions, buildWebSurface } from './web-surface.js';
import { WebRequestRecord } from './web-record.js';
import { webReply } from './web-reply.js';

export type WebFetchHandlerOptions = WebSurfaceOptions;

const crashed = (): Response => new Response('Internal Server Error', {
  status: 500, statusText: 'Internal Server Error', headers: { 'content-type': 'text/plain;charset=utf-8', 'content-length': '21', date: new Date().toUTCString() },
});

/**
 * Builds `impl` (handlers, or a mock that is not stateful) and answers Requests through the
 * pipeline alone: the protocol stages in their order, the handler, the reply's encoding.
 * decided: a second handler beside `fetchHandler`, not a replacement (docs/fetch.md "Two fetch
 * handlers"): the Node one runs the whole server listener (middleware, CORS, the journal, the
 * reset route, files), this one only what the pipeline does, and so runs anywhere.
 */
export async function webFetchHandler(impl: Implementation, options: WebFetchHandlerOptions = {}): Promise<FetchHandler> {
  const built = await buildWebSurface(impl, options);
  const log = options.log ?? ((line: string) => { console.error(line); });
  let closed = false;
  const handle = async (request: Request): Promise<Response> => {
    if (closed) throw new Error(`${built.surface}: the fetch handler is closed`);
    request.signal.throwIfAborted();
    const record = new WebRequestRecord(request);
    let out: OutReply;
    try {
      out = await runPipeline(built.cs, record);
    } catch (err) {
      if (request.signal.aborted) throw request.signal.reason;
      log(`api-serve: request failed: ${(err as Error)?.stack ?? String(err)}`);
      return crashed();
    }
    // Aborted while answering: fetch rejects with the reason, as it does over HTTP.
    if (request.signal.aborted) throw request.signal.reason;
    return webReply(out, request.method === 'HEAD', () => record.abort(), log);
  };
  return {
    surface: built.surface,
    notes: built.notes,
    handle,
    close: () => { closed = true; return built.close(); },
  };
}
