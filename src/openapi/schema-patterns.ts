// What the importer says of a schema's `pattern`: one that is no ECMAScript regular expression or
// that the linear-time matcher cannot run (refused unless --lenient), and one valid only outside
// ECMAScript's Unicode mode (honoured as ECMAScript reads it there, or its bare script names as
// scripts, said once).
import { compilePattern } from '../codec/constraints.js';
import { legacyReading, patternProblem } from '../codec/pattern.js';

// decided: docs/openapi-in.md "Patterns".
export const LEGACY_PATTERN = (p: string): string => {
  const reading = legacyReading(p) ?? { annexB: true, scripts: [], anchors: [] };
  const head = `${JSON.stringify(p)} is an ECMAScript regular expression only without the u flag`;
  const annexB = ' (an escaped punctuation character, a brace that is no count, or a dash beside a class escape in a class); matched as ECMAScript matches it there, each such character standing for itself';
  return [`${head}${reading.annexB ? annexB : ''}`, scriptsRead(reading.scripts), anchorsRead(reading.anchors)].filter((c) => c !== undefined).join('; ');
};

/** The clause on bare script names read as scripts (pattern-script-names.ts). */
function scriptsRead(read: readonly string[]): string | undefined {
  const scripts = [...new Set(read)];
  const [first] = scripts;
  if (first === undefined) return undefined;
  const them = scripts.length === 1 ? 'it' : 'them';
  return `${scripts.join(', ')} read as ${scripts.length === 1 ? 'a script' : 'scripts'} (${scripts.map((s) => `${s.slice(0, 3)}Script=${s.slice(3)}`).join(', ')}) as RE2, PCRE, Java and Perl read ${them}; ECMAScript without the u flag would read ${them} as letters (${first} as ${JSON.stringify(first.slice(1))})`;
}

/** The clause on text anchors read as `^` and `$` (pattern-text-anchors.ts). */
function anchorsRead(read: readonly string[]): string | undefined {
  const anchors = [...new Set(read)];
  if (anchors.length === 0) return undefined;
  const them = anchors.length === 1 ? 'it' : 'them';
  return `${anchors.join(' and ')} read as the ${anchors.map((a) => (a === '\\A' ? 'start' : 'end')).join(' and ')} of the text (${anchors.map((a) => (a === '\\A' ? '^' : '$')).join(' and ')}) as PCRE, Java, Perl, Python and Ruby read ${them}; ECMAScript without the u flag would read ${them} as ${anchors.length === 1 ? 'a letter' : 'letters'}`;
}

/** Why a pattern cannot be checked (not a regular expression, a lookahead past the start, a backreference), or undefined. */
export function unusablePattern(pattern: string): string | undefined {
  return compilePattern(pattern) === undefined ? `${JSON.stringify(pattern)} is not an ECMAScript regular expression` : patternProblem(pattern);
}
