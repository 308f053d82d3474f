// An answer read as the endpoint declares it: its status picks the declared response, whose
// content decodes the body (by the answer's Content-Type) and whose header codecs decode the
// headers. What does not fit is listed, never guessed: an undeclared status, an undeclared
// Content-Type, a body or header its codec refuses.
import type { Content, EndpointInfo, ResponseSpec } from '../dsl/types.js';
import { declaredKeys, responseFor } from '../describe/response-for.js';
import type { Codec } from '../codec/types.js';
import type { MediaCodec } from '../codec/media.js';
import { checkFast } from '../codec/validator.js';
import { endpointErrors } from '../describe/possible-errors.js';

export type Decoded =
  | { readonly kind: 'answer'; readonly status: number; readonly body: unknown; readonly headers: Record<string, unknown> }
  /** A protocol error the endpoint can answer though it does not declare it (401, 413, 503...). */
  | { readonly kind: 'refusal'; readonly status: number; readonly errorKind: string; readonly message: string }
  | { readonly kind: 'nonconforming'; readonly status: number; readonly body: unknown; readonly issues: string[] };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body as UTF-8 text (a leading byte order mark dropped), or undefined when it is not UTF-8. */
function textOf(bytes: Uint8Array): string | undefined {
  try { return utf8.decode(bytes); } catch { return undefined; }
}

function essence(ct: string): string {
  const semi = ct.indexOf(';');
  return (semi < 0 ? ct : ct.slice(0, semi)).trim().toLowerCase();
}
const isJson = (type: string) => /[/+]json$/.test(type);

/** The declared media codec for a Content-Type: exactly, or within a declared range (`image/*`). */
function mediaFor(contentType: string | null, media: readonly MediaCodec[]): MediaCodec | undefined {
  if (contentType === null) return media[0];
  const type = essence(contentType);
  for (const m of media) if (m.type === type) return m;
  return media.find((m) => {
    const [main, sub] = m.type.split('/');
    const [tMain, tSub] = type.split('/');
    return sub !== undefined && tSub !== undefined && (main === '*' || main === tMain) && new RegExp(`^${sub.split('*').map((x) => x.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(tSub);
  });
}

type Read = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly issue: string; readonly value: unknown };

function readJson(text: string | undefined, codec: Codec<unknown>, what: string): Read {
  if (text === undefined) return { ok: false, issue: `${what} is not valid UTF-8`, value: undefined };
  let value: unknown;
  try { value = JSON.parse(text); } catch (e) { return { ok: false, issue: `${what} is not valid JSON (${(e as Error).message})`, value: text }; }
  // The compiled validator first: a valid answer is taken as it came, without the check's copy.
  const r = checkFast(codec, value);
  return r.ok ? { ok: true, value: r.value } : { ok: false, issue: `${what} at ${r.path ?? '$'}: ${r.error}`, value };
}

/** A newline-framed stream's items, each one JSON value of the item codec. */
function readStream(bytes: Uint8Array, codec: Codec<unknown>): Read {
  const text = textOf(bytes);
  if (text === undefined) return { ok: false, issue: 'the stream is not valid UTF-8', value: undefined };
  const items: unknown[] = [];
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  for (let i = 0; i < lines.length; i++) {
    const r = readJson(lines[i], codec, `stream item ${i + 1}`);
    if (!r.ok) return { ok: false, issue: r.issue, value: text };
    items.push(r.value);
  }
  // decided: a stream is read to its end (bounded by maxResponseBody and the timeout), then its items are
  // given as the async iterable the type names; docs/client.md "Answers".
  return { ok: true, value: (async function* () { yield* items; })() };
}

/** Bytes as the codec's type says (a Buffer) where Node's Buffer exists, else as they came. */
function asBytes(bytes: Uint8Array): Uint8Array {
  const B = (globalThis as unknown as { Buffer?: { from(b: ArrayBufferLike, offset: number, length: number): Uint8Array } }).Buffer;
  return B ? B.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes;
}

function readBody(bytes: Uint8Array, media: MediaCodec, codec: Codec<unknown>, contentType: string | undefined): Read {
  if (isJson(media.type)) return readJson(textOf(bytes), codec, 'the body');
  if (media.type === 'application/octet-stream' && codec.kind === 'bytes') return { ok: true, value: asBytes(bytes) };
  const text = textOf(bytes);
  if (media.type === 'text/plain' || media.type === 'application/octet-stream') {
    if (text === undefined) return { ok: false, issue: 'the body is not valid UTF-8', value: bytes };
    const r = codec.parseText(text);
    return r.ok ? { ok: true, value: r.value } : { ok: false, issue: `the body: ${r.error}`, value: text };
  }
  // Forms and any other declared type with a decoder, read by it (media decoders read any Uint8Array).
  if (media.decode) {
    const r = media.decode(bytes, codec, contentType);
    return r.ok ? { ok: true, value: r.value } : { ok: false, issue: `the body: ${r.error}`, value: text ?? bytes };
  }
  // decided: a type read by no codec (HTML, XML, images) is given as its text, or bytes when not UTF-8; docs/client.md "Answers".
  return { ok: true, value: text ?? bytes };
}

function readHeaders(headers: readonly (readonly [string, Codec<unknown>])[], raw: Headers, issues: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, codec] of headers) {
    const text = raw.get(name);
    if (text === null) continue;
    const r = codec.parseText(text);
    if (r.ok) out[name.toLowerCase()] = r.value;
    else issues.push(`header ${name}: ${r.error}`);
  }
  return out;
}

/** Decodes one answer of an endpoint: its status, headers and body bytes, as declared, or what does not fit. */
export type AnswerDecoder = (status: number, raw: Headers, bytes: Uint8Array) => Decoded;

const NO_HEADERS: readonly (readonly [string, Codec<unknown>])[] = [];

/** The answer decoder of `endpoint`: its declared statuses and their headers listed once, for every call. */
export function answerDecoder(endpoint: EndpointInfo): AnswerDecoder {
  // The first response declared for each status, as a search from the start finds it.
  const byStatus = new Map<number, ResponseSpec>();
  for (const r of endpoint.responses) if (!byStatus.has(r.status)) byStatus.set(r.status, r);
  const headerLists = new Map<ResponseSpec, readonly (readonly [string, Codec<unknown>])[]>();
  const headersOf = (spec: ResponseSpec) => {
    let list = headerLists.get(spec);
    if (list === undefined) {
      const entries = Object.entries(spec.headers);
      list = entries.length === 0 ? NO_HEADERS : entries;
      headerLists.set(spec, list);
    }
    return list;
  };
  const lastSeen = new Map<Content, { readonly type: string; readonly media: MediaCodec }>();
  return (status, raw, bytes) => {
    let spec = byStatus.get(status);
    if (spec === undefined) {
      const text = textOf(bytes);
      // decided: a protocol error the endpoint can answer (endpointErrors) is a refusal even where it is
      // not declared, or declared only by a range or `default`, not a conformance failure; docs/client.md "Answers".
      const protocol = endpointErrors(endpoint).find((e) => e.status === status);
      if (protocol) return { kind: 'refusal', status, errorKind: protocol.kind, message: text ?? '' };
      // Else a range (`4XX`) or `default` covering the status reads it, as OpenAPI reads response keys.
      spec = responseFor(endpoint, status);
      if (spec === undefined) return { kind: 'nonconforming', status, body: text ?? bytes, issues: [`status ${status} is not declared (declared: ${declaredKeys(endpoint)})`] };
    }
    const issues: string[] = [];
    const wanted = headersOf(spec);
    const headers = wanted.length === 0 ? {} : readHeaders(wanted, raw, issues);
    let body: unknown;
    const content = spec.content;
    if (content === undefined) {
      if (bytes.byteLength > 0 && spec.file !== true) issues.push(`a body of ${bytes.byteLength} bytes where none is declared`);
      // A file answer (`sendFile`) is any type: its bytes.
      body = spec.file === true ? asBytes(bytes) : undefined;
    } else {
      const contentType = raw.get('content-type');
      // A server answers in the same Content-Type call after call: its media codec is remembered.
      const last = lastSeen.get(content);
      let media: MediaCodec | undefined;
      if (last !== undefined && contentType === last.type) media = last.media;
      else {
        media = mediaFor(contentType, content.media);
        if (contentType !== null && media !== undefined) lastSeen.set(content, { type: contentType, media });
      }
      if (media === undefined) {
        issues.push(`Content-Type ${contentType} is not declared (declared: ${content.media.map((m) => m.type).join(', ')})`);
        body = textOf(bytes) ?? bytes;
      } else {
        const r = spec.stream === true ? readStream(bytes, content.codec) : readBody(bytes, media, content.codec, contentType ?? undefined);
        if (!r.ok) issues.push(r.issue);
        body = r.value;
      }
    }
    return issues.length === 0 ? { kind: 'answer', status, body, headers } : { kind: 'nonconforming', status, body, issues };
  };
}
