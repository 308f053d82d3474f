// Type-level reading of a surface: the input each handler receives and the handler map's shape.
import type {
  BodyPart, CapturePart, Endpoint, ExtensionPart, Group, HeaderPart, MixedPart, Part, QueryPart, ResponseType, RestPart, Tree,
} from './types.js';
import type { HeaderValues, HttpError, Reply } from './reply.js';
import type { HandlerContext } from './implement.js';

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** A required part is always in the input; an optional one may be absent (`undefined`). */
type Presence<N extends string, T, R> = [R] extends [true] ? { [K in N]: T } : { [K in N]?: T | undefined };

type Contribution<P> =
  P extends CapturePart<infer N, infer T> ? { [K in N]: T }
  // A mixed segment's captures join the union that InputOf intersects; its texts add nothing.
  : P extends MixedPart<infer C> ? Contribution<C[number]>
  : P extends RestPart<infer N> ? { [K in N]: string[] }
  : P extends QueryPart<infer N, infer T, infer M, infer R>
    ? M extends 'flag' ? { [K in N]: boolean } : M extends 'list' ? { [K in N]: T[] } : Presence<N, T, R>
  : P extends HeaderPart<infer N, infer T, infer R> ? Presence<N, T, R>
  : P extends BodyPart<infer T, infer R> ? Presence<'body', T, R>
  : P extends ExtensionPart<infer K, infer T> ? { [Q in K]: T }
  : {};

/** The input object of a handler whose endpoint has these parts. */
export type InputOf<P extends readonly Part[]> = [P[number]] extends [never] ? {} : Simplify<UnionToIntersection<Contribution<P[number]>>>;

/**
 * The headers a reply may carry for a response declaring header types `H`: each declared header
 * (under its declared name or in lower case) with its codec's type; any other header as text.
 * decided: undeclared names stay allowed (Location, Set-Cookie...); docs/describing.md "Responses typed per status".
 */
export type ReplyHeaders<H> =
  & { readonly [K in keyof H]?: H[K] | undefined }
  & { readonly [K in keyof H & string as Lowercase<K>]?: H[K] | undefined }
  & HeaderValues;

type BodyAt<M, S> = S extends keyof M ? M[S] extends ResponseType<infer B, infer _, any> ? B : never : never;
type HeadersAt<M, S> = S extends keyof M ? M[S] extends ResponseType<infer _, infer H, any> ? H : never : never;

/** A reply for one declared status (distributes over a union of statuses). */
type ReplyAt<M, S> = S extends number ? Reply<BodyAt<M, S>, S, ReplyHeaders<HeadersAt<M, S>>> : never;

/**
 * What a handler may give back for response map `M` with success status `S`: the success value;
 * a reply for the success status (its status may be left out); a reply for any other declared
 * status with that status's body and headers; or an error (returned or thrown, any status).
 */
export type Outcome<M, S extends number> =
  | BodyAt<M, S>
  | Reply<BodyAt<M, S>, S | undefined, ReplyHeaders<HeadersAt<M, S>>>
  | ReplyAt<M, Exclude<keyof M, S>>
  | HttpError;

export type Handler<I, M, S extends number> = (input: I, ctx: HandlerContext) => Outcome<M, S> | Promise<Outcome<M, S>>;

/** The handler map a surface needs: one function per endpoint, nested like its groups. */
export type HandlersOf<T extends Tree, Acc extends readonly Part[] = []> = {
  [K in keyof T]: T[K] extends Endpoint<infer P, infer M, infer S> ? Handler<InputOf<[...Acc, ...P]>, M, S>
    : T[K] extends Group<infer GP, infer GT> ? HandlersOf<GT, [...Acc, ...GP]>
    : never;
};
