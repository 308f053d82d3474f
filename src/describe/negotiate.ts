// Content negotiation: Accept picks the response media codec (406), Content-Type must be one the
// body declares (415). The q-value arithmetic is accept-header.ts, which runs in browsers as well.
import type { MediaCodec } from '../codec/media.js';
import { preferredMediaTypes } from './accept-header.js';

/** The offers of each media list, built once. */
const offered = new WeakMap<readonly MediaCodec[], { types: string[]; codecOf: Map<string, MediaCodec> }>();

/**
 * What each codec offers: its full Content-Type (so that an Accept range with
 * parameters, `application/json;charset=utf-8`, matches the type the server writes) and its bare
 * type. A range whose parameters the codec does not write (`charset=latin1`) matches neither.
 */
function offers(media: readonly MediaCodec[]): { types: string[]; codecOf: Map<string, MediaCodec> } {
  const known = offered.get(media);
  if (known) return known;
  const types: string[] = [];
  const codecOf = new Map<string, MediaCodec>();
  for (const m of media) {
    for (const t of m.contentType === m.type ? [m.type] : [m.contentType, m.type]) {
      if (codecOf.has(t)) continue;
      types.push(t);
      codecOf.set(t, m);
    }
  }
  offered.set(media, { types, codecOf });
  return { types, codecOf };
}

/** The media codec for a response, or undefined when Accept admits none (406). */
export function pickResponseMedia(accept: string | undefined, media: readonly MediaCodec[]): MediaCodec | undefined {
  if (accept === undefined || accept === '' || accept === '*/*') return media[0];
  if (media.length === 1 && accept === media[0]!.type) return media[0];
  const { types, codecOf } = offers(media);
  const chosen = preferredMediaTypes(accept, types);
  return chosen.length === 0 ? undefined : codecOf.get(chosen[0]!);
}

/**
 * Whether an Accept header admits a media type (a missing Accept admits everything). The error
 * formatters ask this with a bare type and write UTF-8, so a range naming that charset matches.
 */
export function acceptsType(accept: string | undefined, type: string): boolean {
  // The common headers answered without parsing.
  if (accept === undefined || accept === '' || accept === '*/*' || accept === type) return true;
  return preferredMediaTypes(accept, [type, `${type};charset=utf-8`]).length > 0;
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
  // Most clients send the bare type as declared: found without building the essence.
  const exact = contentType === undefined ? undefined : ofType(media, contentType);
  if (exact) return exact;
  const type = contentType === undefined || contentType.trim() === '' ? 'application/octet-stream' : essence(contentType);
  return ofType(media, type) ?? inRange(media, type);
}

/**
 * The first declared media range that holds `type` (from an OpenAPI document's request content:
 * any type, `image/*`, `application/*+json`): a `*` stands for any text without a slash.
 */
function inRange(media: readonly MediaCodec[], type: string): MediaCodec | undefined {
  for (let i = 0; i < media.length; i++) {
    const range = media[i]!.type;
    if (!range.includes('*')) continue;
    const [main = '', sub = ''] = range.split('/');
    const [tMain = '', tSub] = type.split('/');
    if (tSub === undefined || (main !== '*' && main !== tMain)) continue;
    const star = sub.indexOf('*');
    if (star < 0 ? sub === tSub : tSub.length >= sub.length - 1 && tSub.startsWith(sub.slice(0, star)) && tSub.endsWith(sub.slice(star + 1))) return media[i];
  }
  return undefined;
}

/** The codec of exactly this bare type (a loop: find() would make a closure per request). */
function ofType(media: readonly MediaCodec[], type: string): MediaCodec | undefined {
  for (let i = 0; i < media.length; i++) if (media[i]!.type === type) return media[i];
  return undefined;
}

/**
 * Why a body cannot be read as declared, or undefined: a content coding other than identity
 * (`Content-Encoding: gzip`), or a charset other than UTF-8 (of which US-ASCII is a subset).
 * Both are 415 (RFC 9110 15.5.16), not a 400 about bytes the client never meant as UTF-8.
 */
export function unsupportedEncoding(contentType: string | undefined, contentEncoding: string | undefined): string | undefined {
  if (contentEncoding !== undefined && contentEncoding.trim() !== '' && contentEncoding.trim().toLowerCase() !== 'identity') {
    return `Content-Encoding ${JSON.stringify(contentEncoding)} is not supported`;
  }
  // Without a parameter there is no charset to read.
  const charset = contentType === undefined || !contentType.includes(';') ? undefined : /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8' && charset !== 'us-ascii') return `charset ${JSON.stringify(charset)} is not supported`;
  return undefined;
}
