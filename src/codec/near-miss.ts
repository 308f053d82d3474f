// Near misses: invalid values that differ from a valid one (the codec's sample) by breaking exactly
// one constraint, each saying which and where, for mock servers, fuzzing and the differential test.
import type { Codec, ObjectCodec, TupleCodec, UnionCodec } from './types.js';
import { type JsonType, jsonTypesOf, keyCounts, leafOf } from './leaf.js';
import { arbitrary, draw, fc } from './arbitrary.js';
import { sample } from './sample.js';
import { leafMisses } from './leaf-near-miss.js';
import { drawSource } from './pattern.js';
import { deepEqual } from './json-equal.js';
import { noValue } from './keywords/applied.js';

/** An invalid value: `pointer` (JSON Pointer) is where it breaks, `keyword` the JSON Schema keyword. */
export interface NearMiss {
  readonly value: unknown;
  readonly pointer: string;
  /** `minimum`, `pattern`, `required`, `additionalProperties`, `discriminator`, `type`, ... */
  readonly keyword: string;
  /** What is broken, for people: `maxLength 10`, `missing key "name"`, `type (expected integer)`. */
  readonly broken: string;
}

export interface NearMissOptions {
  /** At most this many (default 200), in a fixed order: shallow ones first within each branch. */
  readonly limit?: number;
}

/** How many times a recursive codec is entered while looking for places to break. */
const DEPTH = 2;

/**
 * Deterministic invalid values of a codec: every keyword it carries broken once at every place it
 * applies (bounds, lengths, patterns, formats, enums, item and key counts, required and unexpected
 * keys, discriminator values), and a value of the wrong JSON type at each place. Optional fields are
 * never given `null` (the codec reads that as absent).
 */
export function nearMisses(codec: Codec<unknown>, options: NearMissOptions = {}): NearMiss[] {
  const out: NearMiss[] = [];
  const seen = new Set<string>();
  for (const m of missesAt(codec, sample(codec), 0, true)) {
    const key = `${m.pointer} ${m.keyword} ${JSON.stringify(m.value)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(m);
    if (out.length >= (options.limit ?? 200)) break;
  }
  return out;
}

const clone = (v: unknown) => structuredClone(v);
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
/** A child's misses seen from its parent: the value put back in place, the pointer one step longer. */
const embed = (misses: NearMiss[], step: string, put: (v: unknown) => unknown): NearMiss[] =>
  misses.map((m) => ({ ...m, value: put(m.value), pointer: `/${escape(step)}${m.pointer}` }));

/** The misses of a value of `codec`; `typed` adds a value of the wrong JSON type at this place. */
function missesAt(codec: Codec<unknown>, value: unknown, depth: number, typed: boolean): NearMiss[] {
  // Applicator keywords judge values the base accepts: a miss of the base is a miss of the whole.
  // A merged allOf keeps its rules over a base without `untyped` (intersection.ts): the whole still takes every type.
  if (codec.applied !== undefined) return [...missesAt(codec.applied.base, value, depth, typed && codec.untyped === undefined), ...ruleMisses(codec, value)];
  // A schema without `type` takes every type: its misses are its base's, values of the base's type.
  if (codec.untyped !== undefined) return missesAt(codec.untyped.base, value, depth, false);
  const out = typed ? wrongType(codec) : [];
  switch (codec.kind) {
    case 'scalar': return [...out, ...leafMisses(leafOf(codec)!, codec, value)];
    case 'object': return [...out, ...objectMisses(codec, value as Record<string, unknown>, depth)];
    case 'array': return [...out, ...arrayMisses(codec, value as unknown[], depth)];
    case 'tuple': return [...out, ...tupleMisses(codec, value as unknown[], depth)];
    case 'optional': return [...out, ...missesAt(codec.inner, value, depth, false)];
    case 'nullable': return [...out, ...missesAt(codec.inner, value === null ? sample(codec.inner) : value, depth, false)];
    case 'union': return [...out, ...unionMisses(codec, value, depth)];
    case 'lazy': return depth >= DEPTH ? out : [...out, ...missesAt(codec.target(), value, depth + 1, false)];
    case 'json': case 'bytes': return out;
  }
}

/** The values the rules offer that break them alone, those the codec refuses (a rule's miss may meet another keyword). */
function ruleMisses(codec: Codec<unknown>, value: unknown): NearMiss[] {
  const out: NearMiss[] = [];
  for (const r of codec.applied!.rules) {
    const v = r.miss?.(value);
    if (v === undefined || codec.check(v, '$').ok) continue;
    out.push({ value: v, pointer: '', keyword: r.keyword, broken: `${r.keyword} (${JSON.stringify(r.schema[r.keyword])})` });
  }
  return out;
}

/** One value per JSON type, the first of them a codec does not accept is its wrong-type miss. */
const OF_TYPE: readonly (readonly [JsonType, unknown])[] = [
  ['string', 'x'], ['integer', 0], ['boolean', true], ['object', {}], ['array', []], ['null', null],
];

function wrongType(codec: Codec<unknown>): NearMiss[] {
  const types = jsonTypesOf(codec);
  if (types === 'any' || codec.kind === 'bytes') return [];
  if (types.has('number')) types.add('integer');
  // An optional field reads null as absent (a leniency JSON Schema lacks): never offered there.
  const hit = OF_TYPE.find(([t]) => !types.has(t) && !(t === 'null' && codec.kind === 'optional'));
  if (hit === undefined) return [];
  return [{ value: clone(hit[1]), pointer: '', keyword: 'type', broken: `type (expected ${[...types].join(' or ')})` }];
}

// The count keywords' misses (minItems, maxItems, uniqueItems; minProperties and maxProperties in
// objectMisses) stay here, not in their files of rules/: they grow lists and objects with the
// items' codec and keep within the other counts (a repeat only up to maxItems).
function arrayMisses(codec: Codec<unknown> & { kind: 'array' }, a: unknown[], depth: number): NearMiss[] {
  const s = codec.schema as { minItems?: number; maxItems?: number; uniqueItems?: boolean };
  const out: NearMiss[] = [];
  const fresh = (n: number): unknown[] | undefined => {
    // Items to add: copies of the sample, or distinct drawn ones when items must be unique.
    if (s.uniqueItems !== true) return Array.from({ length: n }, () => sample(codec.item));
    const pool = draw(arbitrary(codec.item, { maxDepth: 1 }), 50);
    const picked: unknown[] = [];
    for (const x of pool) if (![...a, ...picked].some((y) => deepEqual(x, y)) && picked.length < n) picked.push(x);
    return picked.length === n ? picked : undefined;
  };
  if ((s.minItems ?? 0) > 0) out.push({ value: a.slice(0, s.minItems! - 1), pointer: '', keyword: 'minItems', broken: `minItems ${s.minItems}` });
  if (s.maxItems !== undefined) {
    const more = fresh(s.maxItems + 1 - a.length);
    if (more !== undefined) out.push({ value: [...a, ...more], pointer: '', keyword: 'maxItems', broken: `maxItems ${s.maxItems}` });
  }
  if (s.uniqueItems === true) {
    const x = a[0] ?? sample(codec.item);
    const twice = a.length >= 2 ? [x, clone(x), ...a.slice(2)] : [x, clone(x)];
    if (twice.length <= (s.maxItems ?? Infinity)) out.push({ value: twice, pointer: '', keyword: 'uniqueItems', broken: 'uniqueItems' });
  }
  // Items: the first only (the others would repeat its misses); one is added to an empty list.
  const base = a.length > 0 ? a : (s.maxItems ?? 1) >= 1 ? [sample(codec.item)] : undefined;
  if (base !== undefined) out.push(...embed(missesAt(codec.item, base[0], depth, true), '0', (v) => [v, ...base.slice(1)]));
  return out;
}

/**
 * A tuple's misses: one item short of what it needs, one item past its positions when nothing may
 * follow them, past maxItems, a repeat, and each item present (plus one of the rest) broken.
 */
function tupleMisses(codec: TupleCodec<unknown>, a: unknown[], depth: number): NearMiss[] {
  const s = codec.schema as { minItems?: number; maxItems?: number; uniqueItems?: boolean };
  const n = codec.items.length;
  const out: NearMiss[] = [];
  const least = Math.max(codec.partial ? 0 : n, s.minItems ?? 0);
  const codecAt = (i: number) => (i < n ? codec.items[i]! : codec.rest === false ? undefined : codec.rest);
  /** The list grown to `length` with valid items (samples, drawn distinct ones when items must be unique). */
  const grown = (length: number): unknown[] | undefined => {
    const more = [...a];
    for (let i = a.length; i < length; i++) {
      const c = codecAt(i);
      if (c === undefined) return undefined;
      const pool = s.uniqueItems === true ? draw(arbitrary(c, { maxDepth: 1 }), 50) : [sample(c)];
      const x = pool.find((v) => !more.some((y) => deepEqual(v, y)));
      if (x === undefined) return undefined;
      more.push(x);
    }
    return more;
  };
  if (least > 0) out.push({ value: a.slice(0, least - 1), pointer: '', keyword: 'minItems', broken: `minItems ${least}` });
  if (codec.rest === false && (s.maxItems ?? Infinity) > n) {
    const full = grown(n);
    if (full !== undefined) out.push({ value: [...full, 0], pointer: '', keyword: 'items', broken: `items (at most ${n})` });
  }
  if (s.maxItems !== undefined && (codec.rest !== false || s.maxItems < n)) {
    const more = grown(s.maxItems + 1);
    if (more !== undefined) out.push({ value: more, pointer: '', keyword: 'maxItems', broken: `maxItems ${s.maxItems}` });
  }
  if (s.uniqueItems === true) {
    // A copy of an item where it is also valid: the second position, else one more of the rest.
    const tries = [a.length >= 2 ? [a[0], clone(a[0]), ...a.slice(2)] : undefined, a.length > 0 ? [...a, clone(a[a.length - 1])] : undefined];
    const twice = tries.find((v) => { const r = v === undefined ? undefined : codec.check(v, '$'); return r !== undefined && !r.ok && r.constraint === 'uniqueItems'; });
    if (twice !== undefined) out.push({ value: twice, pointer: '', keyword: 'uniqueItems', broken: 'uniqueItems' });
  }
  a.forEach((x, i) => out.push(...embed(missesAt(codecAt(i)!, x, depth, true), String(i), (v) => a.map((y, j) => (j === i ? v : y)))));
  // An item of the rest, when the sample has none and one more is allowed.
  if (codec.rest !== false && a.length === n && n < (s.maxItems ?? Infinity)) {
    const more = grown(a.length + 1);
    if (more !== undefined) out.push(...embed(missesAt(codec.rest, more[a.length], depth, true), String(a.length), (v) => [...a, v]));
  }
  return out;
}

function objectMisses(codec: ObjectCodec<unknown>, o: Record<string, unknown>, depth: number): NearMiss[] {
  const { min, max } = keyCounts(codec);
  const count = (x: object) => Object.keys(x).length;
  const out: NearMiss[] = [];
  const declared = Object.keys(codec.props);
  const optional = declared.filter((k) => codec.props[k]!.kind === 'optional');
  const matchesPattern = (k: string) => codec.patterns.some((p) => p.regex.test(k));
  const unexpectedKey = ['unexpected', 'unexpected_1', 'zz_unexpected'].find((k) => !Object.hasOwn(codec.props, k) && !matchesPattern(k));

  // Keys that can be added without breaking anything: absent optional fields, pattern keys, map keys.
  const additions: [string, () => unknown][] = [];
  const inner = (k: string) => { const c = codec.props[k]!; return c.kind === 'optional' ? c.inner : c; };
  for (const k of optional) {
    if (Object.hasOwn(o, k)) continue;
    // A property whose schema is `false` may only be absent: present, it is a near miss of its own.
    if (noValue(inner(k))) { if (count(o) < max) out.push({ value: { ...o, [k]: 0 }, pointer: `/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, keyword: 'not', broken: `key ${JSON.stringify(k)} present (its schema is false)` }); continue; }
    additions.push([k, () => sample(codec.props[k]!)]);
  }
  for (const p of codec.patterns) {
    const key = draw(fc.stringMatching(drawSource(p.regex), { maxLength: 12 }), 20)
      .find((k) => p.regex.test(k) && !Object.hasOwn(codec.props, k) && !Object.hasOwn(o, k) && k !== '__proto__' && codec.patterns.every((q) => q === p || !q.regex.test(k)));
    if (key !== undefined) additions.push([key, () => sample(p.codec)]);
  }
  if (codec.extra !== false) {
    for (let i = 1; i <= 4; i++) {
      const k = `key${i}`;
      if (!Object.hasOwn(o, k) && !Object.hasOwn(codec.props, k) && !matchesPattern(k)) additions.push([k, () => (codec.extra === true ? 'value' : sample(codec.extra as Codec<unknown>))]);
    }
  }

  for (const k of declared) {
    if (codec.props[k]!.kind === 'optional' || !Object.hasOwn(o, k)) continue;
    const { [k]: _, ...rest } = o;
    if (count(rest) >= min) out.push({ value: rest, pointer: '', keyword: 'required', broken: `missing key ${JSON.stringify(k)}` });
    else {
      // Dropping the key leaves too few: an addition keeps the count, so only `required` breaks.
      const add = additions.find(([a]) => a !== k);
      if (add !== undefined) out.push({ value: { ...rest, [add[0]]: add[1]() }, pointer: '', keyword: 'required', broken: `missing key ${JSON.stringify(k)}` });
    }
  }
  if (codec.extra === false && unexpectedKey !== undefined && count(o) < max) {
    // An allOf of closed objects states its strictness as unevaluatedProperties.
    const keyword = codec.schema.unevaluatedProperties === false ? 'unevaluatedProperties' : 'additionalProperties';
    out.push({ value: { ...o, [unexpectedKey]: 0 }, pointer: '', keyword, broken: `unexpected key ${JSON.stringify(unexpectedKey)}` });
  }
  if (min > 0) {
    const removable = Object.keys(o).filter((k) => !declared.includes(k) || codec.props[k]!.kind === 'optional');
    const keep = count(o) - (min - 1);
    if (keep > 0 && removable.length >= keep) {
      const drop = new Set(removable.slice(0, keep));
      out.push({ value: Object.fromEntries(Object.entries(o).filter(([k]) => !drop.has(k))), pointer: '', keyword: 'minProperties', broken: `minProperties ${min}` });
    }
  }
  if (max !== Infinity && additions.length >= max + 1 - count(o)) {
    const grown = { ...o };
    for (const [k, make] of additions.slice(0, max + 1 - count(o))) grown[k] = make();
    out.push({ value: grown, pointer: '', keyword: 'maxProperties', broken: `maxProperties ${max}` });
  }

  // Inside each field: present ones as they are, absent optional ones added (room permitting).
  for (const k of declared) {
    const c = codec.props[k]!;
    let base = o;
    if (!Object.hasOwn(o, k)) {
      if (count(o) >= max || noValue(inner(k))) continue;
      base = { ...o, [k]: sample(c) };
    }
    out.push(...embed(missesAt(c, base[k], depth, true), k, (v) => ({ ...base, [k]: v })));
  }
  // Inside pattern and map values: one key of each, added when the sample has none.
  const valueSources: [string, Codec<unknown>][] = [
    ...codec.patterns.map((p) => [additions.find(([k]) => p.regex.test(k) && !declared.includes(k))?.[0] ?? Object.keys(o).find((k) => !declared.includes(k) && p.regex.test(k)), p.codec] as [string | undefined, Codec<unknown>]),
    ...(typeof codec.extra === 'object' ? [[additions.find(([k]) => k.startsWith('key'))?.[0], codec.extra] as [string | undefined, Codec<unknown>]] : []),
  ].filter((e): e is [string, Codec<unknown>] => e[0] !== undefined);
  for (const [k, c] of valueSources) {
    const base = Object.hasOwn(o, k) ? o : { ...o, [k]: sample(c) };
    if (count(base) > max) continue;
    out.push(...embed(missesAt(c, base[k], depth, true), k, (v) => ({ ...base, [k]: v })));
  }
  return out;
}

function unionMisses(codec: UnionCodec<unknown>, value: unknown, depth: number): NearMiss[] {
  const out: NearMiss[] = [];
  const d = codec.discriminator;
  if (d !== undefined) {
    const values = Object.keys(d.mapping);
    const other = ['unknown', 'other', ...values.map((v) => `${v}x`)].find((v) => !values.includes(v))!;
    if (value !== null && typeof value === 'object') {
      out.push({ value: { ...(value as object), [d.property]: other }, pointer: `/${escape(d.property)}`, keyword: 'discriminator', broken: 'not one of the discriminator\'s values' });
    }
  }
  const accepts = (i: number, v: unknown) => codec.options[i]!.check(v, '$').ok;
  codec.options.forEach((option, i) => {
    // A valid value of the whole union that this option accepts: the sample, else a drawn one.
    const base = accepts(i, value) ? value : findBase(codec, i);
    if (base === undefined) return;
    for (const m of missesAt(option, base, depth, false)) {
      // Without a discriminator a miss of one option must not be a value another option accepts.
      if (d === undefined && codec.options.some((_, j) => j !== i && accepts(j, m.value))) continue;
      out.push(m);
    }
  });
  if (codec.mode === 'oneOf' && d === undefined) {
    // A value two options accept breaks `oneOf` itself.
    for (let i = 0; i < codec.options.length; i++) {
      const v = sampleOrUndefined(codec.options[i]!);
      if (v !== undefined && codec.options.some((_, j) => j !== i && accepts(j, v.value))) {
        out.push({ value: v.value, pointer: '', keyword: 'oneOf', broken: 'oneOf (matches more than one option)' });
        break;
      }
    }
  }
  return out;
}

function sampleOrUndefined(codec: Codec<unknown>): { value: unknown } | undefined {
  try { return { value: sample(codec) }; } catch { return undefined; }
}

/** A value the union accepts through option `i`: its sample, else one of a few seeded draws. */
function findBase(codec: UnionCodec<unknown>, i: number): unknown {
  const option = codec.options[i]!;
  const s = sampleOrUndefined(option);
  if (s !== undefined && codec.check(s.value, '$').ok) return s.value;
  let pool: unknown[] = [];
  try { pool = draw(arbitrary(option, { maxDepth: 1 }), 30); } catch { return undefined; }
  return pool.find((v) => codec.check(v, '$').ok);
}
