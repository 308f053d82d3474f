// `pattern`: a string the regular expression matches somewhere (unanchored, JSON Schema's rule);
// one that is not a regular expression, or cannot run in linear time, is refused when the surface loads.
import { type RuleKeyword, ruleOf } from './rule-keyword.js';
import { compilePattern, patternProblem } from '../pattern.js';

export const pattern: RuleKeyword = {
  name: 'pattern',
  family: 'string',
  rule(schema) {
    if (typeof schema.pattern !== 'string') return undefined;
    const re = compilePattern(schema.pattern);
    // Until the surface loads and refuses it, an invalid or backtracking pattern matches nothing.
    return ruleOf('pattern', `must match /${schema.pattern}/`, re === undefined ? () => false : (v: string) => re.test(v));
  },
  problem: (schema) => (typeof schema.pattern === 'string' ? patternProblem(schema.pattern) : undefined),
  diff: 'restriction',
  miss: {
    has: (leaf) => leaf.patterns.length > 0,
    candidates(leaf, value, draws) {
      const s = String(value);
      return ['', ' ', 'x', '0', '!', `${s}!`, `!${s}`, `${s} `, s.toUpperCase(), s.toLowerCase(), `${s}${s}`,
        ...draws.strings(leaf.minLength ?? 0, leaf.maxLength ?? (leaf.minLength ?? 0) + 8)];
    },
    broken: (leaf) => `pattern ${leaf.patterns.join(' and ')}`,
  },
};
