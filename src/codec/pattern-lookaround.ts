// Patterns RE2 cannot run as one piece but can run as several, with the same meaning: lookaheads
// that sit where the match starts at the text's start (`^(?!\s*$).+`) or a known number of code
// points after it (`^[a-z](?!.*--)`), one opening each pass of a repetition
// (pattern-repeated-look.ts), and repeat counts above RE2's 1000 that can be written
// exactly (`^.{1,2097152}`). Every piece runs on RE2.
import { type Re2, compileRe2 } from './re2.js';
import { re2Syntax } from './pattern-syntax.js';
import { type Alt, type Part, altsSource, bounds, parseAlts, sourceOf } from './pattern-parts.js';
import { repeatedLook } from './pattern-repeated-look.js';

/** What a compiled pattern runs: RE2 itself, or RE2 pieces combined. */
export interface Matcher {
  test(text: string): boolean;
  exec(text: string): unknown[] | null;
}

/** A matcher split into RE2 pieces, and an ECMAScript source without lookaround to draw texts from. */
export interface Split {
  readonly matcher: Matcher;
  readonly drawFrom: string;
}

class NotSplit extends Error {}

/** RE2, compiled from an ECMAScript source; anything it cannot run ends the split. */
function re2(source: string): Re2 {
  const syntax = re2Syntax(source);
  if (!syntax.ok) throw new NotSplit();
  try { return compileRe2(syntax.source); } catch { throw new NotSplit(); }
}

const codePoints = (s: string) => { let n = 0; for (const _ of s) n++; return n; };

/** A condition on the text at position 0, made of RE2 matches anchored there. */
type Cond = (text: string) => boolean;

/** One alternative: whether it matches at position 0, and the text it matches there. */
interface Branch {
  readonly at0: (text: string) => string | null;
  /** Undefined: the branch matches only at position 0. */
  readonly search: string | undefined;
  readonly drawFrom: string;
}

/**
 * A repetition at the end of a match whose end is free (a search, a lookahead's body): `X{m,n}`
 * there matches where `X{m}` does, since the match may stop after the m-th X (`exec` then
 * reports that shorter match).
 */
function freeEnd(alt: Alt): Alt {
  const last = alt[alt.length - 1];
  const b = last === undefined ? undefined : bounds(last.quant);
  if (last === undefined || b === undefined || b.max <= 1000 || b.min > 1000) return alt;
  return [...alt.slice(0, -1), { ...last, quant: `{${b.min}}` } as Part];
}

/** Zero-width at the start: lookaheads, `^`, and groups of nothing else. */
function zeroWidth(p: Part): boolean {
  if (p.quant !== '') return false;
  if (p.kind === 'caret') return true;
  if (p.kind === 'look') return !p.behind;
  return p.kind === 'group' && p.alts.every((a) => a.every(zeroWidth));
}

const looks = (p: Part): boolean => p.kind === 'look' || (p.kind === 'group' && p.alts.some((a) => a.some(looks)));

type Look = Extract<Part, { kind: 'look' }>;

/** A lookahead's condition at position 0: its body matches there when one of its alternatives does. */
function lookCond(p: Look): Cond {
  const body = p.alts.map((a): Cond => {
    const c = counted(a);
    if (c !== undefined) return (text) => c.at0(text) !== null;
    const re = re2(`^(?:${sourceOf(freeEnd(a))})`);
    return (text) => re.test(text);
  });
  return p.negative ? (text) => !body.some((c) => c(text)) : (text) => body.some((c) => c(text));
}

/** The condition of zero-width parts at position 0 (where `^` holds). */
function condOf(parts: Alt): Cond {
  const all: Cond[] = [];
  for (const p of parts) {
    if (p.kind === 'look') {
      all.push(lookCond(p));
    } else if (p.kind === 'group') {
      const any = p.alts.map(condOf);
      all.push((text) => any.some((c) => c(text)));
    }
  }
  return (text) => all.every((c) => c(text));
}

/**
 * Whether every match of the alternative starts at position 0: a `^` among its leading zero-width
 * parts or first after them, or a positive lookahead there whose body starts with `^`.
 */
function anchored(lead: Alt, rest: Alt): boolean {
  return rest[0]?.kind === 'caret' && rest[0].quant === ''
    || lead.some((p) => p.kind === 'caret' || (p.kind === 'look' && !p.negative && p.alts.length === 1 && p.alts[0]![0]?.kind === 'caret'));
}

/** How many code points a part matches, when that is certain: one code point, alone or counted exactly (`\d{3}`). */
function width(p: Part): number | undefined {
  if (p.kind !== 'atom' || !p.single) return undefined;
  if (p.quant === '') return 1;
  const b = bounds(p.quant);
  return b !== undefined && b.min === b.max ? b.min : undefined;
}

/** What sees where it stands (`^`, `\b`, `\B`): it means something else in a text cut at a later position. */
const pinned = (p: Part): boolean => p.kind === 'caret' || (p.kind === 'atom' && /^\\[bB]$/.test(p.atom))
  || ((p.kind === 'group' || p.kind === 'look') && p.alts.some((a) => a.some(pinned)));

/** The text from its `n`th code point on (as Unicode mode counts them), or undefined if it is shorter. */
function fromCodePoint(text: string, n: number): string | undefined {
  let i = 0;
  for (let k = 0; k < n; k++) {
    if (i >= text.length) return undefined;
    i += text.codePointAt(i)! > 0xffff ? 2 : 1;
  }
  return text.slice(i);
}

/**
 * The lookaheads of `rest` (what follows the leading zero-width parts) that follow only parts of a
 * certain width in code points (`^[$a-z0-9](?!.*--)...`): each then stands that many code points
 * into a match starting at 0, whatever the rest matches, so it is a condition on the text cut
 * there. Undefined when `rest` has no lookahead at its top level; a lookahead after a part of no
 * certain width, or one whose body sees where it stands, ends the split.
 */
function laterLooks(rest: Alt): { readonly conds: Cond[]; readonly rest: Alt } | undefined {
  const last = rest.map((p) => p.kind).lastIndexOf('look');
  if (last < 0) return undefined;
  let at = 0;
  const conds: Cond[] = [];
  for (const p of rest.slice(0, last + 1)) {
    if (p.kind === 'look') {
      if (p.behind || p.quant !== '' || (at > 0 && p.alts.some((a) => a.some(pinned)))) throw new NotSplit();
      const [cond, n] = [lookCond(p), at];
      conds.push((text) => { const cut = fromCodePoint(text, n); return cut !== undefined && cond(cut); });
      continue;
    }
    const w = width(p);
    if (w === undefined) throw new NotSplit();
    at += w;
  }
  return { conds, rest: rest.filter((p, k) => k > last || p.kind !== 'look') };
}

/** A whole-text source that admits anything: drawing from a lookahead's body then does better. */
const ANYTHING = /^\^?(\.\*|\[\^\]\*)?$/;

function branch(alt: Alt): Branch {
  const repeated = repeatedLook(alt, { re2, width, pinned });
  if (repeated !== undefined) return { ...repeated, search: undefined };
  let n = 0;
  while (n < alt.length && zeroWidth(alt[n]!)) n++;
  const lead = alt.slice(0, n);
  const later = laterLooks(alt.slice(n));
  if (!lead.some(looks) && later === undefined) return counted(alt) ?? plain(freeEnd(alt), sourceOf(alt));
  const rest = freeEnd(later?.rest ?? alt.slice(n));
  if (!anchored(lead, rest)) throw new NotSplit();
  const conds = [condOf(lead), ...(later?.conds ?? [])];
  const cond: Cond = (text) => conds.every((c) => c(text));
  const restRe = re2(`^(?:${sourceOf(rest)})`);
  const full = lead.find((p): p is Extract<Part, { kind: 'look' }> => p.kind === 'look' && !p.negative && p.alts.length === 1 && p.alts[0]![0]?.kind === 'caret' && p.alts[0]![p.alts[0]!.length - 1]?.kind === 'dollar');
  return {
    at0: (text) => (cond(text) ? (restRe.exec(text)?.[0] as string | undefined) ?? null : null),
    search: undefined,
    drawFrom: ANYTHING.test(sourceOf(rest)) && full !== undefined ? altsSource(full.alts) : `^(?:${sourceOf(rest)})`,
  };
}

function plain(alt: Alt, drawFrom: string): Branch {
  const source = sourceOf(alt);
  const at0 = re2(`^(?:${source})`);
  return { at0: (text) => (at0.exec(text)?.[0] as string | undefined) ?? null, search: source, drawFrom };
}

/**
 * `^X{m,n}$` and `^X{m,n}` with X one code point and a count above RE2's limit: the run of X at the
 * start (`^X*`, greedy, so the longest), counted in code points as Unicode mode counts them.
 */
function counted(alt: Alt): Branch | undefined {
  const [caret, x, dollar, ...more] = alt;
  const b = x === undefined ? undefined : bounds(x.quant);
  if (caret?.kind !== 'caret' || caret.quant !== '' || x?.kind !== 'atom' || !x.single || b === undefined || more.length > 0) return undefined;
  if (b.max <= 1000 && b.min <= 1000) return undefined;
  const whole = dollar !== undefined;
  if (whole && (dollar.kind !== 'dollar' || dollar.quant !== '')) return undefined;
  const run = re2(`^${x.atom}*${whole ? '$' : ''}`);
  return {
    at0: (text) => {
      const m = run.exec(text)?.[0] as string | undefined;
      if (m === undefined) return null;
      const n = codePoints(m);
      return whole ? (n >= b.min && n <= b.max ? m : null) : n >= b.min ? [...m].slice(0, Math.min(n, b.max)).join('') : null;
    },
    search: undefined,
    drawFrom: sourceOf(alt),
  };
}

/**
 * The pattern as RE2 pieces with the same meaning, or undefined when it has no such split (then
 * it is refused as before). Each alternative is one RE2 search, or matches only at position 0.
 */
// decided: lookaheads at the text's start (or a certain number of code points after it) and large repeat counts run as RE2 pieces (docs/openapi-in.md "Patterns").
export function splitPattern(source: string): Split | undefined {
  let branches: Branch[];
  try {
    branches = parseAlts(source).map(branch);
  } catch (e) {
    if (e instanceof NotSplit) return undefined;
    throw e;
  }
  const searched = branches.flatMap((b) => (b.search === undefined ? [] : [`(?:${b.search})`]));
  let search: Re2 | undefined;
  try { search = searched.length === 0 ? undefined : re2(searched.join('|')); } catch { return undefined; }
  const matcher: Matcher = {
    test: (text) => search?.test(text) === true || branches.some((b) => b.search === undefined && b.at0(text) !== null),
    exec: (text) => {
      // The first alternative that matches at 0 is ECMAScript's match; else the leftmost elsewhere.
      for (const b of branches) {
        const m = b.at0(text);
        if (m !== null) return Object.assign([m], { index: 0, input: text, groups: undefined });
      }
      return search?.exec(text) ?? null;
    },
  };
  return { matcher, drawFrom: branches.map((b) => `(?:${b.drawFrom})`).join('|') };
}
