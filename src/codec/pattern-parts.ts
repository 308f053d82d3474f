// The top-level structure of an ECMAScript (Unicode mode) pattern: alternatives of items, each an
// atom and its quantifier, with groups and lookarounds opened, so a pattern RE2 cannot run as one
// piece can be split into pieces it can (pattern-lookaround.ts). Trusts the syntax it is given.

/** One item: its atom's source and quantifier (`''` if none), as written. */
export type Part =
  | { readonly kind: 'look'; readonly negative: boolean; readonly behind: boolean; readonly alts: Alt[]; readonly atom: string; readonly quant: string }
  | { readonly kind: 'group'; readonly alts: Alt[]; readonly atom: string; readonly quant: string }
  | { readonly kind: 'caret' | 'dollar'; readonly atom: string; readonly quant: string }
  /** `single`: the atom matches exactly one code point (a literal, `.`, a class, a class escape). */
  | { readonly kind: 'atom'; readonly single: boolean; readonly atom: string; readonly quant: string };

export type Alt = readonly Part[];

export const sourceOf = (alt: Alt): string => alt.map((p) => p.atom + p.quant).join('');
export const altsSource = (alts: readonly Alt[]): string => alts.map(sourceOf).join('|');

/** The alternatives of a whole pattern. */
export function parseAlts(src: string): Alt[] {
  const at = { i: 0 };
  return alternatives(src, at);
}

function alternatives(src: string, at: { i: number }): Alt[] {
  const alts: Alt[] = [];
  let cur: Part[] = [];
  while (at.i < src.length && src[at.i] !== ')') {
    if (src[at.i] === '|') {
      alts.push(cur);
      cur = [];
      at.i++;
      continue;
    }
    cur.push(part(src, at));
  }
  alts.push(cur);
  return alts;
}

function part(src: string, at: { i: number }): Part {
  const start = at.i;
  const c = src[at.i]!;
  if (c === '(') {
    at.i++;
    let look: { negative: boolean; behind: boolean } | undefined;
    if (src.startsWith('?:', at.i)) at.i += 2;
    else if (src.startsWith('?=', at.i) || src.startsWith('?!', at.i)) { look = { negative: src[at.i + 1] === '!', behind: false }; at.i += 2; }
    else if (src.startsWith('?<=', at.i) || src.startsWith('?<!', at.i)) { look = { negative: src[at.i + 2] === '!', behind: true }; at.i += 3; }
    else if (src.startsWith('?<', at.i)) at.i = src.indexOf('>', at.i) + 1;
    const alts = alternatives(src, at);
    at.i++;
    const atom = src.slice(start, at.i);
    const quant = quantifier(src, at);
    return look === undefined ? { kind: 'group', alts, atom, quant } : { kind: 'look', ...look, alts, atom, quant };
  }
  if (c === '^' || c === '$') {
    at.i++;
    return { kind: c === '^' ? 'caret' : 'dollar', atom: c, quant: quantifier(src, at) };
  }
  let single = true;
  if (c === '[') {
    at.i++;
    while (src[at.i] !== ']') at.i += src[at.i] === '\\' ? 2 : 1;
    at.i++;
  } else if (c === '\\') {
    single = escape(src, at);
  } else {
    at.i += src.codePointAt(at.i)! > 0xffff ? 2 : 1;
  }
  const atom = src.slice(start, at.i);
  return { kind: 'atom', single, atom, quant: quantifier(src, at) };
}

/** Moves past an escape; whether it matches exactly one code point. */
function escape(src: string, at: { i: number }): boolean {
  const c = src[at.i + 1]!;
  at.i += 2;
  const to = (close: string) => { at.i = src.indexOf(close, at.i) + 1; };
  switch (c) {
    case 'u':
      if (src[at.i] === '{') to('}');
      else {
        const high = parseInt(src.slice(at.i, at.i + 4), 16);
        at.i += 4;
        // An escaped surrogate pair is one code point in Unicode mode.
        if (high >= 0xd800 && high <= 0xdbff && /^\\u[dD][c-fC-F][0-9a-fA-F]{2}/.test(src.slice(at.i, at.i + 6))) at.i += 6;
      }
      return true;
    case 'x': at.i += 2; return true;
    case 'c': at.i += 1; return true;
    case 'p': case 'P': to('}'); return true;
    case 'k': to('>'); return false;
    case 'b': case 'B': return false;
    default:
      if (/[1-9]/.test(c)) {
        while (/[0-9]/.test(src[at.i] ?? '')) at.i++;
        return false;
      }
      // An escaped astral code point (`\😀`) is not valid in Unicode mode; every other escape is one unit.
      return true;
  }
}

function quantifier(src: string, at: { i: number }): string {
  const start = at.i;
  const c = src[at.i];
  if (c === '*' || c === '+' || c === '?') at.i++;
  else if (c === '{') {
    const m = /^\{\d+(,\d*)?\}/.exec(src.slice(at.i));
    if (m === null) return '';
    at.i += m[0].length;
  } else return '';
  if (src[at.i] === '?') at.i++;
  return src.slice(start, at.i);
}

/** A quantifier's bounds (`{2,}` is 2 to Infinity), or undefined if it has none. */
export function bounds(quant: string): { min: number; max: number } | undefined {
  const m = /^\{(\d+)(,(\d*))?\}\??$/.exec(quant);
  if (m === null) return undefined;
  const min = Number(m[1]);
  return { min, max: m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]) };
}
