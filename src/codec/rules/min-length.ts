// `minLength`: a string of at least so many code points.
import { type RuleKeyword, brokenValue, numberAt, plural, ruleOf } from './rule-keyword.js';
import { codePoints } from './code-points.js';

export const minLength: RuleKeyword = {
  name: 'minLength',
  family: 'string',
  rule(schema) {
    const n = numberAt(schema, 'minLength');
    // UTF-16 units are at least the code points and at most twice them: counting is rarely needed.
    return n === undefined ? undefined : ruleOf('minLength', `must be at least ${plural(n, 'character')} long`, (v: string) => v.length >= n && (v.length >= 2 * n || codePoints(v) >= n), n);
  },
  count: true,
  diff: 'lower',
  miss: {
    has: (leaf) => leaf.minLength !== undefined,
    candidates(leaf, value, draws) {
      const s = [...String(value)];
      const n = leaf.minLength!;
      return [s.slice(0, n - 1).join(''), s.slice(s.length - n + 1).join(''), 'x'.repeat(n - 1), ...draws.leafDraws({ ...leaf, minLength: undefined, maxLength: n - 1 })];
    },
    broken: brokenValue('minLength'),
  },
};
