// `minProperties`: an object of at least so many keys (its near misses need the object's codec: near-miss.ts).
import { type RuleKeyword, numberAt, plural, ruleOf } from './rule-keyword.js';

export const minProperties: RuleKeyword = {
  name: 'minProperties',
  family: 'object',
  rule(schema) {
    const n = numberAt(schema, 'minProperties');
    return n === undefined ? undefined : ruleOf('minProperties', `must have at least ${plural(n, 'key')}`, (v: object) => Object.keys(v).length >= n, n);
  },
  count: true,
  diff: 'lower',
};
