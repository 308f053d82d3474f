// JSON Schema validation keywords on a codec (bounds, lengths, patterns, formats, item and key
// counts): compiled once into a list of rules, so a request pays one test per keyword it declares.
import { type Codec, type Infer, type JsonSchema, fail, quote, showJson, type AnyCodec, type RuleTest } from './types.js';
import { FORMATS, type FormatName, isFormatName } from './formats.js';
import { compilePattern } from './pattern.js';
import { RULE_KEYWORDS, type RuleKeyword } from './rules/index.js';
import { codePoints } from './rules/code-points.js';
import { isMultipleOf } from './rules/multiple-of.js';
import { firstRepeat } from './rules/unique-items.js';

// Compiled patterns live in pattern.ts (RE2, linear time), the keywords' tests in their files of
// rules/; re-exported for the modules that import them from here.
export { compilePattern, codePoints, isMultipleOf, firstRepeat };

export interface NumberConstraints {
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
}

export interface StringConstraints {
  /** In Unicode code points, as JSON Schema counts. */
  readonly minLength?: number;
  readonly maxLength?: number;
  /** An ECMAScript regular expression, unanchored (JSON Schema's rule: it may match anywhere). */
  readonly pattern?: string;
  readonly format?: FormatName;
}

export interface ArrayConstraints {
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
}

export interface ObjectConstraints {
  readonly minProperties?: number;
  readonly maxProperties?: number;
}

/** The keywords that apply to a codec's type. */
export type ConstraintsOf<T> = [T] extends [number] ? NumberConstraints
  : [T] extends [string] ? StringConstraints
  : [T] extends [readonly unknown[]] ? ArrayConstraints
  : [T] extends [object] ? ObjectConstraints : never;

/** One compiled keyword: `reason` completes "the value ..." in messages. */
export interface Rule {
  readonly keyword: string;
  readonly reason: string;
  readonly test: RuleTest;
}

const BY_NAME: ReadonlyMap<string, RuleKeyword> = new Map(RULE_KEYWORDS.map((k) => [k.name, k]));

/** The kind of JSON value a schema's `type` names, as the keywords group them. */
function family(schema: JsonSchema): string | undefined {
  const type = schema.type;
  return type === 'integer' ? 'number' : typeof type === 'string' ? type : undefined;
}

/** Compiles the validation keywords of a schema into rules, in the table's order (rules/index.ts). */
export function rulesOf(schema: JsonSchema): Rule[] {
  const out: Rule[] = [];
  for (const k of RULE_KEYWORDS) {
    const rule = k.rule(schema);
    if (rule !== undefined) out.push(rule);
  }
  return out;
}

/** A message of a value that broke a rule, for JSON (`got number 5000`) or text (`"5000" must ...`). */
export const brokeJson = (rule: Rule, json: unknown) => `${rule.reason}, got ${showJson(json)}`;
export const brokeText = (rule: Rule, raw: string) => `${quote(raw)} ${rule.reason}`;

/**
 * Copies a codec with validation keywords: `constrain(t.int, { exclusiveMinimum: 5000 })`,
 * `constrain(t.text, { maxLength: 10, pattern: '^[a-z]+$' })`. Each keyword must fit the codec's
 * type (a `minLength` on an integer is a programming error and throws at once); a contradiction
 * (minimum above maximum, a bad pattern) is refused when the surface loads.
 */
export function constrain<C extends AnyCodec>(codec: C, constraints: ConstraintsOf<NonNullable<Infer<C>>>): C {
  const fam = family(codec.schema);
  for (const k of Object.keys(constraints)) {
    const wanted = BY_NAME.get(k)?.family;
    if (wanted === undefined) throw new TypeError(`constrain: "${k}" is not a validation keyword (${RULE_KEYWORDS.map((r) => r.name).join(', ')})`);
    if (wanted !== fam) throw new TypeError(`constrain: "${k}" applies to ${wanted}s, and ${codec.label} is not one`);
  }
  const format = (constraints as StringConstraints).format;
  if (format !== undefined && !isFormatName(format)) throw new TypeError(`constrain: "${String(format)}" is not a known format (${Object.keys(FORMATS).join(', ')})`);
  const schema = { ...codec.schema, ...constraints };
  const rules = rulesOf(constraints as JsonSchema);
  if (rules.length === 0) return { ...codec, schema };
  const base = codec as Codec<unknown>;
  const refines = { base: base.refines?.base ?? base, rules: [...(base.refines?.rules ?? []), ...rules] };
  return {
    ...codec,
    schema,
    refines,
    check(json: unknown, path: string) {
      const r = base.check(json, path);
      if (!r.ok) return r;
      for (const rule of rules) if (!rule.test(r.value)) return fail(brokeJson(rule, json), path, rule.keyword);
      return r;
    },
    parseText(raw: string) {
      const r = base.parseText(raw);
      if (!r.ok) return r;
      for (const rule of rules) if (!rule.test(r.value)) return fail(brokeText(rule, raw), undefined, rule.keyword);
      return r;
    },
  };
}
