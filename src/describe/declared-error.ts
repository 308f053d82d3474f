// A protocol error in the format the endpoint declares for its status: `application/problem+json`
// (RFC 9457) filled with what went wrong, or the declared JSON error schema with its message field
// set. decided: docs/decisions.md "Errors in the document's format".
import type { EndpointInfo, ResponseSpec } from '../dsl/types.js';
import type { ParseFailure } from '../dsl/formatters.js';
import type { Codec, ObjectCodec } from '../codec/types.js';
import type { MediaCodec } from '../codec/media.js';
import { ERRORS } from '../dsl/errors.js';
import type { Answer, Stopped } from './answer.js';
import { responseFor } from './response-for.js';

type Obj = Record<string, unknown>;

/**
 * The sampler (sample.ts, which brings fast-check): loaded by `prepareDeclaredErrors` only for a
 * surface that declares JSON error content, so a plain server starts without the generator.
 */
let sampler: ((codec: Codec<unknown>) => unknown) | undefined;

const declaresJsonError = (r: ResponseSpec): boolean =>
  (r.status >= 400 || r.key === 'default' || /^[45]XX$/i.test(r.key ?? '')) && r.content?.media.some(isJson) === true;

/** Loads the sampler when an endpoint declares JSON content for an error status; call before serving. */
export async function prepareDeclaredErrors(endpoints: readonly EndpointInfo[]): Promise<void> {
  if (sampler === undefined && endpoints.some((e) => e.responses.some(declaresJsonError))) sampler = (await import('../codec/sample.js')).sample;
}

/** A sample of `codec`, or undefined when the sampler is not loaded or the codec has none. */
function sampleOf(codec: Codec<unknown>): unknown {
  if (sampler === undefined) return undefined;
  try { return sampler(codec); } catch { return undefined; }
}

/** What an endpoint declares for an error status: the JSON media and the codec, or nothing. */
interface Declared { readonly media: MediaCodec; readonly codec: Codec<unknown>; readonly examples: readonly unknown[] }

const isJson = (m: MediaCodec) => /[/+]json$/.test(m.type);

/** Per endpoint, per status: its declared JSON error content (null: none), found on first use. */
const known = new WeakMap<EndpointInfo, Map<number, Declared | null>>();

function declaredFor(e: EndpointInfo, status: number): Declared | null {
  let byStatus = known.get(e);
  if (byStatus === undefined) { byStatus = new Map(); known.set(e, byStatus); }
  let d = byStatus.get(status);
  if (d === undefined) {
    // The status itself when declared (with content or not), else its `4XX` range, else `default`.
    const spec = responseFor(e, status);
    const media = spec?.content?.media.find(isJson);
    d = spec?.content && media ? { media, codec: spec.content.codec, examples: spec.examples.map((x) => x.value) } : null;
    byStatus.set(status, d);
  }
  return d;
}

/** The object codec under optional, nullable, lazy wrappers (an error body is one object). */
function objectOf(codec: Codec<unknown>, depth = 0): ObjectCodec<unknown> | undefined {
  if (depth > 8) return undefined;
  switch (codec.kind) {
    case 'object': return codec;
    case 'optional': case 'nullable': return objectOf(codec.inner, depth + 1);
    case 'lazy': return objectOf(codec.target(), depth + 1);
    case 'scalar': case 'array': case 'tuple': case 'union': case 'json': case 'bytes': return undefined;
  }
}

/** Sets `key` to `value` where the object codec admits it there: a declared field, or an open object. */
function put(into: Obj, o: ObjectCodec<unknown>, key: string, value: unknown, declaredOnly = false): boolean {
  const field = Object.hasOwn(o.props, key) ? o.props[key]! : undefined;
  const fits = field !== undefined ? field.check(value, '$').ok
    : !declaredOnly && o.patterns.length === 0 && (o.extra === true || (typeof o.extra !== 'boolean' && o.extra.check(value, '$').ok));
  if (fits) into[key] = value;
  return fits;
}

/** An aeson-style body path (`$.a[0]`) as a JSON pointer fragment (`#/a/0`). */
function pointerOf(message: string): string | undefined {
  const m = /^Error in \$((?:\.[A-Za-z_$][\w$]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])*):/.exec(message);
  if (!m) return undefined;
  const steps = [...m[1]!.matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)]
    .map((s) => s[1] ?? s[2] ?? (JSON.parse(s[3]!) as string));
  return `#${steps.map((s) => `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')}`;
}

/** One entry of a per-field list: a body field by JSON pointer, a parameter by name. */
function fieldEntry(f: ParseFailure): Obj {
  const pointer = f.combinator === "ReqBody'" ? pointerOf(f.message) : undefined;
  return { detail: f.message, ...(pointer === undefined ? {} : { pointer }), ...(f.name === undefined ? {} : { parameter: f.name }) };
}

/** The per-field list in a declared `errors`/`invalid-params` array's item shape, when it fits. */
function declaredList(list: Codec<unknown>, f: ParseFailure): unknown[] | undefined {
  const arr = list.kind === 'optional' ? list.inner : list;
  if (arr.kind !== 'array') return undefined;
  const entry = fieldEntry(f);
  const o = objectOf(arr.item);
  let item: unknown = entry;
  if (o) {
    const it: Obj = {};
    const base = sampleOf(arr.item);
    if (base !== null && typeof base === 'object') Object.assign(it, base);
    const name = f.name ?? (entry.pointer as string | undefined);
    const by: Record<string, unknown> = { detail: f.message, reason: f.message, message: f.message, pointer: entry.pointer, name, parameter: f.name, field: name };
    for (const k of Object.keys(o.props)) if (by[k] !== undefined) put(it, o, k, by[k], true);
    item = it;
  }
  return arr.check([item], '$').ok ? [item] : undefined;
}

/** The message field of a non-problem schema, in this order. */
const MESSAGE_FIELDS = ['message', 'detail', 'error', 'title'];
const LIST_FIELDS = ['errors', 'invalid-params', 'invalidParams'];

/** The body value for the declared content, or undefined when none both carries and conforms. */
function bodyOf(d: Declared, status: number, reason: string, message: string, path: string, failure: ParseFailure | undefined): unknown {
  let base: unknown;
  if (d.examples.length > 0) base = structuredClone(d.examples[0]);
  else { base = sampleOf(d.codec); if (base === undefined) return undefined; }
  const o = objectOf(d.codec);
  if (!o || base === null || typeof base !== 'object' || Array.isArray(base)) return d.codec.check(base, '$').ok ? base : undefined;
  const value: Obj = { ...(base as Obj) };
  const problem = d.media.type === 'application/problem+json';
  if (problem || ['type', 'status', 'instance'].some((k) => Object.hasOwn(o.props, k))) {
    // RFC 9457: fields undeclared go in only where the type is problem+json and the schema is open.
    put(value, o, 'type', 'about:blank', !problem);
    put(value, o, 'title', reason, !problem);
    put(value, o, 'status', status, !problem);
    put(value, o, 'detail', message, !problem);
    put(value, o, 'instance', path, !problem);
    if (!Object.hasOwn(o.props, 'detail') || value.detail !== message) put(value, o, 'message', message, true);
  } else {
    MESSAGE_FIELDS.some((k) => Object.hasOwn(o.props, k) && put(value, o, k, message, true));
    for (const k of ['status', 'code']) if (Object.hasOwn(o.props, k)) put(value, o, k, status, true);
  }
  if (failure) {
    const listed = LIST_FIELDS.find((k) => Object.hasOwn(o.props, k));
    if (listed !== undefined) {
      const list = declaredList(o.props[listed]!, failure);
      if (list) value[listed] = list;
    } else if (problem) {
      put(value, o, 'errors', [fieldEntry(failure)]);
    }
  }
  if (d.codec.check(value, '$').ok) return value;
  return d.codec.check(base, '$').ok ? base : undefined;
}

const PLAIN = 'text/plain;charset=utf-8';

/**
 * `stopped` in the declared format of its status on this endpoint, or as it is: a surface that
 * declares no JSON content for the status (every hand-written one without `.responds(4xx, ...)`)
 * gets the very same object back. Only the pipeline's own plain-text (or empty) answers change.
 */
export function inDeclaredFormat(e: EndpointInfo, path: string, stopped: Stopped, failure: ParseFailure | undefined): Stopped {
  const entry = ERRORS[stopped.kind];
  const answer = answerInDeclaredFormat(e, path, stopped.answer, entry.status === stopped.answer.status ? entry.reason : undefined, failure);
  return answer === stopped.answer ? stopped : { kind: stopped.kind, answer };
}

/**
 * A plain-text (or empty) error answer in the format its status declares on this endpoint, or the
 * very same answer when the endpoint declares no JSON content for it. `reason` is the status's
 * reason phrase when the answer carries none.
 */
export function answerInDeclaredFormat(e: EndpointInfo, path: string, a: Answer, reason: string | undefined, failure?: ParseFailure): Answer {
  if (a.status < 400) return a;
  const d = declaredFor(e, a.status);
  if (d === null) return a;
  const ct = a.headers['content-type'];
  if (a.body !== undefined && a.body.length > 0 && ct !== PLAIN) return a;
  const title = a.reason ?? reason ?? 'Error';
  const text = a.body === undefined ? '' : a.body.toString();
  const message = text !== '' ? text : a.status === 401 ? `${title}: credentials are missing or wrong (see WWW-Authenticate)` : title;
  const value = bodyOf(d, a.status, title, message, path, failure);
  if (value === undefined) return a;
  return { ...a, headers: { ...a.headers, 'content-type': d.media.contentType }, body: JSON.stringify(value) };
}
