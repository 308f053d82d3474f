// What the importer says of a schema's `pattern`: one that is no ECMAScript regular expression or
// that the linear-time matcher cannot run (refused unless --lenient), and one valid only outside
// ECMAScript's Unicode mode (honoured as ECMAScript reads it there, said once).
import { compilePattern } from '../codec/constraints.js';
import { patternProblem } from '../codec/pattern.js';

// decided: docs/openapi-in.md "Patterns".
export const LEGACY_PATTERN = (p: string): string => `${JSON.stringify(p)} is an ECMAScript regular expression only without the u flag (an escaped punctuation character, or a brace that is no count); matched as ECMAScript matches it there, each such character standing for itself`;

/** Why a pattern cannot be checked (not a regular expression, a lookahead past the start, a backreference), or undefined. */
export function unusablePattern(pattern: string): string | undefined {
  return compilePattern(pattern) === undefined ? `${JSON.stringify(pattern)} is not an ECMAScript regular expression` : patternProblem(pattern);
}
