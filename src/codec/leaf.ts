// The constraints a scalar codec carries, read back from its JSON Schema with `allOf` parts merged
// into one record, so the generators (sample, arbitrary, near misses) reason about one shape.
import type { Codec, JsonSchema } from './types.js';
import { FORMATS, type FormatName, isFormatName } from './formats.js';
import { codePoints, compilePattern, isMultipleOf } from './constraints.js';
import { deepEqual } from './json-equal.js';

export type LeafType = 'integer' | 'number' | 'string' | 'boolean';

/** Every keyword a scalar can carry; lists where two `allOf` parts may each give one. */
export interface Leaf {
  readonly type?: LeafType;
  /** `const` of the schema, boxed so that a `null` constant is told from no constant. */
  readonly constant?: { readonly value: unknown };
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf: readonly number[];
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly patterns: readonly string[];
  readonly formats: readonly FormatName[];
}

const num = (s: JsonSchema, k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
const tighter = (a: number | undefined, b: number | undefined, pick: (x: number, y: number) => number) =>
  a === undefined ? b : b === undefined ? a : pick(a, b);

/** The schema and its `allOf` parts, depth first (an intersection of intersections is flat). */
function parts(schema: JsonSchema): JsonSchema[] {
  const all = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]).flatMap(parts) : [];
  return [schema, ...all];
}

/** The merged constraints of a scalar codec; undefined for other kinds. */
export function leafOf(codec: Codec<unknown>): Leaf | undefined {
  // Without `type`, values of other types pass: the leaf is what values of its own type meet.
  if (codec.untyped !== undefined) return leafOf(codec.untyped.base);
  if (codec.kind !== 'scalar') return undefined;
  let leaf: {
    -readonly [K in keyof Leaf]: Leaf[K]
  } = { multipleOf: [], patterns: [], formats: [] };
  for (const s of parts(codec.schema)) {
    const type = s.type;
    // integer within number is integer: the narrower family wins.
    if (type === 'integer' || type === 'number' || type === 'string' || type === 'boolean') {
      if (leaf.type === undefined || (leaf.type === 'number' && type === 'integer')) leaf.type = type;
    }
    if ('const' in s) leaf.constant = { value: s.const };
    if (Array.isArray(s.enum)) leaf.enum = leaf.enum === undefined ? s.enum : leaf.enum.filter((v) => (s.enum as unknown[]).includes(v));
    leaf = {
      ...leaf,
      minimum: tighter(leaf.minimum, num(s, 'minimum'), Math.max),
      maximum: tighter(leaf.maximum, num(s, 'maximum'), Math.min),
      exclusiveMinimum: tighter(leaf.exclusiveMinimum, num(s, 'exclusiveMinimum'), Math.max),
      exclusiveMaximum: tighter(leaf.exclusiveMaximum, num(s, 'exclusiveMaximum'), Math.min),
      minLength: tighter(leaf.minLength, num(s, 'minLength'), Math.max),
      maxLength: tighter(leaf.maxLength, num(s, 'maxLength'), Math.min),
    };
    const m = num(s, 'multipleOf');
    if (m !== undefined) leaf.multipleOf = [...leaf.multipleOf, m];
    if (typeof s.pattern === 'string') leaf.patterns = [...leaf.patterns, s.pattern];
    if (typeof s.format === 'string' && isFormatName(s.format)) leaf.formats = [...leaf.formats, s.format];
  }
  // Drop the keys left undefined, so a leaf compares and prints as what it says.
  return Object.fromEntries(Object.entries(leaf).filter(([, v]) => v !== undefined)) as unknown as Leaf;
}

/** The JSON types a codec's values can have (`any` for a JSON value), for picking a wrong one. */
export type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

export function jsonTypesOf(codec: Codec<unknown>, seen: Set<Codec<unknown>> = new Set()): Set<JsonType> | 'any' {
  if (codec.untyped !== undefined) return 'any';
  switch (codec.kind) {
    case 'scalar': {
      const leaf = leafOf(codec)!;
      const values = leaf.constant ? [leaf.constant.value] : leaf.enum;
      if (values !== undefined) return new Set(values.map(typeOfJson));
      return leaf.type === undefined ? 'any' : new Set([leaf.type]);
    }
    case 'object': return new Set(['object']);
    case 'array': case 'tuple': return new Set(['array']);
    case 'bytes': return new Set(['string']);
    case 'json': return 'any';
    case 'optional': return jsonTypesOf(codec.inner, seen);
    case 'nullable': {
      const inner = jsonTypesOf(codec.inner, seen);
      return inner === 'any' ? inner : new Set([...inner, 'null']);
    }
    case 'lazy': {
      if (seen.has(codec)) return new Set();
      seen.add(codec);
      return jsonTypesOf(codec.target(), seen);
    }
    case 'union': {
      const out = new Set<JsonType>();
      for (const o of codec.options) {
        const t = jsonTypesOf(o, seen);
        if (t === 'any') return t;
        for (const x of t) out.add(x);
      }
      return out;
    }
  }
}

export function typeOfJson(v: unknown): JsonType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v as JsonType;
}

/**
 * The keywords of a leaf a value breaks, in schema order (`type` when it is not of the leaf's
 * type, and then nothing else is judged): near misses keep a candidate that breaks exactly one.
 */
export function brokenBy(leaf: Leaf, v: unknown): string[] {
  const out: string[] = [];
  if (leaf.constant !== undefined && !deepEqual(leaf.constant.value, v)) out.push('const');
  if (leaf.enum !== undefined && !leaf.enum.some((e) => deepEqual(e, v))) out.push('enum');
  const typed = leaf.type === undefined ? true
    : leaf.type === 'integer' ? Number.isSafeInteger(v)
    : leaf.type === 'number' ? typeof v === 'number' && Number.isFinite(v)
    : typeof v === leaf.type;
  if (!typed) return [...out, 'type'];
  if (typeof v === 'number') {
    if (leaf.minimum !== undefined && !(v >= leaf.minimum)) out.push('minimum');
    if (leaf.exclusiveMinimum !== undefined && !(v > leaf.exclusiveMinimum)) out.push('exclusiveMinimum');
    if (leaf.maximum !== undefined && !(v <= leaf.maximum)) out.push('maximum');
    if (leaf.exclusiveMaximum !== undefined && !(v < leaf.exclusiveMaximum)) out.push('exclusiveMaximum');
    if (!leaf.multipleOf.every((m) => isMultipleOf(v, m))) out.push('multipleOf');
  }
  if (typeof v === 'string') {
    const n = codePoints(v);
    if (leaf.minLength !== undefined && n < leaf.minLength) out.push('minLength');
    if (leaf.maxLength !== undefined && n > leaf.maxLength) out.push('maxLength');
    if (!leaf.patterns.every((p) => compilePattern(p)?.test(v) === true)) out.push('pattern');
    if (!leaf.formats.every((f) => FORMATS[f].test(v))) out.push('format');
  }
  return out;
}

/**
 * Whether a value meets every keyword of a leaf, as generators want it: a multiple is also one in
 * binary floating point (0.28 is a multiple of 0.01 in decimal, not for validators that divide).
 */
export const leafAccepts = (leaf: Leaf, v: unknown): boolean =>
  brokenBy(leaf, v).length === 0 && (typeof v !== 'number' || leaf.multipleOf.every((m) => Number.isInteger(v / m)));

/** An object's minProperties and maxProperties, its `allOf` parts' included (the tightest). */
export function keyCounts(codec: Codec<unknown>): { min: number; max: number } {
  let min = 0;
  let max = Infinity;
  for (const s of parts(codec.schema)) {
    min = Math.max(min, num(s, 'minProperties') ?? 0);
    max = Math.min(max, num(s, 'maxProperties') ?? Infinity);
  }
  return { min, max };
}
