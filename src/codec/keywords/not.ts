// `not`: the value must not meet the subschema.
import { type Keyword, compiledMatch, labelOf, matcher, schemaOf } from './applied.js';

export const not: Keyword = {
  keys: ['not'],
  read(schema, sub) {
    if (!Object.hasOwn(schema, 'not')) return undefined;
    const m = matcher(schema.not, () => sub(schema.not, 'not'));
    return {
      keyword: 'not',
      schema: { not: schemaOf(schema.not, m) },
      test: (v) => (m.test(v) ? `must not be ${labelOf(schema.not, m)} (not)` : undefined),
      compile(c) {
        const t = compiledMatch(m, c);
        return { test: (v) => !t(v) };
      },
    };
  },
};
