// What a validation keyword of JSON Schema's applicators (`not`, `contains`, `if`...) adds to the
// codec it refines: a test over the whole value, its schema text, and a hint for generators.
import { type Codec, type JsonSchema, fail, type AnyCodec } from '../types.js';
import type { Evaluated } from './evaluated.js';

/** Reads a subschema of the keyword at `steps` below the schema's pointer (`'not'`, `'dependentSchemas', 'a'`). */
export type ReadSub = (schema: unknown, ...steps: readonly (string | number)[]) => Codec<unknown>;

/** One keyword as a rule: `test` says why a value breaks it, or undefined when it holds. */
export interface KeywordRule {
  readonly keyword: string;
  /** The keywords' JSON Schema text, kept in the codec's schema (the OpenAPI written back has it). */
  readonly schema: JsonSchema;
  test(value: unknown): string | undefined;
  /**
   * A value nearer to meeting the rule, from a value of the codec it refines (`contains` adds a
   * matching item): generators try it before drawing. `sample` gives a codec's sample.
   */
  fix?(value: unknown, sample: (codec: Codec<unknown>) => unknown): unknown;
  /**
   * The keys and items of a value (one the rule accepts) its subschemas evaluated, for
   * `unevaluatedProperties`/`unevaluatedItems`: `walk` gives what a subschema's codec evaluated of
   * it. Absent: none (`not`, `propertyNames`).
   */
  evaluated?(value: unknown, walk: (codec: Codec<unknown>) => Evaluated): Evaluated;
  /**
   * A value near `value` (one the whole codec accepts) that breaks this rule alone, for
   * `nearMisses`, or undefined when the rule has none to offer; kept only if the codec refuses it.
   */
  miss?(value: unknown): unknown;
  /**
   * What the rule was read from: its keys' values with each subschema replaced by the codec read
   * from it, what `t.keywords` takes (the source `api-serve import` writes says the rule so).
   */
  readonly args?: Readonly<Record<string, unknown>>;
}

/** A keyword of the table: the schema keys it reads, the JSON type it judges, how to read it. */
export interface Keyword {
  readonly keys: readonly string[];
  /** The type whose values it judges (others pass), which a schema without `type` then implies. */
  readonly family?: 'object' | 'array';
  /** `codec` is the schema's codec without this keyword (its other keywords and applicators read first). */
  read(schema: Readonly<Record<string, unknown>>, sub: ReadSub, codec: Codec<unknown>): KeywordRule | undefined;
}

/**
 * Whether a value meets a subschema: `true` and `false` are the schemas every value meets and none
 * does; otherwise its codec's check.
 */
export function matcher(schema: unknown, codec: () => Codec<unknown>): { readonly test: (v: unknown) => boolean; readonly codec?: Codec<unknown> } {
  if (schema === true) return { test: () => true };
  if (schema === false) return { test: () => false };
  const c = codec();
  return { test: (v) => c.check(v, '$').ok, codec: c };
}

/** A subschema's text for messages and its schema: `true`/`false` as they are, else its codec's. */
export const schemaOf = (schema: unknown, m: { readonly codec?: Codec<unknown> }): unknown => m.codec?.schema ?? schema;
export const labelOf = (schema: unknown, m: { readonly codec?: Codec<unknown> }): string => m.codec?.label ?? String(schema);

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A codec no value meets (a `false` schema, read as `not: true`): generators give none and leave an optional field out. */
export const noValue = (codec: Codec<unknown>): boolean => codec.applied?.rules.some((r) => r.keyword === 'not' && r.schema.not === true) === true;

/** Copies a codec with a keyword rule: its check, its compiled validator and its generators see it. */
export function withRule<C extends AnyCodec>(codec: C, rule: KeywordRule): C {
  const c = codec as Codec<unknown>;
  const schema: Record<string, unknown> = { ...c.schema };
  // Two rules may write one keyword (draft 4's `dependencies`: names lists and schemas).
  for (const [k, v] of Object.entries(rule.schema)) schema[k] = isObj(schema[k]) && isObj(v) ? { ...schema[k] as object, ...v } : v;
  return {
    ...codec,
    schema,
    applied: { base: c.applied?.base ?? c, rules: [...(c.applied?.rules ?? []), rule] },
    check(json: unknown, path: string) {
      const r = c.check(json, path);
      if (!r.ok) return r;
      const why = rule.test(json);
      return why === undefined ? r : fail(`${why}, got ${describe(json)}`, path, rule.keyword);
    },
  };
}

const describe = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`);
