// Which keys and items of a value a codec's keywords evaluated: JSON Schema 2020-12's annotations
// that `unevaluatedProperties` and `unevaluatedItems` read (what the value's validating subschemas
// at its own place covered: properties, patterns, items, valid union options, `if`, `$ref`s...).
import type { Codec } from '../types.js';
import { unsaid } from '../structured.js';
import { allOfParts } from '../intersection.js';
import { familyOfCodec, familyOfValue } from '../untyped.js';

/** The keys and item positions evaluated; `all` when a keyword covered every one. */
export interface Evaluated {
  readonly keys: ReadonlySet<string> | 'all';
  readonly items: ReadonlySet<number> | 'all';
}

export const NOTHING: Evaluated = { keys: new Set(), items: new Set() };
export const EVERYTHING: Evaluated = { keys: 'all', items: 'all' };


/** Both sets of annotations, as JSON Schema merges the annotations of several subschemas. */
export function merge(a: Evaluated, b: Evaluated): Evaluated {
  const join = <T>(x: ReadonlySet<T> | 'all', y: ReadonlySet<T> | 'all'): ReadonlySet<T> | 'all' =>
    (x === 'all' || y === 'all' ? 'all' : y.size === 0 ? x : x.size === 0 ? y : new Set([...x, ...y]));
  return { keys: join(a.keys, b.keys), items: join(a.items, b.items) };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What `codec`'s keywords evaluated of `value`, a value `codec` accepts (annotations come from
 * subschemas that hold; a union option counts only when it accepts the value).
 */
export function evaluated(codec: Codec<unknown>, value: unknown): Evaluated {
  // A `$ref` cycle back to the same place (`allOf: [{ $ref: '#' }]`) adds nothing the first visit did not.
  const seen = new Set<Codec<unknown>>();
  const walk = (c: Codec<unknown>): Evaluated => {
    if (seen.has(c)) return NOTHING;
    seen.add(c);
    if (c.applied !== undefined) {
      return c.applied.rules.reduce((acc, r) => (r.evaluated === undefined ? acc : merge(acc, r.evaluated(value, walk))), walk(c.applied.base));
    }
    if (c.untyped !== undefined) {
      const family = familyOfValue(value);
      const match = [c.untyped.base, ...c.untyped.others].find((o) => familyOfCodec(o as Codec<unknown>) === family);
      return match === undefined ? NOTHING : walk(match as Codec<unknown>);
    }
    // An `allOf` merged into one codec: every part held, so what each evaluated counts.
    const parts = allOfParts(c)?.parts;
    if (parts !== undefined) return parts.reduce((acc, p) => merge(acc, walk(p)), NOTHING);
    return own(c, value, walk);
  };
  return walk(codec);
}

/** What a codec evaluates by its kind; subschemas at the same place go through `walk`. */
function own(c: Codec<unknown>, value: unknown, walk: (c: Codec<unknown>) => Evaluated): Evaluated {
  switch (c.kind) {
    case 'object': {
      if (!isObj(value)) return NOTHING;
      // decided: an object open only because `additionalProperties` was not said evaluates no other
      // key (docs/decisions.md "Codecs"); a said `true` or schema evaluates them all.
      const extra = c.extra !== false && c.extra !== unsaid;
      const declared = (k: string) => Object.hasOwn(c.props, k);
      const keys = Object.keys(value).filter((k) => (declared(k) && c.props[k] !== unsaid) || c.patterns.some((p) => p.regex.test(k)) || (!declared(k) && extra));
      return { keys: new Set(keys), items: new Set() };
    }
    case 'array':
      return Array.isArray(value) && c.item !== unsaid ? { keys: new Set(), items: 'all' } : NOTHING;
    case 'tuple': {
      if (!Array.isArray(value)) return NOTHING;
      if (c.rest !== false && c.rest !== unsaid) return { keys: new Set(), items: 'all' };
      return { keys: new Set(), items: new Set(Array.from({ length: Math.min(value.length, c.items.length) }, (_, i) => i)) };
    }
    case 'union': {
      // With a discriminator, the option its value names is the one that validated.
      const d = c.discriminator;
      const named = d !== undefined && isObj(value) ? value[d.property] : undefined;
      const i = d !== undefined && typeof named === 'string' && Object.hasOwn(d.mapping, named) ? d.mapping[named] : undefined;
      const options = d === undefined ? c.options : i === undefined ? [] : [c.options[i]!];
      return options.filter((o) => o.check(value, '$').ok).reduce((acc, o) => merge(acc, walk(o)), NOTHING);
    }
    case 'optional': return walk(c.inner);
    case 'nullable': return value === null ? NOTHING : walk(c.inner);
    case 'lazy': return walk(c.target());
    case 'scalar': case 'json': case 'bytes': return NOTHING;
  }
}
