// `unevaluatedItems`: the items no other keyword of the schema evaluated (its prefixItems, items,
// contains, and those of its passing allOf/anyOf/oneOf/if/then/else/$ref subschemas) must meet the
// subschema. Generators cut a list before the first such item that does not.
import { type Keyword, compiledMatch, coverage, coverageOf, labelOf, matcher, schemaOf } from './applied.js';
import { EVERYTHING, NOTHING, evaluated } from './evaluated.js';

export const unevaluatedItems: Keyword = {
  keys: ['unevaluatedItems'],
  family: 'array',
  read(schema, sub, codec) {
    if (!Object.hasOwn(schema, 'unevaluatedItems')) return undefined;
    const given = schema.unevaluatedItems;
    const m = matcher(given, () => sub(given, 'unevaluatedItems'));
    /** The position of the first item the other keywords did not evaluate and the subschema refuses, or -1. */
    const covered = coverageOf(codec);
    const refused = (v: readonly unknown[]): number => {
      const into = covered(v);
      if (into !== undefined) {
        if (into.all) return -1;
        const { items } = into;
        next: for (let i = into.prefix; i < v.length; i++) {
          const x = v[i];
          for (let j = 0; j < items.length; j++) if (items[j]!(x, i)) continue next;
          if (!m.test(x)) return i;
        }
        return -1;
      }
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
      compile(c) {
        const walk = c.evaluated(codec);
        const t = compiledMatch(m, c);
        return {
          test(v) {
            if (!Array.isArray(v)) return true;
            const into = coverage();
            walk(v, into);
            if (into.all) return true;
            const { items } = into;
            next: for (let i = into.prefix; i < v.length; i++) {
              const x = v[i];
              for (let j = 0; j < items.length; j++) if (items[j]!(x, i)) continue next;
              if (!t(x)) return false;
            }
            return true;
          },
          evaluated(v, into) {
            if (Array.isArray(v)) into.all = true;
          },
        };
      },
    };
  },
};
