// The media codec of each media type a document names: JSON and its `+json` kin, plain text, forms
// and raw bytes through the codec layer's own; any other type carries its body as bytes, unread.
import { type MediaCodec, json, text, form, octet } from '../codec/media.js';
import { child, type Warnings } from './warnings.js';

const cache = new Map<string, MediaCodec>();

const same = (base: MediaCodec, type: string, name: string): MediaCodec =>
  ({ ...base, name, type, contentType: base.contentType.replace(base.type, type) });

/** The media codec for `type` (a key of a `content` map); a warning when its body is not checked. */
export function mediaCodec(type: string, pointer: string, warnings: Warnings): MediaCodec {
  const bare = type.split(';')[0]!.trim().toLowerCase();
  if (bare === 'application/json') return json;
  if (bare === 'text/plain') return text;
  if (bare === 'application/x-www-form-urlencoded') return form;
  if (bare === 'application/octet-stream') return octet;
  const jsonLike = /[/+]json$/.test(bare);
  if (!jsonLike) warnings.add(pointer, `${bare} bodies are not read or written by type: requests pass unchecked, answers are their example or sample as text`);
  const known = cache.get(bare);
  if (known) return known;
  let codec: MediaCodec;
  if (jsonLike) codec = same(json, bare, bare);
  else {
    // decided (README "OpenAPI in"): a media type without a codec (XML, multipart, images) takes
    // any request body as it is and answers with its value's text form.
    codec = {
      name: bare, type: bare, contentType: bare.startsWith('text/') ? `${bare};charset=utf-8` : bare,
      decode: (raw) => ({ ok: true, value: raw }),
      encode: (value, c) => (Buffer.isBuffer(value) ? value : typeof value === 'string' ? value : c.kind === 'json' || c.kind === 'object' || c.kind === 'array' ? JSON.stringify(value) : c.formatText(value)),
    };
  }
  cache.set(bare, codec);
  return codec;
}
