// A pattern that is an ECMAScript regular expression only outside Unicode mode (its Annex B
// syntax: `\_`, `\"`, `\%`, a brace that is no count as in `[a-z]{1-70}`, a class range from a
// class escape as in `[\w-\.]`), rewritten in Unicode mode with the meaning ECMAScript gives it
// without the `u` flag: each such character is itself.
// decided: docs/openapi-in.md "Patterns" (read as a browser reads it, with a warning, never refused).

/** The characters Unicode mode lets a backslash escape (SyntaxCharacter and `/`); `-` inside a class too. */
const ESCAPABLE = new Set(['^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/']);

/** A count (`{2}`, `{2,}`, `{2,5}`) at the start of `rest`: its text, or undefined when the brace is no count. */
const count = (rest: string): string | undefined => /^\{\d+(?:,\d*)?\}/.exec(rest)?.[0];

/** The class escapes that stand for sets: a dash beside one makes no range (Annex B's CharacterRangeOrUnion). */
const CLASS_ESCAPES = 'dDsSwW';

/** One class atom at `i` (after `[`), as Unicode mode writes it; `set`: a class escape. */
interface ClassAtom { readonly text: string; readonly end: number; readonly set: boolean }

/** One character written so that Unicode mode reads it as itself. */
const itself = (ch: string, inClass: boolean): string => (ESCAPABLE.has(ch) || (inClass && ch === '-') ? `\\${ch}` : ch);

/**
 * The Unicode-mode source meaning what `new RegExp(source)` means, for a source Unicode mode
 * refuses only for identity escapes of punctuation and for braces and brackets that stand for
 * themselves, and for a dash beside a class escape in a class (`[\w-\.]` is `\w`, `-` and `.`);
 * undefined for anything else (an escaped letter or digit Unicode mode lacks), which stays refused.
 * `properties`: property escapes (`\p{Script=Han}`, pattern-script-names.ts) are kept as such,
 * not read as the letters `p{...}`.
 */
export function unicodeModeSource(source: string, properties = false): string | undefined {
  try {
    // eslint-disable-next-line no-new -- a syntax check: a pattern ECMAScript refuses in any mode stays refused
    new RegExp(source);
  } catch {
    return undefined;
  }
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const n = source[i + 1];
      if (n === undefined) return undefined;
      const property = properties ? /^\\[pP]\{[\w=]+\}/.exec(source.slice(i))?.[0] : undefined;
      if (property !== undefined) {
        out += property;
        i += property.length - 1;
        continue;
      }
      i++;
      const code = n.charCodeAt(0);
      // Letters and digits keep their escape (`\d`, `\u0041`): Unicode mode judges them below.
      if (/[A-Za-z0-9]/.test(n) || (code >= 0xd800 && code <= 0xdfff)) out += `\\${n}`;
      else out += itself(n, false);
      continue;
    }
    if (c === '[') {
      const cls = charClass(source, i + 1, properties);
      if (cls === undefined) return undefined;
      out += cls.text;
      i = cls.end - 1;
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

/** The atom at `i` inside a class: an escape (its letters and digits kept for Unicode mode to judge) or one unit. */
function classAtom(source: string, i: number, properties: boolean): ClassAtom | undefined {
  const c = source[i]!;
  if (c !== '\\') return { text: c === '-' ? '\\-' : c, end: i + 1, set: false };
  const n = source[i + 1];
  if (n === undefined) return undefined;
  const property = properties ? /^\\[pP]\{[\w=]+\}/.exec(source.slice(i))?.[0] : undefined;
  if (property !== undefined) return { text: property, end: i + property.length, set: true };
  // Escapes longer than two characters are one atom, so a dash after them is seen where it is.
  const long = /^\\(?:u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[A-Za-z])/.exec(source.slice(i))?.[0];
  if (long !== undefined) return { text: long, end: i + long.length, set: false };
  const code = n.charCodeAt(0);
  const kept = /[A-Za-z0-9]/.test(n) || (code >= 0xd800 && code <= 0xdfff);
  return { text: kept ? `\\${n}` : itself(n, true), end: i + 2, set: CLASS_ESCAPES.includes(n) };
}

/**
 * A class from `i` (after its `[`) to past its `]`, in Unicode mode: each dash that makes no range
 * (beside a class escape, or no range at all) escaped, so Unicode mode reads it as itself.
 */
function charClass(source: string, i: number, properties: boolean): { text: string; end: number } | undefined {
  let text = '[';
  if (source[i] === '^') { text += '^'; i++; }
  // A `]` right after `[` or `[^` closes an empty class in ECMAScript.
  while (source[i] !== ']') {
    if (i >= source.length) return undefined;
    const a = classAtom(source, i, properties);
    if (a === undefined) return undefined;
    i = a.end;
    if (source[i] === '-' && source[i + 1] !== ']' && i + 1 < source.length) {
      const b = classAtom(source, i + 1, properties);
      if (b === undefined) return undefined;
      i = b.end;
      // Without the u flag a class escape at either end makes the union of both ends and `-`.
      text += `${a.text}${a.set || b.set ? '\\-' : '-'}${b.text}`;
    } else text += a.text;
  }
  return { text: `${text}]`, end: i + 1 };
}
