// Content negotiation: Accept picks the response media codec (406), Content-Type must be one the
// body declares (415). Negotiator does the q-value arithmetic.
import Negotiator from 'negotiator';
import type { MediaCodec } from '../codec/media.js';

/** The media codec for a response, or undefined when Accept admits none (406). */
export function pickResponseMedia(accept: string | undefined, media: readonly MediaCodec[]): MediaCodec | undefined {
  if (accept === undefined || accept === '' || accept === '*/*') return media[0];
  if (media.length === 1 && accept === media[0]!.type) return media[0];
  const chosen = new Negotiator({ headers: { accept } }).mediaTypes(media.map((m) => m.type));
  return chosen.length === 0 ? undefined : media.find((m) => m.type === chosen[0]);
}

/** Whether an Accept header admits a media type (a missing Accept admits everything). */
export function acceptsType(accept: string | undefined, type: string): boolean {
  if (accept === undefined || accept === '') return true;
  return new Negotiator({ headers: { accept } }).mediaTypes([type]).length > 0;
}

/** The bare, lower-case media type of a Content-Type header. */
export function essence(contentType: string): string {
  const semi = contentType.indexOf(';');
  return (semi < 0 ? contentType : contentType.slice(0, semi)).trim().toLowerCase();
}

/**
 * The body decoder for a request's Content-Type, or undefined (415). A missing Content-Type is
 * read as application/octet-stream, so it is accepted only where octet-stream is.
 */
export function pickRequestMedia(contentType: string | undefined, media: readonly MediaCodec[]): MediaCodec | undefined {
  const type = contentType === undefined || contentType.trim() === '' ? 'application/octet-stream' : essence(contentType);
  return media.find((m) => m.type === type);
}
