// A WHATWG Request as the pipeline's request record (server/request.ts), without Node: its target,
// its headers as Node would give them, its body read as the pipeline asks (up to the limit), and a
// signal that aborts when the Request's does or the answer's body is cancelled.
import type { BodyRead } from '../describe/stages.js';
import { readCapped } from '../describe/capped-read.js';
import type { RequestRecord } from '../server/request.js';

/** Node's Buffer where there is one, read from the global: in Node a `t.bytes` body reaches its handler as the Buffer `serve` gives. */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;

/**
 * Headers as a Node request holds them: lower-case names, repeated fields joined with ", "
 * (Headers joins them the same way), Set-Cookie as a list, and the Host of the URL (a Request
 * never names its Host; a client puts it on the wire).
 */
function headersOf(request: Request, url: URL): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = {};
  request.headers.forEach((value, name) => { out[name] = value; });
  const cookies = request.headers.getSetCookie?.() ?? [];
  if (cookies.length > 0) out['set-cookie'] = cookies;
  out.host ??= url.host;
  return out;
}

export class WebRequestRecord implements RequestRecord {
  readonly method: string;
  /** Path and query as a fetch client puts them on the wire (as `new URL` normalised them). */
  readonly url: string;
  readonly headers: Record<string, string | string[] | undefined>;
  private readonly controller = new AbortController();

  constructor(private readonly request: Request) {
    const url = new URL(request.url);
    this.method = request.method;
    this.url = `${url.pathname}${url.search}`;
    this.headers = headersOf(request, url);
    const outer = request.signal;
    if (outer.aborted) this.controller.abort(outer.reason);
    else outer.addEventListener('abort', () => this.controller.abort(outer.reason), { once: true });
  }

  get signal(): AbortSignal { return this.controller.signal; }

  /** The answer's body was cancelled: the client went away, as a closed connection says. */
  abort(): void { this.controller.abort(); }

  /** The body, never more than `limit` bytes held: past it the rest is cancelled and the answer is the 413. */
  async readBody(limit: number): Promise<BodyRead> {
    let bytes: Uint8Array | undefined;
    try {
      bytes = await readCapped(this.request.body, limit);
    } catch {
      // The body's stream failed or its Request was aborted: a body cut short, as over a socket.
      return { kind: 'aborted' };
    }
    if (bytes === undefined) return { kind: 'tooLarge' };
    return { kind: 'body', bytes: NodeBuffer ? NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes };
  }
}
