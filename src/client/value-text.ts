// A value as the text its codec's `parseText` reads back: what captures, query values, headers and
// cookies carry. The codec's own `formatText` writes an object as JSON (for response headers and
// tokens), but reads `key,value,...`; the request side writes what the server reads.
import type { Codec, ObjectCodec } from '../codec/types.js';
import { formPairsText } from '../codec/object-text.js';

export function valueText(codec: Codec<unknown>, value: unknown): string {
  if (codec.kind === 'object' && codec.textForm === undefined) return formPairsText(codec as ObjectCodec<unknown>, value);
  return codec.formatText(value);
}
