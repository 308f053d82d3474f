// The predictor: for a surface and a request held in memory (method, target, headers, body bytes),
// the answer the server gives for protocol reasons, or that the request reaches its handler. It
// runs the very stages the server runs (describe/stages.ts), so the two cannot disagree on order.
import type { Surface, EndpointInfo, ExtensionPart } from '../dsl/types.js';
import type { ExtensionRead } from '../dsl/extension.js';
import type { ErrorKind } from '../dsl/errors.js';
import type { HttpError } from '../dsl/reply.js';
import { checkSurface } from '../dsl/check-surface.js';
import type { AnswerHeaders } from './answer.js';
import { answerOfError, connectRefusal, defaultFormatters, notAPath, transferCodingRefusal } from './answer.js';
import { Router, originForm } from './router.js';
import { Exchange, type BodyRead, type Incoming, type Plan, runStages } from './stages.js';

export interface PredictedRequest {
  readonly method: string;
  /** The request target: path and query, as sent (not decoded). */
  readonly url: string;
  /** Header names in any case; a repeated header as a list. */
  readonly headers?: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly body?: string | Uint8Array;
  /**
   * The value `body` is the JSON text of, when the caller wrote it from one (api-serve/client
   * does): a plain value the body's codec takes as it is is judged without parsing the text again.
   */
  readonly json?: { readonly value: unknown };
}

export type Prediction =
  /** A protocol stage answers: which registered error, with the status and headers sent. */
  | { readonly kind: ErrorKind; readonly status: number; readonly headers: AnswerHeaders; readonly body?: string | Buffer; readonly endpoint?: EndpointInfo }
  /** Every protocol check passed: the handler decides (its declared responses). */
  | { readonly kind: 'handler'; readonly endpoint: EndpointInfo; readonly input: Readonly<Record<string, unknown>> };

export interface PredictOptions {
  /** Largest body accepted, in bytes, as served (`--max-body`); 1 MiB by default. */
  readonly maxBody?: number;
  /**
   * Judges well-formed credentials (and any other extension claim) as the server's runtime would.
   * decided: without it, a well-formed claim is taken as valid (the predictor knows no users);
   * see docs/describing.md "Predicting answers".
   */
  readonly verify?: (part: ExtensionPart, claim: unknown) => ExtensionRead<unknown>;
}

/** The body limit a prediction assumes unless told otherwise: the server's default `--max-body`. */
export const DEFAULT_MAX_BODY = 1024 * 1024;

function headersOf(given: PredictedRequest['headers']): Record<string, string | string[] | undefined> {
  if (given === undefined) return {};
  // Already as the stages read them (lower-case names, one text each: what api-serve/client
  // writes): used as they are, no copy; the stages only read headers.
  if (readAsIs(given)) return given as Record<string, string>;
  const out: Record<string, string | string[] | undefined> = {};
  // Own keys only, without the entry pairs Object.entries would make for every request.
  for (const k of Object.keys(given)) {
    const v = given[k];
    if (v === undefined) continue;
    const name = k.toLowerCase();
    // Node joins repeated headers with ", " except Set-Cookie; the stages read what Node gives, and
    // the transport passes a repeated Authorization on as its list (server/auth/repeated-authorization.ts).
    out[name] = typeof v === 'string' ? v : name === 'set-cookie' || (name === 'authorization' && v.length > 1) ? [...v] : v.join(', ');
  }
  return out;
}

/** Whether headers are lower-case names with one text each, own keys only. */
function readAsIs(given: NonNullable<PredictedRequest['headers']>): boolean {
  for (const k in given) {
    if (!Object.hasOwn(given, k) || typeof given[k] !== 'string' || k !== k.toLowerCase()) return false;
  }
  return true;
}

/** Node's Buffer where there is one: read from the global, as the predictor also runs in browsers (api-serve/client). */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;

/**
 * A body's bytes as the server would hold them: a Buffer in Node (so a `t.bytes` body decodes to
 * the Buffer a handler gets), a Uint8Array where there is no Buffer.
 */
function bodyBytes(body: PredictedRequest['body']): Uint8Array {
  if (body === undefined) return new Uint8Array(0);
  if (typeof body === 'string') return NodeBuffer ? NodeBuffer.from(body) : new TextEncoder().encode(body);
  return NodeBuffer ? NodeBuffer.from(body.buffer, body.byteOffset, body.byteLength) : body;
}

/**
 * The last prediction's exchange, kept alive: a full collection with no exchange alive frees its
 * hidden classes, and V8 then deoptimizes every stage function that had them in its code (40
 * collections: 40 deopts each of route, query, header, body, `--trace-deopt`, "weak objects"), so
 * the calls after each paid for re-optimization (S2's JSON call, fetch answered in memory, a gc()
 * every 4,000 calls: 75 µs a call, 62 µs with this, 50 µs without the collections).
 */
let lastExchange: Exchange | undefined;

/** A predictor for one surface: checked and routed once, then one pure call per request. */
export function predictor(surface: Surface, options: PredictOptions = {}): (req: PredictedRequest) => Prediction {
  const router = new Router(checkSurface(surface));
  const verify = options.verify ?? ((_part: ExtensionPart, claim: unknown): ExtensionRead<unknown> => ({ ok: true, value: claim }));
  const plan: Plan = {
    router,
    formatters: { ...defaultFormatters, ...surface.meta.formatters },
    maxBody: options.maxBody ?? DEFAULT_MAX_BODY,
    verify: (part, claim) => verify(part, claim),
  };
  const early = (kind: ErrorKind, err: HttpError): Prediction => {
    const answer = answerOfError(err);
    return { kind, status: answer.status, headers: answer.headers, ...(answer.body === undefined ? {} : { body: answer.body }) };
  };
  return (req) => {
    // As the transport: CONNECT and the body's framing are judged before the target is.
    if (req.method.toUpperCase() === 'CONNECT') return early('notImplemented', connectRefusal());
    const headers = headersOf(req.headers);
    const framing = transferCodingRefusal(headers['transfer-encoding']);
    if (framing) return early(framing.status === 501 ? 'notImplemented' : 'badFraming', framing);
    const target = originForm(req.url);
    if (target === undefined) return early('badUrl', notAPath(req.url));
    // Bytes given are viewed, not copied: the stages only read them (a 413 example is over 1 MiB).
    const bytes = bodyBytes(req.body);
    const incoming: Incoming = {
      method: req.method.toUpperCase(),
      url: target,
      headers,
      readBody: (limit): BodyRead => (bytes.length > limit ? { kind: 'tooLarge' } : { kind: 'body', bytes }),
      json: req.json,
    };
    const x = new Exchange(plan, incoming);
    lastExchange = x;
    const stopped = runStages(x);
    // Only a stage that waits returns a promise, and nothing here waits: the verifier is synchronous.
    if (stopped instanceof Promise) throw new Error('predictor: a stage waited');
    const endpoint = x.route?.kind === 'match' ? x.endpoint : undefined;
    if (!stopped) return { kind: 'handler', endpoint: endpoint!, input: x.input };
    return {
      kind: stopped.kind, status: stopped.answer.status, headers: stopped.answer.headers,
      ...(stopped.answer.body === undefined ? {} : { body: stopped.answer.body }),
      ...(endpoint ? { endpoint } : {}),
    };
  };
}

/** One prediction without keeping the predictor. */
export function predict(surface: Surface, req: PredictedRequest, options?: PredictOptions): Prediction {
  return predictor(surface, options)(req);
}
