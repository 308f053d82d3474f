// How a path segment mixing literal text and captures (`{name}.{ext}`) splits into its captures'
// texts: the router matches with it, fuzz and the docs build such segments that split back.
import type { CapturePart } from '../dsl/types.js';

/** A mixed segment compiled for matching: `head{c0}sep0{c1}...{cn}tail`. */
export interface MixedShape {
  readonly head: string;
  readonly tail: string;
  readonly captures: readonly CapturePart[];
  /** The literal between capture k and capture k+1. */
  readonly between: readonly string[];
  /** The fewest characters a matching segment has (every literal, one per capture). */
  readonly least: number;
}

/** The shape of normal pieces (texts joined, no two captures touching: check-surface refuses those). */
export function mixedShape(pieces: readonly (string | CapturePart)[]): MixedShape {
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  const head = typeof first === 'string' ? first : '';
  const tail = typeof last === 'string' && pieces.length > 1 ? last : '';
  const inner = pieces.slice(head === '' ? 0 : 1, tail === '' ? pieces.length : pieces.length - 1);
  const captures = inner.filter((p): p is CapturePart => typeof p !== 'string');
  const between = inner.filter((p): p is string => typeof p === 'string');
  const least = head.length + tail.length + captures.length + between.reduce((n, b) => n + b.length, 0);
  return { head, tail, captures, between, least };
}

/**
 * The captures' texts of a segment, or undefined when its literals are not there. Literals match
 * exactly; each capture takes at least one character, and the literals between captures are
 * found from the right, so earlier captures take the longest text (`a.b.c` as `{name}.{ext}` is
 * `a.b` and `c`), as a regular expression `(.+)` per capture would.
 * decided: docs/decisions.md "Mixed path segments".
 */
export function splitMixed(shape: MixedShape, text: string): string[] | undefined {
  if (text.length < shape.least || !text.startsWith(shape.head) || !text.endsWith(shape.tail)) return undefined;
  const lo = shape.head.length;
  let hi = text.length - shape.tail.length;
  const between = shape.between;
  const out = new Array<string>(between.length + 1);
  // Taking the last place each literal fits never costs an earlier one a place: what remains to
  // its left is the longest it can be, so no other split is ever tried.
  for (let k = between.length - 1; k >= 0; k--) {
    const sep = between[k]!;
    const at = text.lastIndexOf(sep, hi - 1 - sep.length);
    if (at < lo + 1 || at + sep.length >= hi) return undefined;
    out[k + 1] = text.slice(at + sep.length, hi);
    hi = at;
  }
  if (hi <= lo) return undefined;
  out[0] = text.slice(lo, hi);
  return out;
}

/** The segment of the given captures' texts (the reverse of `splitMixed`, which may not read it back). */
export function joinMixed(shape: MixedShape, texts: readonly string[]): string {
  let out = shape.head + texts[0]!;
  for (let k = 0; k < shape.between.length; k++) out += shape.between[k]! + texts[k + 1]!;
  return out + shape.tail;
}

/** Whether `texts` joined split back into themselves (a capture text holding a literal may not). */
export function splitsBack(shape: MixedShape, texts: readonly string[]): boolean {
  const back = splitMixed(shape, joinMixed(shape, texts));
  return back !== undefined && back.every((t, k) => t === texts[k]);
}
