// `minItems`: a list of at least so many items (its near misses need the items' codec: near-miss.ts).
import { type RuleKeyword, numberAt, plural, ruleOf } from './rule-keyword.js';

export const minItems: RuleKeyword = {
  name: 'minItems',
  family: 'array',
  rule(schema) {
    const n = numberAt(schema, 'minItems');
    return n === undefined ? undefined : ruleOf('minItems', `must have at least ${plural(n, 'item')}`, (v: unknown[]) => v.length >= n, n);
  },
  count: true,
  diff: 'lower',
};
