// One representative value per codec, the same on every run (docs and mock answers must not churn):
// its first example, else its default, else a value built from its constraints.
import type { Codec, ObjectCodec } from './types.js';
import { type Leaf, keyCounts, leafOf } from './leaf.js';
import { arbitrary, draw, fc, integerRange, leafAccepts, leafDraws } from './arbitrary.js';
import { FORMATS } from './formats.js';
import { drawSource } from './pattern.js';
import { noValue } from './keywords/applied.js';
import { apartFrom } from './one-of-apart.js';

/** How many times a recursive codec enters itself in a sample: a tree shows one level of children. */
let DEPTH = 1;
/**
 * Deeper tries when a value cannot end within one level: a required field of one recursive type
 * that holds another (a document's `A.b: B`, `B.a?: A` through a oneOf) needs two or three.
 */
const DEEPER = [1, 2, 3, 4];

type Box = { readonly value: unknown };

/**
 * A value `codec.check` accepts, deterministic across runs. Built values take the smallest bound
 * that holds, a text meeting its length, format or pattern, the first enum value, required fields
 * only (plus optional ones, pattern and extra keys up to minProperties), one item per list; a
 * recursive codec enters itself once, then lists are empty, optional fields absent, nullables null
 * and unions take an option that ends. Throws when no value can be found (a codec with no values).
 */
export function sample<T>(codec: Codec<T>): T {
  let box: Box | undefined;
  try {
    for (const d of DEEPER) {
      DEPTH = d;
      box = build(codec as Codec<unknown>, 0);
      if (box !== undefined) break;
    }
  } finally {
    DEPTH = 1;
  }
  if (box === undefined) throw new TypeError(`sample: ${codec.label} has no value that ends (every branch recurses) or that fits it (a oneOf whose options accept the same values)`);
  return box.value as T;
}

// Node's Buffer read from the global, so that a mock's samples work in a browser (api-serve/browser).
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;
const clone = (v: unknown) => (NodeBuffer !== undefined && NodeBuffer.isBuffer(v) ? NodeBuffer.from(v) : structuredClone(v));

/** A value for a codec at a recursion depth, checked; a seeded draw when the built one fails. */
function build(codec: Codec<unknown>, depth: number): Box | undefined {
  const [example] = codec.examples;
  if (example !== undefined) return { value: clone(example.value) };
  if (codec.schema.default !== undefined) return { value: clone(codec.schema.default) };
  if (codec.applied !== undefined) return appliedSample(codec, depth);
  if (codec.kind === 'lazy') return depth >= DEPTH ? undefined : build(codec.target(), depth + 1);
  // A schema without `type`: a value of the type its keywords talk about.
  if (codec.untyped !== undefined) return build(codec.untyped.base, depth);
  const box = construct(codec, depth);
  if (box === undefined || codec.check(box.value, '$').ok) return box;
  // Constraints the construction cannot meet together (distinct items, a format under a pattern):
  // the first value the generator draws with the fixed seed.
  const [drawn] = draw(arbitrary(codec, { maxDepth: DEPTH }) as fc.Arbitrary<unknown>);
  return { value: drawn };
}

/**
 * A codec with applicator keywords (`not`, `contains`...): the first candidate they accept, of
 * the base's sample, it brought nearer by each rule's fix, then seeded draws. None found is no
 * value (a required field of it leaves its object without one): never an invalid value.
 */
function appliedSample(codec: Codec<unknown>, depth: number): Box | undefined {
  if (noValue(codec)) return undefined;
  const { base, rules } = codec.applied!;
  const fits = (v: unknown) => codec.check(v, '$').ok;
  const first = build(base, depth);
  const candidates: unknown[] = [];
  if (first !== undefined) {
    candidates.push(first.value);
    try {
      candidates.push(rules.reduce((v, r) => (r.fix === undefined ? v : r.fix(v, (c) => sample(c))), clone(first.value)));
    } catch { /* a fix without a sample of its subschema: the draws below */ }
  }
  const hit = candidates.find(fits);
  if (hit !== undefined) return { value: hit };
  // A base with no value (a oneOf whose options all overlap) leaves the draws nothing to refine: a
  // draw of the whole then searched the base again through a filter (probely's mock: 4 s).
  if (first === undefined) return undefined;
  try {
    const found = draw(arbitrary(codec, { maxDepth: DEPTH }) as fc.Arbitrary<unknown>, 1);
    return found.length > 0 && fits(found[0]) ? { value: found[0] } : undefined;
  } catch { return undefined; }
}

/**
 * A scalar codec's merged constraints, worked out once per codec (codecs are values): a document's
 * shared schemas put the same scalar fields in thousands of samples (Microsoft Graph's mock).
 */
const leaves = new WeakMap<Codec<unknown>, Leaf>();
function leafOfScalar(codec: Codec<unknown>): Leaf {
  let leaf = leaves.get(codec);
  if (leaf === undefined) leaves.set(codec, leaf = leafOf(codec)!);
  return leaf;
}

function construct(codec: Codec<unknown>, depth: number): Box | undefined {
  switch (codec.kind) {
    case 'scalar': return { value: leafSample(leafOfScalar(codec), codec) };
    case 'object': return objectSample(codec, depth);
    case 'array': {
      const s = codec.schema as { minItems?: number; maxItems?: number };
      const item = build(codec.item, depth);
      if (item === undefined) return (s.minItems ?? 0) === 0 ? { value: [] } : undefined;
      const n = Math.max(s.minItems ?? 0, Math.min(1, s.maxItems ?? 1));
      return { value: Array.from({ length: n }, () => clone(item.value)) };
    }
    case 'tuple': {
      // Every position shown (as far as maxItems allows), then items of the rest up to minItems.
      const s = codec.schema as { minItems?: number; maxItems?: number };
      const n = codec.items.length;
      const least = Math.max(codec.partial ? 0 : n, s.minItems ?? 0);
      const want = Math.min(s.maxItems ?? Infinity, codec.rest === false ? n : Infinity, Math.max(least, n));
      const out: unknown[] = [];
      for (let i = 0; i < want; i++) {
        const box = build(i < n ? codec.items[i]! : codec.rest as Codec<unknown>, depth);
        if (box === undefined) break;
        out.push(box.value);
      }
      return out.length >= least ? { value: out } : undefined;
    }
    case 'optional': return build(codec.inner, depth);
    case 'nullable': return build(codec.inner, depth) ?? { value: null };
    case 'union': {
      // Each option's sample built once (the told-apart pass below reads the same ones), and only
      // as far as the first that fits.
      const boxes: (Box | undefined)[] = [];
      for (const o of codec.options) {
        const box = build(o, depth);
        if (box !== undefined && codec.check(box.value, '$').ok) return box;
        boxes.push(box);
      }
      // A oneOf whose options' samples fit several options (documents often overlap them): an
      // option's sample with fields that tell it apart, else the first seeded draw of an option
      // that fits exactly one.
      for (let i = 0; i < boxes.length; i++) {
        const box = boxes[i];
        const apart = box === undefined ? undefined : apartFrom(codec, i, box.value);
        if (apart !== undefined) return { value: apart };
      }
      for (const o of codec.options) {
        let drawn: unknown[];
        try { drawn = draw(arbitrary(o, { maxDepth: DEPTH }) as fc.Arbitrary<unknown>, 40); } catch { continue; }
        const fits = drawn.find((v) => codec.check(v, '$').ok);
        if (fits !== undefined) return { value: fits };
      }
      return undefined;
    }
    case 'lazy': return build(codec, depth);
    case 'json': return { value: {} };
    case 'bytes': return { value: Buffer.alloc(0) };
  }
}

/**
 * How many objects enclose the one being sampled. Optional fields are filled in only near the top
 * (the outermost object of a sample, FILL_LEVELS): filling every level of a large all-optional schema made samples exponential (a
 * document's mock took over 20 s to start).
 */
let enclosing = 0;
const FILL_LEVELS = 1;

function objectSample(codec: ObjectCodec<unknown>, depth: number): Box | undefined {
  enclosing++;
  try { return objectSampleIn(codec, depth, enclosing - 1); } finally { enclosing--; }
}

function objectSampleIn(codec: ObjectCodec<unknown>, depth: number, level: number): Box | undefined {
  const out: Record<string, unknown> = {};
  const optional: string[] = [];
  for (const [k, c] of Object.entries(codec.props)) {
    if (c.kind === 'optional') { optional.push(k); continue; }
    const box = build(c, depth);
    if (box === undefined) return undefined;
    out[k] = box.value;
  }
  const { min, max } = keyCounts(codec);
  // decided: an object with no required field is sampled with its optional ones (an empty object
  // shows nothing of its type; a mocked list of them answered `[{}]`); docs/decisions.md "Codecs".
  const fill = Object.keys(out).length === 0 && depth < DEPTH && level < FILL_LEVELS;
  // Declared fields fill up to maxProperties; keys nothing declares only reach minProperties, but
  // a map with no fields shows one entry of its value type (an open object gets no `key1`..`key999`).
  const mapOnly = fill && Object.keys(codec.props).length === 0 && (codec.patterns.length > 0 || (typeof codec.extra !== 'boolean' && codec.extra.kind !== 'json'));
  const undeclared = Math.min(max, Math.max(min, mapOnly ? 1 : 0));
  let short = () => Object.keys(out).length < (fill ? max : min);
  for (const k of optional) {
    if (!short()) break;
    let box: Box | undefined;
    // A field filled in only to show the type (`fill`) is left out when it has no value to give
    // (an enum none of whose values meets its other keywords): it is optional.
    try { box = build(codec.props[k]!, depth); } catch (err) { if (!fill || Object.keys(out).length < min) throw err; }
    if (box !== undefined) out[k] = box.value;
  }
  // Still short: keys a pattern allows (drawn from the pattern), then plain keys of a map.
  short = () => Object.keys(out).length < undeclared;
  for (const p of codec.patterns) {
    if (!short()) break;
    const box = build(p.codec, depth);
    if (box === undefined) continue;
    // A lookahead pattern is drawn from a source without it (`drawSource`), so keys are tested too.
    const keys = draw(fc.stringMatching(drawSource(p.regex), { maxLength: 12 }), 20)
      .filter((k) => p.regex.test(k) && !Object.hasOwn(codec.props, k) && k !== '__proto__' && codec.patterns.every((q) => q === p || !q.regex.test(k)));
    for (const k of [...new Set(keys)].sort((a, b) => a.length - b.length || (a < b ? -1 : 1))) {
      if (!short()) break;
      out[k] = clone(box.value);
    }
  }
  if (codec.extra !== false) {
    const box = codec.extra === true ? { value: 'value' } : build(codec.extra, depth);
    for (let i = 1; box !== undefined && short() && i < 1000; i++) {
      const k = `key${i}`;
      if (!Object.hasOwn(out, k) && !Object.hasOwn(codec.props, k) && codec.patterns.every((p) => !p.regex.test(k))) out[k] = clone(box.value);
    }
  }
  return { value: out };
}

function leafSample(leaf: Leaf, codec: Codec<unknown>): unknown {
  const fits = (v: unknown) => leafAccepts(leaf, v);
  if (leaf.constant !== undefined) return clone(leaf.constant.value);
  const candidates: unknown[] = [];
  if (leaf.enum !== undefined) candidates.push(...leaf.enum);
  else if (leaf.type === 'boolean') candidates.push(true, false);
  else if (leaf.type === 'integer' || leaf.type === 'number') candidates.push(...numberCandidates(leaf));
  else if (leaf.type === 'string') {
    const min = leaf.minLength ?? 0;
    // A format's first example (src/codec/formats/<name>.ts): the sample docs and mocks show.
    for (const f of leaf.formats) candidates.push(FORMATS[f].examples[0]);
    candidates.push('string', 'x'.repeat(Math.max(1, min)), 'x'.repeat(min));
    // A pattern: the shortest of a few seeded draws (then the plainest, by code unit order).
    if (leaf.patterns.length > 0) {
      const drawn = leafDraws(leaf, 50) as string[];
      candidates.push(...drawn.sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)));
    }
  }
  const hit = candidates.find(fits);
  if (hit !== undefined) return clone(hit);
  return draw(arbitrary(codec))[0];
}

/** 0 when allowed, else the allowed number nearest the lower bound (or the upper one if none). */
function numberCandidates(leaf: Leaf): number[] {
  const out = [0];
  const ints = integerRange(leaf);
  for (const m of leaf.multipleOf) {
    const lo = leaf.exclusiveMinimum ?? leaf.minimum;
    const hi = leaf.exclusiveMaximum ?? leaf.maximum;
    const from = lo !== undefined ? Math.floor(lo / m) : hi !== undefined ? Math.floor(hi / m) - 2 : 0;
    for (let k = from; k <= from + 3; k++) out.push(Number((k * m).toPrecision(12)));
  }
  if (ints !== undefined) out.push(Math.abs(ints.min) <= Math.abs(ints.max) ? ints.min : ints.max, ints.min, ints.max);
  const lo = leaf.exclusiveMinimum ?? leaf.minimum;
  const hi = leaf.exclusiveMaximum ?? leaf.maximum;
  if (lo !== undefined) out.push(lo, hi !== undefined ? (lo + hi) / 2 : lo + 1);
  if (hi !== undefined) out.push(hi, hi - 1);
  return out;
}
