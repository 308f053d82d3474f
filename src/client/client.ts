// `client(surface, options)`: one async function per endpoint, typed from the surface alone. A
// call encodes its input as the server decodes it, is judged by the predictor first (a request
// the server would refuse is refused here, unsent), then sent with fetch and its answer decoded
// as the endpoint declares it.
import type { EndpointInfo, Surface, Tree } from '../dsl/types.js';
import { walk } from '../dsl/walk.js';
import { predictor, type Prediction, type PredictedRequest } from '../describe/predict.js';
import type { CallOptions, ClientOf } from './signature.js';
import { type ClientCredentials, placeCredentials } from './credentials.js';
import { type EncodedRequest, type Extra, type RequestEncoder, requestEncoder } from './encode-request.js';
import { readBody } from './read-body.js';
import { type AnswerDecoder, answerDecoder } from './decode-answer.js';
import { ClientAbortError, ClientRefusal, ConformanceError, InputError, NetworkError, ResponseTooLargeError } from './errors.js';
import { acceptFor, checkBaseUrl } from './setup.js';
import { type RetryOption, pause, retryPolicy, waitBefore } from './retry.js';

export interface ClientOptions {
  /** Where the surface is served: an absolute http(s) URL; a path in it prefixes every endpoint's. */
  readonly baseUrl: string | URL;
  /** The fetch to send with (a test double, an instrumented one); the global fetch by default. */
  readonly fetch?: typeof fetch;
  /** Headers sent on every call (a call's own `headers` override them). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly credentials?: ClientCredentials;
  /** Milliseconds a call may take, answer body and retries included; 30 000 by default; `false`: none. */
  readonly timeout?: number | false;
  /** Retries of idempotent calls on a network failure or a "later" status; none unless asked (docs/client.md "Retries"). */
  readonly retry?: RetryOption;
  /** `false`: an answer the endpoint does not declare is returned with its `conformance` issues instead of thrown. */
  readonly strict?: boolean;
  /** Largest answer body read, in bytes; 32 MiB by default. */
  readonly maxResponseBody?: number;
  /** The server's `--max-body`, for judging request bodies before sending; 1 MiB by default, as served. */
  readonly maxBody?: number;
}

// decided: 30 s and 32 MiB bound every call by default: no call hangs, no answer fills memory; docs/client.md "Limits".
export const DEFAULT_TIMEOUT = 30_000;
export const DEFAULT_MAX_RESPONSE_BODY = 32 * 1024 * 1024;

const TIMED_OUT = Symbol('timed out');

/** An endpoint with its request writer and answer reader, made when the client is. */
interface Endpoint {
  readonly endpoint: EndpointInfo;
  readonly encode: RequestEncoder;
  readonly decode: AnswerDecoder;
}

/** No credentials: nothing placed (read only, shared by every call). */
const NO_PLACEMENT: Extra = Object.freeze({ headers: Object.freeze({}), query: Object.freeze([]), cookies: Object.freeze([]) });
const NO_CALL_OPTIONS: CallOptions = Object.freeze({});
const positive = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0;

function isSurface(value: unknown): value is Surface {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { kind?: unknown; tree?: unknown; name?: unknown };
  return v.kind === 'surface' && typeof v.name === 'string' && typeof v.tree === 'object' && v.tree !== null;
}

/** A typed client of `surface` served at `options.baseUrl`; see docs/client.md. */
export function client<T extends Tree, const O extends ClientOptions = ClientOptions>(surface: Surface<T>, options: O): ClientOf<T, O extends { readonly strict: false } ? true : false> {
  if (!isSurface(surface)) {
    const what = typeof surface === 'object' && surface !== null && (surface as { kind?: unknown }).kind === 'implementation' ? 'an implementation (give its .surface)' : typeof surface;
    throw new TypeError(`client(): expected a surface made by api(...), got ${what}`);
  }
  const base = checkBaseUrl(options?.baseUrl);
  const send = options.fetch ?? globalThis.fetch;
  if (typeof send !== 'function') throw new TypeError('client(): no fetch here: give options.fetch');
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  const limit = options.maxResponseBody ?? DEFAULT_MAX_RESPONSE_BODY;
  if (timeout !== false && !positive(timeout)) throw new TypeError(`client(): timeout must be a positive number of ms or false, got ${String(timeout)}`);
  if (!positive(limit)) throw new TypeError(`client(): maxResponseBody must be a positive number, got ${String(limit)}`);
  const retrying = retryPolicy(options.retry, 'client()');
  // Checks the surface (a SurfaceError names what is wrong) and routes it once.
  const predict = predictor(surface, options.maxBody === undefined ? {} : { maxBody: options.maxBody });
  const strict = options.strict !== false;
  const urlPrefix = `${base.origin}${base.prefix}`;

  const call = (at: Endpoint, input: unknown, callOptions: CallOptions = NO_CALL_OPTIONS): Promise<unknown> => {
    // Not an async function: a promise fewer per call; what throws before sending is a rejection all the same.
    try {
      const { endpoint } = at;
      if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
        throw new InputError(`${endpoint.name}: the input must be an object, got ${input === null ? 'null' : typeof input}`);
      }
      const given = (input ?? {}) as Record<string, unknown>;
      let req: EncodedRequest;
      try {
        req = at.encode(given, extraOf(endpoint, callOptions.headers));
      } catch (err) {
        if (err instanceof InputError) throw err;
        throw new InputError(`${endpoint.name}: the input cannot be written as a request: ${(err as Error)?.message ?? String(err)}`, { cause: err });
      }
      // Judged as the server will see it, without the base URL's path (a proxy's prefix, not the
      // surface's). The predictor needs no Buffer: browsers judge requests too (docs/client.md "Browsers").
      const p: Prediction = predict(req satisfies PredictedRequest);
      if (p.kind !== 'handler') throw new ClientRefusal(p.status, bodyText(p.body), p.kind, p.headers, true);
      return exchange(at, req, `${urlPrefix}${req.url}`, callOptions);
    } catch (err) {
      return Promise.reject(err);
    }
  };

  /** Credentials' share and the client's and the call's headers; shared, unmerged, when there are none. */
  const extraOf = (endpoint: EndpointInfo, callHeaders: Readonly<Record<string, string>> | undefined): Extra => {
    const placed = options.credentials === undefined ? NO_PLACEMENT : placeCredentials(endpoint, options.credentials);
    return options.headers === undefined && callHeaders === undefined ? placed : mergeHeaders(placed, options.headers, callHeaders);
  };

  const exchange = async (at: Endpoint, req: EncodedRequest, url: string, callOptions: CallOptions): Promise<unknown> => {
    const { endpoint } = at;
    const ms = callOptions.timeout ?? timeout;
    if (ms !== false && !positive(ms)) throw new TypeError(`${endpoint.name}(): timeout must be a positive number of ms or false, got ${String(ms)}`);
    const outer = callOptions.signal;
    if (outer?.aborted) throw new ClientAbortError(endpoint.name, false);
    const policy = callOptions.retry === undefined ? retrying : retryPolicy(callOptions.retry, `${endpoint.name}()`);
    // Without a timeout, the caller's signal (if any) goes to fetch as it is: an AbortController
    // costs a call about a quarter of its own CPU on Node 20 (docs/benchmark.md "The client and the fetch handler (issue 35)").
    let controller: AbortController | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    if (ms !== false) {
      const c = new AbortController();
      controller = c;
      timer = setTimeout(() => c.abort(TIMED_OUT), ms);
      if (outer !== undefined) {
        onAbort = () => c.abort(outer.reason);
        outer.addEventListener('abort', onAbort, { once: true });
      }
    }
    const signal = controller?.signal ?? outer;
    const deadline = ms === false ? Infinity : Date.now() + ms;
    const init: RequestInit = { method: req.method, headers: req.headers };
    if (req.body !== undefined) init.body = req.body as NonNullable<RequestInit['body']>;
    if (signal !== undefined) init.signal = signal;
    const retries = policy !== undefined && policy.methods.has(req.method);
    try {
      for (let attempt = 0; ; attempt++) {
        let response: Response;
        try {
          response = await send(url, init);
        } catch (err) {
          const wait = retries && !signal?.aborted ? waitBefore(policy, attempt, undefined) : undefined;
          if (wait === undefined || Date.now() + wait >= deadline) throw failure(err, endpoint.name, signal, ms);
          try { await pause(wait, signal); } catch (e) { throw failure(e, endpoint.name, signal, ms); }
          continue;
        }
        if (retries && policy.statuses.has(response.status)) {
          const wait = waitBefore(policy, attempt, response.headers);
          if (wait !== undefined && Date.now() + wait < deadline) {
            await response.body?.cancel().catch(() => {});
            try { await pause(wait, signal); } catch (e) { throw failure(e, endpoint.name, signal, ms); }
            continue;
          }
        }
        // The answer read (bounded) and decoded by the response the endpoint declares for its status.
        let read;
        try { read = await readBody(response, limit); } catch (err) { throw failure(err, endpoint.name, signal, ms); }
        if (read.kind === 'tooLarge') throw new ResponseTooLargeError(endpoint.name, response.status, limit);
        const decoded = at.decode(response.status, response.headers, read.bytes);
        switch (decoded.kind) {
          case 'answer': return { status: decoded.status, body: decoded.body, headers: decoded.headers, raw: response.headers };
          case 'refusal': throw new ClientRefusal(decoded.status, decoded.message, decoded.errorKind, headersOf(response.headers), false);
          default:
            if (strict) throw new ConformanceError(endpoint.name, decoded.status, decoded.issues, decoded.body);
            return { status: decoded.status, body: decoded.body, headers: {}, raw: response.headers, conformance: decoded.issues };
        }
      }
    } finally {
      clearTimeout(timer);
      if (onAbort !== undefined) outer?.removeEventListener('abort', onAbort);
    }
  };

  const root: Record<string, unknown> = {};
  for (const endpoint of walk(surface)) {
    let node = root;
    for (const key of endpoint.keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    // What a call of this endpoint needs that no call changes, settled once.
    const at: Endpoint = { endpoint, encode: requestEncoder(endpoint, acceptFor(endpoint)), decode: answerDecoder(endpoint) };
    node[endpoint.keys[endpoint.keys.length - 1]!] = (input?: unknown, o?: CallOptions) => call(at, input, o);
  }
  return root as ClientOf<T, O extends { readonly strict: false } ? true : false>;
}

/** What a failed send or read throws: an abort (by the timeout or the caller), else a network failure. */
function failure(err: unknown, endpoint: string, signal: AbortSignal | undefined, ms: number | false): unknown {
  if (err instanceof ResponseTooLargeError) return err;
  if (signal?.aborted) return new ClientAbortError(endpoint, signal.reason === TIMED_OUT, ms === false ? undefined : ms);
  return new NetworkError(endpoint, err);
}

/** Credentials' headers, then the client's, then the call's: a later one wins. */
function mergeHeaders(placed: Extra, ...more: (Readonly<Record<string, string>> | undefined)[]): Extra {
  const headers: Record<string, string> = { ...placed.headers };
  for (const h of more) for (const [k, v] of Object.entries(h ?? {})) headers[k.toLowerCase()] = v;
  return { headers, query: placed.query, cookies: placed.cookies };
}

const bodyText = (body: string | Uint8Array | undefined): string =>
  (body === undefined ? '' : typeof body === 'string' ? body : new TextDecoder().decode(body));

function headersOf(h: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  h.forEach((v, k) => { out[k] = v; });
  return out;
}
