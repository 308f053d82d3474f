// The API description as data: parts of a request, endpoints, groups and surfaces.
import type { Codec, Example } from '../codec/types.js';
import type { MediaCodec } from '../codec/media.js';
import type { Formatters } from './formatters.js';
import type { ExtensionDescriptor } from './extension.js';
import type { ResponseExample } from './example.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CapturePart<N extends string = string, T = unknown> {
  readonly kind: 'capture';
  readonly name: N;
  readonly codec: Codec<T>;
  readonly description?: string;
  /**
   * The codec's validation keywords (a `constrain`'s rules) are checked after the method, not
   * while routing: the capture's type still decides the route (`/user/abc` is a 400 for any
   * method), but a value its rules refuse is a 400 only on a method the path has (else 405), as a
   * handler's own check would be. The docs and OpenAPI show the rules as usual.
   * decided: docs/decisions.md "S10's threshold waits for the method".
   */
  readonly rulesAfterMethod?: true;
}

/** The rest of the path (one or more segments), decoded, e.g. `/static/{path...}`. */
export interface RestPart<N extends string = string> {
  readonly kind: 'rest';
  readonly name: N;
  readonly description?: string;
}

/**
 * One path segment mixing literal text and captures (`{name}.{ext}`, `{parent}:synthesize`,
 * `v{version}`), built by `segment(...)`: strings are literal text, captures take what lies between.
 */
export interface MixedPart<C extends readonly (string | CapturePart)[] = readonly (string | CapturePart)[]> {
  readonly kind: 'mixed';
  readonly pieces: C;
}

export type QueryMode = 'single' | 'flag' | 'list' | 'deep';

/** `R`: whether the part is required (a request without it is a 400; the handler always has it). */
export interface QueryPart<N extends string = string, T = unknown, M extends QueryMode = QueryMode, R extends boolean = boolean> {
  readonly kind: 'query';
  readonly name: N;
  readonly codec: Codec<T>;
  readonly mode: M;
  readonly description?: string;
  /** Sample values listed by the docs. */
  readonly values?: readonly string[];
  readonly required?: true;
  /** Reserved characters may be sent unencoded (OpenAPI `allowReserved`); the server reads both. */
  readonly allowReserved?: true;
  /** Phantom field carrying `R`; never set at run time. */
  readonly __required?: R;
}

export interface HeaderPart<N extends string = string, T = unknown, R extends boolean = boolean> {
  readonly kind: 'header';
  /** The header's name as written in HTTP (matched case-insensitively). */
  readonly name: N;
  readonly codec: Codec<T>;
  readonly description?: string;
  readonly required?: true;
  /** Phantom field carrying `R`; never set at run time. */
  readonly __required?: R;
}

export interface BodyPart<T = unknown, R extends boolean = boolean> {
  readonly kind: 'body';
  readonly codec: Codec<T>;
  readonly media: readonly MediaCodec[];
  readonly examples: readonly Example<T>[];
  /** false: a request may leave the body out (no Content-Type, no bytes); the handler gets undefined. */
  readonly required?: false;
  /** Phantom field carrying `R`; never set at run time. */
  readonly __required?: R;
}

/**
 * A part an extension interprets (authentication, pagination...). `key` is the input field the
 * handler receives; `ext` is the extension's descriptor (its stage, errors, docs facet).
 */
export interface ExtensionPart<K extends string = string, T = unknown, X = unknown> {
  readonly kind: 'extension';
  /** The claim type is the descriptor's own business (its `read` makes it, its runtime checks it): any here. */
  readonly ext: ExtensionDescriptor<X, T, any>;
  readonly key: K;
  readonly config: X;
  readonly __type?: T;
}

export type Part = string | CapturePart | MixedPart | RestPart | QueryPart | HeaderPart | BodyPart | ExtensionPart;

export interface Content<T = unknown> {
  readonly codec: Codec<T>;
  readonly media: readonly MediaCodec[];
}

export interface ResponseSpec {
  readonly status: number;
  /**
   * The OpenAPI response key when it is not the status itself (`default`, `2XX`, from an imported
   * document): `status` is then the one status answered for it.
   */
  readonly key?: string;
  /** Absent for responses without a body (204, or an empty 200). */
  readonly content?: Content;
  readonly headers: Readonly<Record<string, Codec<unknown>>>;
  readonly description?: string;
  readonly examples: readonly ResponseExample<unknown>[];
  /** A streamed body: the handler returns an async iterable of items, each framed by a newline. */
  readonly stream?: boolean;
  /**
   * The body is a file sent as it is (`sendFile`): any media type, by the file's extension, so no
   * content is declared (no `Accept` is refused); the docs say "a file of any type".
   */
  readonly file?: boolean;
}

/**
 * One declared response at the type level: the body a handler gives, its reply header values, and
 * the OpenAPI key it stands for when that is not its status (`default`, `4XX`; `never` otherwise).
 */
export interface ResponseType<B = unknown, H = {}, K extends string = never> {
  readonly body: B;
  readonly headers: H;
  readonly key: K;
}

/**
 * An endpoint. `M` maps each declared status to its `ResponseType` (built by `.returns` and each
 * `.responds`), `S` is the success status: what a plain returned value is sent with.
 */
export interface Endpoint<P extends readonly Part[] = readonly Part[], M = {}, S extends number = number> {
  readonly kind: 'endpoint';
  readonly method: Method;
  readonly parts: P;
  readonly responses: readonly ResponseSpec[];
  readonly summary?: string;
  /** Longer text for the docs, and the docs' groups (OpenAPI `description` and `tags`). */
  readonly description?: string;
  readonly tags?: readonly string[];
  /** OpenAPI specification extensions of the operation (`x-rate-limit`): written back by the docs, read by nothing else. */
  readonly openApiExtensions?: Readonly<Record<string, unknown>>;
  /** Phantom fields carrying the static response map and success status; never set at run time. */
  readonly __responses?: M;
  readonly __success?: S;
}

/**
 * Any endpoint or group, whatever its parts and responses: the one place `any` stands for them.
 * An endpoint's type parameters appear where handlers read (parts) and write (responses), so they
 * are invariant and no `unknown` instance admits them all; the surface's own type keeps each one.
 */
// decided: the documented boundary of `any` for the description's tree (DESIGN.md section 5.3).
export type AnyEndpoint = Endpoint<any, any, any>;
export type AnyGroup = Group<any, any>;

export interface Tree { readonly [name: string]: AnyEndpoint | AnyGroup }

export interface Group<P extends readonly Part[] = readonly Part[], T extends Tree = Tree> {
  readonly kind: 'group';
  readonly parts: P;
  readonly children: T;
}

/** A base URL the API is served at (OpenAPI Server Object): `{name}` in it is a variable. */
export interface ServerSpec {
  readonly url: string;
  readonly description?: string;
  readonly variables?: Readonly<Record<string, { readonly default: string; readonly enum?: readonly string[]; readonly description?: string }>>;
}

export interface ExternalDocs { readonly url: string; readonly description?: string }

export interface TagSpec { readonly name: string; readonly description?: string; readonly externalDocs?: ExternalDocs }

export interface SurfaceMeta {
  readonly title: string;
  /** Default port when served alone (`api-serve S4`). */
  readonly port?: number;
  /** The license the API is offered under, for the docs (OpenAPI `info.license`: an SPDX identifier or a URL). */
  readonly license?: { readonly name: string; readonly identifier?: string; readonly url?: string };
  /** Introduction for the docs: a title and paragraphs. */
  readonly intro?: { readonly title: string; readonly paragraphs: readonly string[] };
  /** The API's version (OpenAPI `info.version`); the docs say `unversioned` without it. */
  readonly version?: string;
  /** What the API is, in Markdown (OpenAPI `info.description`, written back as it is); the docs' introduction when there is no `intro`. */
  readonly description?: string;
  readonly contact?: { readonly name?: string; readonly url?: string; readonly email?: string };
  readonly termsOfService?: string;
  /** Where the API is served (OpenAPI `servers`): the docs name these rather than this machine. */
  readonly servers?: readonly ServerSpec[];
  /** Tags as the docs list them, in this order, with their descriptions (OpenAPI top-level `tags`). */
  readonly tags?: readonly TagSpec[];
  readonly externalDocs?: ExternalDocs;
  /** Specification extensions (`x-` keys, JSON values) of the OpenAPI document (`document`) and of its `info`. */
  readonly extensions?: { readonly document?: Readonly<Record<string, unknown>>; readonly info?: Readonly<Record<string, unknown>> };
  readonly formatters?: Partial<Formatters>;
  /**
   * What the stateful mock takes for a collection, by collection path (`/todos`, as printed at
   * start): `false` leaves a path recognised by its shape unmocked as a collection, `{ idField }`
   * names the item field that holds the id.
   */
  readonly collections?: Readonly<Record<string, false | { readonly idField: string }>>;
}

export interface Surface<T extends Tree = Tree> {
  readonly kind: 'surface';
  readonly name: string;
  readonly meta: SurfaceMeta;
  readonly tree: T;
}

export type Segment =
  | { readonly kind: 'static'; readonly value: string }
  | CapturePart
  | MixedPart
  | RestPart;

/** One endpoint flattened by `walk`: what every interpreter reads. */
export interface EndpointInfo {
  /** Dotted path of names in the surface tree, e.g. `users.get`. */
  readonly name: string;
  readonly keys: readonly string[];
  readonly method: Method;
  readonly segments: readonly Segment[];
  /** `/position/{x}/{y}` */
  readonly path: string;
  readonly query: readonly QueryPart[];
  readonly headers: readonly HeaderPart[];
  readonly body?: BodyPart;
  readonly extensions: readonly ExtensionPart[];
  readonly responses: readonly ResponseSpec[];
  readonly summary?: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly openApiExtensions?: Readonly<Record<string, unknown>>;
}
