// Intersections (JSON Schema `allOf`): objects merge into one object of all their fields; other
// codecs (constrained texts or numbers) must each accept the value.
import { type ArrayCodec, type Codec, type ObjectCodec, type ScalarCodec, fail, ok, type AnyCodec } from './types.js';
import { array, object, optional, pathOf } from './structured.js';
import { brokeJson, rulesOf } from './constraints.js';

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type AllOf<O extends readonly AnyCodec[]> = UnionToIntersection<{ [K in keyof O]: O[K] extends Codec<infer T> ? T : never }[number]>;

/** The schema of an object part without its own `additionalProperties: false`, which `allOf` would make unsatisfiable. */
function open(schema: Record<string, unknown>): Record<string, unknown> {
  const { additionalProperties, ...rest } = schema;
  return additionalProperties === false ? rest : schema;
}

/** Both codecs must accept the value; the first one's decoded value is kept. */
function both(a: Codec<unknown>, b: Codec<unknown>): Codec<unknown> {
  return {
    kind: 'scalar', label: a.label, schema: { allOf: [a.schema, b.schema] }, examples: [],
    parseText: (raw) => { const r = a.parseText(raw); if (!r.ok) return r; const s = b.parseText(raw); return s.ok ? r : s; },
    formatText: (v) => a.formatText(v),
    check: (json, path) => { const r = a.check(json, path); if (!r.ok) return r; const s = b.check(json, path); return s.ok ? r : s; },
  };
}

/**
 * What two codecs of one field both accept, built so that samples and generated values meet both:
 * objects merge (as `allOf` does), lists merge their items and bounds, any JSON value gives way.
 * A list wrapper (`allOf: [Page, { data: list of Item }]`) then answers a list of Items.
 */
function meet(a: Codec<unknown>, b: Codec<unknown>): Codec<unknown> {
  if (a === b || b.kind === 'json') return a;
  if (a.kind === 'json') return b;
  if (a.kind === 'object' && b.kind === 'object') return allOf(a.label, [a, b]) as Codec<unknown>;
  if (a.kind === 'array' && b.kind === 'array') return list(a, b);
  return both(a, b);
}

/** Two lists of one field as one: items of both, the tighter bounds. */
function list(a: ArrayCodec<unknown>, b: ArrayCodec<unknown>): Codec<unknown> {
  const sa = a.schema as { minItems?: number; maxItems?: number; uniqueItems?: boolean };
  const sb = b.schema as typeof sa;
  const bound = (f: (...n: number[]) => number, x?: number, y?: number) => (x === undefined ? y : y === undefined ? x : f(x, y));
  const minItems = bound(Math.max, sa.minItems, sb.minItems);
  const maxItems = bound(Math.min, sa.maxItems, sb.maxItems);
  const merged = array(meet(a.item, b.item), {
    ...(minItems === undefined ? {} : { minItems }), ...(maxItems === undefined ? {} : { maxItems }),
    ...(sa.uniqueItems === true || sb.uniqueItems === true ? { uniqueItems: true } : {}),
  });
  return { ...merged, label: a.label };
}

/** A field two parts declare: both codecs apply; it may be absent only if both parts allow that. */
function field(a: Codec<unknown>, b: Codec<unknown>): Codec<unknown> {
  const inner = (c: Codec<unknown>) => (c.kind === 'optional' ? c.inner : c);
  const joined = meet(inner(a), inner(b));
  return a.kind === 'optional' && b.kind === 'optional' ? optional(joined) : joined;
}

/**
 * The whole with the applicator rules (`not`, `contains`...) its parts carry: merged fields know
 * nothing of them, so the whole keeps them, and generators then meet them too.
 */
function keepRules(whole: Codec<unknown>, parts: readonly AnyCodec[]): Codec<unknown> {
  const rules = parts.flatMap((p) => (p as Codec<unknown>).applied?.rules ?? []);
  if (rules.length === 0) return whole;
  const { applied: _a, untyped: _u, ...base } = whole;
  return {
    ...whole,
    applied: { base: base as Codec<unknown>, rules },
    check(json: unknown, path: string) {
      const r = whole.check(json, path);
      if (!r.ok) return r;
      for (const rule of rules) {
        const why = rule.test(json);
        if (why !== undefined) return fail(why, path, rule.keyword);
      }
      return r;
    },
  } as Codec<unknown>;
}

/** What each `allOf` codec was made of, by its schema (copies that add examples or a description keep it). */
const made = new WeakMap<object, { readonly name: string; readonly parts: readonly Codec<unknown>[] }>();

/** The name and parts an `allOf` codec was made of (what `api-serve import` writes back as source), if it is one. */
export const allOfParts = (codec: Codec<unknown>) => made.get(codec.schema);

/**
 * Every part at once. Objects give one object with all their fields (a field two parts declare
 * must satisfy both), strict unless a part allows extra keys; its schema is `allOf` of the parts
 * with `unevaluatedProperties: false`, JSON Schema 2020-12's way to stay strict across parts.
 * Parts that are not objects must all be scalars of one family (a text with a pattern and a
 * text with a length).
 */
export function allOf<const O extends readonly AnyCodec[]>(name: string, parts: O): Codec<AllOf<O>> {
  if (parts.length === 0) throw new TypeError(`allOf ${name}: give at least one part`);
  if (parts.every((p) => p.kind === 'object')) {
    const objects = parts as unknown as readonly ObjectCodec<unknown>[];
    const props: Record<string, Codec<unknown>> = {};
    for (const o of objects) for (const [k, c] of Object.entries(o.props)) props[k] = props[k] ? field(props[k]!, c) : c;
    const allowExtra = objects.some((o) => o.extra !== false);
    const patterns = objects.flatMap((o) => o.patterns);
    const extra = objects.find((o) => typeof o.extra !== 'boolean')?.extra ?? allowExtra;
    // Decodes the declared fields (each checked by every part that declares it); each part's own
    // patterns, map values and key counts are checked below, over the whole object, as allOf does.
    const merged = object(name, props, { allowExtra: true });
    const rules = objects.map((o) => rulesOf(o.schema));
    const schema = {
      type: 'object', title: name, allOf: objects.map((o) => open(o.schema as Record<string, unknown>)),
      ...(allowExtra ? {} : { unevaluatedProperties: false }),
    };
    const check = (json: unknown, path: string) => {
      const r = merged.check(json, path);
      if (!r.ok) return r;
      const input = json as Record<string, unknown>;
      const out = r.value as Record<string, unknown>;
      for (let i = 0; i < objects.length; i++) {
        for (const rule of rules[i]!) if (!rule.test(input)) return fail(brokeJson(rule, json), path, rule.keyword);
      }
      for (const k of Object.keys(input)) {
        let evaluated = Object.hasOwn(props, k);
        for (const o of objects) {
          const own = Object.hasOwn(o.props, k);
          const matching = o.patterns.filter((p) => p.regex.test(k));
          // A part's map schema covers the keys that part neither declares nor matches by pattern.
          const codecs = own ? matching.map((p) => p.codec) : matching.length > 0 ? matching.map((p) => p.codec) : typeof o.extra === 'boolean' ? [] : [o.extra];
          if (own && input[k] === null && o.props[k]!.kind === 'optional') continue;
          for (const c of codecs) {
            const q = c.check(input[k], pathOf(path, k));
            if (!q.ok) return q;
            if (!own && !Object.hasOwn(props, k)) out[k] = q.value;
          }
          evaluated ||= codecs.length > 0;
        }
        if (!evaluated && !allowExtra) return fail(`unexpected key ${JSON.stringify(k)} (${name} has ${Object.keys(props).join(', ')})`, path, 'unevaluatedProperties');
      }
      return ok(out);
    };
    made.set(schema, { name, parts });
    return keepRules({ ...merged, extra, patterns, schema, check } as Codec<unknown>, parts) as unknown as Codec<AllOf<O>>;
  }
  if (parts.every((p) => p.kind === 'scalar')) {
    const joined = (parts as readonly Codec<unknown>[]).reduce((a, b) => both(a, b));
    // The type the parts agree on stays at the top, so the whole is known as a number (or text) as each part is.
    const types = new Set(parts.map((p) => (p as ScalarCodec<unknown>).schema.type));
    const type = types.size === 1 ? [...types][0] : types.size === 2 && types.has('integer') && types.has('number') ? 'integer' : undefined;
    const schema = { title: name, ...(type === undefined ? {} : { type }), allOf: parts.map((p) => p.schema) };
    made.set(schema, { name, parts });
    return keepRules({ ...(joined as ScalarCodec<unknown>), label: name, schema, applied: undefined } as Codec<unknown>, parts) as unknown as Codec<AllOf<O>>;
  }
  if (parts.every((p) => p.kind === 'array')) {
    // Lists: one list of items meeting every part's item, within the tightest bounds.
    const merged = (parts as readonly ArrayCodec<unknown>[]).reduce((a, b) => list(a, b) as ArrayCodec<unknown>);
    const schema = { ...merged.schema };
    made.set(schema, { name, parts });
    return keepRules({ ...merged, schema } as Codec<unknown>, parts) as unknown as Codec<AllOf<O>>;
  }
  throw new TypeError(`allOf ${name}: the parts must be all objects, all lists or all scalars (got ${parts.map((p) => p.kind).join(', ')})`);
}

