// The documentation model's media types and examples: each example value encoded in every media
// type that can carry it (a stream's items one per line), as the renderers show them.
import type { Codec, Example } from '../codec/types.js';
import type { MediaCodec } from '../codec/media.js';
import { type PartEncodings, isMultipart } from '../codec/multipart.js';
import type { ResponseExample } from '../dsl/example.js';

export interface DocMedia {
  /** Short name: json, text, form, octet, html. */
  readonly name: string;
  /** The bare media type (`application/json`). */
  readonly type: string;
  /** What the docs list and the server writes (`application/json;charset=utf-8`). */
  readonly contentType: string;
  /** The Markdown fence language (`json`, `html`, or empty). */
  readonly language: string;
  /** A multipart body's OpenAPI `encoding` map (each part's content type), when it has one. */
  readonly encoding?: PartEncodings;
}

/** One example value and its encoding in each media type that can carry it. */
export interface DocExample {
  readonly title?: string;
  readonly value: unknown;
  /** `contentType`: the Content-Type sent with this very body (multipart's names its boundary). */
  readonly bodies: readonly { readonly media: DocMedia; readonly text: string; readonly contentType: string }[];
  /** The request stated for a response example (else `--verify` derives one from the endpoint). */
  readonly request?: ResponseExample<unknown>['request'];
  /** Why the server cannot be made to answer this example. */
  readonly unverifiable?: string;
  /** Where an example taken from a fixture was recorded (`api-docs --examples-from`). */
  readonly recorded?: DocRecorded;
  /** What `api-docs --verify` found; absent when it did not run. */
  readonly verification?: DocVerification;
}

/** An exchange replayed from a fixture: the file and the request line (`GET /hello?name=Alp`). */
export interface DocRecorded {
  readonly file: string;
  readonly request: string;
}

/**
 * The outcome of sending an example's request: `verified` (the answer is the example), `failed`
 * (it is not), `unverifiable` (the surface says why it is not sent), `not-run` (no request could
 * be derived, or no answer came).
 */
export type DocVerification =
  | { readonly outcome: 'verified'; readonly request: string }
  | { readonly outcome: 'failed' | 'unverifiable' | 'not-run'; readonly reason: string; readonly request?: string };

const LANGUAGES: Readonly<Record<string, string>> = {
  'application/json': 'json', 'application/x-ndjson': 'json', 'text/html': 'html', 'application/xml': 'xml', 'text/xml': 'xml',
  'application/javascript': 'javascript', 'text/css': 'css',
};

export const docMedia = (m: MediaCodec): DocMedia => ({
  name: m.name, type: m.type, contentType: m.contentType, language: LANGUAGES[m.type] ?? '',
  ...(isMultipart(m) && Object.keys(m.encoding).length > 0 ? { encoding: m.encoding } : {}),
});

const UTF8 = new TextDecoder('utf-8', { fatal: true });
function bodyText(encoded: string | Buffer): string {
  if (typeof encoded === 'string') return encoded;
  try { return UTF8.decode(encoded); } catch { return `(${encoded.length} bytes of binary data)`; }
}

/** Each example with its body in every media type given. */
export function encodeExamples(codec: Codec<unknown>, media: readonly MediaCodec[], examples: readonly ResponseExample<unknown>[]): DocExample[] {
  return examples.map((ex) => ({
    ...(ex.title === undefined || ex.title === '' ? {} : { title: ex.title }),
    value: ex.value,
    ...(ex.request === undefined ? {} : { request: ex.request }),
    ...(ex.unverifiable === undefined ? {} : { unverifiable: ex.unverifiable }),
    bodies: media.map((m) => {
      const encoded = m.encode(ex.value, codec);
      return { media: docMedia(m), text: bodyText(encoded), contentType: m.contentTypeOf?.(encoded) ?? m.contentType };
    }),
  }));
}

/** The examples a response or body declares, else its type's own. */
export const examplesOf = (own: readonly ResponseExample<unknown>[], codec: Codec<unknown>): readonly ResponseExample<unknown>[] => (own.length > 0 ? own : codec.examples);

/** A stream's examples as one example: its items, one per line in each media type. */
export function streamExamples(codec: Codec<unknown>, media: readonly MediaCodec[], items: readonly Example<unknown>[]): DocExample[] {
  if (items.length === 0) return [];
  const values = items.map((x) => x.value);
  return [{
    value: values,
    bodies: media.map((m) => ({ media: docMedia(m), text: values.map((v) => bodyText(m.encode(v, codec))).join('\n'), contentType: m.contentType })),
  }];
}

/** The media a response is sent as, one per Content-Type written (a stream's JSON alias is not another). */
export function sentMedia(media: readonly MediaCodec[]): MediaCodec[] {
  const seen = new Set<string>();
  return media.filter((m) => !seen.has(m.contentType) && seen.add(m.contentType));
}
