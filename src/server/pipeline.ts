// One request through one surface: the protocol stages of the description layer, in the order
// STAGES names (route, method, auth, accept, content-type, body-size, query, header, body), then
// the handler stage and the reply's encoding. No transport here.
import type { EndpointInfo, ExtensionPart } from '../dsl/types.js';
import { SurfaceError } from '../dsl/surface-error.js';
import type { Formatters } from '../dsl/formatters.js';
import type { HandlerContext } from '../dsl/implement.js';
import type { ExtensionDescriptor } from '../dsl/extension.js';
import { HttpError, isReply, reply, type HeaderValues, type Reply } from '../dsl/reply.js';
import { Router } from '../describe/router.js';
import { Exchange, type Plan, runThrough } from '../describe/stages.js';
import type { Stopped } from '../describe/answer.js';
import { defaultFormatters, protocolError } from '../describe/answer.js';
import { acceptsType } from '../describe/negotiate.js';
import { answerInDeclaredFormat } from '../describe/declared-error.js';
import { isToolError } from '../dsl/tool-error.js';
import { REASON_PHRASES } from '../describe/reason-phrases.js';
import { encodeReply, errorReply } from './reply.js';
import type { ExtensionRuntime } from './extensions.js';
import type { OutReply, RequestRecord } from './request.js';

export type HandlerFn = (input: Record<string, unknown>, ctx: HandlerContext) => unknown;

export interface CompiledSurface extends Plan {
  readonly handlers: ReadonlyMap<EndpointInfo, HandlerFn>;
  readonly log: (line: string) => void;
}

/** Finds each endpoint's handler in the (nested) handler map; a missing one is a SurfaceError. */
export function resolveHandlers(surfaceName: string, endpoints: readonly EndpointInfo[], handlers: unknown): Map<EndpointInfo, HandlerFn> {
  const out = new Map<EndpointInfo, HandlerFn>();
  for (const e of endpoints) {
    let node: unknown = handlers;
    for (const k of e.keys) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined;
    if (typeof node !== 'function') throw new SurfaceError(surfaceName, `${e.method} ${e.path} (${e.name})`, 'no handler implements this endpoint');
    out.set(e, node as HandlerFn);
  }
  return out;
}

export function compile(endpoints: readonly EndpointInfo[], handlers: ReadonlyMap<EndpointInfo, HandlerFn>,
  options: { formatters?: Partial<Formatters>; extensions?: ReadonlyMap<ExtensionDescriptor, ExtensionRuntime>; maxBody: number; log: (line: string) => void }): CompiledSurface {
  const runtimes = options.extensions ?? new Map<ExtensionDescriptor, ExtensionRuntime>();
  return {
    router: new Router(endpoints),
    handlers,
    formatters: { ...defaultFormatters, ...options.formatters },
    maxBody: options.maxBody,
    log: options.log,
    verify: (part: ExtensionPart, claim: unknown, req) => {
      const runtime = runtimes.get(part.ext);
      // serve() builds a runtime for every descriptor whose read can return a claim.
      if (!runtime) throw new Error(`no runtime verifies "${part.ext.name}" claims`);
      return runtime.verify(part, claim, req as RequestRecord);
    },
  };
}

/**
 * What a handler sees besides its input. A class, not an object literal with a getter (V8 builds
 * those slowly and they fill the old space), and the signal is made only when a handler asks for
 * it: an AbortController per request halved throughput (bench/, docs/benchmark.md "Benchmark").
 */
class Context implements HandlerContext {
  readonly method: string;
  readonly headers: HandlerContext['headers'];
  constructor(private readonly req: RequestRecord, readonly path: string) {
    this.method = req.method;
    this.headers = req.headers;
  }
  get signal(): AbortSignal { return this.req.signal; }
  accepts(type: string): boolean { return acceptsType(this.req.headers.accept as string | undefined, type); }
}

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  v !== null && (typeof v === 'object' || typeof v === 'function') && typeof (v as { then?: unknown }).then === 'function';

/**
 * One request through the surface. Synchronous when no stage waits (no body, no credential to
 * verify) and the handler answers at once: most GETs cost no promise at all.
 */
export function handle(cs: CompiledSurface, req: RequestRecord): OutReply | Promise<OutReply> {
  return runThrough<OutReply>(new Exchange(cs, req), answerOf, reachHandler);
}

const answerOf = (s: Stopped): OutReply => s.answer;
// The exchange was made in handle() from this surface and this request.
const reachHandler = (x: Exchange): OutReply | Promise<OutReply> => invoke(x.plan as CompiledSurface, x.req as RequestRecord, x);

/** The handler stage: calls the handler and encodes what it answers; a promise only when it returns one. */
function invoke(cs: CompiledSurface, req: RequestRecord, x: Exchange): OutReply | Promise<OutReply> {
  let outcome: unknown;
  try {
    outcome = cs.handlers.get(x.endpoint)!(x.input, new Context(req, x.path));
  } catch (err) {
    return crashed(cs, req, x, err);
  }
  // Closures only for a handler that answers later: most answer at once.
  return isThenable(outcome) ? Promise.resolve(outcome).then((o) => answered(cs, req, x, o), (err: unknown) => crashed(cs, req, x, err)) : answered(cs, req, x, outcome);
}

/**
 * How long to wait before asking again, when the error says (a `retryAfterSeconds`, as the
 * PostgreSQL store's timeout has): what the handler needed is away for now, nothing is broken.
 * Read from the error, as the server imports no store.
 */
function retryAfter(err: unknown): number | undefined {
  const s = err instanceof Error ? (err as Error & { retryAfterSeconds?: unknown }).retryAfterSeconds : undefined;
  return typeof s === 'number' && Number.isSafeInteger(s) && s >= 0 ? s : undefined;
}

/**
 * A handler's HttpError: as it says, unless the tool raised it (the mock's own refusals, in the
 * declared error format of their status as protocol errors are) or it carries a JSON value
 * (`HttpError.json`) for a status the endpoint declares content for; that value is encoded by the
 * declared codec, as a returned reply.
 */
function thrown(cs: CompiledSurface, req: RequestRecord, x: Exchange, err: HttpError): OutReply {
  if (isToolError(err)) return answerInDeclaredFormat(x.endpoint, x.path, errorReply(err, x.extraHeaders), REASON_PHRASES[err.status]) as OutReply;
  if (!Object.hasOwn(err, 'value') || !x.endpoint.responses.some((r) => r.status === err.status && r.content !== undefined)) return errorReply(err, x.extraHeaders);
  const { 'content-type': _type, ...headers } = err.headers;
  return answered(cs, req, x, reply(err.status, err.value, headers as HeaderValues));
}

/** A handler that threw or rejected: its HttpError as it says, a store out of time a logged 503, anything else a logged 500. */
function crashed(cs: CompiledSurface, req: RequestRecord, x: Exchange, err: unknown): OutReply {
  if (err instanceof HttpError) return thrown(cs, req, x, err);
  const later = retryAfter(err);
  if (later !== undefined) {
    // decided: a store that did not answer in time is a 503 with Retry-After, also for a mock that
    // declares no 503 (docs/scaling-out.md "Scaling out"); the client may retry, a write may have been stored.
    cs.log(`api-serve: handler ${x.endpoint.name} (${req.method} ${x.path}) could not answer now: ${(err as Error).message}`);
    return errorReply(new HttpError(503, `Service Unavailable: ${(err as Error).message}; retry in ${later} s`,
      { reason: 'Service Unavailable', headers: { 'content-type': 'text/plain;charset=utf-8', 'retry-after': String(later) } }));
  }
  cs.log(`api-serve: handler ${x.endpoint.name} (${req.method} ${x.path}) crashed: ${(err as Error)?.stack ?? String(err)}`);
  return errorReply(protocolError('internal', 'Internal Server Error: the handler failed; the server log has details'));
}

/** What a handler answered, encoded as its endpoint declares; a value that cannot be is a logged 500. */
function answered(cs: CompiledSurface, req: RequestRecord, x: Exchange, outcome: unknown): OutReply {
  if (outcome instanceof HttpError) return thrown(cs, req, x, outcome);
  const e = x.endpoint;
  try {
    return encodeReply(e, e.responses[0]!, x.media, isReply(outcome) ? (outcome as Reply) : undefined, outcome, x.extraHeaders);
  } catch (err) {
    cs.log(`api-serve: the reply of ${e.name} (${req.method} ${x.path}) could not be encoded: ${(err as Error)?.message ?? String(err)}`);
    return errorReply(protocolError('internal', 'Internal Server Error: the reply could not be encoded'));
  }
}
