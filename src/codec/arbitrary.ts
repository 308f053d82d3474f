// fast-check arbitraries of valid JSON values for any codec (mock answers, fuzzing, property tests).
// It gets fast-check from fast-check.ts (its one entry); other modules get `fc` from here.
import { fc } from './fast-check.js';
import type { Codec, ObjectCodec, TupleCodec, UnionCodec } from './types.js';
import { jsonTypesOf, keyCounts, leafAccepts, leafOf } from './leaf.js';
import { drawSource } from './pattern.js';
import { SEED, bounded, draw, integerRange, leafArbitrary, leafDraws } from './leaf-arbitrary.js';
import { deepEqual } from './json-equal.js';
import { firstRepeat } from './constraints.js';
import { noValue } from './keywords/applied.js';
import { json, unsaid } from './structured.js';

export { fc, leafAccepts, SEED, draw, integerRange, leafDraws };
export type Arbitrary<T> = fc.Arbitrary<T>;

export interface ArbitraryOptions {
  /** How many times a recursive codec may enter itself (default 3); past it, the branch closes. */
  readonly maxDepth?: number;
  /**
   * Whether an object open to any other key (no `additionalProperties`, `true` or `{}`) gets keys it
   * does not declare (default true: fuzzing and property tests want them). False for answers a
   * mock makes up: only where `minProperties` needs more keys than it declares.
   */
  readonly undeclaredKeys?: boolean;
}

interface Context {
  readonly depth: number;
  readonly maxDepth: number;
  readonly undeclaredKeys: boolean;
}

/**
 * Valid JSON values of a codec, with shrinking: bounds, multipleOf, lengths in code points,
 * formats, patterns, enums, item and key counts, unions (a `oneOf` value matches exactly one
 * option), optional fields present or absent, recursion bounded by `maxDepth`. Optional fields
 * are never `null` (the codec reads null as absent; JSON Schema does not allow it).
 */
export function arbitrary<T>(codec: Codec<T>, options: ArbitraryOptions = {}): fc.Arbitrary<T> {
  const a = build(codec as Codec<unknown>, { depth: 0, maxDepth: options.maxDepth ?? 3, undeclaredKeys: options.undeclaredKeys ?? true });
  if (a === undefined) throw new TypeError(`arbitrary: ${codec.label} has no value within depth ${options.maxDepth ?? 3}`);
  return a as fc.Arbitrary<T>;
}

/** The arbitrary of a codec, or undefined when every value would go deeper than allowed. */
function build(codec: Codec<unknown>, ctx: Context): fc.Arbitrary<unknown> | undefined {
  if (codec.applied !== undefined) {
    // Applicator keywords (`not`, `contains`...): values of the base, brought nearer by each rule's
    // fix, then kept when every rule holds.
    if (noValue(codec)) return undefined;
    const { base, rules } = codec.applied;
    const a = build(base, ctx);
    if (a === undefined) return undefined;
    const near = (v: unknown) => rules.reduce((x, r) => (r.fix === undefined ? x : r.fix(x, (c) => fixSample(c, ctx))), v);
    return bounded(a.map((v) => { try { return near(v); } catch { return v; } }), (v) => codec.check(v, '$').ok, `a value of ${codec.label} meeting ${rules.map((r) => r.keyword).join(', ')}`);
  }
  // A schema without `type`: values of the type its keywords talk about.
  if (codec.untyped !== undefined) return build(codec.untyped.base, ctx);
  switch (codec.kind) {
    case 'scalar': return leafArbitrary(leafOf(codec)!, codec);
    case 'object': return objectArbitrary(codec, ctx);
    case 'array': {
      const s = codec.schema as { minItems?: number; maxItems?: number; uniqueItems?: boolean };
      const minLength = s.minItems ?? 0;
      const maxLength = Math.min(s.maxItems ?? Infinity, minLength + (ctx.depth > 0 ? 2 : 4));
      const item = build(codec.item, ctx);
      if (item === undefined) return minLength === 0 ? fc.constant([]) : undefined;
      return s.uniqueItems === true
        ? fc.uniqueArray(item, { minLength, maxLength, comparator: deepEqual })
        : fc.array(item, { minLength, maxLength });
    }
    case 'tuple': return tupleArbitrary(codec, ctx);
    case 'optional': return build(codec.inner, ctx);
    case 'nullable': {
      const inner = build(codec.inner, ctx);
      return inner === undefined ? fc.constant(null) : fc.option(inner, { nil: null });
    }
    case 'union': return unionArbitrary(codec, ctx);
    case 'lazy': return ctx.depth >= ctx.maxDepth ? undefined : build(codec.target(), { ...ctx, depth: ctx.depth + 1 });
    case 'json': return anyJson(2);
    case 'bytes': return fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a));
  }
}

/**
 * A tuple's values: the positions present (all of them, or a leading run when `partial`), then
 * items of the rest, the length within minItems and maxItems; a position that cannot end within
 * the depth ends the list before it.
 */
function tupleArbitrary(codec: TupleCodec<unknown>, ctx: Context): fc.Arbitrary<unknown> | undefined {
  const s = codec.schema as { minItems?: number; maxItems?: number; uniqueItems?: boolean };
  const positions = codec.items.map((c) => build(c, ctx));
  const fixed = !codec.partial && codec.rest === false;
  if (fixed && s.maxItems === undefined && s.uniqueItems !== true) {
    return positions.every((a) => a !== undefined) ? fc.tuple(...(positions as fc.Arbitrary<unknown>[])) : undefined;
  }
  const n = positions.length;
  const ends = positions.findIndex((a) => a === undefined);
  const rest = codec.rest === false || ends >= 0 ? undefined : build(codec.rest, ctx);
  const least = Math.max(codec.partial ? 0 : n, s.minItems ?? 0);
  const cap = ends >= 0 ? ends : rest === undefined ? n : Math.max(least, n) + (ctx.depth > 0 ? 2 : 4);
  const most = Math.min(s.maxItems ?? Infinity, cap);
  if (least > most) return undefined;
  const m = Math.min(most, n);
  const head = fc.tuple(...(positions.slice(0, m) as fc.Arbitrary<unknown>[]));
  // Items after the positions only once every position is there: a list shorter than them is a cut of the head.
  const tail = rest === undefined || most <= n ? fc.constant([]) : fc.array(rest, { minLength: Math.max(0, least - n), maxLength: most - n });
  const all = fc.tuple(head, tail, fc.integer({ min: Math.min(least, m), max: m }))
    .map(([h, r, cut]) => (r.length > 0 ? [...h, ...r] : h.slice(0, cut)));
  return s.uniqueItems === true ? bounded(all, (v) => firstRepeat(v) === undefined, `a list of distinct items of ${codec.label}`) : all;
}

/** Any JSON value as JSON.parse would give it (fast-check may build objects without a prototype). */
const anyJson = (maxDepth: number) => fc.jsonValue({ maxDepth }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);

function unionArbitrary(codec: UnionCodec<unknown>, ctx: Context): fc.Arbitrary<unknown> | undefined {
  const options = codec.options.map((o) => build(o, ctx)).filter((a): a is fc.Arbitrary<unknown> => a !== undefined);
  if (options.length === 0) return undefined;
  const any = fc.oneof(...options);
  // A discriminator makes the options disjoint; without one a `oneOf` value must match exactly one.
  if (codec.mode === 'anyOf' || codec.discriminator !== undefined) return any;
  return bounded(any, (v) => codec.options.filter((o) => o.check(v, '$').ok).length === 1, `a value matching exactly one option of ${codec.label}`);
}

/**
 * Values of an optional field when present: never null, which the codec reads as absent even where
 * its own codec allows null; undefined when null is all it could be (the field is then left out).
 */
function present(codec: Codec<unknown>, ctx: Context): fc.Arbitrary<unknown> | undefined {
  let inner = codec;
  while (inner.kind === 'nullable' || inner.kind === 'optional') inner = inner.inner;
  const types = jsonTypesOf(inner);
  if (types !== 'any' && [...types].every((x) => x === 'null')) return undefined;
  const a = build(inner, ctx);
  return a === undefined ? undefined : bounded(a, (v) => v !== null, `a value of ${codec.label} other than null`);
}

/** Keys of extra entries: from a pattern (and no other pattern), or plain names for a map. */
function objectArbitrary(codec: ObjectCodec<unknown>, ctx: Context): fc.Arbitrary<unknown> | undefined {
  const declared = Object.keys(codec.props);
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const k of declared) {
    const c = codec.props[k]!;
    let a = c.kind === 'optional' ? present(c.inner, ctx) : build(c, ctx);
    // A declared key a pattern also matches must meet the pattern's codec too.
    const also = codec.patterns.filter((p) => p.regex.test(k));
    if (a !== undefined && also.length > 0) a = bounded(a, (v) => also.every((p) => p.codec.check(v, '$').ok), `a value of ${k} that its patterns allow`);
    if (c.kind !== 'optional') {
      if (a === undefined) return undefined;
      requiredKeys.push(k);
    }
    if (a !== undefined) fields[k] = a;
  }

  // Extra keys: each source gives a key and a value of the codec that key is checked by.
  const isDeclared = (k: string) => declared.includes(k);
  const sources: fc.Arbitrary<readonly [string, unknown]>[] = [];
  codec.patterns.forEach((p, i) => {
    const value = build(p.codec, ctx);
    if (value === undefined) return;
    const key = bounded(fc.stringMatching(drawSource(p.regex), { maxLength: 12 }), (k) => p.regex.test(k) && !isDeclared(k) && k !== '__proto__', `a key of pattern /${p.pattern}/ in ${codec.label}`);
    // A key other patterns match too must have a value each of their codecs accepts.
    sources.push(key.chain((k) => {
      const others = codec.patterns.filter((q, j) => j !== i && q.regex.test(k));
      const fit = others.length === 0 ? value : bounded(value, (v) => others.every((q) => q.codec.check(v, '$').ok), `a value for ${k} in ${codec.label}`);
      return fit.map((v) => [k, v] as const);
    }));
  });
  const { min, max } = keyCounts(codec);
  // A map (`additionalProperties` with a schema) has its entries; an object merely left open has
  // undeclared keys only when asked, or when minProperties cannot be met without them.
  // decided: docs/mocking.md "What a mock answers".
  const open = codec.extra === true || codec.extra === unsaid || codec.extra === json;
  if (codec.extra !== false && (!open || ctx.undeclaredKeys || min > declared.length)) {
    const value = codec.extra === true ? anyJson(1) : build(codec.extra, ctx);
    if (value !== undefined) {
      const key = bounded(fc.string({ minLength: 1, maxLength: 8 }),
        (k) => !isDeclared(k) && k !== '__proto__' && codec.patterns.every((p) => !p.regex.test(k)), `an extra key of ${codec.label}`);
      sources.push(fc.tuple(key, value));
    }
  }
  const counted = (o: object) => Object.keys(o).length;
  // Which optional fields are present is chosen first, as many as the key counts allow (extra keys
  // make up the rest of minProperties when there can be any).
  const optionalKeys = declared.filter((k) => !requiredKeys.includes(k) && fields[k] !== undefined);
  const fewest = sources.length === 0 ? Math.max(0, min - requiredKeys.length) : 0;
  const most = Math.min(optionalKeys.length, max - requiredKeys.length);
  if (fewest > most) throw new TypeError(`arbitrary: ${codec.label} cannot have between ${min} and ${max} keys`);
  const required = fc.record(Object.fromEntries(requiredKeys.map((k) => [k, fields[k]!])));
  const record = fc.tuple(required, fc.subarray(optionalKeys, { minLength: fewest, maxLength: most }))
    .chain(([req, present]) => fc.record(Object.fromEntries(present.map((k) => [k, fields[k]!]))).map((opt) => {
      // Declared order, as the encoder writes them.
      const out: Record<string, unknown> = {};
      for (const k of declared) if (Object.hasOwn(req, k) || Object.hasOwn(opt, k)) out[k] = Object.hasOwn(req, k) ? req[k] : opt[k];
      return out;
    }));
  if (sources.length === 0) return record;
  const entry = sources.length === 1 ? sources[0]! : fc.oneof(...sources);
  return record.chain((o) => {
    const have = counted(o);
    const minLength = Math.max(0, min - have);
    const maxLength = Math.max(minLength, Math.min(max - have, minLength + (ctx.depth > 0 ? 2 : 3)));
    return fc.uniqueArray(entry, { minLength, maxLength, selector: (e) => e[0] })
      .map((entries) => {
        const out: Record<string, unknown> = { ...o };
        for (const [k, v] of entries) out[k] = v;
        return out;
      });
  });
}

/** A value of a keyword's subschema for a rule's fix (a `contains` item): the first seeded draw. */
function fixSample(codec: Codec<unknown>, ctx: Context): unknown {
  const a = build(codec, ctx);
  if (a === undefined) throw new TypeError(`arbitrary: ${codec.label} has no value within depth`);
  return draw(a)[0];
}
