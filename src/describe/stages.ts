// The protocol stages of the error order as functions, built from the one list that names the
// order (STAGES): the server runs them before its handler stage, the predictor runs the very same
// functions on a request held in memory. Each returns nothing (go on) or the answer that stops
// the request; only a stage that waits (a body read, a credential check) returns a promise.
import { STAGES, type Stage } from '../dsl/errors.js';
import type { FailedRequest, Formatters, ParseFailure } from '../dsl/formatters.js';
import type { EndpointInfo, ExtensionPart } from '../dsl/types.js';
import type { ExtensionRead } from '../dsl/extension.js';
import type { MediaCodec } from '../codec/media.js';
import { type AnswerHeaders, NO_HEADERS, type Stopped, answerOfReply, defaultFormatters, refused } from './answer.js';
import { inDeclaredFormat } from './declared-error.js';
import type { RouteResult, Router } from './router.js';
import { acceptsType, pickRequestMedia, pickResponseMedia, unsupportedEncoding } from './negotiate.js';
import { decodeBody, decodeHeaders, decodeQuery } from './decode.js';

/** A Uint8Array, not a Buffer: the predictor runs in browsers too (the server's bodies are Buffers). */
export type BodyRead = { readonly kind: 'body'; readonly bytes: Uint8Array } | { readonly kind: 'tooLarge' } | { readonly kind: 'aborted' };

/** What the stages read of a request, whatever carries it (a socket, memory). */
export interface Incoming {
  readonly method: string;
  /** The raw request target: path and query, not decoded. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Reads the body once, up to the limit. */
  readBody(limit: number): BodyRead | Promise<BodyRead>;
  /**
   * The value the body is the JSON text of, when whoever wrote the body says so (api-serve/client
   * through the predictor; never the server, whose bytes come from outside).
   */
  readonly json?: { readonly value: unknown } | undefined;
}

/** Verifies what an extension's pure read could not decide (a password, a token). */
export type VerifyClaim = (part: ExtensionPart, claim: unknown, req: Incoming) => ExtensionRead<unknown> | Promise<ExtensionRead<unknown>>;

/** A surface made ready for the stages: its router, formatters, body limit, claim verifier. */
export interface Plan {
  readonly router: Router;
  readonly formatters: Formatters;
  readonly maxBody: number;
  readonly verify: VerifyClaim;
}

const NO_INPUT: Record<string, unknown> = Object.freeze({});

/** One request on its way through the stages; what a stage learns, later stages read. */
export class Exchange {
  readonly path: string;
  readonly query: string;
  route: RouteResult | undefined;
  /** Set once the route matched. */
  endpoint!: EndpointInfo;
  /**
   * The handler's input: the route's captures object once the route matched (fresh per match);
   * before that a shared frozen empty object, which no stage writes to.
   */
  input: Record<string, unknown> = NO_INPUT;
  /** Headers extensions add to the answer; one shared empty object until one does. */
  extraHeaders: AnswerHeaders = NO_HEADERS;
  /** The response codec `Accept` picked (undefined: the success has no content). */
  media: MediaCodec | undefined;
  bodyMedia: MediaCodec | undefined;
  bytes: Uint8Array | undefined;

  constructor(readonly plan: Plan, readonly req: Incoming) {
    const q = req.url.indexOf('?');
    this.path = q < 0 ? req.url : req.url.slice(0, q);
    this.query = q < 0 ? '' : req.url.slice(q + 1);
  }

  failed(): FailedRequest {
    const accept = this.req.headers.accept as string | undefined;
    return { method: this.req.method, path: this.path, headers: this.req.headers, accepts: (type) => acceptsType(accept, type) };
  }
}

export type StageResult = Stopped | undefined;

/**
 * A stage that waits (a body read, a credential check): what it waits for, and what decides the
 * stage once it arrives. The runner waits with one promise reaction, not one per step.
 */
export class Waiting {
  private constructor(readonly promise: Promise<unknown>, readonly settle: (x: Exchange, value: unknown) => StageResult | Waiting) {}

  /** Made here only, so that each promise is paired with a settle that reads its value. */
  static on<T>(promise: Promise<T>, settle: (x: Exchange, value: T) => StageResult | Waiting): Waiting {
    return new Waiting(promise, settle as (x: Exchange, value: unknown) => StageResult | Waiting);
  }
}

export type StageFn = (x: Exchange) => StageResult | Waiting;

/** The failure behind a default formatter's answer (its per-field pointers); null: the surface's own formatter answered. */
const failures = new WeakMap<Stopped, ParseFailure | null>();

function formatted(x: Exchange, kind: Stopped['kind'], formatter: 'bodyParse' | 'urlParse' | 'headerParse', failure: ParseFailure): Stopped {
  const format = x.plan.formatters[formatter];
  const s: Stopped = { kind, answer: answerOfReply(format(failure, x.failed())) };
  failures.set(s, format === defaultFormatters[formatter] ? failure : null);
  return s;
}

/** A stopped request as answered: in the format its endpoint declares for the status, if any. */
function declared(x: Exchange, s: Stopped): Stopped {
  // A capture that did not decode names the endpoint its path leads to: its declared 400 format.
  const endpoint = x.route?.kind === 'match' ? x.endpoint : x.route?.kind === 'badCapture' ? x.route.endpoint : undefined;
  if (endpoint === undefined) return s;
  const failure = failures.get(s);
  return failure === null ? s : inDeclaredFormat(endpoint, x.path, s, failure);
}

function extensionOutcome(x: Exchange, part: ExtensionPart, r: ExtensionRead<unknown>): StageResult {
  if (r.ok) {
    x.input[part.key] = r.value;
    if (r.headers) x.extraHeaders = { ...x.extraHeaders, ...r.headers };
    return undefined;
  }
  if ('failure' in r) return formatted(x, 'badHeader', 'headerParse', r.failure);
  return refused(r.refusal);
}

/** The extension parts of one stage, in order; a claim goes to the plan's verifier. */
function runExtensions(x: Exchange, stage: 'auth' | 'header', from = 0): StageResult | Waiting {
  const parts = x.endpoint.extensions;
  for (let i = from; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.ext.stage !== stage) continue;
    const read = part.ext.read(part.config, x.req.headers, x.req.url);
    if (read.ok === 'claim') {
      const verified = x.plan.verify(part, read.claim, x.req);
      const next = (y: Exchange, r: ExtensionRead<unknown>) => extensionOutcome(y, part, r) ?? runExtensions(y, stage, i + 1);
      return verified instanceof Promise ? Waiting.on(verified, next) : next(x, verified);
    }
    const stop = extensionOutcome(x, part, read);
    if (stop) return stop;
  }
  return undefined;
}

/** Each stage of the error order before the handler, by name. */
const PROTOCOL: Readonly<Record<Exclude<Stage, 'handler'>, StageFn>> = {
  route(x) {
    const route = x.plan.router.route(x.req.method, x.path);
    if (route.kind === 'badUrl') return formatted(x, 'badUrl', 'urlParse', { combinator: 'Path', message: route.message });
    x.route = route;
    switch (route.kind) {
      case 'notFound': return { kind: 'notFound', answer: answerOfReply(x.plan.formatters.notFound(x.failed())) };
      case 'badCapture':
        return formatted(x, 'badCapture', 'urlParse', { combinator: 'Capture', name: route.name, message: `Error parsing capture ${route.name} failed: ${route.message}`, ...(route.constraint === undefined ? {} : { constraint: route.constraint }) });
      case 'match':
        x.endpoint = route.endpoint;
        // The router made this object for this request alone: it becomes the input.
        x.input = route.captures;
        return undefined;
      default: return undefined;
    }
  },
  method(x) {
    const route = x.route!;
    if (route.kind === 'match') {
      const no = route.refused;
      return no === undefined ? undefined : formatted(x, 'badCapture', 'urlParse', { combinator: 'Capture', name: no.name, message: `Error parsing capture ${no.name} failed: ${no.message}`, ...(no.constraint === undefined ? {} : { constraint: no.constraint }) });
    }
    if (route.kind !== 'methodNotAllowed') return undefined;
    const custom = x.plan.formatters.methodNotAllowed;
    if (custom) return { kind: 'methodNotAllowed', answer: answerOfReply(custom(x.failed(), route.allow)) };
    const allow = route.allow.join(', ');
    return refused({ kind: 'methodNotAllowed', message: `Method ${x.req.method} not allowed on ${x.path} (allowed: ${allow})`, headers: { allow } });
  },
  auth: (x) => (x.endpoint.extensions.length === 0 ? undefined : runExtensions(x, 'auth')),
  accept(x) {
    const success = x.endpoint.responses[0]!;
    if (!success.content) return undefined;
    const accept = x.req.headers.accept as string | undefined;
    const media = pickResponseMedia(accept, success.content.media);
    if (media) { x.media = media; return undefined; }
    // decided: another declared success in a type the Accept takes (a 202 in JSON beside a 200 in
    // PDF) makes the request answerable, not a 406; docs/decisions.md "Requests: routing and parsing".
    for (const r of x.endpoint.responses) {
      if (r === success || r.status < 200 || r.status > 299 || r.content === undefined) continue;
      const other = pickResponseMedia(accept, r.content.media);
      if (other) { x.media = other; return undefined; }
    }
    const offered = success.content.media.map((m) => m.type).join(', ');
    return refused({ kind: 'notAcceptable', message: `Not Acceptable: ${x.req.method} ${x.endpoint.path} answers ${offered}` });
  },
  'content-type'(x) {
    const body = x.endpoint.body;
    if (!body) return undefined;
    const ct = x.req.headers['content-type'] as string | undefined;
    // decided: an optional body is left out by sending no Content-Type and no bytes; whether
    // bytes come is known once read, so body-size judges it (docs/decisions.md "Optional request bodies").
    if (ct === undefined && body.required === false) return undefined;
    return requestMedia(x, ct);
  },
  'body-size'(x) {
    if (!x.endpoint.body) return undefined;
    const read = x.req.readBody(x.plan.maxBody);
    return read instanceof Promise ? Waiting.on(read, judgeBody) : judgeBody(x, read);
  },
  query(x) {
    const r = decodeQuery(x.query, x.endpoint.query, x.input);
    return r.ok ? undefined : formatted(x, 'badQuery', 'urlParse', r.failure);
  },
  header(x) {
    const r = decodeHeaders(x.req.headers, x.endpoint.headers, x.input);
    if (!r.ok) return formatted(x, 'badHeader', 'headerParse', r.failure);
    return x.endpoint.extensions.length === 0 ? undefined : runExtensions(x, 'header');
  },
  body(x) {
    const body = x.endpoint.body;
    if (!body || !x.bytes || !x.bodyMedia) return undefined;
    const r = decodeBody(x.bytes, x.bodyMedia, body, x.input, x.req.headers['content-type'] as string | undefined, x.req.json);
    return r.ok ? undefined : formatted(x, 'badBody', 'bodyParse', r.failure);
  },
};

/** The request's body codec for its Content-Type, or the 415 that refuses it. */
function requestMedia(x: Exchange, ct: string | undefined): StageResult {
  const body = x.endpoint.body!;
  x.bodyMedia = pickRequestMedia(ct, body.media);
  if (!x.bodyMedia) {
    const accepted = body.media.map((m) => m.type).join(', ');
    return refused({ kind: 'unsupportedMediaType', message: `Unsupported Media Type: ${ct === undefined ? 'no Content-Type' : JSON.stringify(ct)}; ${x.req.method} ${x.endpoint.path} accepts ${accepted}` });
  }
  const unreadable = unsupportedEncoding(ct, x.req.headers['content-encoding'] as string | undefined);
  if (unreadable) return refused({ kind: 'unsupportedMediaType', message: `Unsupported Media Type: ${unreadable}; ${x.req.method} ${x.endpoint.path} reads bodies as sent, in UTF-8` });
  return undefined;
}

/** What the body read tells the body-size stage. */
function judgeBody(x: Exchange, r: BodyRead): StageResult {
  if (r.kind === 'tooLarge') {
    return refused({ kind: 'payloadTooLarge', message: `Payload Too Large: the body exceeds ${x.plan.maxBody} bytes`, headers: { connection: 'close' } });
  }
  // A body cut short is known only while reading it, so it is answered here, as a body error.
  if (r.kind === 'aborted') return refused({ kind: 'badBody', message: 'the request body was cut short' });
  // An optional body whose Content-Type was not sent: no bytes is no body; bytes are judged now.
  if (x.bodyMedia === undefined) return r.bytes.length === 0 ? undefined : requestMedia(x, undefined) ?? keep(x, r.bytes);
  return keep(x, r.bytes);
}

function keep(x: Exchange, bytes: Uint8Array): StageResult {
  x.bytes = bytes;
  return undefined;
}

/** The stages before the handler, in the order STAGES names. */
export const PROTOCOL_STAGES: readonly StageFn[] = STAGES.filter((s): s is Exclude<Stage, 'handler'> => s !== 'handler').map((s) => PROTOCOL[s]);

/**
 * Runs the protocol stages from `from` on: `stopped` with the answer of the first that stops the
 * request, or `passed` when the request reaches its handler. Synchronous until a stage waits;
 * then one promise reaction per wait, continuing straight into `passed`.
 */
export function runThrough<T>(x: Exchange, stopped: (s: Stopped) => T, passed: (x: Exchange) => T | Promise<T>, from = 0): T | Promise<T> {
  for (let i = from; i < PROTOCOL_STAGES.length; i++) {
    const r = PROTOCOL_STAGES[i]!(x);
    if (r === undefined) continue;
    if (r instanceof Waiting) return waitFor(r, x, stopped, passed, i);
    return stopped(declared(x, r));
  }
  return passed(x);
}

/** Stage `i` waits: once what it waits for arrives, it decides, and the stages after it run. */
function waitFor<T>(w: Waiting, x: Exchange, stopped: (s: Stopped) => T, passed: (x: Exchange) => T | Promise<T>, i: number): Promise<T> {
  return w.promise.then((v) => {
    const r = w.settle(x, v);
    if (r === undefined) return runThrough(x, stopped, passed, i + 1);
    return r instanceof Waiting ? waitFor(r, x, stopped, passed, i) : stopped(declared(x, r));
  });
}

const same = (s: Stopped): StageResult => s;
const through = (): StageResult => undefined;

/** The answer of the first stage that stops the request, or undefined when it reaches its handler. */
export const runStages = (x: Exchange, from = 0): StageResult | Promise<StageResult> => runThrough(x, same, through, from);
