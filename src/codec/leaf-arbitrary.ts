// fast-check arbitraries of a scalar codec's values (its merged leaf: bounds, multipleOf, lengths
// in code points, formats, patterns), the seeded draws that samples and near misses take, and the
// bounded filter every generator uses instead of an endless one.
import { fc } from './fast-check.js';
import type { Codec } from './types.js';
import { type Leaf, leafAccepts } from './leaf.js';
import { formatArbitrary } from './format-arbitrary.js';
import { compilePattern, drawSource } from './pattern.js';

/**
 * One code point: mostly printable ASCII, sometimes anything in Unicode (astral planes included).
 * Any code point but a lone surrogate is an integer mapped, not fast-check's `unit: 'binary'`,
 * whose construction tabulates all of Unicode: 1.6 s of every mock's start (issue 16's load row).
 */
const codePoint = fc.oneof(
  { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), weight: 4 },
  { arbitrary: fc.integer({ min: 0, max: 0x10ffff - 0x800 }).map((n) => String.fromCodePoint(n < 0xd800 ? n : n + 0x800)), weight: 1 },
);

export function leafArbitrary(leaf: Leaf, codec: Codec<unknown>): fc.Arbitrary<unknown> {
  const fits = (v: unknown) => leafAccepts(leaf, v);
  if (leaf.constant !== undefined) return fc.constant(leaf.constant.value).map((v) => structuredClone(v));
  if (leaf.enum !== undefined) {
    const values = leaf.enum.filter(fits);
    // Said in the schema's words (fast-check's own message names none of it).
    if (values.length === 0) throw new TypeError(leaf.enum.length === 0 ? 'its enum holds no value' : `no value of its enum ${JSON.stringify(leaf.enum).slice(0, 80)} meets its other keywords`);
    return fc.constantFrom(...values).map((v) => structuredClone(v));
  }
  switch (leaf.type) {
    case 'boolean': return fc.boolean();
    case 'integer': case 'number': return numberArbitrary(leaf);
    case 'string': return stringArbitrary(leaf);
    default:
      // A user-made scalar whose schema names no type: its examples are all it is known to accept.
      if (codec.examples.length > 0) return fc.constantFrom(...codec.examples.map((e) => e.value));
      throw new TypeError(`arbitrary: ${codec.label} has no type in its schema and no examples to draw from`);
  }
}

function stringArbitrary(leaf: Leaf): fc.Arbitrary<string> {
  return bounded(stringSource(leaf), (s) => leafAccepts(leaf, s), describeLeaf(leaf));
}

/** Strings of a leaf's format, else its first pattern, else of its length: not yet filtered by the rest. */
function stringSource(leaf: Leaf): fc.Arbitrary<string> {
  const [format] = leaf.formats;
  const [pattern] = leaf.patterns;
  const minLength = leaf.minLength ?? 0;
  const maxLength = leaf.maxLength;
  return format !== undefined && format !== 'binary' && format !== 'password' ? formatArbitrary(format)
    : pattern !== undefined ? patternSource(drawSource(compilePattern(pattern) ?? /(?!)/u), maxLength, minLength)
    : fc.string({ unit: codePoint, minLength, maxLength: Math.max(minLength, maxLength ?? minLength + 12) });
}

/**
 * Texts matching a pattern (fast-check reads its ECMAScript source; every match runs on RE2), kept
 * short; a pattern longer than that bound at its shortest (`^\d{10}\.\d{6}$` without a maxLength)
 * is drawn without it rather than not at all.
 */
function patternSource(re: RegExp, maxLength: number | undefined, minLength: number): fc.Arbitrary<string> {
  const bound = { maxLength: Math.max(maxLength ?? 16, minLength + 8) };
  const key = `${bound.maxLength} ${maxLength === undefined} /${re.source}/${re.flags}`;
  let arb = patternArbitraries.get(key);
  if (arb === undefined) {
    if (maxLength !== undefined) arb = fc.stringMatching(re, bound);
    // fast-check refuses the bound when it builds the arbitrary (a repeat longer than it).
    else try { arb = fc.stringMatching(re, bound); } catch { arb = fc.stringMatching(re); }
    if (patternArbitraries.size >= KEPT) patternArbitraries.clear();
    patternArbitraries.set(key, arb);
  }
  return arb;
}

/** The lowest allowed number and whether it is excluded, from minimum and exclusiveMinimum. */
function lowerBound(leaf: Leaf): { at: number; open: boolean } {
  const { minimum: m, exclusiveMinimum: x } = leaf;
  if (x !== undefined && (m === undefined || x >= m)) return { at: x, open: true };
  return { at: m ?? -Infinity, open: false };
}
function upperBound(leaf: Leaf): { at: number; open: boolean } {
  const { maximum: m, exclusiveMaximum: x } = leaf;
  if (x !== undefined && (m === undefined || x <= m)) return { at: x, open: true };
  return { at: m ?? Infinity, open: false };
}

/** The integers within a leaf's bounds (clamped to the safe range), or undefined if none. */
export function integerRange(leaf: Leaf, limit = Number.MAX_SAFE_INTEGER): { min: number; max: number } | undefined {
  const lo = lowerBound(leaf);
  const hi = upperBound(leaf);
  const min = Math.max(-limit, lo.open ? Math.floor(lo.at) + 1 : Math.ceil(lo.at));
  const max = Math.min(limit, hi.open ? Math.ceil(hi.at) - 1 : Math.floor(hi.at));
  return min <= max ? { min, max } : undefined;
}

/**
 * Products of the first multipleOf with an integer, rounded to the decimal the factor is written in
 * (3 * 0.1 is 0.30000000000000004, whose quotient by 0.1 is not an integer); otherwise integers
 * or doubles within the bounds, with plain integers mixed in so round numbers come up too.
 */
function numberArbitrary(leaf: Leaf): fc.Arbitrary<number> {
  const fits = (v: number) => leafAccepts(leaf, v);
  const [m] = leaf.multipleOf;
  if (m !== undefined) {
    const lo = lowerBound(leaf);
    const hi = upperBound(leaf);
    // Keep quotients small: k * m stays exact enough and far below 1e21 (where validators differ).
    const kMin = Math.max(-1e9, Math.ceil(lo.at / m) - 1);
    const kMax = Math.min(1e9, Math.floor(hi.at / m) + 1);
    if (kMin > kMax) throw new TypeError(`arbitrary: no multiple of ${m} within the bounds`);
    // Mostly small factors (readable values, and ones that meet further bounds an allOf adds).
    const small = { min: Math.max(kMin, Math.min(kMax, -100)), max: Math.min(kMax, Math.max(kMin, 100)) };
    const ks = fc.oneof({ arbitrary: fc.integer(small), weight: 3 }, { arbitrary: fc.integer({ min: kMin, max: kMax }), weight: 1 });
    return bounded(ks.map((k) => tidy(k * m, m)), fits, describeLeaf(leaf));
  }
  const ints = integerRange(leaf);
  if (leaf.type === 'integer') {
    if (ints === undefined) throw new TypeError('arbitrary: no integer within the bounds');
    // Mostly small integers (readable, and the ones handlers branch on), sometimes any in range.
    const small = { min: Math.max(ints.min, Math.min(ints.max, -1000)), max: Math.min(ints.max, Math.max(ints.min, 1000)) };
    return fc.oneof({ arbitrary: fc.integer(small), weight: 3 }, { arbitrary: fc.integer(ints), weight: 1 });
  }
  const lo = lowerBound(leaf);
  const hi = upperBound(leaf);
  const doubles = fc.double({
    min: lo.at, max: hi.at, minExcluded: lo.open, maxExcluded: hi.open, noNaN: true, noDefaultInfinity: true,
  }).map((v) => (v === 0 ? 0 : v));
  const small = ints === undefined ? undefined : { min: Math.max(ints.min, -1e6), max: Math.min(ints.max, 1e6) };
  const all = small === undefined || small.min > small.max ? doubles : fc.oneof(doubles, fc.integer(small));
  return bounded(all, fits, describeLeaf(leaf));
}

/** A product with its floating noise removed when that makes it a multiple again (0.30000000000000004 -> 0.3). */
function tidy(v: number, m: number): number {
  for (const x of [v, Number(v.toPrecision(15)), Number(v.toPrecision(12))]) if (Number.isInteger(x / m)) return x === 0 ? 0 : x;
  return v;
}

/** The seed of every deterministic draw (samples, near misses): docs and mocks must not churn. */
export const SEED = 20_261_123;

/** The first `n` values an arbitrary draws with the fixed seed: the same on every run. */
export function draw<T>(arb: fc.Arbitrary<T>, n = 1): T[] {
  return fc.sample(arb, { seed: SEED, numRuns: n });
}

/**
 * Up to `n` seeded values meeting a leaf, drawn without an unbounded filter: near misses ask for
 * leaves no value may meet (an email of at most one character) and get none.
 */
export function leafDraws(leaf: Leaf, n = 20): unknown[] {
  if (leaf.type !== 'string' || leaf.constant !== undefined || leaf.enum !== undefined) return [];
  const key = `${n} ${JSON.stringify(leaf)}`;
  let drawn = drawnLeaves.get(key);
  if (drawn === undefined) {
    drawn = draw(stringSource(leaf), n).filter((v) => leafAccepts(leaf, v));
    if (drawnLeaves.size >= KEPT) drawnLeaves.clear();
    drawnLeaves.set(key, drawn);
  }
  return [...drawn];
}

/**
 * Seeded draws and pattern arbitraries already made, by what they were made from: both are values
 * (the seed is fixed), and a document repeats its patterns (twilio's 37 ids of 6 patterns cost its
 * mock 350 ms of start-up, fast-check's stringMatching being the dear part). Bounded, not weak: the
 * keys are texts.
 */
const KEPT = 1000;
const drawnLeaves = new Map<string, readonly unknown[]>();
const patternArbitraries = new Map<string, fc.Arbitrary<string>>();

/**
 * A filter that gives up: after this many values in a row are refused, the constraints are taken
 * as unsatisfiable and generation throws (a hang is worse than an error naming the codec).
 */
const TRIES = 2000;
export function bounded<T>(arb: fc.Arbitrary<T>, keep: (v: T) => boolean, what: string): fc.Arbitrary<T> {
  let refused = 0;
  return arb.filter((v) => {
    if (keep(v)) { refused = 0; return true; }
    if (++refused >= TRIES) { refused = 0; throw new TypeError(`arbitrary: found no ${what} in ${TRIES} tries (are its constraints satisfiable?)`); }
    return false;
  });
}

const describeLeaf = (leaf: Leaf) => `value of ${JSON.stringify(leaf)}`;
