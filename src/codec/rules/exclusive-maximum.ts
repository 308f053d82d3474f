// `exclusiveMaximum` (the number form of JSON Schema 2019+): a number less than the bound; it
// contradicts a minimum or an exclusiveMinimum at or above it.
import { type RuleKeyword, belowLower, brokenValue, numberAt, ruleOf } from './rule-keyword.js';
import { pastBound } from './near-bound.js';

export const exclusiveMaximum: RuleKeyword = {
  name: 'exclusiveMaximum',
  family: 'number',
  rule(schema) {
    const xmax = numberAt(schema, 'exclusiveMaximum');
    return xmax === undefined ? undefined : ruleOf('exclusiveMaximum', `must be less than ${xmax}`, (v: number) => v < xmax, xmax);
  },
  contradictions: belowLower('exclusiveMaximum', [['minimum', true], ['exclusiveMinimum', true]]),
  diff: 'upper',
  miss: {
    has: (leaf) => leaf.exclusiveMaximum !== undefined,
    // The bound itself breaks it first.
    candidates: (leaf) => [leaf.exclusiveMaximum!, ...pastBound(leaf, leaf.exclusiveMaximum!, 1)],
    broken: brokenValue('exclusiveMaximum'),
  },
};
