// A negative lookahead that opens each pass of a repetition, in a pattern whose match is the whole
// text (`^[a-z0-9]((?![_-]{2,})[a-z0-9_-])+[a-z0-9]$`, "no two separators in a row"): RE2 runs
// the pattern without the lookahead, and one search of the lookahead's body says whether it
// matches at any position a pass starts at.
import type { Re2 } from './re2.js';
import { type Alt, type Part, bounds, sourceOf } from './pattern-parts.js';

type Look = Extract<Part, { kind: 'look' }>;

/** What the split needs from pattern-lookaround.ts: RE2 from an ECMAScript source, and the tests it shares. */
export interface LookTools {
  readonly re2: (source: string) => Re2;
  readonly width: (p: Part) => number | undefined;
  readonly pinned: (p: Part) => boolean;
}

/** The split of one alternative, or undefined when it is not of this shape. */
export interface RepeatedLook {
  /** The whole text when the alternative matches it, else null. */
  readonly at0: (text: string) => string | null;
  /** The alternative without the lookahead, to draw texts from (draws that meet it are kept). */
  readonly drawFrom: string;
}

const widthOf = (parts: Alt, tools: LookTools): number | undefined => {
  let n = 0;
  for (const p of parts) {
    const w = tools.width(p);
    if (w === undefined) return undefined;
    n += w;
  }
  return n;
};

/** The group's quantifier, when it is one (`+`, `*`, `?`, `{m,n}`, greedy or lazy). */
const repeats = (quant: string): boolean => /^[+*?]\??$/.test(quant) || bounds(quant) !== undefined;

/**
 * `^P(?:(?!L)X)qM$`, where P and M match a certain number of code points, X exactly one, and L
 * sees nothing of where it stands: each pass of the group starts one code point after the last,
 * so with the text's length fixed by the anchors, the passes start at every position from |P| to
 * the length less |M|, and the lookahead must fail at each. That is: the pattern without it
 * matches, and L's leftmost match in the text after P starts at or past that end (or there is none).
 */
// decided: a negative lookahead opening each pass of a one-code-point repetition, anchored at both ends, runs as RE2 pieces (docs/openapi-in.md "Patterns").
export function repeatedLook(alt: Alt, tools: LookTools): RepeatedLook | undefined {
  const first = alt[0];
  const last = alt[alt.length - 1];
  if (first?.kind !== 'caret' || first.quant !== '' || last?.kind !== 'dollar' || last.quant !== '') return undefined;
  const g = alt.findIndex((p) => p.kind === 'group' && p.alts.length === 1 && p.alts[0]![0]?.kind === 'look');
  if (g < 0) return undefined;
  const group = alt[g] as Extract<Part, { kind: 'group' }>;
  const [look, x, ...more] = group.alts[0]! as [Look, Part | undefined, ...Part[]];
  if (x === undefined || more.length > 0 || !repeats(group.quant)) return undefined;
  if (!look.negative || look.behind || look.quant !== '' || tools.pinned(look)) return undefined;
  if (tools.width(x) !== 1) return undefined;
  const before = widthOf(alt.slice(1, g), tools);
  const after = widthOf(alt.slice(g + 1, -1), tools);
  if (before === undefined || after === undefined) return undefined;
  const plainGroup = `(?:${x.atom}${x.quant})${group.quant}`;
  const without = `${sourceOf(alt.slice(0, g))}${plainGroup}${sourceOf(alt.slice(g + 1))}`;
  const whole = tools.re2(without);
  const body = tools.re2(`(?:${look.alts.map(sourceOf).join('|')})`);
  return {
    at0: (text) => {
      if (!whole.test(text)) return null;
      // The text after P, and how many code points of it the passes cover.
      let i = 0;
      for (let k = 0; k < before; k++) i += text.codePointAt(i)! > 0xffff ? 2 : 1;
      const rest = text.slice(i);
      const m = body.exec(rest) as (unknown[] & { index: number }) | null;
      if (m === null) return text;
      let passes = -after;
      for (const _ of rest) passes++;
      let start = 0;
      for (const _ of rest.slice(0, m.index)) start++;
      return start >= passes ? text : null;
    },
    drawFrom: without,
  };
}
