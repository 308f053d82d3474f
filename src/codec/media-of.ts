// The media codec of any media type by its name: what an imported OpenAPI document's `content`
// keys need, and what the surface source `api-serve import` writes calls (`mediaOf('application/xml')`).
import { type MediaCodec, form, json, octet, text } from './media.js';
import { type PartEncodings, multipart } from './multipart.js';

const made = new Map<string, MediaCodec>();
/** The multipart codec without an `encoding` map: shared, as the other types' are. */
const formData = multipart();

const renamed = (base: MediaCodec, type: string): MediaCodec =>
  ({ ...base, name: type, type, contentType: base.contentType.replace(base.type, type) });

/** Whether bodies of this bare media type are read and written by type (JSON and its `+json` kin, text, forms, multipart, bytes). */
export const isTypedMedia = (type: string): boolean =>
  /[/+]json$/.test(type) || ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/octet-stream'].includes(type);

/** What `mediaOf` takes beside the type: OpenAPI's `encoding` map, for multipart/form-data. */
export interface MediaOptions {
  readonly encoding?: PartEncodings;
}

/**
 * JSON, text, forms, multipart forms and bytes for their own types; a `+json` type is JSON under
 * its own name; any other type (XML, images) takes request bodies as they are and answers with
 * its value's text form. One codec per type, so media lists compare by identity (a multipart
 * codec with an `encoding` map is its own).
 */
export function mediaOf(type: string, options: MediaOptions = {}): MediaCodec {
  const bare = type.split(';')[0]!.trim().toLowerCase();
  if (bare === 'application/json') return json;
  if (bare === 'text/plain') return text;
  if (bare === 'application/x-www-form-urlencoded') return form;
  if (bare === 'application/octet-stream') return octet;
  if (bare === 'multipart/form-data') return options.encoding === undefined || Object.keys(options.encoding).length === 0 ? formData : multipart(options.encoding);
  const known = made.get(bare);
  if (known) return known;
  // decided (docs/decisions.md "OpenAPI in"): a media type without a codec (XML, images) takes
  // any request body as it is and answers with its value's text form.
  const codec: MediaCodec = /[/+]json$/.test(bare) ? renamed(json, bare) : {
    name: bare, type: bare, contentType: bare.startsWith('text/') ? `${bare};charset=utf-8` : bare,
    decode: (raw) => ({ ok: true, value: raw }),
    encode: (value, c) => (Buffer.isBuffer(value) ? value : typeof value === 'string' ? value : c.kind === 'json' || c.kind === 'object' || c.kind === 'array' ? JSON.stringify(value) : c.formatText(value)),
  };
  made.set(bare, codec);
  return codec;
}
