// `unevaluatedProperties`: the keys no other keyword of the schema evaluated (its properties,
// patterns, additionalProperties, and those of its passing allOf/anyOf/oneOf/if/then/else/$ref
// subschemas) must meet the subschema. Generators leave out such keys that do not.
import { type Keyword, compiledMatch, coverage, coverageOf, labelOf, matcher, schemaOf } from './applied.js';
import { EVERYTHING, NOTHING, evaluated } from './evaluated.js';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const unevaluatedProperties: Keyword = {
  keys: ['unevaluatedProperties'],
  family: 'object',
  read(schema, sub, codec) {
    if (!Object.hasOwn(schema, 'unevaluatedProperties')) return undefined;
    const given = schema.unevaluatedProperties;
    const m = matcher(given, () => sub(given, 'unevaluatedProperties'));
    /**
     * The keys of an object its other keywords did not evaluate, whose values the subschema
     * refuses (the first alone when `every` is false: a test's message names no other).
     */
    const covered = coverageOf(codec);
    const refused = (v: Record<string, unknown>, every = true): string[] => {
      const into = covered(v);
      if (into !== undefined) {
        const out: string[] = [];
        if (into.all) return out;
        const { keys } = into;
        next: for (const k of Object.keys(v)) {
          for (let j = 0; j < keys.length; j++) if (keys[j]!(k)) continue next;
          if (m.test(v[k])) continue;
          out.push(k);
          if (!every) break;
        }
        return out;
      }
      const seen = evaluated(codec, v).keys;
      return seen === 'all' ? [] : Object.keys(v).filter((k) => !seen.has(k) && !m.test(v[k]));
    };
    return {
      keyword: 'unevaluatedProperties',
      schema: { unevaluatedProperties: schemaOf(given, m) },
      test(v) {
        if (!isObj(v)) return undefined;
        const [bad] = refused(v, false);
        if (bad === undefined) return undefined;
        return given === false
          ? `unexpected key ${JSON.stringify(bad)}: no keyword of the schema declares it (unevaluatedProperties: false)`
          : `key ${JSON.stringify(bad)}, which no keyword of the schema declares, must be ${labelOf(given, m)} (unevaluatedProperties)`;
      },
      fix(v) {
        if (!isObj(v)) return v;
        const drop = new Set(refused(v));
        return drop.size === 0 ? v : Object.fromEntries(Object.entries(v).filter(([k]) => !drop.has(k)));
      },
      // A key no keyword declares, where none may stand (a key some keyword evaluates is refused by the codec's check and dropped).
      miss: (v) => (given === false && isObj(v) ? { ...v, unevaluated_key: 0 } : undefined),
      // Passing, it has evaluated every key the others left.
      evaluated: (v) => (isObj(v) ? EVERYTHING : NOTHING),
      compile(c) {
        const walk = c.evaluated(codec);
        const t = compiledMatch(m, c);
        return {
          test(v) {
            if (!isObj(v)) return true;
            const into = coverage();
            walk(v, into);
            if (into.all) return true;
            const { keys } = into;
            next: for (const k in v) {
              if (!Object.hasOwn(v, k)) continue;
              for (let j = 0; j < keys.length; j++) if (keys[j]!(k)) continue next;
              if (!t(v[k])) return false;
            }
            return true;
          },
          evaluated(v, into) {
            if (isObj(v)) into.all = true;
          },
        };
      },
    };
  },
};
