// The media codec of each media type a document names (codec/media-of.ts), with a warning when
// its bodies are not read or written by type.
import type { MediaCodec } from '../codec/media.js';
import { isTypedMedia, mediaOf } from '../codec/media-of.js';
import type { Warnings } from './warnings.js';

/** The media codec for `type` (a key of a `content` map); a warning when its body is not checked. */
export function mediaCodec(type: string, pointer: string, warnings: Warnings): MediaCodec {
  const bare = type.split(';')[0]!.trim().toLowerCase();
  if (!isTypedMedia(bare)) warnings.add(pointer, `${bare} bodies are not read or written by type: requests pass unchecked, answers are their example or sample as text`);
  return mediaOf(bare);
}
