// An ECMAScript (Unicode mode) pattern rewritten in RE2 syntax with the same meaning, so a schema
// pattern can run on a linear-time matcher; what RE2 cannot express is named, never approximated.

/**
 * The RE2 source, or what the pattern uses that RE2 cannot run: `backtracking` (backreferences,
 * lookaround: no linear-time matcher runs them) or `unsupported` (linear, but RE2 lacks it).
 */
export type Re2Syntax =
  | { readonly ok: true; readonly source: string }
  | { readonly ok: false; readonly why: Refusal; readonly what: string };

export type Refusal = 'backtracking' | 'unsupported';

type Range = readonly [number, number];

const MAX = 0x10ffff;
const hex = (cp: number) => `\\x{${cp.toString(16).toUpperCase()}}`;
const ranges = (rs: readonly Range[]) => rs.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('');

// ECMAScript's \s is WhiteSpace and LineTerminator (Unicode spaces included); RE2's is ASCII only.
const SPACE: readonly Range[] = [[0x9, 0xd], [0x20, 0x20], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a], [0x2028, 0x2029], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff]];
const NOT_SPACE: readonly Range[] = SPACE.flatMap(([a], i) => {
  const from = i === 0 ? 0 : SPACE[i - 1]![1] + 1;
  return from < a ? [[from, a - 1] as Range] : [];
}).concat([[SPACE[SPACE.length - 1]![1] + 1, MAX]]);
// ECMAScript's `.` stops at four line terminators; RE2's only at \n.
const DOT = `[^${hex(0xa)}${hex(0xd)}${hex(0x2028)}${hex(0x2029)}]`;

/** General_Category long names and aliases (ECMAScript accepts them), as RE2's short names. */
const CATEGORIES: Readonly<Record<string, string>> = {
  Other: 'C', Control: 'Cc', cntrl: 'Cc', Format: 'Cf', Unassigned: 'Cn', Private_Use: 'Co', Surrogate: 'Cs',
  Letter: 'L', Cased_Letter: 'LC', Lowercase_Letter: 'Ll', Modifier_Letter: 'Lm', Other_Letter: 'Lo',
  Titlecase_Letter: 'Lt', Uppercase_Letter: 'Lu', Mark: 'M', Combining_Mark: 'M', Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me', Nonspacing_Mark: 'Mn', Number: 'N', Decimal_Number: 'Nd', digit: 'Nd', Letter_Number: 'Nl',
  Other_Number: 'No', Punctuation: 'P', punct: 'P', Connector_Punctuation: 'Pc', Dash_Punctuation: 'Pd',
  Close_Punctuation: 'Pe', Final_Punctuation: 'Pf', Initial_Punctuation: 'Pi', Other_Punctuation: 'Po',
  Open_Punctuation: 'Ps', Symbol: 'S', Currency_Symbol: 'Sc', Modifier_Symbol: 'Sk', Math_Symbol: 'Sm',
  Other_Symbol: 'So', Separator: 'Z', Line_Separator: 'Zl', Paragraph_Separator: 'Zp', Space_Separator: 'Zs',
};

class Refused {
  constructor(readonly why: Refusal, readonly what: string) {}
}

/** One escape's meaning: a single code point, or a set written for inside a class and outside one. */
type Atom = { readonly cp: number } | { readonly inner: string; readonly outer: string };

const set = (inner: string): Atom => ({ inner, outer: `[${inner}]` });

/** A property escape's body (`L`, `Script=Greek`) in RE2's names; RE2 refuses the ones it lacks. */
function property(body: string, negated: boolean): Atom {
  const eq = body.indexOf('=');
  const [key, value] = eq < 0 ? [undefined, body] : [body.slice(0, eq), body.slice(eq + 1)];
  if (key === 'Script_Extensions' || key === 'scx') throw new Refused('unsupported', `\\p{${body}} (Script_Extensions)`);
  if (key === undefined && value === 'ASCII') return set(negated ? `${hex(0x80)}-${hex(MAX)}` : `${hex(0)}-${hex(0x7f)}`);
  // Script values (`sc=Greek`) keep RE2's spelling; its lone names are categories, scripts and binary properties.
  const name = key === 'Script' || key === 'sc' ? value : CATEGORIES[value] ?? value;
  const inner = `\\${negated ? 'P' : 'p'}{${name}}`;
  return { inner, outer: inner };
}

class Reader {
  i = 0;
  constructor(readonly src: string) {}
  peek(at = 0): string | undefined { return this.src[this.i + at]; }
  /** The code point at the cursor, consumed. */
  next(): number {
    const cp = this.src.codePointAt(this.i)!;
    this.i += cp > 0xffff ? 2 : 1;
    return cp;
  }
  hexDigits(n: number): number {
    const v = parseInt(this.src.slice(this.i, this.i + n), 16);
    this.i += n;
    return v;
  }
}

/** A code point outside a class: letters and digits as they are, anything else as \x{...}. */
const literal = (cp: number) => (/[A-Za-z0-9_]/.test(String.fromCodePoint(cp)) ? String.fromCodePoint(cp) : hex(cp));

function unicodeEscape(r: Reader): number {
  if (r.peek() === '{') {
    const end = r.src.indexOf('}', r.i);
    const cp = parseInt(r.src.slice(r.i + 1, end), 16);
    r.i = end + 1;
    return cp;
  }
  const cp = r.hexDigits(4);
  // In Unicode mode an escaped surrogate pair is one code point.
  if (cp >= 0xd800 && cp <= 0xdbff && r.peek() === '\\' && r.peek(1) === 'u' && /^[dD][c-fC-F][0-9a-fA-F]{2}$/.test(r.src.slice(r.i + 2, r.i + 6))) {
    r.i += 2;
    const low = r.hexDigits(4);
    return 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
  }
  return cp;
}

/** The escape after a backslash (already consumed). */
function escape(r: Reader, inClass: boolean): Atom | 'boundary' | 'non-boundary' {
  const c = String.fromCodePoint(r.next());
  switch (c) {
    case 'd': case 'D': case 'w': case 'W': return { inner: `\\${c}`, outer: `\\${c}` };
    case 's': return set(ranges(SPACE));
    case 'S': return set(ranges(NOT_SPACE));
    case 'b': return inClass ? { cp: 0x8 } : 'boundary';
    case 'B': return 'non-boundary';
    case 'p': case 'P': {
      const end = r.src.indexOf('}', r.i);
      const body = r.src.slice(r.i + 1, end);
      r.i = end + 1;
      return property(body, c === 'P');
    }
    case 'k': throw new Refused('backtracking', 'a backreference');
    case 'c': return { cp: r.next() % 32 };
    case 'x': return { cp: r.hexDigits(2) };
    case 'u': return { cp: unicodeEscape(r) };
    case '0': return { cp: 0 };
    case 'f': return { cp: 0xc };
    case 'n': return { cp: 0xa };
    case 'r': return { cp: 0xd };
    case 't': return { cp: 0x9 };
    case 'v': return { cp: 0xb };
    default:
      if (/[1-9]/.test(c)) throw new Refused('backtracking', 'a backreference');
      return { cp: c.codePointAt(0)! };
  }
}

/** A class after its `[`: every code point written as \x{...}, so no RE2-only class syntax can appear. */
function charClass(r: Reader): string {
  const negated = r.peek() === '^';
  if (negated) r.i++;
  let body = '';
  const atom = (): Atom => {
    if (r.peek() !== '\\') return { cp: r.next() };
    r.i++;
    const a = escape(r, true);
    // Unicode mode allows no \B in a class; the check before this one refused it.
    return typeof a === 'string' ? { cp: 0x8 } : a;
  };
  while (r.peek() !== ']') {
    const a = atom();
    if ('cp' in a && r.peek() === '-' && r.peek(1) !== ']' && r.peek(1) !== undefined) {
      r.i++;
      const b = atom();
      // Unicode mode refuses a range with a class escape at either end, so `b` is one code point.
      body += 'cp' in b ? `${hex(a.cp)}-${hex(b.cp)}` : `${hex(a.cp)}${hex(0x2d)}${b.inner}`;
    } else {
      body += 'cp' in a ? hex(a.cp) : a.inner;
    }
  }
  r.i++;
  const all = `${hex(0)}-${hex(MAX)}`;
  if (body === '') return negated ? `[${all}]` : `[^${all}]`;
  return `[${negated ? '^' : ''}${body}]`;
}

/** A group's opening after its `(`. */
function group(r: Reader): string {
  if (r.peek() !== '?') return '(';
  const [a, b] = [r.peek(1), r.peek(2)];
  if (a === ':') { r.i += 2; return '(?:'; }
  if (a === '=' || a === '!') throw new Refused('backtracking', 'a lookahead');
  if (a === '<' && (b === '=' || b === '!')) throw new Refused('backtracking', 'a lookbehind');
  if (a === '<') {
    // A named group captures like any other; the name is dropped (RE2 names are narrower).
    r.i = r.src.indexOf('>', r.i) + 1;
    return '(';
  }
  throw new Refused('unsupported', 'a modifier group (?flags:...)');
}

/**
 * The RE2 source of a pattern that is a valid ECMAScript regular expression in Unicode mode (the
 * caller checks that first: this reader trusts the syntax it was given).
 */
export function re2Syntax(pattern: string): Re2Syntax {
  const r = new Reader(pattern);
  let out = '';
  try {
    while (r.i < pattern.length) {
      const c = r.peek()!;
      if (c === '\\') {
        r.i++;
        const a = escape(r, false);
        out += a === 'boundary' ? '\\b' : a === 'non-boundary' ? '\\B' : 'cp' in a ? literal(a.cp) : a.outer;
      } else if (c === '[') {
        r.i++;
        out += charClass(r);
      } else if (c === '(') {
        r.i++;
        out += group(r);
      } else if (c === '.') {
        r.i++;
        out += DOT;
      } else if (c === '{') {
        // Unicode mode allows a brace only as a quantifier: `{n}`, `{n,}`, `{n,m}`.
        const end = pattern.indexOf('}', r.i);
        out += pattern.slice(r.i, end + 1);
        r.i = end + 1;
      } else if ('|)*+?^$'.includes(c)) {
        r.i++;
        out += c;
      } else {
        out += literal(r.next());
      }
    }
  } catch (e) {
    if (e instanceof Refused) return { ok: false, why: e.why, what: e.what };
    throw e;
  }
  return { ok: true, source: out };
}
