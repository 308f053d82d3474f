// In-process requests without a socket: `inject` runs a request through a prepared surface's
// real listener (transport, pipeline, reply writing) and hands back what a client would read.
// The only module importing light-my-request (fastify's injector, a simulated req/res pair).
import type { Implementation } from '../dsl/implement.js';
import { type Prepared, type ServeOptions, prepare } from './serve.js';

/** light-my-request's types, for the fetch handler (src/fetch/), which drives the same simulated pair. */
export type { InjectOptions, Response as SimulatedResponse } from 'light-my-request';

/** light-my-request's inject, loaded on first use: serving never pays for it. */
export const loadSimulator = async () => (await import('light-my-request')).inject;

export interface InjectedRequest {
  readonly method: string;
  /** Path and query, as a client sends them. */
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

export interface InjectedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
  readonly text: string;
}

export interface Injector {
  readonly surface: string;
  readonly notes: readonly string[];
  /** One exchange, as a client over HTTP would see it (HEAD without a body, streams whole). */
  inject(req: InjectedRequest): Promise<InjectedResponse>;
  close(): Promise<void>;
}

/** Prepares an implemented surface (as `serve` does, without listening) for in-process requests. */
export async function injector(impl: Implementation, options: ServeOptions = {}): Promise<Injector> {
  // Loaded here, not at the top: serving never pays for the injector.
  const lightInject = await loadSimulator();
  const prepared: Prepared = await prepare(impl, options);
  return {
    surface: prepared.surface,
    notes: prepared.notes,
    close: prepared.close,
    inject: async (req) => {
      // light-my-request resolves the target as a WHATWG URL (`/a/.` becomes `/a/`, `"` is
      // escaped); over HTTP the server reads it as sent, so the raw target is put back.
      const res = await lightInject((q, s) => { q.url = req.url; prepared.listener(q, s); }, {
        method: req.method as 'GET', url: req.url, headers: { ...req.headers },
        ...(req.body === undefined ? {} : { payload: req.body }),
      });
      // Node's HTTP writer drops a HEAD answer's body on the wire; the simulated response keeps it.
      const head = req.method.toUpperCase() === 'HEAD';
      return {
        status: res.statusCode, headers: res.headers as InjectedResponse['headers'],
        body: head ? Buffer.alloc(0) : res.rawPayload, text: head ? '' : res.payload,
      };
    },
  };
}
