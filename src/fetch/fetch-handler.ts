// A surface as a standard fetch handler, `(request: Request) => Promise<Response>`: each Request runs
// through the listener `serve` listens with (Polka app, transport, pipeline, reply writing) on a
// simulated Node request and response, without a port or a socket.
import { METHODS, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Implementation } from '../dsl/implement.js';
import { type Prepared, type ServeOptions, prepare } from '../server/serve.js';
import { loadSimulator } from '../server/inject.js';
import { simulatedRequest } from './web-request.js';
import { webResponse } from './web-response.js';
import type { FetchHandler } from './handler.js';

/**
 * What `serve` takes but a port: no listening address, TLS or connection timeouts (there is no
 * connection). Everything else (`maxBody`, `dataDir`, `middleware`, `cors`, `journal`...) acts as
 * it does for a server.
 */
export type FetchHandlerOptions = Omit<ServeOptions, 'port' | 'host' | 'tls' | 'timeouts'>;

export type { FetchHandler } from './handler.js';

/**
 * A method Node's HTTP parser does not know never reaches a server's listener: the server answers
 * 400 at the parser (server/connection.ts). The same answer here, for the same request.
 */
function unknownMethod(): Response {
  return new Response('Bad Request: the request is not valid HTTP/1.1 (HPE_INVALID_METHOD)', {
    status: 400, statusText: 'Bad Request', headers: { 'content-type': 'text/plain;charset=utf-8' },
  });
}

/**
 * Prepares an implementation (`implement(surface, handlers)` or `mock(surface, ...)`) as `serve`
 * does, without listening, and answers Requests through it.
 * decided: the pipeline is driven through a simulated req/res pair rather than a Node-free entry
 * (docs/fetch.md "Why a simulated Node request"), so this runs on Node only.
 */
export async function fetchHandler(impl: Implementation, options: FetchHandlerOptions = {}): Promise<FetchHandler> {
  // Loaded here, not at the top: importing `api-serve/fetch` costs nothing until a handler is made.
  const inject = await loadSimulator();
  const prepared: Prepared = await prepare(impl, options);
  let closed = false;
  const handle = async (request: Request): Promise<Response> => {
    if (closed) throw new Error(`${prepared.surface}: the fetch handler is closed`);
    const signal = request.signal;
    signal.throwIfAborted();
    if (!METHODS.includes(request.method)) { await request.body?.cancel(); return unknownMethod(); }
    const sim = simulatedRequest(request);
    let res: ServerResponse | undefined;
    const dispatch = (req: IncomingMessage, out: ServerResponse) => {
      res = out;
      // light-my-request resolves the target as a WHATWG URL; the target is put back as sent.
      req.url = sim.target;
      if (!sim.namesUserAgent) {
        delete req.headers['user-agent'];
        const at = req.rawHeaders.indexOf('user-agent');
        if (at >= 0) req.rawHeaders.splice(at, 2);
      }
      prepared.listener(req, out);
    };
    // Aborted while answering: the simulated response is closed, as a client's connection would
    // be (a handler's own signal aborts, a stream stops), and the fetch rejects with the reason.
    const onAbort = () => res?.destroy();
    signal.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      signal.removeEventListener('abort', onAbort);
      // What the pipeline did not read of the body (a 413, a refusal before the body) is cancelled.
      if (sim.body && !sim.body.readableEnded) sim.body.destroy();
    };
    let answered;
    try {
      answered = await inject(dispatch, { ...sim.options, validate: false });
    } catch (err) {
      done();
      if (signal.aborted) throw signal.reason;
      throw err;
    }
    return webResponse(answered, res!, request.method === 'HEAD', done);
  };
  return {
    surface: prepared.surface,
    notes: prepared.notes,
    handle,
    close: () => { closed = true; return prepared.close(); },
  };
}
