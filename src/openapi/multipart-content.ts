// A `multipart/form-data` body as the importer reads it: its file properties (`format: binary`,
// 3.1's `contentMediaType`, or a raw `encoding` content type) as bytes, and its `encoding` map's
// content types on the media codec, which reads and writes each part by them.
import * as t from '../codec/codecs.js';
import type { AnyCodec, Codec } from '../codec/types.js';
import type { MediaCodec } from '../codec/media.js';
import type { PartEncodings } from '../codec/multipart.js';
import { mediaOf } from '../codec/media-of.js';
import { allOfParts } from '../codec/intersection.js';
import { resolveRef } from './refs.js';
import { child, type Warnings } from './warnings.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A schema with its local `$ref`s followed (a few hops; a cycle or a remote one stops there). */
function resolved(doc: unknown, schema: unknown): unknown {
  let s = schema;
  for (let hops = 0; hops < 8 && isObj(s) && typeof s.$ref === 'string'; hops++) {
    const r = resolveRef(doc, s.$ref);
    if (!r.found) return s;
    s = r.value;
  }
  return s;
}

/** A media type whose parts are bytes: not JSON, not text. */
const rawType = (type: string | undefined): boolean => type !== undefined && !/[/+]json$/.test(type) && !type.startsWith('text/');

/** Whether a property's schema is a file: bytes by its format or media type, or a string its encoding says is raw. */
function isFile(schema: unknown, encodedAs: string | undefined): boolean {
  if (!isObj(schema) || schema.type !== 'string' || schema.contentEncoding !== undefined || schema.format === 'byte') return false;
  return schema.format === 'binary' || schema.contentMediaType !== undefined || rawType(encodedAs);
}

/** The `encoding` map's content types (what the codec applies); a warning for what it does not. */
export function partEncodings(encoding: unknown, pointer: string, warnings: Warnings): PartEncodings {
  if (!isObj(encoding)) return {};
  const out: Record<string, { contentType: string }> = {};
  for (const [name, e] of Object.entries(encoding)) {
    if (!isObj(e)) continue;
    if (typeof e.contentType === 'string') out[name] = { contentType: e.contentType };
    const rest = Object.keys(e).filter((k) => k !== 'contentType' && !k.startsWith('x-'));
    if (rest.length > 0) warnings.add(child(pointer, name), `encoding ${rest.join(', ')} (per-part headers and styles) is documented, not applied; contentType is`);
  }
  return out;
}

/** The multipart media codec for a content entry, its `encoding` applied, and that encoding. */
export function multipartMedia(type: string, entry: Obj, pointer: string, warnings: Warnings): { readonly media: MediaCodec; readonly encoding: PartEncodings } {
  const encoding = partEncodings(entry.encoding, child(pointer, 'encoding'), warnings);
  return { media: mediaOf(type, { encoding }), encoding };
}

/**
 * The body codec with its file properties as `t.bytes` (lists of files as lists of bytes), or
 * `codec` itself when it has none or is not a plain object (an allOf, a union: files stay text).
 * decided: a multipart file is bytes, never UTF-8 text (docs/openapi-in.md "Multipart bodies").
 */
export function withFileParts(codec: Codec<unknown>, schema: unknown, doc: unknown, encoding: PartEncodings): Codec<unknown> {
  const raw = resolved(doc, schema);
  if (codec.kind !== 'object' || codec.applied || codec.untyped || codec.refines || allOfParts(codec) || !isObj(raw) || !isObj(raw.properties)) return codec;
  const properties = raw.properties;
  let changed = false;
  const props: Record<string, AnyCodec> = {};
  for (const [k, field] of Object.entries(codec.props)) {
    const p = resolved(doc, properties[k]);
    const encodedAs = encoding[k]?.contentType?.split(',')[0]?.split(';')[0]?.trim().toLowerCase();
    const inner = field.kind === 'optional' ? field.inner : field;
    let bytes: Codec<unknown> | undefined;
    if (isFile(p, encodedAs)) bytes = t.bytes;
    else if (isObj(p) && p.type === 'array' && inner.kind === 'array' && isFile(resolved(doc, p.items), encodedAs)) {
      bytes = t.array(t.bytes, { ...(typeof p.minItems === 'number' ? { minItems: p.minItems } : {}), ...(typeof p.maxItems === 'number' ? { maxItems: p.maxItems } : {}) });
    }
    if (bytes === undefined) { props[k] = field; continue; }
    changed = true;
    const described = inner.description === undefined ? bytes : t.describe(bytes, inner.description);
    props[k] = field.kind === 'optional' ? t.optional(described) : described;
  }
  if (!changed) return codec;
  const { minProperties, maxProperties } = codec.schema;
  return t.object(codec.label, props, {
    ...(codec.extra === true ? { allowExtra: true } : typeof codec.extra === 'boolean' ? {} : { extra: codec.extra }),
    ...(codec.patterns.length === 0 ? {} : { patterns: Object.fromEntries(codec.patterns.map((p) => [p.pattern, p.codec])) }),
    ...(typeof minProperties === 'number' ? { minProperties } : {}),
    ...(typeof maxProperties === 'number' ? { maxProperties } : {}),
    ...(codec.description === undefined ? {} : { description: codec.description }),
  });
}
