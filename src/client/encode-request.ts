// A call's input written as the request the server decodes: captures and query values in their
// codecs' text forms and parameter styles, headers, cookies, a Range, and the body in the first
// declared request media type. Every value goes through the same codec the server reads it with.
import type { BodyPart, CapturePart, EndpointInfo, ExtensionPart, MixedPart, QueryPart } from '../dsl/types.js';
import type { Codec, ObjectCodec } from '../codec/types.js';
import type { CookieConfig } from '../dsl/cookie.js';
import type { RangeRequest } from '../codec/range-header.js';
import { formatRange } from '../codec/range-header.js';
import { fieldCodec } from '../codec/object-text.js';
import { EncodeError, jsonEncoder } from '../codec/encoder.js';
import { InputError } from './errors.js';
import { valueText } from './value-text.js';

/**
 * A request as it is sent: method, origin-form target, headers, body bytes or text. Shaped as the
 * predictor's request (describe/predict.ts), so that it is judged as it is, without a copy.
 */
export interface EncodedRequest {
  readonly method: string;
  /** The request target: path and query, percent-encoded. */
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string | Uint8Array;
  /** The value a JSON body was written from by its codec's encoder (the predictor judges it without parsing the text). */
  readonly json?: { readonly value: unknown };
}


/**
 * Characters a path segment may carry as they are (RFC 3986 pchar's sub-delims, `:` and `@`):
 * kept so that `;id=5` and `1,2,3` read as written; the server decodes any escape the same.
 */
const PCHAR_KEPT = /%(21|24|26|27|28|29|2A|2B|2C|3A|3B|3D|40)/g;
const keptChar = (_: string, hex: string): string => String.fromCharCode(parseInt(hex, 16));
function segmentText(text: string): string {
  const escaped = encodeURIComponent(text);
  // Most segments need no escape at all: no pass for kept characters then.
  return escaped.includes('%') ? escaped.replace(PCHAR_KEPT, keptChar) : escaped;
}

/** What fetch refuses in a header value, with a TypeError that reads like a network failure. */
const NOT_HEADER_TEXT = /[^\t\x20-\x7e\x80-\xff]/;

const isBytes = (v: unknown): v is Uint8Array => v instanceof Uint8Array;

function captureText(part: CapturePart, input: Readonly<Record<string, unknown>>, endpoint: EndpointInfo): string {
  const value = input[part.name];
  if (value === undefined) throw new InputError(`${endpoint.name}: the capture ${part.name} is required`);
  return valueText(part.codec as Codec<unknown>, value);
}

/** Writes one path segment of a call, or a constant one (`static`, written once). */
type SegmentWriter = string | ((input: Readonly<Record<string, unknown>>) => string);

/** The endpoint's path as writers: static segments escaped once, for every call. */
function pathWriters(endpoint: EndpointInfo): SegmentWriter[] {
  const out: SegmentWriter[] = [];
  for (const s of endpoint.segments) {
    const last = out.length - 1;
    if (s.kind === 'static') {
      const text = `/${segmentText(s.value)}`;
      // Adjacent constant segments are one string.
      if (last >= 0 && typeof out[last] === 'string') out[last] += text;
      else out.push(text);
    } else if (s.kind === 'capture') out.push((input) => `/${segmentText(captureText(s, input, endpoint))}`);
    else if (s.kind === 'mixed') out.push((input) => `/${segmentText(mixedText(s, input, endpoint))}`);
    else {
      out.push((input) => {
        const rest = input[s.name];
        if (!Array.isArray(rest) || rest.length === 0) throw new InputError(`${endpoint.name}: ${s.name} needs at least one path segment`);
        return rest.map((x) => `/${segmentText(String(x))}`).join('');
      });
    }
  }
  return out;
}

function pathOf(writers: readonly SegmentWriter[], input: Readonly<Record<string, unknown>>): string {
  let path = '';
  for (const w of writers) path += typeof w === 'string' ? w : w(input);
  return path === '' ? '/' : path;
}

const mixedText = (s: MixedPart, input: Readonly<Record<string, unknown>>, endpoint: EndpointInfo): string =>
  s.pieces.map((p) => (typeof p === 'string' ? p : captureText(p, input, endpoint))).join('');

/** The query pairs of every parameter given; left-out optional ones are not written. */
function queryPairs(params: readonly QueryPart[], input: Readonly<Record<string, unknown>>): (readonly [string, string])[] {
  const pairs: (readonly [string, string])[] = [];
  for (const p of params) {
    const value = input[p.name];
    if (value === undefined || value === null && p.mode !== 'single') continue;
    const codec = p.codec as Codec<unknown>;
    switch (p.mode) {
      // decided: a flag is written `name=true` and left out when false; docs/client.md "Requests".
      case 'flag': if (value === true) pairs.push([p.name, 'true']); break;
      case 'list':
        if (!Array.isArray(value)) throw new InputError(`the query list ${p.name} must be a list, got ${typeof value}`);
        for (const item of value) pairs.push([p.name, valueText(codec, item)]);
        break;
      case 'deep': {
        for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
          if (field === undefined) continue;
          const c = codec.kind === 'object' ? fieldCodec(codec as ObjectCodec<unknown>, key) : undefined;
          pairs.push([`${p.name}[${key}]`, c ? valueText(c, field) : String(field)]);
        }
        break;
      }
      default: pairs.push([p.name, valueText(codec, value)]);
    }
  }
  return pairs;
}

/** A form component as codec/urlencoded.ts's formatUrlEncoded writes it: percent-encoded, a space as `+`. */
function formText(text: string): string {
  const escaped = encodeURIComponent(text);
  return escaped.includes('%20') ? escaped.replace(SPACE, '+') : escaped;
}
const SPACE = /%20/g;

/** The query as formatUrlEncoded writes it, without its per-pair arrays: every call with a query pays them. */
function queryText(pairs: readonly (readonly [string, string])[]): string {
  let text = '';
  for (let i = 0; i < pairs.length; i++) {
    const [key, value] = pairs[i]!;
    text += i === 0 ? `${formText(key)}=${formText(value)}` : `&${formText(key)}=${formText(value)}`;
  }
  return text;
}

/** A cookie value as the server reads it (percent-decoded, then parsed by the codec). */
const cookiePiece = (c: CookieConfig, value: unknown): string => `${c.name}=${encodeURIComponent(valueText(c.codec as Codec<unknown>, value))}`;

/** Extension parts a caller gives values for (cookies, Range), into headers. */
function extensionHeaders(parts: readonly ExtensionPart[], input: Readonly<Record<string, unknown>>, headers: Record<string, string>, cookies: string[]): void {
  for (const part of parts) {
    const value = input[part.key];
    if (value === undefined) continue;
    if (part.ext.name === 'cookie') cookies.push(cookiePiece(part.config as CookieConfig, value));
    else if (part.ext.name === 'range') headers.range = formatRange(value as RangeRequest);
  }
}

/** A body as the client sends it: its Content-Type, bytes or text, and the value a JSON body was written from. */
interface EncodedBody {
  readonly contentType: string;
  readonly body: string | Uint8Array;
  readonly json?: { readonly value: unknown };
}

const utf8 = new TextEncoder();

/**
 * UTF-8 bytes of a body's text, made once: the predictor judges them and fetch sends them, where
 * a string would be encoded by each. A TextEncoder, in Node too: Buffer.from cost a small body
 * twice as much (its pool, its own length pass).
 */
const bytesOf = (text: string): Uint8Array => utf8.encode(text);

/**
 * decided: JSON bodies are sent as `application/json` without a charset parameter: JSON is UTF-8
 * (RFC 8259 8.1) and the parameter means nothing for it; a bare type is what most clients send and
 * what the server and the predictor match first (docs/client.md "Requests").
 */
const bareJson = (media: { readonly type: string; readonly contentType: string }): string => (/[/+]json$/.test(media.type) ? media.type : media.contentType);

/** The body in the first declared media type, with its Content-Type. */
function encodeBody(part: BodyPart, value: unknown): EncodedBody {
  const media = part.media[0]!;
  const codec = part.codec;
  const type = media.type;
  let body: string | Uint8Array;
  if (/[/+]json$/.test(type)) {
    const written = jsonText(codec, value);
    const bytes = bytesOf(written.text);
    return written.encoded ? { contentType: bareJson(media), body: bytes, json: { value } } : { contentType: bareJson(media), body: bytes };
  }
  if (type === 'application/x-www-form-urlencoded' || type === 'text/plain') body = media.encode(value, codec) as string;
  // Multipart as the server reads it; its Content-Type names the boundary this body was written with.
  else if (type === 'multipart/form-data') {
    const bytes = media.encode(value, codec);
    return { contentType: media.contentTypeOf?.(bytes) ?? media.contentType, body: bytes };
  }
  // Bytes and other types as mediaOf writes them, without Node's Buffer: bytes as they are.
  else if (isBytes(value)) body = value;
  else if (typeof value === 'string') body = value;
  else body = codec.kind === 'json' || codec.kind === 'object' || codec.kind === 'array' ? JSON.stringify(value) : codec.formatText(value);
  return { contentType: media.contentType, body };
}

/**
 * JSON as the server writes it (declared fields only, declared order), `encoded` when the codec's
 * encoder wrote it. A value its codec refuses is written as it is, so that the predictor answers
 * it with the server's own 400.
 */
function jsonText(codec: Codec<unknown>, value: unknown): { readonly text: string; readonly encoded: boolean } {
  try {
    return { text: jsonEncoder(codec)(value), encoded: true };
  } catch (err) {
    if (!(err instanceof EncodeError)) throw err;
    return { text: JSON.stringify(value) ?? 'null', encoded: false };
  }
}

/** What credentials add to a request (see credentials.ts) and the headers the caller gives. */
export interface Extra {
  readonly headers: Readonly<Record<string, string>>;
  readonly query: readonly (readonly [string, string])[];
  readonly cookies: readonly string[];
}

/** Writes one call's request; made once per endpoint. */
export type RequestEncoder = (input: Readonly<Record<string, unknown>>, extra: Extra) => EncodedRequest;

/**
 * The request writer of an endpoint: what does not depend on the call (the escaped static path,
 * the Accept, which parts exist) settled once, so that a call writes only its values.
 */
export function requestEncoder(endpoint: EndpointInfo, accept: string | undefined): RequestEncoder {
  const { method, headers: headerParts, extensions, query: queryParts, body: part } = endpoint;
  const path = pathWriters(endpoint);
  return (input, extra) => {
    const headers: Record<string, string> = {};
    for (const h of headerParts) {
      const value = input[h.name];
      if (value === undefined) continue;
      const text = valueText(h.codec as Codec<unknown>, value);
      if (NOT_HEADER_TEXT.test(text)) throw new InputError(`${endpoint.name}: the header ${h.name} cannot carry ${JSON.stringify(text)} (HTTP headers are Latin-1 text without control characters)`);
      headers[h.name.toLowerCase()] = text;
    }
    if (extensions.length > 0 || extra.cookies.length > 0) {
      const cookies: string[] = [...extra.cookies];
      extensionHeaders(extensions, input, headers, cookies);
      if (cookies.length > 0) headers.cookie = cookies.join('; ');
    }
    if (accept !== undefined) headers.accept = accept;
    let query = '';
    if (queryParts.length > 0 || extra.query.length > 0) {
      const pairs = queryPairs(queryParts, input);
      for (const pair of extra.query) pairs.push(pair);
      query = queryText(pairs);
    }
    const url = query === '' ? pathOf(path, input) : `${pathOf(path, input)}?${query}`;
    // decided: an optional body left out is sent as nothing (no Content-Type), as the server reads
    // it (docs/decisions.md "Optional request bodies").
    if (part === undefined || (input.body === undefined && part.required === false)) {
      giveHeaders(headers, extra.headers);
      return { method, url, headers };
    }
    const encoded = encodeBody(part, input.body);
    headers['content-type'] = encoded.contentType;
    giveHeaders(headers, extra.headers);
    return encoded.json === undefined ? { method, url, headers, body: encoded.body } : { method, url, headers, body: encoded.body, json: encoded.json };
  };
}

/**
 * decided: the caller's own headers (and the credentials') are sent as given, over what the parts
 * wrote; docs/client.md "Requests".
 */
function giveHeaders(headers: Record<string, string>, given: Readonly<Record<string, string>>): void {
  for (const k of Object.keys(given)) headers[k.toLowerCase()] = given[k]!;
}
