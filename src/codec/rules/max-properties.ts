// `maxProperties`: an object of at most so many keys (its near misses need the object's codec: near-miss.ts).
import { type RuleKeyword, belowLower, numberAt, plural, ruleOf } from './rule-keyword.js';

export const maxProperties: RuleKeyword = {
  name: 'maxProperties',
  family: 'object',
  rule(schema) {
    const n = numberAt(schema, 'maxProperties');
    return n === undefined ? undefined : ruleOf('maxProperties', `must have at most ${plural(n, 'key')}`, (v: object) => Object.keys(v).length <= n, n);
  },
  contradictions: belowLower('maxProperties', [['minProperties', false]]),
  count: true,
  diff: 'upper',
};
