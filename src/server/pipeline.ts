// One request through one surface: route -> method -> auth -> Accept -> Content-Type -> query ->
// headers -> body -> handler -> encode, in the order of ERROR_PRECEDENCE. No transport here.
import type { EndpointInfo } from '../dsl/types.js';
import type { FailedRequest, Formatters, ParseFailure } from '../dsl/formatters.js';
import type { HandlerContext } from '../dsl/implement.js';
import { HttpError, isReply, type Reply } from '../dsl/reply.js';
import type { MediaCodec } from '../codec/media.js';
import { Router } from './router.js';
import { acceptsType, pickRequestMedia, pickResponseMedia, unsupportedEncoding } from './negotiate.js';
import { decodeBody, decodeHeaders, decodeQuery } from './decode.js';
import { defaultFormatters, protocolError } from './errors.js';
import { encodeReply, errorReply, fromReply } from './reply.js';
import type { ExtensionRuntime } from './extensions.js';
import type { OutReply, RequestRecord } from './request.js';

export type HandlerFn = (input: Record<string, unknown>, ctx: HandlerContext) => unknown;

export interface CompiledSurface {
  readonly router: Router;
  readonly handlers: ReadonlyMap<EndpointInfo, HandlerFn>;
  readonly formatters: Formatters;
  readonly extensions: ReadonlyMap<string, ExtensionRuntime>;
  readonly maxBody: number;
  readonly log: (line: string) => void;
}

export function compile(endpoints: readonly EndpointInfo[], handlers: ReadonlyMap<EndpointInfo, HandlerFn>,
  options: { formatters?: Partial<Formatters>; extensions?: ReadonlyMap<string, ExtensionRuntime>; maxBody: number; log: (line: string) => void }): CompiledSurface {
  return {
    router: new Router(endpoints),
    handlers,
    formatters: { ...defaultFormatters, ...options.formatters },
    extensions: options.extensions ?? new Map(),
    maxBody: options.maxBody,
    log: options.log,
  };
}

function failedRequest(req: RequestRecord, path: string): FailedRequest {
  const accept = req.headers.accept as string | undefined;
  return { method: req.method, path, headers: req.headers, accepts: (type) => acceptsType(accept, type) };
}

/**
 * What a handler sees besides its input. A class, not an object literal with a getter (V8 builds
 * those slowly and they fill the old space), and the signal is made only when a handler asks for
 * it: an AbortController per request halved throughput (bench/, README "Benchmark").
 */
class Context implements HandlerContext {
  readonly method: string;
  readonly headers: HandlerContext['headers'];
  constructor(private readonly req: RequestRecord, readonly path: string) {
    this.method = req.method;
    this.headers = req.headers;
  }
  get signal(): AbortSignal { return this.req.signal; }
}

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  v !== null && (typeof v === 'object' || typeof v === 'function') && typeof (v as { then?: unknown }).then === 'function';

/** Splits and percent-decodes the path; undefined when an escape is malformed. */
function splitPath(path: string): string[] | undefined {
  const raw = path.split('/');
  raw.shift();
  for (let i = 0; i < raw.length; i++) {
    const s = raw[i]!;
    if (s.includes('%')) {
      try { raw[i] = decodeURIComponent(s); } catch { return undefined; }
    }
  }
  return raw;
}

/**
 * One request through the surface. Synchronous up to the handler when the endpoint has no body
 * and no extension part, and the handler answers at once: most GETs cost no promise at all.
 */
export function handle(cs: CompiledSurface, req: RequestRecord): OutReply | Promise<OutReply> {
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  const query = q < 0 ? '' : req.url.slice(q + 1);

  const segments = splitPath(path);
  if (segments === undefined) {
    return parseFailure(cs, req, path, 'urlParse', { combinator: 'Path', message: `Error parsing path failed: malformed percent-encoding in ${JSON.stringify(path)}` });
  }
  const route = cs.router.match(req.method, segments);
  switch (route.kind) {
    case 'notFound': return fromReply(cs.formatters.notFound(failedRequest(req, path)));
    case 'badCapture':
      return parseFailure(cs, req, path, 'urlParse', { combinator: 'Capture', name: route.name, message: `Error parsing capture ${route.name} failed: ${route.message}` });
    case 'methodNotAllowed': {
      if (cs.formatters.methodNotAllowed) return fromReply(cs.formatters.methodNotAllowed(failedRequest(req, path), route.allow));
      const allow = route.allow.join(', ');
      return errorReply(protocolError('methodNotAllowed', `Method ${req.method} not allowed on ${path} (allowed: ${allow})`, { allow }));
    }
    case 'match': break;
  }
  const x: Exchange = { cs, req, path, query, e: route.endpoint, input: { ...route.captures }, extraHeaders: {} };
  if (x.e.extensions.length > 0 || x.e.body) return handleWithBodyOrExtensions(x);
  const media = responseMedia(x);
  if (!isMediaCodec(media)) return media;
  return decodeRequestParts(x) ?? invoke(x, media);
}

/** What the stages after routing share. */
interface Exchange {
  readonly cs: CompiledSurface;
  readonly req: RequestRecord;
  readonly path: string;
  readonly query: string;
  readonly e: EndpointInfo;
  readonly input: Record<string, unknown>;
  readonly extraHeaders: Record<string, string | readonly string[]>;
}

function parseFailure(cs: CompiledSurface, req: RequestRecord, path: string, formatter: 'bodyParse' | 'urlParse' | 'headerParse', failure: ParseFailure): OutReply {
  return fromReply(cs.formatters[formatter](failure, failedRequest(req, path)));
}

const isMediaCodec = (v: MediaCodec | OutReply | undefined): v is MediaCodec | undefined => v === undefined || 'encode' in v;

/** The response codec `Accept` picks (undefined: no content), or the 406. */
function responseMedia({ req, e }: Exchange): MediaCodec | undefined | OutReply {
  const success = e.responses[0]!;
  if (!success.content) return undefined;
  const media = pickResponseMedia(req.headers.accept as string | undefined, success.content.media);
  if (media) return media;
  const offered = success.content.media.map((m) => m.type).join(', ');
  return errorReply(protocolError('notAcceptable', `Not Acceptable: ${req.method} ${e.path} answers ${offered}`));
}

/** Query parameters and headers into the input; the 400 when one does not decode. */
function decodeRequestParts({ cs, req, path, query, e, input }: Exchange): OutReply | undefined {
  const q1 = decodeQuery(query, e.query, input);
  if (!q1.ok) return parseFailure(cs, req, path, 'urlParse', q1.failure);
  const h1 = decodeHeaders(req.headers, e.headers, input);
  if (!h1.ok) return parseFailure(cs, req, path, 'headerParse', h1.failure);
  return undefined;
}

async function runExtensions(x: Exchange, stage: ExtensionRuntime['stage']): Promise<OutReply | undefined> {
  for (const part of x.e.extensions) {
    const ext = x.cs.extensions.get(part.ext);
    if (!ext || ext.stage !== stage) continue;
    const r = await ext.decode(part, x.req, x.e);
    if (!r.ok) {
      if ('failure' in r) return parseFailure(x.cs, x.req, x.path, 'headerParse', r.failure);
      return r.error instanceof HttpError ? errorReply(r.error) : fromReply(r.error);
    }
    x.input[part.key] = r.value;
    if (r.headers) Object.assign(x.extraHeaders, r.headers);
  }
  return undefined;
}

/** The same stages with the awaits a body or an extension part needs, in ERROR_PRECEDENCE order. */
async function handleWithBodyOrExtensions(x: Exchange): Promise<OutReply> {
  const { cs, req, e } = x;
  const authFailure = await runExtensions(x, 'auth');
  if (authFailure) return authFailure;
  const media = responseMedia(x);
  if (!isMediaCodec(media)) return media;

  let bodyMedia: MediaCodec | undefined;
  if (e.body) {
    const ct = req.headers['content-type'] as string | undefined;
    bodyMedia = pickRequestMedia(ct, e.body.media);
    if (!bodyMedia) {
      const accepted = e.body.media.map((m) => m.type).join(', ');
      return errorReply(protocolError('unsupportedMediaType', `Unsupported Media Type: ${ct === undefined ? 'no Content-Type' : JSON.stringify(ct)}; ${req.method} ${e.path} accepts ${accepted}`));
    }
    const unreadable = unsupportedEncoding(ct, req.headers['content-encoding'] as string | undefined);
    if (unreadable) return errorReply(protocolError('unsupportedMediaType', `Unsupported Media Type: ${unreadable}; ${req.method} ${e.path} reads bodies as sent, in UTF-8`));
  }
  let bytes: Buffer | undefined;
  if (e.body) {
    const read = await req.readBody(cs.maxBody);
    if (read.kind === 'tooLarge') {
      return errorReply(protocolError('payloadTooLarge', `Payload Too Large: the body exceeds ${cs.maxBody} bytes`, { connection: 'close' }));
    }
    if (read.kind === 'aborted') return errorReply(protocolError('badBody', 'the request body was cut short'));
    bytes = read.bytes;
  }

  const partFailure = decodeRequestParts(x);
  if (partFailure) return partFailure;
  const headerExt = await runExtensions(x, 'header');
  if (headerExt) return headerExt;
  if (e.body && bytes && bodyMedia) {
    const b1 = decodeBody(bytes, bodyMedia, e.body, x.input);
    if (!b1.ok) return parseFailure(cs, req, x.path, 'bodyParse', b1.failure);
  }
  return invoke(x, media);
}

/** Calls the handler and encodes what it answers; a promise only when the handler returns one. */
function invoke(x: Exchange, media: MediaCodec | undefined): OutReply | Promise<OutReply> {
  const { cs, req, path, e } = x;
  const crashed = (err: unknown): OutReply => {
    if (err instanceof HttpError) return errorReply(err, x.extraHeaders);
    cs.log(`api-serve: handler ${e.name} (${req.method} ${path}) crashed: ${(err as Error)?.stack ?? String(err)}`);
    return errorReply(protocolError('internal', 'Internal Server Error: the handler failed; the server log has details'));
  };
  const answered = (outcome: unknown): OutReply => {
    if (outcome instanceof HttpError) return errorReply(outcome, x.extraHeaders);
    try {
      return encodeReply(e, e.responses[0]!, media, isReply(outcome) ? (outcome as Reply) : undefined, outcome, x.extraHeaders);
    } catch (err) {
      cs.log(`api-serve: the reply of ${e.name} (${req.method} ${path}) could not be encoded: ${(err as Error)?.message ?? String(err)}`);
      return errorReply(protocolError('internal', 'Internal Server Error: the reply could not be encoded'));
    }
  };
  let outcome: unknown;
  try {
    outcome = cs.handlers.get(e)!(x.input, new Context(req, path));
  } catch (err) {
    return crashed(err);
  }
  return isThenable(outcome) ? Promise.resolve(outcome).then(answered, crashed) : answered(outcome);
}
