// Inert combinators that build the description: request parts, endpoints, groups, surfaces.
import type { Codec, Example, ObjectCodec } from '../codec/types.js';
import { type MediaCodec, json as jsonMedia, text as textMedia } from '../codec/media.js';
import type {
  BodyPart, CapturePart, Content, Endpoint, Group, HeaderPart, Method, Part, QueryPart, ResponseSpec, ResponseType, RestPart,
  Surface, SurfaceMeta, Tree,
} from './types.js';
import type { ResponseExample } from './example.js';

interface Described { readonly description?: string }
const opt = <O extends object>(o: O | undefined) => (o ?? {}) as Partial<O>;

export interface CaptureOptions {
  /** Check the codec's validation keywords after the method (see `CapturePart.rulesAfterMethod`). */
  readonly rulesAfterMethod?: boolean;
}

/**
 * A typed path variable: `capture('x', t.int, '(integer) position on the x axis')`;
 * `capture('userId', t.constrain(t.int, { exclusiveMinimum: 5000 }), '...', { rulesAfterMethod: true })`.
 */
export function capture<const N extends string, T>(name: N, codec: Codec<T>, description?: string, options?: CaptureOptions): CapturePart<N, T> {
  return {
    kind: 'capture', name, codec,
    ...(description === undefined ? {} : { description }),
    ...(options?.rulesAfterMethod === true && codec.refines !== undefined ? { rulesAfterMethod: true as const } : {}),
  };
}

/** The remaining path segments (at least one), decoded: `/static/{path...}`. */
export function rest<const N extends string>(name: N, description?: string): RestPart<N> {
  return description === undefined ? { kind: 'rest', name } : { kind: 'rest', name, description };
}

interface QueryOptions extends Described { readonly values?: readonly string[] }

/** An optional query parameter; the handler sees `undefined` when it is absent. */
export function query<const N extends string, T>(name: N, codec: Codec<T>, options?: QueryOptions): QueryPart<N, T, 'single'> {
  return { kind: 'query', name, codec, mode: 'single', ...opt(options) };
}

/** A boolean flag: true when present (`?capital`, `?capital=true`), false when absent. */
export function flag<const N extends string>(name: N, options?: QueryOptions): QueryPart<N, boolean, 'flag'> {
  return { kind: 'query', name, codec: flagCodec, mode: 'flag', ...opt(options) };
}

/** A repeated parameter read as a list (`?tag=a&tag=b` or `?tag[]=a`); empty when absent. */
export function queryList<const N extends string, T>(name: N, codec: Codec<T>, options?: QueryOptions): QueryPart<N, T, 'list'> {
  return { kind: 'query', name, codec, mode: 'list', ...opt(options) };
}

/**
 * An object spread over keyed parameters, OpenAPI's `style: deepObject` (`?filter[color]=red&filter[size]=3`);
 * `undefined` when no such key is given. Each value is read by its field's codec, then the object
 * is checked whole (required fields, extra keys, key counts).
 */
export function queryObject<const N extends string, T>(name: N, codec: ObjectCodec<T>, options?: QueryOptions): QueryPart<N, T, 'deep'> {
  return { kind: 'query', name, codec, mode: 'deep', ...opt(options) };
}

/** An optional request header, matched case-insensitively; `undefined` when absent. */
export function header<const N extends string, T>(name: N, codec: Codec<T>, options?: Described): HeaderPart<N, T> {
  return { kind: 'header', name, codec, ...opt(options) };
}

/** A request body of the given media types (JSON when not said). */
export function body<T>(codec: Codec<T>, media: readonly MediaCodec[] = [jsonMedia], examples: readonly Example<T>[] = []): BodyPart<T> {
  return { kind: 'body', codec, media, examples };
}

/** Response content: `json(Position)`, `content(List, [json, html(render)])`, `text()`. */
export function content<T>(codec: Codec<T>, media: readonly MediaCodec[]): Content<T> {
  return { codec, media };
}
export const json = <T>(codec: Codec<T>): Content<T> => ({ codec, media: [jsonMedia] });
export const plainText = <T>(codec: Codec<T>): Content<T> => ({ codec, media: [textMedia] });

import { bool } from '../codec/scalars.js';
const flagCodec: Codec<boolean> = { ...bool, label: 'flag' };

interface ResponseOptions<T, H> extends Described {
  /** Typed response headers: a handler's reply gives each a value of its codec's type. */
  readonly headers?: H;
  /** Values the docs show, each with the request that gets it (stated, or derived from the endpoint). */
  readonly examples?: readonly ResponseExample<T>[];
  /** The OpenAPI response key this status stands for (`default`, `2XX`), when not the status itself. */
  readonly key?: string;
}

interface ReturnOptions<T, S, H> extends ResponseOptions<T, H> {
  /** The success status (200 unless given). */
  readonly status?: S;
}

type HeaderCodecs = Readonly<Record<string, Codec<any>>>;
/** The value types of declared response headers (a reply may leave any of them out). */
export type HeaderTypesOf<H> = { readonly [K in keyof H]: H[K] extends Codec<infer V> ? V : never };
/** The typed optional headers a handler may set on its reply. */
export type HeaderValuesOf<H> = Partial<HeaderTypesOf<H>>;

/** A response map with one status. */
type One<S extends number, B, H> = { readonly [K in S]: ResponseType<B, H> };

function response(status: number, c: Content | undefined, o: { headers?: HeaderCodecs; description?: string; examples?: readonly ResponseExample<unknown>[]; stream?: boolean; key?: string; file?: boolean }): ResponseSpec {
  return {
    status,
    ...(o.key === undefined ? {} : { key: o.key }),
    headers: o.headers ?? {},
    examples: o.examples ?? [],
    ...(c === undefined ? {} : { content: c }),
    ...(o.description === undefined ? {} : { description: o.description }),
    ...(o.stream === true ? { stream: true } : {}),
    ...(o.file === true ? { file: true } : {}),
  };
}

// Statuses in result types are NoInfer: a surface's tree (typed `any` per endpoint) must not be
// what infers them; an omitted status is the default.
export interface EndpointBuilder<P extends readonly Part[]> {
  /** The success response (200 unless `status` says otherwise). */
  returns<T, const S extends number = 200, H extends HeaderCodecs = {}>(c: Content<T>, options?: ReturnOptions<T, S, H>): EndpointDecl<P, One<NoInfer<S>, T, HeaderTypesOf<H>>, NoInfer<S>>;
  /** 204 with an empty body. */
  noContent(options?: Described): EndpointDecl<P, One<204, void, {}>, 204>;
  /** A success status (200 unless given) with an empty body. */
  /** `file: true`: the body is a file sent as it is (`sendFile`), of any type (documented as such). */
  empty<const S extends number = 200>(status?: S, options?: Described & { readonly key?: string; readonly headers?: HeaderCodecs; readonly file?: boolean }): EndpointDecl<P, One<NoInfer<S>, void, {}>, NoInfer<S>>;
  /** 200 with a newline-framed stream: the handler returns an async iterable of items. */
  streams<T>(c: Content<T>, options?: Described): EndpointDecl<P, One<200, AsyncIterable<T>, {}>, 200>;
}

/**
 * An endpoint being declared; `M` is its response map so far (status -> body and header types),
 * `S` its success status.
 */
export interface EndpointDecl<P extends readonly Part[], M, S extends number> extends Endpoint<P, M, S> {
  /**
   * Declares a further (usually error) response: its content (none when absent) and headers
   * type the handler's `reply(status, body, headers)`, and docs and checks read it.
   */
  responds<const S2 extends number, T = void, H extends HeaderCodecs = {}>(status: S2, c?: Content<T>, options?: ResponseOptions<T, H>): EndpointDecl<P, M & One<S2, T, HeaderTypesOf<H>>, S>;
  /** A one-line summary for docs. */
  summarize(summary: string): EndpointDecl<P, M, S>;
  /** Longer text for the docs (OpenAPI `description`). */
  describe(description: string): EndpointDecl<P, M, S>;
  /** The docs' groups this endpoint belongs to (OpenAPI `tags`). */
  tagged(...tags: string[]): EndpointDecl<P, M, S>;
}

/** The endpoint record without its phantom types: what the builders copy. */
type EndpointRecord<P extends readonly Part[]> = Omit<Endpoint<P>, '__responses' | '__success'>;

function decl<P extends readonly Part[], M, S extends number>(e: EndpointRecord<P>): EndpointDecl<P, M, S> {
  return {
    ...e,
    responds: <S2 extends number, T, H extends HeaderCodecs>(status: S2, c?: Content<T>, o?: ResponseOptions<T, H>) =>
      decl<P, M & One<S2, T, HeaderTypesOf<H>>, S>({ ...e, responses: [...e.responses, response(status, c, o ?? {})] }),
    summarize: (summary) => decl<P, M, S>({ ...e, summary }),
    describe: (description) => decl<P, M, S>({ ...e, description }),
    tagged: (...tags) => decl<P, M, S>({ ...e, tags: [...(e.tags ?? []), ...tags] }),
  };
}

function endpoint<P extends readonly Part[]>(method: Method, parts: P): EndpointBuilder<P> {
  const make = <M, S extends number>(r: ResponseSpec) => decl<P, M, S>({ kind: 'endpoint', method, parts, responses: [r] });
  return {
    returns: (c, o) => make(response(o?.status ?? 200, c, o ?? {})),
    noContent: (o) => make(response(204, undefined, o ?? {})),
    empty: (status, o) => make(response(status ?? 200, undefined, o ?? {})),
    streams: (c, o) => make(response(200, c, { ...o, stream: true })),
  };
}

export const get = <const P extends readonly Part[]>(...parts: P) => endpoint('GET', parts);
export const post = <const P extends readonly Part[]>(...parts: P) => endpoint('POST', parts);
export const put = <const P extends readonly Part[]>(...parts: P) => endpoint('PUT', parts);
export const patch = <const P extends readonly Part[]>(...parts: P) => endpoint('PATCH', parts);
export const del = <const P extends readonly Part[]>(...parts: P) => endpoint('DELETE', parts);

/** Factors shared parts (a static segment, capture, header, body...) over several endpoints. */
export function group<const P extends readonly Part[], const T extends Tree>(parts: P, children: T): Group<P, T> {
  return { kind: 'group', parts, children };
}

/** A named surface: the unit served on one port, documented and checked. */
export function api<const T extends Tree>(name: string, meta: SurfaceMeta, tree: T): Surface<T> {
  return { kind: 'surface', name, meta, tree };
}
