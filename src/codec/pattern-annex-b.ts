// A pattern that is an ECMAScript regular expression only outside Unicode mode (its Annex B
// syntax: `\_`, `\"`, `\%`, a brace that is no count as in `[a-z]{1-70}`), rewritten in Unicode
// mode with the meaning ECMAScript gives it without the `u` flag: each such character is itself.
// decided: docs/openapi-in.md "Patterns" (read as a browser reads it, with a warning, never refused).

/** The characters Unicode mode lets a backslash escape (SyntaxCharacter and `/`); `-` inside a class too. */
const ESCAPABLE = new Set(['^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/']);

/** A count (`{2}`, `{2,}`, `{2,5}`) at the start of `rest`: its text, or undefined when the brace is no count. */
const count = (rest: string): string | undefined => /^\{\d+(?:,\d*)?\}/.exec(rest)?.[0];

/** One character written so that Unicode mode reads it as itself. */
const itself = (ch: string, inClass: boolean): string => (ESCAPABLE.has(ch) || (inClass && ch === '-') ? `\\${ch}` : ch);

/**
 * The Unicode-mode source meaning what `new RegExp(source)` means, for a source Unicode mode
 * refuses only for identity escapes of punctuation and for braces and brackets that stand for
 * themselves; undefined for anything else (an escaped letter or digit Unicode mode lacks, a class
 * range from a class escape), which stays refused.
 */
export function unicodeModeSource(source: string): string | undefined {
  try {
    // eslint-disable-next-line no-new -- a syntax check: a pattern ECMAScript refuses in any mode stays refused
    new RegExp(source);
  } catch {
    return undefined;
  }
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const n = source[i + 1];
      if (n === undefined) return undefined;
      i++;
      const code = n.charCodeAt(0);
      // Letters and digits keep their escape (`\d`, `\u0041`): Unicode mode judges them below.
      if (/[A-Za-z0-9]/.test(n) || (code >= 0xd800 && code <= 0xdfff)) out += `\\${n}`;
      else out += itself(n, inClass);
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      // A `]` right after `[` or `[^` closes an empty class in ECMAScript: copied as it is.
      continue;
    }
    if (c === '{') {
      const q = count(source.slice(i));
      if (q !== undefined) {
        out += q;
        i += q.length - 1;
      } else out += '\\{';
      continue;
    }
    out += c === '}' || c === ']' ? `\\${c}` : c;
  }
  try {
    // eslint-disable-next-line no-new -- the rewrite must be a Unicode-mode pattern, or the pattern stays refused
    new RegExp(out, 'u');
  } catch {
    return undefined;
  }
  return out;
}
