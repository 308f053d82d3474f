// multipart/form-data bodies as an object codec's value: each field a named part, a list field
// repeated parts, a bytes field a file, a structured one JSON, others their codec's text form;
// OpenAPI's `encoding` map gives a part its content type.
import type { MediaCodec } from './media.js';
import { type Codec, type ObjectCodec, type Result, fail, ok } from './types.js';
import { fieldCodec } from './object-text.js';
import { encodeJson } from './encoder.js';
import { checkFast } from './validator.js';
import { type FormPart, boundaryOf, openingBoundary, parseParts, writeParts } from './multipart-framing.js';

/** One property's `encoding` entry; only `contentType` changes how its parts are read and written. */
export interface PartEncoding {
  /** A media type (or OpenAPI's comma-separated list of them): JSON types read as JSON, text as text, others as bytes. */
  readonly contentType?: string;
}

export type PartEncodings = Readonly<Record<string, PartEncoding>>;

/** The multipart media codec, with the `encoding` map it was made with. */
export interface MultipartCodec extends MediaCodec {
  readonly encoding: PartEncodings;
}

/** Whether a media codec is a multipart one (the import writer says its `encoding`). */
export const isMultipart = (m: MediaCodec): m is MultipartCodec => m.type === 'multipart/form-data' && 'encoding' in m;

const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;
/** Bytes as `t.bytes` holds them: a Buffer where Node's exists. */
const asBytes = (b: Uint8Array): Uint8Array => (NodeBuffer ? NodeBuffer.from(b.buffer, b.byteOffset, b.byteLength) : b);
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const utf8 = new TextEncoder();

type Reading = 'bytes' | 'json' | 'text';

/** Whether a codec's values are objects or lists (sent as JSON, OpenAPI's default for them). */
function structured(c: Codec<unknown>): boolean {
  switch (c.kind) {
    case 'object': case 'array': case 'tuple': case 'lazy': return true;
    case 'optional': case 'nullable': return structured(c.inner);
    case 'union': return c.options.some(structured);
    case 'scalar': case 'json': case 'bytes': return false;
  }
}

/** The first media type an encoding names (`image/png, image/jpeg` -> image/png), bare. */
const declaredType = (e: PartEncoding | undefined): string | undefined => e?.contentType?.split(',')[0]?.split(';')[0]?.trim().toLowerCase() || undefined;

/**
 * How a part of this codec is read and written. decided: a bytes codec is a file whatever the
 * encoding says; otherwise the encoding's type chooses JSON or text, and without one a structured
 * value is JSON and any other its text form (docs/decisions.md "Multipart bodies").
 */
function readingOf(item: Codec<unknown> | undefined, encoding: PartEncoding | undefined): Reading {
  if (item?.kind === 'bytes') return 'bytes';
  const type = declaredType(encoding);
  if (type !== undefined && /[/+]json$/.test(type)) return 'json';
  if (type !== undefined && type.startsWith('text/')) return 'text';
  return item !== undefined && structured(item) ? 'json' : 'text';
}

/** The list a field holds (a list or an optional list), else undefined. */
function listOf(field: Codec<unknown>): Codec<unknown> | undefined {
  const c = field.kind === 'optional' ? field.inner : field;
  return c.kind === 'array' ? c.item : undefined;
}

/** One part's value for `item` (undefined: no codec, as a schema-less body's parts are). */
function partValue(part: FormPart, item: Codec<unknown> | undefined, encoding: PartEncoding | undefined): Result<unknown> {
  const named = JSON.stringify(part.name);
  const reading = item === undefined ? (part.filename !== undefined ? 'bytes' : 'text') : readingOf(item, encoding);
  if (reading === 'bytes') return ok(asBytes(part.bytes));
  let text: string;
  try { text = strictUtf8.decode(part.bytes); } catch { return fail(`part ${named} is not valid UTF-8`); }
  if (reading === 'json') {
    try { return ok(JSON.parse(text) as unknown); } catch (e) { return fail(`part ${named} is not valid JSON (${(e as Error).message})`); }
  }
  if (item === undefined || item.kind === 'json') return ok(text);
  const r = item.parseText(text);
  return r.ok ? r : fail(`part ${named}: ${r.error}`, undefined, r.constraint);
}

/** The parts as the object `codec` describes, checked as a JSON body is (a missing part is `key "k" not found`). */
function partsToValue(parts: readonly FormPart[], codec: Codec<unknown>, encoding: PartEncodings): Result<unknown> {
  const object = codec.kind === 'lazy' ? codec.target() : codec;
  if (object.kind !== 'object' && object.kind !== 'json') return fail(`${codec.label} cannot be sent as multipart/form-data (its parts make an object)`);
  const out: Record<string, unknown> = {};
  const lists = new Set<string>();
  for (const part of parts) {
    const field = object.kind === 'object' ? fieldCodec(object as ObjectCodec<unknown>, part.name) : undefined;
    const item = field === undefined ? undefined : listOf(field) ?? field;
    const list = field !== undefined ? listOf(field) !== undefined : object.kind === 'json' && Object.hasOwn(out, part.name);
    if (!list && Object.hasOwn(out, part.name)) return fail(`part ${JSON.stringify(part.name)} given more than once`);
    const r = partValue(part, item, encoding[part.name]);
    if (!r.ok) return r;
    if (list) {
      const prior = out[part.name];
      if (lists.has(part.name)) (prior as unknown[]).push(r.value);
      else Object.defineProperty(out, part.name, { value: prior === undefined ? [r.value] : [prior, r.value], enumerable: true, writable: true, configurable: true });
      lists.add(part.name);
    } else Object.defineProperty(out, part.name, { value: r.value, enumerable: true, writable: true, configurable: true });
  }
  // decided: a required list no part names is empty, as a form's is (docs/decisions.md "Form bodies").
  if (object.kind === 'object') for (const [k, f] of Object.entries(object.props)) if (f.kind === 'array' && !Object.hasOwn(out, k)) out[k] = [];
  const r = checkFast(codec, out);
  return r.ok ? r : { ...r, path: r.path ?? '$' };
}

/** One field's parts: one per list item, each as its codec says. */
function fieldParts(name: string, value: unknown, field: Codec<unknown> | undefined, encoding: PartEncoding | undefined): FormPart[] {
  const item = field === undefined ? undefined : listOf(field);
  if (item !== undefined && Array.isArray(value)) return value.map((v) => onePart(name, v, item, encoding));
  if (field === undefined && Array.isArray(value)) return value.map((v) => onePart(name, v, undefined, encoding));
  return [onePart(name, value, field?.kind === 'optional' ? field.inner : field, encoding)];
}

function onePart(name: string, value: unknown, item: Codec<unknown> | undefined, encoding: PartEncoding | undefined): FormPart {
  const type = declaredType(encoding);
  const concrete = type !== undefined && !type.includes('*') ? type : undefined;
  if (value instanceof Uint8Array) return { name, filename: name, contentType: concrete ?? 'application/octet-stream', bytes: value };
  const reading = item === undefined ? (typeof value === 'string' ? 'text' : 'json') : readingOf(item, encoding);
  if (reading === 'json') {
    const text = item === undefined ? JSON.stringify(value) ?? 'null' : encodeJson(value, item);
    return { name, contentType: concrete ?? 'application/json', bytes: utf8.encode(text) };
  }
  const text = typeof value === 'string' || item === undefined ? String(value) : item.formatText(value);
  // Text parts carry no Content-Type (RFC 7578's default, text/plain) unless the encoding names another.
  return { name, ...(concrete === undefined || concrete === 'text/plain' ? {} : { contentType: concrete }), bytes: utf8.encode(text) };
}

function valueToParts(value: unknown, codec: Codec<unknown>, encoding: PartEncodings): FormPart[] {
  const object = codec.kind === 'lazy' ? codec.target() : codec;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`a multipart body is an object's fields, not ${JSON.stringify(value)}`);
  const parts: FormPart[] = [];
  for (const [k, v] of Object.entries(value)) {
    const field = object.kind === 'object' ? fieldCodec(object as ObjectCodec<unknown>, k) : undefined;
    // An optional field reads null as absent (docs/decisions.md "Codecs"): no part says it better.
    if (v === undefined || (v === null && object.kind === 'object' && object.props[k]?.kind === 'optional')) continue;
    parts.push(...fieldParts(k, v, field, encoding[k]));
  }
  return parts;
}

/** A Uint8Array typed as the Buffer MediaCodec.encode returns (a Buffer where Node's exists). */
const asBuffer = (b: Uint8Array): Buffer => asBytes(b) as Buffer;

/** The multipart/form-data media codec; `encoding` is OpenAPI's per-property map. */
export function multipart(encoding: PartEncodings = {}): MultipartCodec {
  return {
    name: 'multipart', type: 'multipart/form-data', contentType: 'multipart/form-data', encoding,
    decode(raw, codec, contentType) {
      // Without the header (a caller holding only bytes this codec wrote), the opening line says it.
      const boundary = contentType === undefined ? openingBoundary(raw) : boundaryOf(contentType);
      if (boundary === undefined) return fail('multipart/form-data without a boundary (the Content-Type needs one: multipart/form-data; boundary=...)');
      const parts = parseParts(raw, boundary);
      return parts.ok ? partsToValue(parts.value, codec, encoding) : parts;
    },
    encode: (value, codec) => asBuffer(writeParts(valueToParts(value, codec, encoding)).bytes),
    contentTypeOf(body) {
      const b = openingBoundary(typeof body === 'string' ? utf8.encode(body) : body);
      return b === undefined ? 'multipart/form-data' : `multipart/form-data; boundary=${b}`;
    },
  };
}
