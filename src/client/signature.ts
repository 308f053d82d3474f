// The client's static shape, read from a surface's type alone (no generated code): what each
// endpoint's function takes (its parts as a caller writes them) and the answers it resolves to,
// one per declared status, narrowed by `status`.
import type {
  BodyPart, CapturePart, Endpoint, ExtensionPart, Group, HeaderPart, MixedPart, Part, QueryPart, ResponseType, RestPart, Tree,
} from '../dsl/types.js';
import type { CookieConfig } from '../dsl/cookie.js';
import type { RangeConfig } from '../dsl/range.js';
import type { RetryOption } from './retry.js';

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type Presence<N extends string, T, R> = [R] extends [true] ? { [K in N]: T } : { [K in N]?: T | undefined };

/**
 * What a caller gives for an extension part: a cookie's value (required when the cookie is), a
 * `Range` (optional: the server's default page without it). Credentials (auth, declared
 * security) come from the client's `credentials`, other extensions through `headers`.
 */
type ExtensionInput<K extends string, T, X> =
  X extends CookieConfig<any> ? (undefined extends T ? { [Q in K]?: T } : { [Q in K]: T })
  : X extends RangeConfig ? { [Q in K]?: T | undefined }
  : {};

/**
 * One part's share of the input. As the handler's (src/dsl/infer.ts) except where sending differs
 * from receiving: a flag may be left out (false), a list too (none) unless required, lists and
 * rest segments may be read-only.
 * decided: the client's input is the handler's input with those relaxations; docs/client.md "Inputs".
 */
type Contribution<P> =
  P extends CapturePart<infer N, infer T> ? { [K in N]: T }
  : P extends MixedPart<infer C> ? Contribution<C[number]>
  : P extends RestPart<infer N> ? { [K in N]: readonly string[] }
  : P extends QueryPart<infer N, infer T, infer M, infer R>
    ? M extends 'flag' ? { [K in N]?: boolean | undefined } : M extends 'list' ? Presence<N, readonly T[], R> : Presence<N, T, R>
  : P extends HeaderPart<infer N, infer T, infer R> ? Presence<N, T, R>
  : P extends BodyPart<infer T, infer R> ? Presence<'body', T, R>
  : P extends ExtensionPart<infer K, infer T, infer X> ? ExtensionInput<K, T, X>
  : {};

/**
 * An input with no key at all closed to every key: TypeScript checks no excess property against
 * `{}`, so `c.list({ colour: 'red' })` would compile on an endpoint that takes nothing.
 */
type Closed<I> = keyof I extends never ? { readonly [k: string]: never } : I;

/** The input of the client function of an endpoint with these parts. */
export type ClientInputOf<P extends readonly Part[]> = Closed<[P[number]] extends [never] ? {} : Simplify<UnionToIntersection<Contribution<P[number]>>>>;

/** Declared response headers, decoded by their codecs, under their lower-case names. */
export type AnswerHeaders<H> = { readonly [K in keyof H & string as Lowercase<K>]?: H[K] };

/** A body declared `void` (204, `.empty()`) arrives as `undefined`. */
type BodyOf<B> = [B] extends [void] ? undefined : B;

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type Num<T> = T extends `${infer N extends number}` ? N : never;
/** The statuses `D00` to `D99` as number literals. */
type InRange<D extends string> = Num<`${D}${Digit}${Digit}`>;
type AnyStatus = InRange<'1' | '2' | '3' | '4' | '5'>;
/** The statuses of `M` declared for themselves. */
type Own<M> = { [S in keyof M & number]: M[S] extends ResponseType<any, any, infer K> ? ([K] extends [never] ? S : never) : never }[keyof M & number];
/** The statuses of `M`'s ranges (`4XX`). */
type Ranges<M> = { [S in keyof M & number]: M[S] extends ResponseType<any, any, infer K> ? (Uppercase<K> extends `${infer D}XX` ? InRange<D> : never) : never }[keyof M & number];

/**
 * The statuses one declared response can arrive with, as OpenAPI reads response keys: its own; for
 * a range (`4XX`) every status in it not declared for itself; for `default` every status neither
 * declared nor in a declared range. So `r.status === 200` still narrows to the 200 answer alone.
 */
type StatusOf<M, S, K extends string> = [K] extends [never] ? S
  : Uppercase<K> extends `${infer D}XX` ? Exclude<InRange<D>, Own<M>>
  : K extends 'default' ? Exclude<AnyStatus, Own<M> | Ranges<M>>
  : S;

/** One answer per declared status of response map `M`: narrow it by `status`. */
export type Answer<M> = {
  [S in keyof M & number]: M[S] extends ResponseType<infer B, infer H, infer K>
    ? {
      readonly status: StatusOf<M, S, K>;
      readonly body: BodyOf<B>;
      readonly headers: AnswerHeaders<H>;
      /** Every header as received (fetch's `Headers`). */
      readonly raw: Headers;
      readonly conformance?: undefined;
    }
    : never;
}[keyof M & number];

/** With `strict: false`: an answer the endpoint does not declare, returned instead of thrown. */
export interface Nonconforming {
  readonly status: number;
  /** Decoded when it could be, else its text (or bytes). */
  readonly body: unknown;
  readonly headers: {};
  readonly raw: Headers;
  /** What does not conform, one line each (never empty). */
  readonly conformance: readonly string[];
}

/** What one call may be given besides its input. */
export interface CallOptions {
  /** Aborts this call (a `ClientAbortError`). */
  readonly signal?: AbortSignal;
  /** This call's own limit in ms (`false`: none), instead of the client's `timeout`. */
  readonly timeout?: number | false;
  /** This call's retries, instead of the client's `retry` (docs/client.md "Retries"). */
  readonly retry?: RetryOption;
  /** Further request headers for this call (over the client's `headers`). */
  readonly headers?: Readonly<Record<string, string>>;
}

type Call<I, R> = {} extends I ? (input?: I, options?: CallOptions) => Promise<R> : (input: I, options?: CallOptions) => Promise<R>;

/** The client of a surface tree: one function per endpoint, nested like its groups (the handlers' keys). */
export type ClientOf<T extends Tree, Loose extends boolean = false, Acc extends readonly Part[] = []> = {
  readonly [K in keyof T]: T[K] extends Endpoint<infer P, infer M, any> ? Call<ClientInputOf<[...Acc, ...P]>, Loose extends true ? Answer<M> | Nonconforming : Answer<M>>
    : T[K] extends Group<infer GP, infer GT> ? ClientOf<GT, Loose, [...Acc, ...GP]>
    : never;
};
