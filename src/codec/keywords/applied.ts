// What a validation keyword of JSON Schema's applicators (`not`, `contains`, `if`...) adds to the
// codec it refines: a test over the whole value, its schema text, and a hint for generators.
import { type Codec, type JsonSchema, type Result, fail, type AnyCodec } from '../types.js';
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
  /**
   * The rule compiled from its subschemas' compiled tests (validator-applied.ts), for the codec's
   * compiled validator: `test(v)` is exactly `this.test(v) === undefined`, and `evaluated` (given
   * when the rule has one) adds into a coverage exactly what `this.evaluated` gives, with no sets.
   */
  compile?(c: RuleCompiler): CompiledRule;
}

/** What a rule is compiled from: its subschemas' compiled answers, built once per codec. */
export interface RuleCompiler {
  /** Exactly whether `codec.check(v, '$').ok`. */
  accepts(codec: Codec<unknown>): (v: unknown) => boolean;
  /** Adds what `evaluated(codec, v)` (evaluated.ts) gives into a coverage. */
  evaluated(codec: Codec<unknown>): Collect;
  /** A rule compiled (built once), or undefined when it has no compiled form. */
  rule(rule: KeywordRule): CompiledRule | undefined;
}

/** A rule compiled: its verdict, and what it evaluated of a value it accepts. */
export interface CompiledRule {
  readonly test: (v: unknown) => boolean;
  readonly evaluated?: Collect;
}

/**
 * The keys and items of one value the walk found evaluated so far, without sets: every one
 * (`all`), the first `prefix` items, keys some `keys` test takes (an object's own properties and
 * patterns), items some `items` test takes (`contains`'s matches). `seen`: the codecs walked (a
 * `$ref` cycle adds nothing twice), as evaluated.ts's own walk keeps them.
 */
export interface Coverage {
  all: boolean;
  prefix: number;
  readonly keys: ((k: string) => boolean)[];
  readonly items: ((x: unknown, i: number) => boolean)[];
  readonly seen: Codec<unknown>[];
}

/** A coverage with nothing evaluated yet: one per walk (a walk may run another inside a union option's test). */
export const coverage = (): Coverage => ({ all: false, prefix: 0, keys: [], items: [], seen: [] });

/** Adds what a codec (or a rule) evaluated of `v` into `into`. */
export type Collect = (v: unknown, into: Coverage) => void;

/** A matcher's compiled test: `true`/`false` schemas as they are, a codec by its compiled check. */
export const compiledMatch = (m: { readonly test: (v: unknown) => boolean; readonly codec?: Codec<unknown> }, c: RuleCompiler): ((v: unknown) => boolean) =>
  (m.codec === undefined ? m.test : c.accepts(m.codec));

/** What a matcher's codec evaluated (a `true`/`false` schema: nothing). */
export const compiledWalk = (m: { readonly codec?: Codec<unknown> } | undefined, c: RuleCompiler): Collect | undefined =>
  (m?.codec === undefined ? undefined : c.evaluated(m.codec));

/** A keyword of the table: the schema keys it reads, the JSON type it judges, how to read it. */
export interface Keyword {
  readonly keys: readonly string[];
  /** The type whose values it judges (others pass), which a schema without `type` then implies. */
  readonly family?: 'object' | 'array';
  /** `codec` is the schema's codec without this keyword (its other keywords and applicators read first). */
  read(schema: Readonly<Record<string, unknown>>, sub: ReadSub, codec: Codec<unknown>): KeywordRule | undefined;
}

/**
 * The compiled validator's rule compiler, once validator.ts is loaded (it registers it here: the
 * keywords sit below the validator and cannot import it). The rules' own `test`s, which the codec's
 * check runs, then judge subschemas and find what was evaluated by its compiled answers, which are
 * check's exactly; unset (a test unsets it to compare), by the subschemas' checks.
 */
export const compiledRules: { compiler?: RuleCompiler } = {};

/**
 * Whether a value meets a subschema: `true` and `false` are the schemas every value meets and none
 * does; otherwise its codec's check (compiled, once the compiler is registered).
 */
export function matcher(schema: unknown, codec: () => Codec<unknown>): { readonly test: (v: unknown) => boolean; readonly codec?: Codec<unknown> } {
  if (schema === true) return { test: () => true };
  if (schema === false) return { test: () => false };
  const c = codec();
  let accepts: ((v: unknown) => boolean) | undefined;
  return {
    test(v) {
      const k = compiledRules.compiler;
      return k === undefined ? c.check(v, '$').ok : (accepts ??= k.accepts(c))(v);
    },
    codec: c,
  };
}

/**
 * What `codec`'s keywords evaluated of a value, as a coverage by the compiled walk, or undefined
 * while no compiler is registered (evaluated.ts's walk then answers). Built on first use.
 */
export function coverageOf(codec: Codec<unknown>): (v: unknown) => Coverage | undefined {
  let walk: Collect | undefined;
  return (v) => {
    const k = compiledRules.compiler;
    if (k === undefined) return undefined;
    const into = coverage();
    (walk ??= k.evaluated(codec))(v, into);
    return into;
  };
}

/** A subschema's text for messages and its schema: `true`/`false` as they are, else its codec's. */
export const schemaOf = (schema: unknown, m: { readonly codec?: Codec<unknown> }): unknown => m.codec?.schema ?? schema;
export const labelOf = (schema: unknown, m: { readonly codec?: Codec<unknown> }): string => m.codec?.label ?? String(schema);

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A codec no value meets (a `false` schema, read as `not: true`): generators give none and leave an optional field out. */
export const noValue = (codec: Codec<unknown>): boolean => codec.applied?.rules.some((r) => r.keyword === 'not' && r.schema.not === true) === true;

/**
 * The codec a `withRule` codec was made over and its rule, by the check `withRule` wrote, for the
 * compiled refusal (validator-layered.ts), which finds check's failure layer by layer without
 * copies. By the check, not the codec: a copy with a name or examples added checks as it did, and
 * a codec with another check is not taken for one.
 */
const layers = new WeakMap<object, { readonly under: Codec<unknown>; readonly rule: KeywordRule }>();

/** The layer `withRule` made the codec's check of, if it did. */
export const layerOf = (codec: Codec<unknown>): { readonly under: Codec<unknown>; readonly rule: KeywordRule } | undefined => layers.get(codec.check);

/** The failure `withRule`'s check writes for a value its rule refuses, `why` being the rule's test's answer. */
export const ruleFailure = (rule: KeywordRule, json: unknown, why: string, path: string): Result<never> => fail(`${why}, got ${describe(json)}`, path, rule.keyword);

/** Copies a codec with a keyword rule: its check, its compiled validator and its generators see it. */
export function withRule<C extends AnyCodec>(codec: C, rule: KeywordRule): C {
  const c = codec as Codec<unknown>;
  const schema: Record<string, unknown> = { ...c.schema };
  // Two rules may write one keyword (draft 4's `dependencies`: names lists and schemas).
  for (const [k, v] of Object.entries(rule.schema)) schema[k] = isObj(schema[k]) && isObj(v) ? { ...schema[k] as object, ...v } : v;
  const out = {
    ...codec,
    schema,
    applied: { base: c.applied?.base ?? c, rules: [...(c.applied?.rules ?? []), rule] },
    check(json: unknown, path: string) {
      const r = c.check(json, path);
      if (!r.ok) return r;
      const why = rule.test(json);
      return why === undefined ? r : ruleFailure(rule, json, why, path);
    },
  };
  layers.set(out.check, { under: c, rule });
  return out;
}

const describe = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`);
