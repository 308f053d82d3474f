// The transport: the request listener Polka hands to (server/polka.ts). It turns a Node request into
// a RequestRecord, runs the pipeline (which routes by itself), and writes the reply (bytes, or a
// stream flushed per item). `guarded` refuses what no listener can serve before Polka sees it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type CompiledSurface, handle } from './pipeline.js';
import { readBody } from './read-body.js';
import type { OutReply, RequestRecord } from './request.js';
import type { ExchangeObserver, observeExchange } from './record.js';
import { notAPath, transferCodingRefusal } from '../describe/answer.js';
import { clientMayStillSend, lingerAfterResponse } from './connection.js';
import { originForm } from '../describe/router.js';
import { errorReply } from './reply.js';
import { withRepeatedAuthorization } from './auth/repeated-authorization.js';

/**
 * The pipeline's view of a Node request. A class, not an object literal with a getter (V8 builds
 * those slowly); the AbortController is made only when a handler asks for the signal.
 */
class NodeRequest implements RequestRecord {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  private controller: AbortController | undefined;
  constructor(private readonly req: IncomingMessage, private readonly res: ServerResponse) {
    this.method = req.method ?? 'GET';
    this.url = req.url ?? '/';
    // A repeated Authorization reaches the credential read as a list (a 400), not as its first copy.
    this.headers = withRepeatedAuthorization(req);
  }
  /**
   * A client that sent `Expect: 100-continue` is told to go on only here, once every check before
   * the body has passed and the declared length fits: a body that would be refused is never sent.
   */
  readBody(limit: number) {
    const expect = this.req.headers.expect;
    // `_sent100`: node:http has sent the 100 already where no 'checkContinue' listener is (an
    // app the surface is mounted in): a second one would be an interim answer too many.
    if (expect !== undefined && !this.res.headersSent && !(this.res as ServerResponse & { _sent100?: boolean })._sent100 && /\b100-continue\b/i.test(String(expect))) {
      const declared = Number(this.req.headers['content-length']);
      if (!(Number.isFinite(declared) && declared > limit)) this.res.writeContinue();
    }
    // A middleware before this one (a body parser in an app the surface is mounted in) has read
    // the stream: its bytes are gone, and waiting for them would hang. A logged 500 says where.
    if (this.req.readableEnded) return Promise.reject(new Error('the request body was read before the surface saw it (a body parser mounted before it?); mount the surface before any middleware that reads bodies'));
    return readBody(this.req, limit);
  }
  get signal(): AbortSignal {
    if (!this.controller) {
      const c = (this.controller = new AbortController());
      const res = this.res;
      // Asked for after the client has gone: aborted already.
      if (res.closed && !res.writableFinished) c.abort();
      else res.once('close', () => { if (!res.writableFinished) c.abort(); });
    }
    return this.controller.signal;
  }
}

const record = (req: IncomingMessage, res: ServerResponse): RequestRecord => new NodeRequest(req, res);

async function writeStream(res: ServerResponse, stream: AsyncIterable<string | Buffer>): Promise<void> {
  const it = stream[Symbol.asyncIterator]();
  let gone = false;
  const onClose = () => {
    if (res.writableFinished) return;
    gone = true;
    void it.return?.();
  };
  res.once('close', onClose);
  res.flushHeaders();
  try {
    for (;;) {
      const { value, done } = await it.next();
      if (done || gone) break;
      if (!res.write(value)) await new Promise((resolve) => { res.once('drain', resolve); res.once('close', resolve); });
    }
  } catch (err) {
    // Headers are gone already: all we can do is cut the response short and say why in the log.
    process.stderr.write(`api-serve: a stream failed midway: ${(err as Error)?.message ?? String(err)}\n`);
    res.destroy();
    return;
  } finally {
    res.off('close', onClose);
  }
  if (!gone) res.end();
}

/** The static-file sender, loaded the first time a reply names a file. */
let staticModule: Promise<typeof import('./static.js')> | undefined;
const staticFiles = () => (staticModule ??= import('./static.js'));

export function write(res: ServerResponse, out: OutReply): void | Promise<void> {
  // Answered before its body was read whole (a 413, a refused framing): if Node closes this
  // connection after the answer, it lingers, so a client still sending reads the answer. Only
  // then is the socket touched: a property added to every socket (as once for every GET) gives
  // Node's stream code a second socket shape to handle on every call, which cost CPU per answer.
  if (res.req && clientMayStillSend(res.req, res)) lingerAfterResponse(res.socket);
  if (out.file) {
    const file = out.file;
    return staticFiles().then(({ sendFile }) => sendFile(res, file, out.headers)).then((missing) => (missing ? write(res, missing) : undefined));
  }
  res.statusCode = out.status;
  if (out.reason !== undefined && /^[\t\x20-\x7e]*$/.test(out.reason)) res.statusMessage = out.reason;
  for (const k in out.headers) res.setHeader(k, out.headers[k] as string | string[]);
  if (out.stream) return writeStream(res, out.stream);
  if (out.body === undefined || out.status === 204 || out.status === 304) {
    if (out.status !== 204 && out.status !== 304) res.setHeader('content-length', '0');
    res.end();
    return;
  }
  res.setHeader('content-length', typeof out.body === 'string' ? Buffer.byteLength(out.body) : out.body.length);
  res.end(out.body);
}

/** A recording server's observer with the recorder's wrapper (loaded only with `--record`). */
export interface Observing {
  readonly observer: ExchangeObserver;
  readonly observeExchange: typeof observeExchange;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The request listener of one compiled surface: the handler at the end of its Polka app (it never
 * calls `next`: every request it is given gets the surface's answer, a 404 included).
 */
export function listener(cs: CompiledSurface, observing?: Observing): Listener {
  const seen = observing?.observer;
  const observeExchange = observing?.observeExchange;
  // A recorded exchange is labelled with the endpoint the one router matches for it.
  const observer: ExchangeObserver | undefined = seen && ((x) => {
    const route = cs.router.route(x.method, x.url);
    seen(x, route.kind === 'match' ? route.endpoint.name : undefined);
  });
  const fail = (err: unknown, res: ServerResponse) => {
    cs.log(`api-serve: request failed: ${(err as Error)?.stack ?? String(err)}`);
    if (res.headersSent) { res.destroy(); return; }
    res.statusCode = 500;
    res.setHeader('content-type', 'text/plain;charset=utf-8');
    res.end('Internal Server Error');
  };
  const send = (res: ServerResponse, out: OutReply): void => {
    try {
      const writing = write(res, out);
      if (writing) writing.catch((err: unknown) => fail(err, res));
    } catch (err) {
      fail(err, res);
    }
  };
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const r = record(req, res);
    // Only a recording server (`--record`) pays for observing the exchange.
    // Most replies are ready at once (no body, no extension, a synchronous handler): written
    // without a promise in between.
    try {
      const out = observer && observeExchange ? observeExchange(r, res, (x) => handle(cs, x), observer) : handle(cs, r);
      if (out instanceof Promise) {
        // One promise: the answer is written in its callback, a failure of either goes to fail().
        out.then((o) => send(res, o), (err: unknown) => fail(err, res));
        return;
      }
      send(res, out);
    } catch (err) {
      fail(err, res);
    }
  };
  return handler;
}

/**
 * What no listener can serve, answered before Polka or a middleware sees it: a body framed so that
 * it cannot be read (a transfer coding besides chunked), a target that names no path (`*`, an
 * authority). An absolute-form target (`http://host/hello`) goes on as its path.
 */
export function guarded(inner: Listener): Listener {
  return (req, res) => {
    const te = req.headers['transfer-encoding'];
    if (te !== undefined) {
      const refusal = transferCodingRefusal(te);
      if (refusal) { void write(res, errorReply(refusal)); return; }
    }
    const url = req.url ?? '/';
    if (url.startsWith('/')) { inner(req, res); return; }
    const path = originForm(url);
    if (path !== undefined) {
      req.url = path;
      inner(req, res);
      return;
    }
    void write(res, errorReply(notAPath(url)));
  };
}
