// The four configurable error formatters (body parse, URL parse, header parse, not found).
import type { Reply } from './reply.js';

/** What a formatter learns about the request that failed. */
export interface FailedRequest {
  readonly method: string;
  /** The raw path, not decoded, without the query string. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Whether the request's Accept admits a media type (a missing Accept admits everything). */
  accepts(mediaType: string): boolean;
}

export interface ParseFailure {
  /** The decoder's message, e.g. `Error in $: key "_msg" not found`. */
  readonly message: string;
  /** The failing request element: `ReqBody'`, `Capture`, `QueryParam`, `Header`. */
  readonly combinator: string;
  /** The part's name (capture, parameter, header); absent for bodies. */
  readonly name?: string;
  /**
   * The JSON Schema keyword the value broke (`exclusiveMinimum`, `maxLength`, `pattern`), absent
   * when it was of the wrong type: a formatter may answer a broken rule in the surface's own words.
   */
  readonly constraint?: string;
}

export interface Formatters {
  bodyParse(failure: ParseFailure, req: FailedRequest): Reply;
  urlParse(failure: ParseFailure, req: FailedRequest): Reply;
  headerParse(failure: ParseFailure, req: FailedRequest): Reply;
  notFound(req: FailedRequest): Reply;
  /**
   * Optional fifth formatter: a path that exists without this method. When absent the server
   * answers its plain 405 with `Allow` (S9 answers its documentation instead).
   */
  methodNotAllowed?(req: FailedRequest, allow: readonly string[]): Reply;
}
