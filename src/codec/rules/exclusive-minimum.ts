// `exclusiveMinimum` (the number form of JSON Schema 2019+): a number greater than the bound.
import { type RuleKeyword, brokenValue, numberAt, ruleOf } from './rule-keyword.js';
import { pastBound } from './near-bound.js';

export const exclusiveMinimum: RuleKeyword = {
  name: 'exclusiveMinimum',
  family: 'number',
  rule(schema) {
    const xmin = numberAt(schema, 'exclusiveMinimum');
    return xmin === undefined ? undefined : ruleOf('exclusiveMinimum', `must be greater than ${xmin}`, (v: number) => v > xmin, xmin);
  },
  diff: 'lower',
  miss: {
    has: (leaf) => leaf.exclusiveMinimum !== undefined,
    // The bound itself breaks it first.
    candidates: (leaf) => [leaf.exclusiveMinimum!, ...pastBound(leaf, leaf.exclusiveMinimum!, -1)],
    broken: brokenValue('exclusiveMinimum'),
  },
};
