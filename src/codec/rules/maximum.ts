// `maximum`: a number at most the bound; it contradicts a minimum above it, or an
// exclusiveMinimum at or above it.
import { type RuleKeyword, belowLower, brokenValue, numberAt, ruleOf } from './rule-keyword.js';
import { pastBound } from './near-bound.js';

export const maximum: RuleKeyword = {
  name: 'maximum',
  family: 'number',
  rule(schema) {
    const max = numberAt(schema, 'maximum');
    return max === undefined ? undefined : ruleOf('maximum', `must be at most ${max}`, (v: number) => v <= max, max);
  },
  contradictions: belowLower('maximum', [['minimum', false], ['exclusiveMinimum', true]]),
  diff: 'upper',
  miss: {
    has: (leaf) => leaf.maximum !== undefined,
    candidates: (leaf) => pastBound(leaf, leaf.maximum!, 1),
    broken: brokenValue('maximum'),
  },
};
