// Intersections (JSON Schema `allOf`): objects merge into one object of all their fields; other
// codecs (constrained texts or numbers) must each accept the value.
import type { Codec, ObjectCodec, ScalarCodec } from './types.js';
import { object } from './structured.js';

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type AllOf<O extends readonly Codec<any>[]> = UnionToIntersection<{ [K in keyof O]: O[K] extends Codec<infer T> ? T : never }[number]>;

/** The schema of an object part without its own `additionalProperties: false`, which `allOf` would make unsatisfiable. */
function open(schema: Record<string, unknown>): Record<string, unknown> {
  const { additionalProperties, ...rest } = schema;
  return additionalProperties === false ? rest : schema;
}

/** Both codecs must accept the value; the first one's decoded value is kept. */
function both(a: Codec<unknown>, b: Codec<unknown>): Codec<unknown> {
  return {
    kind: 'scalar', label: a.label, schema: { allOf: [a.schema, b.schema] }, examples: [],
    parseText: (raw) => { const r = a.parseText(raw); return r.ok ? (b.parseText(raw).ok ? r : b.parseText(raw)) : r; },
    formatText: (v) => a.formatText(v),
    check: (json, path) => { const r = a.check(json, path); if (!r.ok) return r; const s = b.check(json, path); return s.ok ? r : s; },
  };
}

/**
 * Every part at once. Objects give one object with all their fields (a field two parts declare
 * must satisfy both), strict unless a part allows extra keys; its schema is `allOf` of the parts
 * with `unevaluatedProperties: false`, JSON Schema 2020-12's way to stay strict across parts.
 * Parts that are not objects must all be scalars of one family (a text with a pattern and a
 * text with a length).
 */
export function allOf<const O extends readonly Codec<any>[]>(name: string, parts: O): Codec<AllOf<O>> {
  if (parts.length === 0) throw new TypeError(`allOf ${name}: give at least one part`);
  if (parts.every((p) => p.kind === 'object')) {
    const objects = parts as unknown as readonly ObjectCodec<unknown>[];
    const props: Record<string, Codec<unknown>> = {};
    for (const o of objects) for (const [k, c] of Object.entries(o.props)) props[k] = props[k] ? both(props[k]!, c) : c;
    const allowExtra = objects.some((o) => o.extra !== false);
    const merged = object(name, props, { allowExtra });
    const schema = {
      type: 'object', title: name, allOf: objects.map((o) => open(o.schema as Record<string, unknown>)),
      ...(allowExtra ? {} : { unevaluatedProperties: false }),
    };
    return { ...merged, schema } as unknown as Codec<AllOf<O>>;
  }
  if (parts.every((p) => p.kind === 'scalar')) {
    const joined = (parts as readonly Codec<unknown>[]).reduce((a, b) => both(a, b));
    return { ...(joined as ScalarCodec<unknown>), label: name, schema: { title: name, allOf: parts.map((p) => p.schema) } } as unknown as Codec<AllOf<O>>;
  }
  throw new TypeError(`allOf ${name}: the parts must be all objects or all scalars (got ${parts.map((p) => p.kind).join(', ')})`);
}

