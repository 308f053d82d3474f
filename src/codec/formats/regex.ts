// `regex`: an ECMA-262 regular expression, read as the `pattern` keyword reads one (Unicode mode).
import type { Format } from './format.js';

/**
 * decided (docs/decisions.md "Formats assert"): a `regex` value is valid when it is a pattern
 * api-serve's `pattern` would take as a regular expression (src/codec/pattern.ts: ECMAScript in
 * Unicode mode; the keyword also honours, with a warning, a pattern valid only outside it, which as
 * a `regex` value is held to Unicode mode, JSON Schema's reading). Whether the linear-time matcher could run it (pattern-syntax.ts refuses lookaround
 * and backreferences) is not asked: those are ECMA-262 all the same. Compiling runs nothing on
 * any input, so a hostile value costs the time to read it.
 */
function isRegex(s: string): boolean {
  try {
    new RegExp(s, 'u');
    return true;
  } catch {
    return false;
  }
}

export const regex: Format = {
  noun: 'a regular expression (ECMA-262)',
  test: isRegex,
  examples: ['^[a-z]+$', '\\d{3}-\\d{4}', '^(?:ab|cd)*$', '[A-Z]\\w*'],
  misses: ['(', '[a-', '*', 'a{2,1}'],
};
