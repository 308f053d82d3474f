// The protocol error answers of an endpoint as the server gives them: for each error the
// description layer says it can answer, a request that provokes it is run through the predictor
// (the very stages the server runs), and its status, headers and body are kept as examples.
import { ERRORS, type ErrorKind } from '../dsl/errors.js';
import type { CapturePart, EndpointInfo, Surface } from '../dsl/types.js';
import type { Codec } from '../codec/types.js';
import { sample } from '../codec/sample.js';
import { fieldCodec, formPairsText } from '../codec/object-text.js';
import type { CookieConfig } from '../dsl/cookie.js';
import { joinMixed, mixedShape, splitsBack } from '../describe/mixed-segment.js';
import { endpointErrors } from '../describe/possible-errors.js';
import { DEFAULT_MAX_BODY, type PredictedRequest, type Prediction, predictor } from '../describe/predict.js';

/** One answer a protocol error gets, as sent. */
export interface DocAnswer {
  readonly kind: ErrorKind;
  readonly status: number;
  /** The Content-Type sent, absent for an empty body. */
  readonly contentType?: string;
  readonly body: string;
  /** Headers besides Content-Type and connection management (`WWW-Authenticate`, `Retry-After`). */
  readonly headers: Readonly<Record<string, string>>;
}

/** Texts tried, in order, where a value must fail to decode (`abc` is no integer, `0` under a bound). */
const WRONG_TEXT = ['abc', '0', '-1', 'true', ''];
const WRONG_BODY = ['{', '', 'x=1&x=2', '\u0000'];

/** A capture's first example, else its codec's sample, as text. */
function validText(codec: Codec<unknown>): string {
  const value = codec.examples.length > 0 ? codec.examples[0]!.value : sample(codec);
  // An object's own text is `key,value` pairs (its formatText writes JSON, for response headers).
  return codec.kind === 'object' && codec.textForm === undefined ? formPairsText(codec, value) : codec.formatText(value);
}

/** Valid texts of a mixed segment's captures. */
const mixedTexts = (pieces: readonly (string | CapturePart)[]) => pieces.flatMap((p) => (typeof p === 'string' ? [] : [validText(p.codec)]));

/** The query string (`?limit=1`, or empty) and the headers that carry an endpoint's required parts with valid values. */
export function requiredValues(e: EndpointInfo): { pairs: { name: string; text: string }[]; headers: Record<string, string> } {
  const pairs: { name: string; text: string }[] = [];
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const q of e.query) {
    if (q.required !== true) continue;
    const codec = q.mode === 'list' && q.codec.kind === 'array' ? q.codec.item : q.codec;
    if (q.mode === 'deep' && codec.kind === 'object') {
      for (const [k, v] of Object.entries(sample(codec) as Record<string, unknown>)) {
        if (v !== undefined) pairs.push({ name: q.name, text: `${encodeURIComponent(`${q.name}[${k}]`)}=${encodeURIComponent(fieldCodec(codec, k)?.formatText(v) ?? String(v))}` });
      }
    } else {
      pairs.push({ name: q.name, text: `${encodeURIComponent(q.name)}=${encodeURIComponent(validText(codec))}` });
    }
  }
  for (const h of e.headers) if (h.required === true) headers[h.name.toLowerCase()] = validText(h.codec);
  for (const x of e.extensions) {
    const c = x.config as CookieConfig;
    if (x.ext.name === 'cookie' && c.required === true) cookies.push(`${c.name}=${encodeURIComponent(validText(c.codec))}`);
  }
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  return { pairs, headers };
}

/** A query string of pairs (`?a=1&b=2`), empty for none. */
const queryOf = (pairs: readonly { text: string }[]) => (pairs.length === 0 ? '' : `?${pairs.map((p) => p.text).join('&')}`);

/** A request every protocol stage lets through (captures from examples, required parts, a valid body, credentials). */
function validRequest(e: EndpointInfo): { method: string; segments: string[]; query: string; pairs: { name: string; text: string }[]; headers: Record<string, string>; body?: string | Buffer } {
  const segments = e.segments.map((s) => (s.kind === 'static' ? s.value : s.kind === 'capture' ? validText(s.codec)
    : s.kind === 'mixed' ? joinMixed(mixedShape(s.pieces), mixedTexts(s.pieces)) : 'file.txt'));
  const { pairs, headers } = requiredValues(e);
  const query = queryOf(pairs);
  for (const x of e.extensions) {
    const f = x.ext.docs(x.config);
    // The predictor takes a well-formed claim as valid (it knows no users): any credentials do.
    if (f.kind === 'auth') headers.authorization = f.schemes.includes('Basic') ? `Basic ${Buffer.from('user:password').toString('base64')}` : 'Bearer token';
  }
  if (!e.body) return { method: e.method, segments, query, pairs, headers };
  const media = e.body.media[0]!;
  const value = e.body.examples.length > 0 ? e.body.examples[0]!.value : e.body.codec.examples.length > 0 ? e.body.codec.examples[0]!.value : sample(e.body.codec);
  headers['content-type'] = media.contentType;
  return { method: e.method, segments, query, pairs, headers, body: media.encode(value, e.body.codec) };
}

const url = (segments: readonly string[], query = '') => `/${segments.map(encodeURIComponent).join('/')}${query}`;

/** The requests that should provoke one kind of error, each a variant of the valid request. */
function provocations(e: EndpointInfo, kind: ErrorKind): PredictedRequest[] {
  const v = validRequest(e);
  const base: PredictedRequest = { method: v.method, url: url(v.segments, v.query), headers: v.headers, ...(v.body === undefined ? {} : { body: v.body }) };
  const withHeaders = (h: Record<string, string>) => ({ ...base, headers: { ...v.headers, ...h } });
  switch (kind) {
    case 'badCapture':
      return e.segments.flatMap((s, i) => {
        const at = (w: string) => ({ ...base, url: url(v.segments.map((x, j) => (j === i ? w : x)), v.query) });
        if (s.kind === 'capture') return WRONG_TEXT.filter((w) => !s.codec.parseText(w).ok && w !== '').map(at);
        if (s.kind !== 'mixed') return [];
        // One capture of the segment wrong, the others valid, its literals where they were.
        const shape = mixedShape(s.pieces);
        const valid = mixedTexts(s.pieces);
        return shape.captures.flatMap((c, k) => WRONG_TEXT.filter((w) => !c.codec.parseText(w).ok && w !== '')
          .map((w) => valid.map((x, j) => (j === k ? w : x))).filter((texts) => splitsBack(shape, texts)).map((texts) => at(joinMixed(shape, texts))));
      });
    case 'badQuery':
      return [
        // The required ones left out (all of them: the first is named).
        ...(v.query === '' ? [] : [{ ...base, url: url(v.segments) }]),
        ...e.query.flatMap((q) => WRONG_TEXT.filter((w) => w !== '' && (q.mode === 'flag' || !q.codec.parseText(w).ok)).map((w) => {
          // The wrong value in place of the parameter's valid one (given twice would be another error).
          const wrong = { text: `${encodeURIComponent(q.mode === 'deep' ? `${q.name}[x]` : q.name)}=${encodeURIComponent(q.mode === 'flag' ? 'maybe' : w)}` };
          return { ...base, url: url(v.segments, queryOf([...v.pairs.filter((p) => p.name !== q.name), wrong])) };
        })),
      ];
    case 'badHeader':
      return [
        ...e.headers.flatMap((h) => WRONG_TEXT.filter((w) => !h.codec.parseText(w).ok).map((w) => withHeaders({ [h.name.toLowerCase()]: w }))),
        ...e.headers.filter((h) => h.required === true).map((h) => ({ ...base, headers: Object.fromEntries(Object.entries(v.headers).filter(([k]) => k !== h.name.toLowerCase())) })),
        ...e.extensions.filter((x) => x.ext.errors.includes('badHeader')).map((x) => withHeaders({ [x.ext.header.toLowerCase()]: '!' })),
      ];
    case 'badBody':
      return WRONG_BODY.map((b) => ({ ...base, body: b }));
    case 'unauthorized': {
      const { authorization: _, ...rest } = v.headers;
      return [{ ...base, headers: rest }];
    }
    case 'notAcceptable': return [withHeaders({ accept: 'application/x-unacceptable' })];
    case 'unsupportedMediaType': return [withHeaders({ 'content-type': 'application/x-unsupported' })];
    case 'payloadTooLarge': return [{ ...base, body: tooLargeBody() }];
    default: return [];
  }
}

/** One body over the default limit, made once and shared by every 413 example (only ever read). */
let oversized: Buffer | undefined;
const tooLargeBody = (): Buffer => (oversized ??= Buffer.alloc(DEFAULT_MAX_BODY + 1, 0x20));

/** The registry's example of an error no request held in memory provokes (a busy password check). */
function registryAnswer(kind: ErrorKind): DocAnswer[] {
  if (kind !== 'overloaded') return [];
  const e = ERRORS.overloaded;
  return [{ kind, status: e.status, contentType: 'text/plain;charset=utf-8', body: e.example.replace(/^`|`$/g, ''), headers: { 'Retry-After': '1' } }];
}

const SKIPPED = new Set(['content-type', 'content-length', 'connection']);

function answerOf(kind: ErrorKind, p: Exclude<Prediction, { kind: 'handler' }>): DocAnswer {
  const headers: Record<string, string> = {};
  let contentType: string | undefined;
  for (const [name, value] of Object.entries(p.headers)) {
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    if (name === 'content-type') contentType = text;
    else if (!SKIPPED.has(name)) headers[name === 'www-authenticate' ? 'WWW-Authenticate' : name.replace(/(^|-)([a-z])/g, (_, d: string, c: string) => d + c.toUpperCase())] = text;
  }
  const body = p.body === undefined ? '' : typeof p.body === 'string' ? p.body : p.body.toString('utf8');
  return { kind, status: p.status, ...(contentType === undefined || body === '' ? {} : { contentType }), body, headers };
}

/** Accept headers each provoking request is also sent with: a formatter may answer by Accept (S3). */
const ACCEPTS = [undefined, 'text/plain'];

/**
 * Every distinct answer (status, Content-Type, body) the endpoint's protocol errors get, in check
 * order. A surface's formatter may answer with another status (S9 answers its documentation).
 */
export function errorAnswers(surface: Surface, e: EndpointInfo, predict: (req: PredictedRequest) => Prediction = predictor(surface)): DocAnswer[] {
  const out: DocAnswer[] = [];
  const seen = new Set<string>();
  for (const possible of endpointErrors(e)) {
    const found: DocAnswer[] = [...registryAnswer(possible.kind)];
    let requests: PredictedRequest[];
    // A codec without a sample value leaves no valid request to vary: no example then.
    try { requests = provocations(e, possible.kind); } catch { requests = []; }
    for (const req of requests) {
      for (const accept of possible.kind === 'notAcceptable' ? [undefined] : ACCEPTS) {
        const p = predict(accept === undefined ? req : { ...req, headers: { ...req.headers, accept } });
        if (p.kind !== possible.kind) continue;
        found.push(answerOf(possible.kind, p));
      }
    }
    // Two examples per kind and media type say enough (a type error and a broken bound).
    const perType = new Map<string, number>();
    for (const a of found) {
      const key = `${a.status} ${a.contentType ?? ''} ${a.body}`;
      const type = `${a.status} ${a.contentType ?? ''}`;
      if (seen.has(key) || (perType.get(type) ?? 0) >= 2) continue;
      seen.add(key);
      perType.set(type, (perType.get(type) ?? 0) + 1);
      out.push(a);
    }
  }
  return out;
}
