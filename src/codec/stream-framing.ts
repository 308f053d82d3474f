// The media types of a newline-framed stream (`.streams`): each item encoded by its media codec,
// one per line. JSON items one per line are NDJSON, so a JSON stream is sent and documented as
// `application/x-ndjson`, never as one `application/json` document it is not.
import { type MediaCodec, json } from './media.js';

/** JSON values, one per line (https://github.com/ndjson/ndjson-spec: UTF-8, no parameters). */
export const ndjson: MediaCodec = { name: 'ndjson', type: 'application/x-ndjson', contentType: 'application/x-ndjson', encode: json.encode };

/**
 * `Accept: application/json` still reaches a JSON stream (servant's clients ask for the item
 * type), and is answered what is sent: `application/x-ndjson`.
 */
const askedAsJson: MediaCodec = { ...ndjson, type: 'application/json' };

/**
 * The media a stream of these item media is sent as.
 * decided: a newline-framed JSON stream is `application/x-ndjson` (README "Decisions where the spec
 * is silent", streams); other item media (text) keep their type, one item per line.
 */
export function framedMedia(media: readonly MediaCodec[]): MediaCodec[] {
  return media.flatMap((m) => (m.type === json.type ? [ndjson, askedAsJson] : [m]));
}
