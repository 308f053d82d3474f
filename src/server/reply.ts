// Turns handler outcomes, replies and errors into status, headers and bytes (or a stream).
import type { EndpointInfo, ResponseSpec } from '../dsl/types.js';
import type { HttpError, Reply } from '../dsl/reply.js';
import type { Codec } from '../codec/types.js';
import type { MediaCodec } from '../codec/media.js';
import type { OutReply } from './request.js';
import { answerOfError, copyHeaders, headerKey, plainHeaderValue } from '../describe/answer.js';

type Headers = Record<string, string | readonly string[]>;

/** Each response's declared header codecs by lower-case name, built on first use: names are case-insensitive. */
const declaredHeaders = new WeakMap<object, Map<string, Codec<unknown>>>();
function byLowerName(codecs: Readonly<Record<string, Codec<unknown>>>): Map<string, Codec<unknown>> {
  let known = declaredHeaders.get(codecs);
  if (known === undefined) {
    known = new Map(Object.entries(codecs).map(([name, codec]) => [name.toLowerCase(), codec]));
    declaredHeaders.set(codecs, known);
  }
  return known;
}

/**
 * Writes reply headers into `into`: a declared header (in any case) must hold a value its codec
 * allows (a wrong one throws, so the reply is refused rather than sent) and is rendered by that
 * codec; any other header is sent as text.
 */
function renderHeaders(values: Reply['headers'], codecs: Readonly<Record<string, Codec<unknown>>>, into: Headers): void {
  if (!values) return;
  const declared = byLowerName(codecs);
  for (const name in values) {
    const value = values[name];
    if (value === undefined || !Object.hasOwn(values, name)) continue;
    const key = headerKey(name);
    const codec = declared.get(key);
    if (codec === undefined) into[key] = plainHeaderValue(value);
    else into[key] = Array.isArray(value) ? value.map((v) => headerText(name, codec, v)) : headerText(name, codec, value);
  }
}

function headerText(name: string, codec: Codec<unknown>, value: unknown): string {
  const checked = codec.check(value, '$');
  if (!checked.ok) throw new Error(`header ${name}: ${checked.error}`);
  return codec.formatText(checked.value);
}

async function* frames(items: AsyncIterable<unknown>, media: MediaCodec, codec: Codec<unknown>): AsyncGenerator<string | Buffer> {
  for await (const item of items) {
    const chunk = media.encode(item, codec);
    yield typeof chunk === 'string' ? `${chunk}\n` : Buffer.concat([chunk, Buffer.from('\n')]);
  }
}

/** The declared response a reply's status selects; a status the endpoint does not declare throws. */
function declared(e: EndpointInfo, success: ResponseSpec, status: number | undefined): ResponseSpec {
  if (status === undefined || status === success.status) return success;
  const spec = e.responses.find((x) => x.status === status);
  if (spec === undefined) throw new Error(`status ${status} is not a declared response (declared: ${e.responses.map((x) => x.status).join(', ')})`);
  return spec;
}

/**
 * Encodes what a handler returned: a plain value, or a reply choosing a declared status and
 * headers. Throws (the pipeline answers 500 and logs it) for an undeclared status, a header or a
 * JSON body of the wrong type.
 */
export function encodeReply(e: EndpointInfo, success: ResponseSpec, media: MediaCodec | undefined, r: Reply | undefined,
  value: unknown, extra: Headers): OutReply {
  const spec = declared(e, success, r?.status);
  const status = spec.status;
  const headers: Headers = copyHeaders(extra);
  renderHeaders(r?.headers, spec.headers, headers);
  if (r?.raw !== undefined) return { status, headers, body: r.raw };
  if (r?.file !== undefined) return { status: 200, headers, file: r.file };
  const body = r ? r.body : value;
  if (!spec.content || status === 204 || status === 304) return { status, headers };
  const m = (media && spec.content.media.includes(media) ? media : spec.content.media[0])!;
  if (spec.stream) {
    headers['content-type'] ??= m.contentType;
    return { status, headers, stream: frames(body as AsyncIterable<unknown>, m, spec.content.codec) };
  }
  const encoded = m.encode(body, spec.content.codec);
  // A multipart body's type names the boundary it was written with.
  headers['content-type'] ??= m.contentTypeOf?.(encoded) ?? m.contentType;
  return { status, headers, body: encoded };
}

/**
 * An error value as a reply (the description layer's answer; a body without a type is plain text).
 * decided: an HttpError may carry any status, declared or not: it is the escape hatch handlers,
 * extensions and protocol errors share (docs/describing.md "Responses typed per status").
 */
export const errorReply: (err: HttpError, extra?: Headers) => OutReply = answerOfError;
