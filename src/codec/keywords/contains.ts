// `contains` with `minContains`/`maxContains`: how many items of a list meet the subschema (at
// least one unless minContains says otherwise). Generators add matching items to a list short of them.
import { type Keyword, compiledMatch, labelOf, matcher, schemaOf } from './applied.js';

const count = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

export const contains: Keyword = {
  keys: ['contains', 'minContains', 'maxContains'],
  family: 'array',
  read(schema, sub) {
    if (!Object.hasOwn(schema, 'contains')) return undefined;
    const m = matcher(schema.contains, () => sub(schema.contains, 'contains'));
    const min = typeof schema.minContains === 'number' ? schema.minContains : 1;
    const max = typeof schema.maxContains === 'number' ? schema.maxContains : undefined;
    const what = labelOf(schema.contains, m);
    return {
      keyword: 'contains',
      schema: {
        contains: schemaOf(schema.contains, m),
        ...(typeof schema.minContains === 'number' ? { minContains: min } : {}),
        ...(max === undefined ? {} : { maxContains: max }),
      },
      test(v) {
        if (!Array.isArray(v)) return undefined;
        let n = 0;
        for (const item of v) if (m.test(item)) n++;
        if (n < min) return `must contain at least ${count(min)} of ${what} (${min === 1 && schema.minContains === undefined ? 'contains' : `minContains ${min}`})`;
        if (max !== undefined && n > max) return `must contain at most ${count(max)} of ${what} (maxContains ${max})`;
        return undefined;
      },
      fix(v, sample) {
        if (!Array.isArray(v) || m.codec === undefined) return v;
        const item = sample(m.codec);
        const have = v.filter((x) => m.test(x)).length;
        return [...v, ...Array.from({ length: Math.max(0, min - have) }, () => structuredClone(item))];
      },
      // The items it matched, however many it asked for.
      evaluated: (v) => ({ keys: new Set(), items: Array.isArray(v) ? new Set(v.flatMap((x, i) => (m.test(x) ? [i] : []))) : new Set() }),
      compile(c) {
        const t = compiledMatch(m, c);
        return {
          test(v) {
            if (!Array.isArray(v)) return true;
            let n = 0;
            for (let i = 0; i < v.length; i++) {
              if (!t(v[i])) continue;
              n++;
              // Enough, and no most to exceed: the rest cannot change the answer.
              if (max === undefined && n >= min) return true;
            }
            return n >= min && (max === undefined || n <= max);
          },
          evaluated(v, into) {
            if (Array.isArray(v)) into.items.push(t);
          },
        };
      },
    };
  },
};
