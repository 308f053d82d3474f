// `propertyNames`: every key of an object must meet the subschema (as a string value).
import { type Keyword, compiledMatch, labelOf, matcher, schemaOf } from './applied.js';

export const propertyNames: Keyword = {
  keys: ['propertyNames'],
  family: 'object',
  read(schema, sub) {
    if (!Object.hasOwn(schema, 'propertyNames')) return undefined;
    const m = matcher(schema.propertyNames, () => sub(schema.propertyNames, 'propertyNames'));
    return {
      keyword: 'propertyNames',
      schema: { propertyNames: schemaOf(schema.propertyNames, m) },
      test(v) {
        if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
        const bad = Object.keys(v).find((k) => !m.test(k));
        return bad === undefined ? undefined : `key ${JSON.stringify(bad)} must be ${labelOf(schema.propertyNames, m)} (propertyNames)`;
      },
      // Keys the names refuse are left out (a required one leaves the value invalid, and it is drawn again).
      compile(c) {
        const t = compiledMatch(m, c);
        return {
          test(v) {
            if (v === null || typeof v !== 'object' || Array.isArray(v)) return true;
            for (const k in v) if (Object.hasOwn(v, k) && !t(k)) return false;
            return true;
          },
        };
      },
      fix: (v) => (v === null || typeof v !== 'object' || Array.isArray(v) ? v : Object.fromEntries(Object.entries(v).filter(([k]) => m.test(k)))),
    };
  },
};
