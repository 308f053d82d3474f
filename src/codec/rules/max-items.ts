// `maxItems`: a list of at most so many items (its near misses need the items' codec: near-miss.ts).
import { type RuleKeyword, belowLower, numberAt, plural, ruleOf } from './rule-keyword.js';

export const maxItems: RuleKeyword = {
  name: 'maxItems',
  family: 'array',
  rule(schema) {
    const n = numberAt(schema, 'maxItems');
    return n === undefined ? undefined : ruleOf('maxItems', `must have at most ${plural(n, 'item')}`, (v: unknown[]) => v.length <= n, n);
  },
  contradictions: belowLower('maxItems', [['minItems', false]]),
  count: true,
  diff: 'upper',
};
