// Inert combinators that build the description: request parts, endpoints, groups, surfaces.
import type { Codec, Example, ObjectCodec, AnyCodec } from '../codec/types.js';
import { withTextForm } from '../codec/text-form.js';
import { type MediaCodec, json as jsonMedia, text as textMedia } from '../codec/media.js';
import type {
  BodyPart, CapturePart, Content, Endpoint, Group, HeaderPart, Method, Part, QueryPart, ResponseSpec, ResponseType, RestPart,
  Surface, SurfaceMeta, Tree,
} from './types.js';
import type { ResponseExample } from './example.js';

interface Described { readonly description?: string }

export interface CaptureOptions {
  /** Check the codec's validation keywords after the method (see `CapturePart.rulesAfterMethod`). */
  readonly rulesAfterMethod?: boolean;
  /**
   * OpenAPI's path style: `simple` (`5`, `3,4,5`; the default), `label` (`.5`, `.3,4,5`) or `matrix`
   * (`;id=5`, `;id=3,4,5`); `explode` repeats the separator per item (`.3.4.5`, `;id=3;id=4`, `;R=100;G=200`).
   */
  readonly style?: 'simple' | 'label' | 'matrix';
  readonly explode?: boolean;
  /** The segment is JSON text of the codec (OpenAPI `content: application/json`). */
  readonly json?: boolean;
}

/** A capture's codec in its path style (the router, docs and fuzz read the value through it). */
function pathStyled<T>(name: string, codec: Codec<T>, options: CaptureOptions | undefined): Codec<T> {
  if (options?.json === true) return withTextForm(codec, { style: 'json', explode: false, name });
  const style = options?.style ?? 'simple';
  const explode = options?.explode === true;
  // Unexploded `simple` is the codec's own text; an exploded simple list is the same text too.
  if (style === 'simple' && (!explode || codec.kind !== 'object')) return codec;
  return withTextForm(codec, { style, explode, name });
}

/**
 * A typed path variable: `capture('x', t.int, '(integer) position on the x axis')`;
 * `capture('userId', t.constrain(t.int, { exclusiveMinimum: 5000 }), '...', { rulesAfterMethod: true })`.
 */
export function capture<const N extends string, T>(name: N, codec: Codec<T>, description?: string, options?: CaptureOptions): CapturePart<N, T> {
  return {
    kind: 'capture', name, codec: pathStyled(name, codec, options),
    ...(description === undefined ? {} : { description }),
    ...(options?.rulesAfterMethod === true && codec.refines !== undefined ? { rulesAfterMethod: true as const } : {}),
  };
}

/** The remaining path segments (at least one), decoded: `/static/{path...}`. */
export function rest<const N extends string>(name: N, description?: string): RestPart<N> {
  return description === undefined ? { kind: 'rest', name } : { kind: 'rest', name, description };
}

interface QueryOptions extends Described {
  readonly values?: readonly string[];
  /**
   * A request without it is a 400 naming it, and the handler's input has it (not `| undefined`),
   * servant's `QueryParam' '[Required]`. A required list or object needs at least one value.
   */
  readonly required?: boolean;
  /** Reserved characters (`/?:@...`) may be sent unencoded (OpenAPI `allowReserved`): docs say so. */
  readonly allowReserved?: boolean;
}

/** How one query value is written: OpenAPI `style` (a list joined by ` ` or `|`), or JSON text (`content`). */
interface ValueOptions {
  /** `form` (comma-separated, the default), `spaceDelimited` (`1 2 3`) or `pipeDelimited` (`1|2|3`). */
  readonly style?: 'form' | 'spaceDelimited' | 'pipeDelimited';
  /** The value is JSON text of the codec (`?filter={"a":1}`, OpenAPI `content: application/json`). */
  readonly json?: boolean;
}

/** Whether an options type says `required: true` (the handler's input then has the value). */
export type RequiredOf<O> = O extends { readonly required: true } ? true : false;

/** The parts' common optional fields from their options. */
const queryFields = (o: QueryOptions | undefined) => ({
  ...(o?.description === undefined ? {} : { description: o.description }),
  ...(o?.values === undefined ? {} : { values: o.values }),
  ...(o?.required === true ? { required: true as const } : {}),
  ...(o?.allowReserved === true ? { allowReserved: true as const } : {}),
});

/** A query value's codec in its text form (JSON, or a list joined by a delimiter). */
function valueStyled<T>(name: string, codec: Codec<T>, o: ValueOptions | undefined): Codec<T> {
  if (o?.json === true) return withTextForm(codec, { style: 'json', explode: false, name });
  if (o?.style === 'spaceDelimited' || o?.style === 'pipeDelimited') return withTextForm(codec, { style: o.style, explode: false, name });
  return codec;
}

/** A query parameter: `undefined` for the handler when absent, unless `required` (then a 400). */
export function query<const N extends string, T, const O extends QueryOptions & ValueOptions = {}>(name: N, codec: Codec<T>, options?: O): QueryPart<N, T, 'single', RequiredOf<O>> {
  return { kind: 'query', name, codec: valueStyled(name, codec, options), mode: 'single', ...queryFields(options) };
}

/** A boolean flag: true when present (`?capital`, `?capital=true`), false when absent. */
export function flag<const N extends string>(name: N, options?: Omit<QueryOptions, 'required'>): QueryPart<N, boolean, 'flag', false> {
  return { kind: 'query', name, codec: flagCodec, mode: 'flag', ...queryFields(options) };
}

/** A repeated parameter read as a list (`?tag=a&tag=b` or `?tag[]=a`); empty when absent (a 400 when `required`). */
export function queryList<const N extends string, T, const O extends QueryOptions = {}>(name: N, codec: Codec<T>, options?: O): QueryPart<N, T, 'list', RequiredOf<O>> {
  return { kind: 'query', name, codec, mode: 'list', ...queryFields(options) };
}

/**
 * An object spread over keyed parameters, OpenAPI's `style: deepObject` (`?filter[color]=red&filter[size]=3`);
 * `undefined` when no such key is given (a 400 when `required`). Each value is read by its field's
 * codec, then the object is checked whole (required fields, extra keys, key counts).
 */
export function queryObject<const N extends string, T, const O extends QueryOptions = {}>(name: N, codec: ObjectCodec<T>, options?: O): QueryPart<N, T, 'deep', RequiredOf<O>> {
  return { kind: 'query', name, codec, mode: 'deep', ...queryFields(options) };
}

interface HeaderOptions extends Described {
  /** A request without it is a 400 naming it; the handler's input then has it (not `| undefined`). */
  readonly required?: boolean;
  /** The value is JSON text of the codec (OpenAPI `content: application/json`). */
  readonly json?: boolean;
  /** An object as `R=100,G=200` (OpenAPI `style: simple, explode: true`) instead of `R,100,G,200`. */
  readonly explode?: boolean;
}

/** A request header, matched case-insensitively; `undefined` when absent, unless `required` (then a 400). */
export function header<const N extends string, T, const O extends HeaderOptions = {}>(name: N, codec: Codec<T>, options?: O): HeaderPart<N, T, RequiredOf<O>> {
  const styled = options?.json === true ? withTextForm(codec, { style: 'json', explode: false, name })
    : options?.explode === true && codec.kind === 'object' ? withTextForm(codec, { style: 'simple', explode: true, name }) : codec;
  return {
    kind: 'header', name, codec: styled,
    ...(options?.description === undefined ? {} : { description: options.description }),
    ...(options?.required === true ? { required: true as const } : {}),
  };
}

export interface BodyOptions<T> {
  readonly examples?: readonly Example<T>[];
  /** false: a request may leave the body out; the handler's `body` is then undefined. */
  readonly required?: boolean;
}

/** A body is required unless its options say `required: false`. */
type BodyRequiredOf<O> = O extends { readonly required: false } ? false : true;

/**
 * A request body of the given media types (JSON when not said); the third argument is its
 * examples, or options (`{ examples, required: false }`).
 */
export function body<T, const O extends readonly Example<T>[] | BodyOptions<T> = []>(codec: Codec<T>, media: readonly MediaCodec[] = [jsonMedia], options?: O): BodyPart<T, BodyRequiredOf<O>> {
  const opts: BodyOptions<T> = options === undefined ? {} : Array.isArray(options) ? { examples: options as readonly Example<T>[] } : options as BodyOptions<T>;
  return { kind: 'body', codec, media, examples: opts.examples ?? [], ...(opts.required === false ? { required: false as const } : {}) };
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

type HeaderCodecs = Readonly<Record<string, AnyCodec>>;
/** The value types of declared response headers (a reply may leave any of them out). */
export type HeaderTypesOf<H> = { readonly [K in keyof H]: H[K] extends Codec<infer V> ? V : never };
/** The typed optional headers a handler may set on its reply. */
export type HeaderValuesOf<H> = Partial<HeaderTypesOf<H>>;

/** A response map with one status. */
type One<S extends number, B, H, K extends string = never> = { readonly [Q in S]: ResponseType<B, H, K> };

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
  returns<T, const S extends number = 200, H extends HeaderCodecs = {}, const K extends string = never>(c: Content<T>, options?: ReturnOptions<T, S, H> & { readonly key?: K }): EndpointDecl<P, One<NoInfer<S>, T, HeaderTypesOf<H>, K>, NoInfer<S>>;
  /** 204 with an empty body. */
  noContent(options?: Described): EndpointDecl<P, One<204, void, {}>, 204>;
  /** A success status (200 unless given) with an empty body. */
  /** `file: true`: the body is a file sent as it is (`sendFile`), of any type (documented as such). */
  empty<const S extends number = 200, const K extends string = never>(status?: S, options?: Described & { readonly key?: K; readonly headers?: HeaderCodecs; readonly file?: boolean }): EndpointDecl<P, One<NoInfer<S>, void, {}, K>, NoInfer<S>>;
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
  responds<const S2 extends number, T = void, H extends HeaderCodecs = {}, const K extends string = never>(status: S2, c?: Content<T>, options?: ResponseOptions<T, H> & { readonly key?: K }): EndpointDecl<P, M & One<S2, T, HeaderTypesOf<H>, K>, S>;
  /** A one-line summary for docs. */
  summarize(summary: string): EndpointDecl<P, M, S>;
  /** Longer text for the docs (OpenAPI `description`). */
  describe(description: string): EndpointDecl<P, M, S>;
  /** The docs' groups this endpoint belongs to (OpenAPI `tags`). */
  tagged(...tags: string[]): EndpointDecl<P, M, S>;
  /**
   * OpenAPI specification extensions of the operation (`{ 'x-rate-limit': 10 }`), written back by
   * `api-docs --format openapi`; every key starts with `x-` (else a TypeError).
   */
  extend(fields: Readonly<Record<`x-${string}`, unknown>>): EndpointDecl<P, M, S>;
}

/** The endpoint record without its phantom types: what the builders copy. */
type EndpointRecord<P extends readonly Part[]> = Omit<Endpoint<P>, '__responses' | '__success'>;

function decl<P extends readonly Part[], M, S extends number>(e: EndpointRecord<P>): EndpointDecl<P, M, S> {
  return {
    ...e,
    responds: <S2 extends number, T, H extends HeaderCodecs, K extends string>(status: S2, c?: Content<T>, o?: ResponseOptions<T, H> & { readonly key?: K }) =>
      decl<P, M & One<S2, T, HeaderTypesOf<H>, K>, S>({ ...e, responses: [...e.responses, response(status, c, o ?? {})] }),
    summarize: (summary) => decl<P, M, S>({ ...e, summary }),
    describe: (description) => decl<P, M, S>({ ...e, description }),
    tagged: (...tags) => decl<P, M, S>({ ...e, tags: [...(e.tags ?? []), ...tags] }),
    extend: (fields) => {
      const bad = Object.keys(fields).filter((k) => !k.startsWith('x-'));
      if (bad.length > 0) throw new TypeError(`extend(): ${bad.map((k) => JSON.stringify(k)).join(', ')} ${bad.length > 1 ? 'are' : 'is'} not an x- extension`);
      return decl<P, M, S>({ ...e, openApiExtensions: { ...e.openApiExtensions, ...fields } });
    },
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
