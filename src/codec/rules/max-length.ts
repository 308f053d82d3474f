// `maxLength`: a string of at most so many code points.
import { type RuleKeyword, belowLower, brokenValue, numberAt, plural, ruleOf } from './rule-keyword.js';
import { codePoints } from './code-points.js';

export const maxLength: RuleKeyword = {
  name: 'maxLength',
  family: 'string',
  rule(schema) {
    const n = numberAt(schema, 'maxLength');
    return n === undefined ? undefined : ruleOf('maxLength', `must be at most ${plural(n, 'character')} long`, (v: string) => v.length <= n || codePoints(v) <= n, n);
  },
  contradictions: belowLower('maxLength', [['minLength', false]]),
  count: true,
  diff: 'upper',
  miss: {
    has: (leaf) => leaf.maxLength !== undefined,
    candidates(leaf, value, draws) {
      const s = String(value);
      const n = leaf.maxLength!;
      const extra = Math.max(1, n + 1 - [...s].length);
      return [s + 'x'.repeat(extra), s + s.slice(-1).repeat(extra), s.repeat(n + 1), ...draws.leafDraws({ ...leaf, maxLength: undefined, minLength: n + 1 })];
    },
    broken: brokenValue('maxLength'),
  },
};
