// What one validation keyword of the rule table (rules/index.ts) is: its JSON family, its compiled
// rule, its load-time problems, its direction in a schema diff and its near misses of a scalar.
import type { Rule } from '../constraints.js';
import type { Leaf } from '../leaf.js';
import type { RuleTest } from '../types.js';

/** The kind of JSON value a keyword judges (`integer` is a number); `constrain` refuses it elsewhere. */
export type RuleFamily = 'number' | 'string' | 'array' | 'object';

/**
 * How a change of the keyword moves the values a schema admits (docs/diff/schema-diff.ts): raising
 * a lower bound narrows, lowering an upper bound narrows, a restriction set narrows and changed
 * is incomparable.
 */
export type DiffDirection = 'lower' | 'upper' | 'restriction';

/** A JSON Schema read as a record of keywords. */
export type SchemaValues = Readonly<Record<string, unknown>>;

/**
 * The seeded draws a near miss may take, passed in by leaf-near-miss.ts: the table is loaded when
 * serving, which never loads fast-check (src/codec/index.ts), so no keyword file imports it.
 */
export interface MissDraws {
  /** Up to 30 seeded values meeting a leaf (none for a leaf no value meets). */
  leafDraws(leaf: Leaf): unknown[];
  /** 20 seeded strings of `minLength` to `maxLength` characters. */
  strings(minLength: number, maxLength: number): unknown[];
}

/** The near misses of a scalar (a merged leaf) for one keyword. */
export interface ScalarMiss {
  /** Whether the leaf carries the keyword (so a miss of it is looked for). */
  has(leaf: Leaf): boolean;
  /** Values of the leaf's type that may break this keyword alone: the first that does is kept. */
  candidates(leaf: Leaf, value: unknown, draws: MissDraws): unknown[];
  /** What is broken, for people (`maxLength 10`, `pattern ^a and b$`). */
  broken(leaf: Leaf): string;
}

/** One validation keyword, everything known of it alone. */
export interface RuleKeyword {
  readonly name: string;
  readonly family: RuleFamily;
  /** Its rule in a schema, as `rulesOf` compiles it; undefined when the schema does not carry it. */
  rule(schema: SchemaValues): Rule | undefined;
  /**
   * Where an upper bound is below a lower bound it pairs with, one message each: the pairs live
   * with the upper bound, so the findings come in the order surfaces have always reported them.
   */
  contradictions?(schema: SchemaValues): string[];
  /**
   * Its value is a length or a count: one that is not a whole number is refused when the surface
   * loads (reported after the contradictions and before the other keywords' problems).
   */
  readonly count?: true;
  /** What else is wrong with the keyword's own value (a factor of 0, a bad pattern), if anything. */
  problem?(schema: SchemaValues): string | undefined;
  readonly diff: DiffDirection;
  /** Absent for the array and object counts: their misses need the codec's items (near-miss.ts). */
  readonly miss?: ScalarMiss;
}

/** A schema's keyword when it is a number. */
export const numberAt = (schema: SchemaValues, keyword: string): number | undefined =>
  (typeof schema[keyword] === 'number' ? schema[keyword] : undefined);

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A rule whose reason ends with the keyword and its value, `(maxLength 10)`, or the keyword alone, `(pattern)`. */
export const ruleOf = (keyword: string, reason: string, test: RuleTest, shown?: number): Rule =>
  ({ keyword, reason: `${reason} (${keyword}${shown === undefined ? '' : ` ${String(shown)}`})`, test });

/** An upper bound's contradictions with its lower bounds; `strict`: equal ones contradict too. */
export const belowLower = (upper: string, lowers: readonly (readonly [lower: string, strict: boolean])[]) =>
  (schema: SchemaValues): string[] => lowers.flatMap(([lower, strict]) => {
    const [a, b] = [numberAt(schema, lower), numberAt(schema, upper)];
    return a !== undefined && b !== undefined && (strict ? a >= b : a > b) ? [`${lower} ${a} is above ${upper} ${b}: no value can satisfy both`] : [];
  });

/** The problem of a count keyword (`count: true`) whose value is not a whole number. */
export function notWhole(schema: SchemaValues, keyword: string): string | undefined {
  const v = numberAt(schema, keyword);
  return v !== undefined && (!Number.isInteger(v) || v < 0) ? `${keyword} must be a whole number, got ${v}` : undefined;
}

/** The leaf's value of a keyword with its name, `minimum 0`, as near misses say what they break. */
export const brokenValue = (keyword: 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum' | 'minLength' | 'maxLength') =>
  (leaf: Leaf): string => `${keyword} ${String(leaf[keyword])}`;
