// `unevaluatedItems`: the items no other keyword of the schema evaluated (its prefixItems, items,
// contains, and those of its passing allOf/anyOf/oneOf/if/then/else/$ref subschemas) must meet the
// subschema. Generators cut a list before the first such item that does not.
import { type Keyword, labelOf, matcher, schemaOf } from './applied.js';
import { EVERYTHING, NOTHING, evaluated } from './evaluated.js';

export const unevaluatedItems: Keyword = {
  keys: ['unevaluatedItems'],
  family: 'array',
  read(schema, sub, codec) {
    if (!Object.hasOwn(schema, 'unevaluatedItems')) return undefined;
    const given = schema.unevaluatedItems;
    const m = matcher(given, () => sub(given, 'unevaluatedItems'));
    /** The position of the first item the other keywords did not evaluate and the subschema refuses, or -1. */
    const refused = (v: readonly unknown[]): number => {
      const seen = evaluated(codec, v).items;
      return seen === 'all' ? -1 : v.findIndex((x, i) => !seen.has(i) && !m.test(x));
    };
    return {
      keyword: 'unevaluatedItems',
      schema: { unevaluatedItems: schemaOf(given, m) },
      test(v) {
        if (!Array.isArray(v)) return undefined;
        const i = refused(v);
        if (i < 0) return undefined;
        return given === false
          ? `unexpected item ${i + 1}: no keyword of the schema declares it (unevaluatedItems: false)`
          : `item ${i + 1}, which no keyword of the schema declares, must be ${labelOf(given, m)} (unevaluatedItems)`;
      },
      fix(v) {
        if (!Array.isArray(v)) return v;
        const i = refused(v);
        return i < 0 ? v : v.slice(0, i);
      },
      // One more item, where none may stand.
      miss: (v) => (given === false && Array.isArray(v) ? [...v, 0] : undefined),
      // Passing, it has evaluated every item the others left.
      evaluated: (v) => (Array.isArray(v) ? EVERYTHING : NOTHING),
    };
  },
};
