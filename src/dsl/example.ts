// A response example as a request/response pair: the value the docs show, and the request that
// gets it from the server (stated, or derived from the endpoint), which `api-docs --verify` sends.
import type { Example } from '../codec/types.js';

/** A request stated for an example: `url` is the path and query as a client sends them. */
export interface ExampleRequest {
  /** The endpoint's method unless given. */
  readonly method?: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * A JSON value sent as `application/json`; a string with a non-JSON `content-type` header is
   * sent as it is. Absent: the endpoint's first request body example, when it takes a body.
   */
  readonly body?: unknown;
}

/** A request sent before the example's own (to create the record the example then reads). */
export interface SetupRequest extends ExampleRequest {
  readonly method: string;
}

export interface ResponseExample<T> extends Example<T> {
  /** The request that answers with this example; derived from the endpoint when absent. */
  readonly request?: ExampleRequest & { readonly before?: readonly SetupRequest[] };
  /**
   * Why the server cannot be made to answer this example (a store that fails): `--verify` does not
   * send it and the docs say why. decided: docs/decisions.md "Docs examples proven by the server".
   */
  readonly unverifiable?: string;
}
