// A fetch that records each request a client sends, then either replays it to the judge (the
// api-serve mock of the same document, over real HTTP) and hands back its answer, or answers
// with a fixed response of the test's choosing (an undeclared status, a body the schema refuses).

export interface Captured {
  readonly method: string;
  /** The path and query as sent, `/pets?limit=7`. */
  readonly target: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
  /** The judge's status, when the request was replayed to it. */
  status?: number;
  /** The judge's answer text, for saying why it refused. */
  answer?: string;
}

export interface Capturing {
  readonly fetch: typeof fetch;
  readonly sent: Captured[];
}

export type Answer = (request: Captured) => Response | Promise<Response>;

/** Replays each request to `judge` (an origin) and records its status. */
export const replayTo = (judge: string): Answer => async (request) => {
  const r = await fetch(`${judge}${request.target}`, { method: request.method, headers: request.headers, ...(request.body === undefined ? {} : { body: request.body }) });
  const text = await r.text();
  request.status = r.status;
  request.answer = text;
  return new Response(r.status === 204 || r.status === 304 ? null : text, { status: r.status, headers: r.headers });
};

export function capturing(answer: Answer): Capturing {
  const sent: Captured[] = [];
  const send = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    const headers: Record<string, string> = {};
    req.headers.forEach((v, k) => { headers[k] = v; });
    const body = req.body === null ? undefined : await req.text();
    const captured: Captured = { method: req.method, target: `${url.pathname}${url.search}`, headers, body };
    sent.push(captured);
    return answer(captured);
  };
  return { fetch: send as typeof fetch, sent };
}
