// `minimum`: a number at least the bound.
import { type RuleKeyword, brokenValue, numberAt, ruleOf } from './rule-keyword.js';
import { pastBound } from './near-bound.js';

export const minimum: RuleKeyword = {
  name: 'minimum',
  family: 'number',
  rule(schema) {
    const min = numberAt(schema, 'minimum');
    return min === undefined ? undefined : ruleOf('minimum', `must be at least ${min}`, (v: number) => v >= min, min);
  },
  diff: 'lower',
  miss: {
    has: (leaf) => leaf.minimum !== undefined,
    candidates: (leaf) => pastBound(leaf, leaf.minimum!, -1),
    broken: brokenValue('minimum'),
  },
};
