// Media codecs: how a typed value becomes a body of a given media type, and back.
import { type Codec, type Result, fail, ok } from './types.js';
import { type Pairs, formatUrlEncoded, parseUrlEncoded } from './urlencoded.js';
import { encodeJson } from './encoder.js';
import { checkFast } from './validator.js';

export interface MediaCodec {
  /** Short name used in docs and fixtures: json, text, form, octet, html. */
  readonly name: string;
  /** The bare media type matched against Accept and Content-Type. */
  readonly type: string;
  /** The Content-Type header written on responses. */
  readonly contentType: string;
  /**
   * Request body decoding; absent when this type is response-only (html). The server gives a
   * Buffer, a browser (the client's predictor, the web fetch handler) a Uint8Array. `contentType`
   * is the request's whole Content-Type header, parameters and all (multipart's boundary).
   */
  readonly decode?: (raw: Uint8Array, codec: Codec<unknown>, contentType?: string) => Result<unknown>;
  readonly encode: (value: unknown, codec: Codec<unknown>) => string | Buffer;
  /**
   * The Content-Type of one body `encode` wrote, when it depends on the body (multipart's
   * boundary); absent when `contentType` is always it.
   */
  readonly contentTypeOf?: (body: string | Uint8Array) => string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
function text8(raw: Uint8Array): Result<string> {
  try { return ok(utf8.decode(raw)); } catch { return fail('body is not valid UTF-8'); }
}

/** Node's Buffer where there is one (read from the global, so that no `node:` import is on a browser's path). */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;
const loose = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The bytes from `start` as UTF-8 text, bytes that are not UTF-8 written U+FFFD. A Buffer is read
 * by its own `toString` (the server's bodies: no TextDecoder call per request), other bytes by a
 * TextDecoder.
 */
function looseText(raw: Uint8Array, start: number): string {
  return NodeBuffer !== undefined && NodeBuffer.isBuffer(raw) ? raw.toString('utf8', start) : loose.decode(start === 0 ? raw : raw.subarray(start));
}

/** Whether the bytes are UTF-8 throughout (a fatal TextDecoder: nothing from `node:buffer`). */
function isUtf8(raw: Uint8Array): boolean {
  try { utf8.decode(raw); return true; } catch { return false; }
}

export const json: MediaCodec = {
  name: 'json', type: 'application/json', contentType: 'application/json;charset=utf-8',
  decode(raw, codec) {
    // A leading byte order mark is dropped, as the TextDecoder used before did.
    const start = raw.length >= 3 && raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf ? 3 : 0;
    const source = looseText(raw, start);
    // A plain decode writes U+FFFD for bytes that are not UTF-8: only a body holding one is
    // checked again, strictly, which spares every other body a second pass.
    if (source.includes('\ufffd') && !isUtf8(raw)) return fail('body is not valid UTF-8', '$');
    let value: unknown;
    try { value = JSON.parse(source); } catch (e) {
      return fail(raw.length === 0 ? 'empty body, expected JSON' : `not valid JSON (${(e as Error).message})`, '$');
    }
    return checkFast(codec, value);
  },
  // Only the declared fields, in declared order; a wrong-typed value throws (the server's 500).
  encode: encodeJson,
};

export const text: MediaCodec = {
  name: 'text', type: 'text/plain', contentType: 'text/plain;charset=utf-8',
  decode(raw, codec) {
    const s = text8(raw);
    return s.ok ? codec.parseText(s.value) : s;
  },
  encode: (value, codec) => (typeof value === 'string' ? value : codec.formatText(value)),
};

function formFields(pairs: Pairs, codec: Codec<unknown>): Result<unknown> {
  if (codec.kind !== 'object') return fail(`${codec.label} cannot be sent as a form`);
  const { props } = codec;
  const seen = new Map<string, string[]>();
  for (const [k, v] of pairs) {
    const key = k.endsWith('[]') ? k.slice(0, -2) : k;
    if (!Object.hasOwn(props, key)) return fail(`unexpected key ${JSON.stringify(key)}`);
    const list = seen.get(key);
    const field = props[key]!;
    if (list && field.kind !== 'array' && !(field.kind === 'optional' && field.inner.kind === 'array')) return fail(`Duplicate key ${JSON.stringify(key)}`);
    if (list) list.push(v); else seen.set(key, [v]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(props)) {
    const values = seen.get(key) ?? [];
    const list = field.kind === 'array' ? field : field.kind === 'optional' && field.inner.kind === 'array' ? field.inner : undefined;
    if (list) {
      // decided: a list collects every value of its key, zero included (servant's generic FromForm:
      // a form cannot tell an empty list from a missing key); an optional list left out stays
      // absent. docs/decisions.md "Form bodies".
      if (values.length === 0 && field.kind === 'optional') continue;
      const { item } = list;
      const parsed: unknown[] = [];
      for (const v of values) {
        const r = item.parseText(v);
        if (!r.ok) return fail(`key ${JSON.stringify(key)}: ${r.error}`);
        parsed.push(r.value);
      }
      out[key] = parsed;
      continue;
    }
    if (values.length === 0) {
      if (field.kind === 'optional') continue;
      return fail(`Could not find key ${JSON.stringify(key)}`);
    }
    const r = field.parseText(values[0]!);
    if (!r.ok) return fail(`key ${JSON.stringify(key)}: ${r.error}`);
    out[key] = r.value;
  }
  return ok(out);
}

function toPairs(value: unknown, codec: Codec<unknown>): Pairs {
  const out: [string, string][] = [];
  const props = codec.kind === 'object' ? codec.props : {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const field = props[k];
    if (Array.isArray(v)) {
      const item = field?.kind === 'array' ? field.item : undefined;
      for (const x of v) out.push([k, item ? item.formatText(x) : String(x)]);
    } else if (v !== undefined) out.push([k, field ? field.formatText(v) : String(v)]);
  }
  return out;
}

/** Form bodies: field names as keys; list fields repeat their key; other keys appear once. */
export const form: MediaCodec = {
  name: 'form', type: 'application/x-www-form-urlencoded', contentType: 'application/x-www-form-urlencoded',
  decode(raw, codec) {
    const s = text8(raw);
    if (!s.ok) return s;
    const pairs = parseUrlEncoded(s.value, true);
    return pairs.ok ? formFields(pairs.value, codec) : pairs;
  },
  encode: (value, codec) => formatUrlEncoded(toPairs(value, codec)),
};

export const octet: MediaCodec = {
  name: 'octet', type: 'application/octet-stream', contentType: 'application/octet-stream',
  decode: (raw, codec) => (codec.kind === 'bytes' ? ok(raw) : text.decode!(raw, codec)),
  encode: (value, codec) => (NodeBuffer !== undefined && NodeBuffer.isBuffer(value) ? value : codec.formatText(value)),
};

/** HTML responses rendered by `render` (response-only). */
export function html<T>(render: (value: T) => string): MediaCodec {
  return {
    name: 'html', type: 'text/html', contentType: 'text/html;charset=utf-8',
    encode: (value) => render(value as T),
  };
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
