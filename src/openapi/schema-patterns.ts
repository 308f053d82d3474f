// What the importer says of a schema's `pattern`: one that is no ECMAScript regular expression or
// that the linear-time matcher cannot run (refused unless --lenient), and one valid only outside
// ECMAScript's Unicode mode (honoured as ECMAScript reads it there, or its bare script names as
// scripts, said once).
import { compilePattern } from '../codec/constraints.js';
import { legacyReading, patternProblem } from '../codec/pattern.js';

// decided: docs/openapi-in.md "Patterns".
export const LEGACY_PATTERN = (p: string): string => {
  const reading = legacyReading(p) ?? { annexB: true, scripts: [] };
  const scripts = [...new Set(reading.scripts)];
  const [first] = scripts;
  const them = scripts.length === 1 ? 'it' : 'them';
  const asScripts = `${scripts.join(', ')} read as ${scripts.length === 1 ? 'a script' : 'scripts'} (${scripts.map((s) => `${s.slice(0, 3)}Script=${s.slice(3)}`).join(', ')}) as RE2, PCRE, Java and Perl read ${them}; ECMAScript without the u flag would read ${them} as letters (${first} as ${JSON.stringify(first?.slice(1))})`;
  if (!reading.annexB) return `${JSON.stringify(p)} is an ECMAScript regular expression only without the u flag; ${asScripts}`;
  const annexB = `${JSON.stringify(p)} is an ECMAScript regular expression only without the u flag (an escaped punctuation character, a brace that is no count, or a dash beside a class escape in a class); matched as ECMAScript matches it there, each such character standing for itself`;
  return scripts.length === 0 ? annexB : `${annexB}; ${asScripts}`;
};

/** Why a pattern cannot be checked (not a regular expression, a lookahead past the start, a backreference), or undefined. */
export function unusablePattern(pattern: string): string | undefined {
  return compilePattern(pattern) === undefined ? `${JSON.stringify(pattern)} is not an ECMAScript regular expression` : patternProblem(pattern);
}
