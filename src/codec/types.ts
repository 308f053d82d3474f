// Value codecs: one description of a type that parses text (captures, query values, headers,
// form fields), checks decoded JSON, formats values back to text, and yields JSON Schema.

/**
 * A decoded value, or why not: `path` is where in a JSON value, `constraint` the JSON Schema
 * keyword the value broke (`maxLength`, `exclusiveMinimum`), absent when it is of the wrong type.
 */
import type { KeywordRule } from './keywords/applied.js';

export type Result<T> = { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: string; readonly path?: string; readonly constraint?: string };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
// Literals, not spreads: a refused request body builds one of these, and a spread cost it 15 times as much.
export const fail = (error: string, path?: string, constraint?: string): Result<never> =>
  constraint !== undefined ? (path === undefined ? { ok: false, error, constraint } : { ok: false, error, path, constraint })
    : path === undefined ? { ok: false, error } : { ok: false, error, path };

export type JsonSchema = { readonly [key: string]: unknown };

/** OpenAPI's parameter styles a value can be written in as text; `json` is a `content: application/json` parameter. */
export type TextStyle = 'simple' | 'label' | 'matrix' | 'spaceDelimited' | 'pipeDelimited' | 'json';

/** How a parameter's value is written as text: its style, `explode`, and its name (matrix writes it). */
export interface TextForm {
  readonly style: TextStyle;
  readonly explode: boolean;
  readonly name: string;
}

/** A sample value for docs and checks; `title` names the case it illustrates. */
export interface Example<T> {
  readonly title?: string;
  /** The name a document gave it when that is not its title (`examples: { Bank: ... }` with a summary); `Prefer: example=` takes either. */
  readonly key?: string;
  readonly value: T;
}

/** What every codec has, whatever its kind; `T` is the type of the whole value. */
interface CodecBase<T> {
  /** What the type is called in messages and docs: `integer`, `ClientInfo`, `list of text`. */
  readonly label: string;
  readonly schema: JsonSchema;
  readonly description?: string;
  readonly examples: readonly Example<T>[];
  /** Parses one textual value (a path segment, query value, header or form field). */
  parseText(raw: string): Result<T>;
  /** Renders a value as text (response headers, docs, Range values). */
  formatText(value: T): string;
  /** Checks a decoded JSON value; `path` is the aeson-style location (`$`, `$.name`, `$[0]`). */
  check(json: unknown, path: string): Result<T>;
  /**
   * Set by `constrain`: the codec it narrows and the keyword rules it adds, so compiled validators
   * test the base type and the rules without calling `check`.
   */
  readonly refines?: { readonly base: Codec<T>; readonly rules: readonly { readonly test: RuleTest; readonly keyword?: string }[] };
  /**
   * Set by `withTextForm` (text-form.ts): the value is written as text in an OpenAPI parameter
   * style (`;id=5`, `1|2|3`, JSON) instead of the codec's own form; `base` is the codec without it.
   */
  readonly textForm?: { readonly form: TextForm; readonly base: Codec<T> };
  /**
   * Set by `untyped` (untyped.ts): a schema without `type`; values of `base`'s JSON type meet it,
   * of an `others` codec's type meet that one, any other value passes. Generators use `base`.
   */
  readonly untyped?: { readonly base: Codec<T>; readonly others: readonly Codec<unknown>[] };
  /**
   * Set by `withRule` (keywords/applied.ts): applicator keywords (`not`, `contains`, `if`...) that
   * judge the whole value beyond `base`; generators make values of `base` that the rules accept.
   */
  readonly applied?: { readonly base: Codec<T>; readonly rules: readonly KeywordRule[] };
  /** Phantom field carrying the static type; never set at run time. */
  readonly __type?: T;
}

/** Integers, numbers, booleans, text, dates, closed word sets, and user-made leaf types. */
export interface ScalarCodec<T> extends CodecBase<T> {
  readonly kind: 'scalar';
}

export interface ObjectCodec<T> extends CodecBase<T> {
  readonly kind: 'object';
  /** The fields in declared order (the order JSON answers are written in). */
  readonly props: Readonly<Record<string, Codec<unknown>>>;
  /**
   * Keys other than `props`: `false` refuses them (the default), `true` lets them through
   * unchecked, a codec checks each value (a map, `additionalProperties` with a schema).
   */
  readonly extra: boolean | Codec<unknown>;
  /** Keys matching a pattern (`patternProperties`), checked before `extra` applies. */
  readonly patterns: readonly PatternField[];
}

/** A `patternProperties` entry: keys matching `pattern` have values of `codec`. */
export interface PatternField {
  readonly pattern: string;
  readonly regex: RegExp;
  readonly codec: Codec<unknown>;
}

type ElementOf<T> = T extends readonly (infer E)[] ? E : unknown;

/** A list; `T` is the list type (`User[]`). */
export interface ArrayCodec<T> extends CodecBase<T> {
  readonly kind: 'array';
  readonly item: Codec<ElementOf<T>>;
}

/**
 * A list whose leading positions have their own types (`prefixItems`); fixed-length unless
 * `partial` or `rest` says otherwise.
 */
export interface TupleCodec<T> extends CodecBase<T> {
  readonly kind: 'tuple';
  readonly items: readonly Codec<unknown>[];
  /** Items after the positions: `false` allows none, a codec checks each (`items` beside `prefixItems`). */
  readonly rest: Codec<unknown> | false;
  /** Trailing positions may be absent (JSON Schema's `prefixItems`); else all must be there. */
  readonly partial: boolean;
}

/** An object field that may be absent (`T` includes `undefined`; `inner` is never given it). */
export interface OptionalCodec<T> extends CodecBase<T> {
  readonly kind: 'optional';
  readonly inner: Codec<T>;
  /** The value an absent field decodes as (JSON Schema `default`). */
  readonly default?: T;
}

/** A value or `null`. */
export interface NullableCodec<T> extends CodecBase<T> {
  readonly kind: 'nullable';
  readonly inner: Codec<T>;
}

/**
 * One of several codecs: `oneOf` accepts a value exactly one option accepts, `anyOf` one at least
 * one accepts; with a discriminator the named property picks the option.
 */
export interface UnionCodec<T> extends CodecBase<T> {
  readonly kind: 'union';
  readonly mode: 'oneOf' | 'anyOf';
  readonly options: readonly Codec<unknown>[];
  readonly discriminator?: Discriminator;
}

/** The property whose value names the option (`mapping`: value -> index in `options`). */
export interface Discriminator {
  readonly property: string;
  readonly mapping: Readonly<Record<string, number>>;
}

/** A named codec that refers to itself (a tree, a comment thread); `target` is the whole codec. */
export interface LazyCodec<T> extends CodecBase<T> {
  readonly kind: 'lazy';
  readonly name: string;
  target(): Codec<T>;
}

/** Any JSON value, unchecked. */
export interface JsonCodec<T> extends CodecBase<T> {
  readonly kind: 'json';
}

/** Raw bytes (octet-stream bodies). */
export interface BytesCodec<T> extends CodecBase<T> {
  readonly kind: 'bytes';
}

/**
 * A codec, discriminated by `kind` so a walker's `switch (codec.kind)` reaches `props`, `item`
 * and `inner` without casts. Every variant carries the same `T`, so inference sees one shape.
 */
export type Codec<T> = ScalarCodec<T> | ObjectCodec<T> | ArrayCodec<T> | TupleCodec<T> | OptionalCodec<T> | NullableCodec<T>
  | UnionCodec<T> | LazyCodec<T> | JsonCodec<T> | BytesCodec<T>;

/**
 * Any codec, whatever it decodes: the one place `any` stands for a codec's value type. A codec reads
 * its type (check, parseText) and writes it (encode, formatText), so `Codec<T>` is invariant:
 * `Codec<number>` is no `Codec<unknown>`, and a helper over "some codec" (`constrain`, `t.object`'s
 * fields, `allOf`'s parts) needs `any` here; each such helper infers the precise type back.
 */
// decided: the one documented boundary of `any` for codecs (DESIGN.md section 5.3).
export type AnyCodec = Codec<any>;

/**
 * A keyword rule's test: it takes the value of the codec it refines (a number for `minimum`, a
 * string for `pattern`, a list for `uniqueItems`), which one list of rules cannot type rule by rule.
 */
export type RuleTest = (value: any) => boolean;

export type CodecKind = Codec<unknown>['kind'];

/** The static type a codec stands for. */
export type Infer<C> = C extends Codec<infer T> ? T : never;

/** Copies a codec with examples attached (checked against the codec when a surface loads). */
export function withExamples<C extends AnyCodec>(codec: C, examples: readonly Example<Infer<C>>[]): C {
  return { ...codec, examples };
}

/** Copies a codec with a description for docs. */
export function describe<C extends AnyCodec>(codec: C, description: string): C {
  return { ...codec, description };
}

/** JSON Schema annotations that change no check: they reach docs, OpenAPI and generators. */
export interface Annotations {
  readonly title?: string;
  readonly readOnly?: boolean;
  readonly writeOnly?: boolean;
  readonly deprecated?: boolean;
  /**
   * The JSON Schema dialect a 3.1 schema names, kept so the OpenAPI written back says it: under the
   * standard 2020-12 one, formats only annotate (what `api-serve import` writes for such a schema).
   */
  readonly $schema?: string;
  /** OpenAPI specification extensions (`x-units`), kept in the schema the docs write back. */
  readonly [extension: `x-${string}`]: unknown;
}

/** Copies a codec with annotations (`readOnly`, `writeOnly`, `deprecated`, `title`, `x-...`). */
export function annotate<C extends AnyCodec>(codec: C, annotations: Annotations): C {
  return { ...codec, schema: { ...codec.schema, ...annotations } };
}

/**
 * A short, quoted rendering of a JSON value for messages. Concatenation and an inline scan, not
 * a template and quoteJson: a refused request body spent more here than on the rest of its refusal.
 */
export function showJson(value: unknown): string {
  switch (typeof value) {
    case 'string': {
      if (value.length > 40) return 'string ' + quoteJson(`${value.slice(0, 40)}...`);
      for (let i = 0; i < value.length; i++) {
        const c = value.charCodeAt(i);
        if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return 'string ' + JSON.stringify(value);
      }
      return 'string "' + value + '"';
    }
    case 'number': return 'number ' + value;
    case 'boolean': return value ? 'boolean true' : 'boolean false';
    case 'object': return value === null ? 'null' : Array.isArray(value) ? 'an array' : 'an object';
    default: return typeof value;
  }
}

export const quote = (raw: string): string => quoteJson(raw.length > 60 ? `${raw.slice(0, 60)}...` : raw);

/**
 * `JSON.stringify` of a string, the same text, without its cost (about 90 ns a call, a third of
 * what a refused request body cost) where nothing needs escaping (a quote, a backslash, a control
 * character, a surrogate, paired or not), as in most keys and words that messages quote.
 */
export function quoteJson(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return `"${s}"`;
}
