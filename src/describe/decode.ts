// Decodes the parts of a request an endpoint declares (query, headers, body) into the typed
// input its handler receives, or a ParseFailure naming the part and the reason.
import type { BodyPart, HeaderPart, QueryPart } from '../dsl/types.js';
import type { ParseFailure } from '../dsl/formatters.js';
import type { MediaCodec } from '../codec/media.js';
import { parseUrlEncoded } from '../codec/urlencoded.js';
import { objectFromPairs } from '../codec/object-text.js';
import { MAX_JSON_DEPTH, deeperThan, jsonTextDeeperThan } from '../codec/json-depth.js';
import { json } from '../codec/media.js';
import { isPlainJson } from '../codec/plain-json.js';
import { validatorOf } from '../codec/validator.js';

export type Decoded = { readonly ok: true } | { readonly ok: false; readonly failure: ParseFailure };
const DONE: Decoded = { ok: true };
const failed = (failure: ParseFailure): Decoded => ({ ok: false, failure });

/** Query parameters into `input`; unknown parameters are ignored, a malformed escape never is. */
export function decodeQuery(raw: string, params: readonly QueryPart[], input: Record<string, unknown>): Decoded {
  // decided: a bad `%` escape anywhere in the URL is a 400, also in the query of an endpoint that
  // reads no parameter (docs/decisions.md "Query parameters"); only a `%` can make it bad.
  if (params.length === 0 && !raw.includes('%')) return DONE;
  const pairs = parseUrlEncoded(raw);
  if (!pairs.ok) return failed({ combinator: 'QueryParam', message: `Error parsing query string failed: ${pairs.error}` });
  if (params.length === 0) return DONE;
  for (let i = 0; i < params.length; i++) {
    const p = params[i]!;
    if (p.mode === 'deep') {
      const r = decodeDeep(pairs.value, p, input);
      if (!r.ok) return r;
      if (p.required === true && input[p.name] === undefined) return badParam(p, NOT_GIVEN, 'required');
      continue;
    }
    if (p.mode === 'list') {
      const list: unknown[] = [];
      const bracketed = `${p.name}[]`;
      for (const [k, v] of pairs.value) {
        if (k !== p.name && k !== bracketed) continue;
        const r = p.codec.parseText(v);
        if (!r.ok) return badParam(p, r.error, r.constraint);
        list.push(r.value);
      }
      if (p.required === true && list.length === 0) return badParam(p, NOT_GIVEN, 'required');
      input[p.name] = list;
      continue;
    }
    // A single value: counted and kept as the pairs go by, no list made.
    let given = 0;
    let value: string | undefined;
    for (const [k, v] of pairs.value) {
      if (k !== p.name) continue;
      given++;
      value = v;
    }
    // decided: a single-valued parameter (or flag) given twice is ambiguous, so a 400 (docs/decisions.md "Query parameters").
    if (given > 1) return badParam(p, 'given more than once');
    if (p.mode === 'flag') {
      // decided: a flag is true when present bare or as true/1, false when absent or false/0.
      const v = value?.toLowerCase();
      if (v === undefined || v === 'false' || v === '0') input[p.name] = false;
      else if (v === '' || v === 'true' || v === '1') input[p.name] = true;
      else return badParam(p, `${JSON.stringify(value)} is not a flag value (true, false, 1, 0 or nothing)`);
    } else if (value !== undefined) {
      const r = p.codec.parseText(value);
      if (!r.ok) return badParam(p, r.error, r.constraint);
      input[p.name] = r.value;
    } else if (p.required === true) {
      return badParam(p, NOT_GIVEN, 'required');
    }
  }
  return DONE;
}

/** What a required part's absence is called in its message (`... failed: required, not given`). */
export const NOT_GIVEN = 'required, not given';

function badParam(p: QueryPart, why: string, constraint?: string): Decoded {
  return failed({ combinator: 'QueryParam', name: p.name, message: `Error parsing query parameter ${p.name} failed: ${why}`, ...(constraint === undefined ? {} : { constraint }) });
}

/** `name[key]=value` pairs into one object (OpenAPI `deepObject`); absent when no key is given. */
function decodeDeep(pairs: readonly (readonly [string, string])[], p: QueryPart, input: Record<string, unknown>): Decoded {
  const prefix = `${p.name}[`;
  const fields: [string, string][] = [];
  for (const [k, v] of pairs) if (k.startsWith(prefix) && k.endsWith(']')) fields.push([k.slice(prefix.length, -1), v]);
  if (fields.length === 0) return DONE;
  const codec = p.codec;
  if (codec.kind !== 'object') return failed({ combinator: 'QueryParam', name: p.name, message: `Error parsing query parameter ${p.name} failed: ${codec.label} is not an object` });
  const r = objectFromPairs(codec, fields);
  if (!r.ok) return failed({ combinator: 'QueryParam', name: p.name, message: `Error parsing query parameter ${p.name} failed: ${r.error}`, ...(r.constraint === undefined ? {} : { constraint: r.constraint }) });
  input[p.name] = r.value;
  return DONE;
}

/** Request headers into `input`, keyed by their declared name; a required one absent is refused. */
export function decodeHeaders(headers: Readonly<Record<string, string | string[] | undefined>>, parts: readonly HeaderPart[], input: Record<string, unknown>): Decoded {
  for (const h of parts) {
    const raw = headers[h.name.toLowerCase()];
    if (raw === undefined) {
      if (h.required === true) return failed({ combinator: 'Header', name: h.name, message: `Error parsing header ${h.name} failed: ${NOT_GIVEN}`, constraint: 'required' });
      continue;
    }
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    const r = h.codec.parseText(value);
    if (!r.ok) return failed({ combinator: 'Header', name: h.name, message: `Error parsing header ${h.name} failed: ${r.error}`, ...(r.constraint === undefined ? {} : { constraint: r.constraint }) });
    input[h.name] = r.value;
  }
  return DONE;
}

/**
 * The request body through its media decoder and codec; `contentType` is the request's header,
 * parameters and all; `known`, the value a JSON body was written from (see Incoming's `json`).
 */
export function decodeBody(bytes: Uint8Array, media: MediaCodec, part: BodyPart, input: Record<string, unknown>, contentType?: string, known?: { readonly value: unknown }): Decoded {
  // The text of a plain JSON value the compiled validator takes as it is reads back as that value,
  // which the codec then takes as it is: the answer parsing gives, without the parse. Any other
  // value (refused, decoded otherwise, not plain) is read from the bytes, as the server reads it.
  if (known !== undefined && media.decode === json.decode && isPlainJson(known.value) && validatorOf(part.codec)(known.value)) {
    input.body = known.value;
    return DONE;
  }
  // Checked once, before any recursive walk (the codec's check, the mock's store, the encoder)
  // could overflow the stack on it: a 400, never a 500. decided: docs/decisions.md "JSON depth".
  if (readsJson(media, part) && jsonTextDeeperThan(bytes, MAX_JSON_DEPTH)) {
    return failed({ combinator: "ReqBody'", message: `Error in $: ${deeperThan(MAX_JSON_DEPTH)}` });
  }
  const r = media.decode!(bytes, part.codec, contentType);
  if (!r.ok) return failed({ combinator: "ReqBody'", message: r.path === undefined ? r.error : `Error in ${r.path}: ${r.error}`, ...(r.constraint === undefined ? {} : { constraint: r.constraint }) });
  input.body = r.value;
  return DONE;
}

/** Whether the body is read as JSON: a JSON media type (`+json` too), or a free JSON value sent as text or bytes. */
function readsJson(media: MediaCodec, part: BodyPart): boolean {
  if (/[/+]json$/.test(media.type)) return true;
  return part.codec.kind === 'json' && (media.type === 'text/plain' || media.type === 'application/octet-stream');
}
