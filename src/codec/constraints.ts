// JSON Schema validation keywords on a codec (bounds, lengths, patterns, formats, item and key
// counts): compiled once into a list of rules, so a request pays one test per keyword it declares.
import { type Codec, type Infer, type JsonSchema, fail, quote, showJson, type AnyCodec, type RuleTest } from './types.js';
import { FORMATS, type FormatName, isFormatName } from './formats.js';
import { deepEqual } from './json-equal.js';
import { compilePattern } from './pattern.js';

// Compiled patterns live in pattern.ts (RE2, linear time); re-exported for the modules that
// still import them from here.
export { compilePattern };

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

const KEYWORDS: Readonly<Record<string, 'number' | 'string' | 'array' | 'object'>> = {
  minimum: 'number', maximum: 'number', exclusiveMinimum: 'number', exclusiveMaximum: 'number', multipleOf: 'number',
  minLength: 'string', maxLength: 'string', pattern: 'string', format: 'string',
  minItems: 'array', maxItems: 'array', uniqueItems: 'array', minProperties: 'object', maxProperties: 'object',
};

/** The kind of JSON value a schema's `type` names, as the keywords group them. */
function family(schema: JsonSchema): string | undefined {
  const type = schema.type;
  return type === 'integer' ? 'number' : typeof type === 'string' ? type : undefined;
}

/** Length in code points (a surrogate pair is one), without building an array. */
export function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { n--; i++; }
    }
  }
  return n;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Compiles the validation keywords of a schema into rules, in a fixed order. */
export function rulesOf(schema: JsonSchema): Rule[] {
  const s = schema as Record<string, unknown>;
  const num = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
  const out: Rule[] = [];
  const add = (keyword: string, reason: string, test: RuleTest) => out.push({ keyword, reason: `${reason} (${keyword}${keyword === 'uniqueItems' || keyword === 'pattern' ? '' : ` ${String(s[keyword])}`})`, test });
  const [min, max, xmin, xmax, mult] = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].map(num);
  if (min !== undefined) add('minimum', `must be at least ${min}`, (v: number) => v >= min);
  if (xmin !== undefined) add('exclusiveMinimum', `must be greater than ${xmin}`, (v: number) => v > xmin);
  if (max !== undefined) add('maximum', `must be at most ${max}`, (v: number) => v <= max);
  if (xmax !== undefined) add('exclusiveMaximum', `must be less than ${xmax}`, (v: number) => v < xmax);
  if (mult !== undefined) add('multipleOf', `must be a multiple of ${mult}`, (v: number) => isMultipleOf(v, mult));
  const [minLength, maxLength] = ['minLength', 'maxLength'].map(num);
  if (minLength !== undefined) add('minLength', `must be at least ${plural(minLength, 'character')} long`, (v: string) => v.length >= minLength && (v.length >= 2 * minLength || codePoints(v) >= minLength));
  if (maxLength !== undefined) add('maxLength', `must be at most ${plural(maxLength, 'character')} long`, (v: string) => v.length <= maxLength || codePoints(v) <= maxLength);
  if (typeof s.pattern === 'string') {
    const re = compilePattern(s.pattern);
    // An invalid or backtracking pattern is refused when the surface loads (see validate.ts); until then it matches nothing.
    add('pattern', `must match /${s.pattern}/`, re === undefined ? () => false : (v: string) => re.test(v));
  }
  if (typeof s.format === 'string' && isFormatName(s.format)) {
    const f = FORMATS[s.format];
    out.push({ keyword: 'format', reason: `is not ${f.noun} (format ${s.format})`, test: f.test });
  }
  const [minItems, maxItems] = ['minItems', 'maxItems'].map(num);
  if (minItems !== undefined) add('minItems', `must have at least ${plural(minItems, 'item')}`, (v: unknown[]) => v.length >= minItems);
  if (maxItems !== undefined) add('maxItems', `must have at most ${plural(maxItems, 'item')}`, (v: unknown[]) => v.length <= maxItems);
  if (s.uniqueItems === true) add('uniqueItems', 'must not repeat an item', (v: unknown[]) => firstRepeat(v) === undefined);
  const [minProps, maxProps] = ['minProperties', 'maxProperties'].map(num);
  if (minProps !== undefined) add('minProperties', `must have at least ${plural(minProps, 'key')}`, (v: object) => Object.keys(v).length >= minProps);
  if (maxProps !== undefined) add('maxProperties', `must have at most ${plural(maxProps, 'key')}`, (v: object) => Object.keys(v).length <= maxProps);
  return out;
}

/** Digits after the decimal point in a number's shortest form (`1.5e-7` has 8). */
function decimals(x: number): number {
  const [mantissa = '', exponent = '0'] = String(x).split('e');
  const point = mantissa.indexOf('.');
  return Math.max(0, (point < 0 ? 0 : mantissa.length - point - 1) - Number(exponent));
}

/**
 * Whether `v` is an integer times `m`, judged on the decimals as written: 0.0075 is a multiple of
 * 0.0001 though 0.0075 / 0.0001 is 74.99999999999999 in binary floating point.
 */
// decided: multipleOf scales both numbers to integers by their decimals (docs/decisions.md "Codecs").
export function isMultipleOf(v: number, m: number): boolean {
  const q = v / m;
  if (Number.isInteger(q)) return true;
  // A quotient past the largest double: an integer is a multiple of a factor that divides 1.
  if (!Number.isFinite(q)) return Number.isInteger(v) && Number.isInteger(1 / m);
  const scale = 10 ** Math.max(decimals(v), decimals(m));
  const a = Math.round(v * scale);
  const b = Math.round(m * scale);
  if (Number.isSafeInteger(a) && Number.isSafeInteger(b) && b !== 0) return a % b === 0;
  return Math.abs(q - Math.round(q)) <= Math.abs(q) * 4 * Number.EPSILON;
}

/** The index of the first item equal to an earlier one (JSON equality), if any. */
export function firstRepeat(items: readonly unknown[]): number | undefined {
  const seen = new Set<unknown>();
  const objects: unknown[] = [];
  for (let i = 0; i < items.length; i++) {
    const v = items[i];
    if (v !== null && typeof v === 'object') {
      if (objects.some((o) => deepEqual(o, v))) return i;
      objects.push(v);
    } else {
      if (seen.has(v)) return i;
      seen.add(v);
    }
  }
  return undefined;
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
    const wanted = KEYWORDS[k];
    if (wanted === undefined) throw new TypeError(`constrain: "${k}" is not a validation keyword (${Object.keys(KEYWORDS).join(', ')})`);
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
