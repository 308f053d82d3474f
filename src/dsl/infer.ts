// Type-level reading of a surface: the input each handler receives and the handler map's shape.
import type { BodyPart, CapturePart, Endpoint, ExtensionPart, Group, HeaderPart, Part, QueryPart, RestPart, Tree } from './types.js';
import type { HttpError, Reply } from './reply.js';
import type { HandlerContext } from './implement.js';

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

type Contribution<P> =
  P extends CapturePart<infer N, infer T> ? { [K in N]: T }
  : P extends RestPart<infer N> ? { [K in N]: string[] }
  : P extends QueryPart<infer N, infer T, infer M>
    ? M extends 'flag' ? { [K in N]: boolean } : M extends 'list' ? { [K in N]: T[] } : { [K in N]?: T | undefined }
  : P extends HeaderPart<infer N, infer T> ? { [K in N]?: T | undefined }
  : P extends BodyPart<infer T> ? { body: T }
  : P extends ExtensionPart<infer K, infer T> ? { [Q in K]: T }
  : {};

/** The input object of a handler whose endpoint has these parts. */
export type InputOf<P extends readonly Part[]> = [P[number]] extends [never] ? {} : Simplify<UnionToIntersection<Contribution<P[number]>>>;

/** What a handler may give back: the declared value, a reply, or an error. */
export type Outcome<R, H> = R | Reply<R> & { readonly headers?: H } | HttpError;

export type Handler<I, R, H = unknown> = (input: I, ctx: HandlerContext) => Outcome<R, H> | Promise<Outcome<R, H>>;

/** The handler map a surface needs: one function per endpoint, nested like its groups. */
export type HandlersOf<T extends Tree, Acc extends readonly Part[] = []> = {
  [K in keyof T]: T[K] extends Endpoint<infer P, infer R, infer H> ? Handler<InputOf<[...Acc, ...P]>, R, H>
    : T[K] extends Group<infer GP, infer GT> ? HandlersOf<GT, [...Acc, ...GP]>
    : never;
};
