// What a fetch handler is, whichever runs it (the Node server's listener, or the pipeline alone in
// a browser): a surface answering Requests, and what it opened, closed once.

export interface FetchHandler {
  readonly surface: string;
  /** Notes the surface announced while starting. */
  readonly notes: readonly string[];
  /**
   * One exchange: the Response a fetch to a server of this surface would get. Rejects (as fetch
   * does) only when the request's signal aborts before the answer's head, or after `close`.
   * A plain function: `handle` may be passed on alone (`{ fetch: h.handle }`).
   */
  readonly handle: (request: Request) => Promise<Response>;
  /** Closes what the handlers and extensions opened (stores, pools); later requests reject. */
  close(): Promise<void>;
}
