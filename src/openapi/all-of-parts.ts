// How an OpenAPI schema's `allOf` parts become one codec: a part without `type` narrowed to the
// typed part's type, parts merged where the codec layer can merge them, else one part as the
// values and each other part a rule on it (so every part holds, and generated values meet them all).
import * as t from '../codec/codecs.js';
import type { Codec, AnyCodec } from '../codec/types.js';
import { type KeywordRule, withRule } from '../codec/keywords/index.js';
import { familyOfCodec } from '../codec/untyped.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Sets a key as an own property, `__proto__` included (a plain assignment would set the prototype). */
function own<V>(o: Record<string, V>, key: string, value: V): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * `allOf` parts where one has a type: a part without `type` meets only values of that type there,
 * so it is its codec of that type (or nothing, when it says nothing of that type).
 */
export function narrowed(parts: readonly Codec<unknown>[]): Codec<unknown>[] {
  const typed = parts.find((p) => p.untyped === undefined && familyOfCodec(p) !== undefined);
  if (typed === undefined) return [...parts];
  const family = familyOfCodec(typed);
  return parts.flatMap((p) => (p.untyped === undefined || p.applied !== undefined ? [p]
    : [p.untyped.base, ...p.untyped.others].filter((c) => familyOfCodec(c) === family)));
}

/** `allOf` of parts; parts all without `type`, of one type's keywords, make a whole without `type`. */
export function intersect(name: string, parts: readonly Codec<unknown>[]): Codec<unknown> {
  const loose = parts.every((p) => p.untyped !== undefined && p.untyped.others.length === 0);
  // A part with applicator rules (`unevaluatedProperties`, `not`) is merged whole, so its rules hold.
  const bases = loose ? parts.map((p) => (p.applied === undefined ? p.untyped!.base : p)) : [];
  if (loose && new Set(bases.map(familyOfCodec)).size === 1) {
    // Lists allOf cannot merge (two tuples, a list and a tuple) are rules, as below.
    try { return t.untyped(t.allOf(name, bases as AnyCodec[]) as Codec<unknown>); } catch (err) { if (familyOfCodec(bases[0]!) !== 'array') throw err; }
  }
  try {
    return t.allOf(name, parts as AnyCodec[]) as Codec<unknown>;
  } catch (err) {
    // Kinds allOf cannot merge (an object beside a oneOf of objects, a text beside an anyOf): one
    // part makes the values, a union when there is one (its options are whole values), and the
    // others are rules on it, so every part holds and generated values meet them all.
    // A part still being built (a `$ref` into the cycle this allOf is part of, sinao's
    // SalesDocumentContract) cannot be merged, but holds as a rule, read once it is built.
    const i = parts.findIndex((p) => p.kind === 'union') >= 0 ? parts.findIndex((p) => p.kind === 'union') : parts.findIndex((p) => p.kind !== 'lazy');
    if (i < 0) throw err;
    return parts.reduce<Codec<unknown>>((whole, p, j) => (j === i ? whole : withRule(whole, partRule(whole, p))), parts[i]!);
  }
}

/** An `allOf` part as a rule on another: its schema beside the other's keywords, or in an `allOf` where they would clash. */
function partRule(whole: Codec<unknown>, given: Codec<unknown>): KeywordRule {
  // A part still being built is written as its `$ref` beside the other part's keywords (a clash: in an allOf).
  const clash = given.kind === 'lazy' || Object.keys(given.schema).some((k) => Object.hasOwn(whole.schema, k));
  // Read when a value is judged or made, by then built.
  const built = (): Codec<unknown> => (given.kind === 'lazy' ? given.target() : given);
  return {
    keyword: given.kind === 'union' ? given.mode : 'allOf',
    schema: clash ? { allOf: [given.schema] } : given.schema,
    test(v) {
      const r = given.check(v, '$');
      return r.ok ? undefined : r.error;
    },
    evaluated: (_v, walk) => walk(given),
    // An object part: its sample's keys under the value's, a value its field refuses replaced by the field's sample.
    fix(v, sample) {
      const part = built();
      if (part.kind !== 'object' || !isObj(v)) return v;
      const out: Obj = {};
      if (given.kind === 'lazy') {
        // A part of a cycle: its required fields' samples alone (a whole sample of it would draw the cycle again at each level).
        for (const [k, field] of Object.entries(part.props)) {
          if (field.kind !== 'optional' && !Object.hasOwn(v, k)) try { own(out, k, sample(field)); } catch { /* left out: the rule then refuses the value */ }
        }
      } else try { for (const [k, x] of Object.entries(sample(part) as Obj)) own(out, k, x); } catch { /* no sample: the value's keys alone */ }
      for (const [k, x] of Object.entries(v)) {
        const field = Object.hasOwn(part.props, k) ? part.props[k]! : undefined;
        let value = x;
        if (field !== undefined && !field.check(x, '$').ok) try { value = sample(field); } catch { /* kept: the rule then refuses it */ }
        own(out, k, value);
      }
      return out;
    },
  };
}
