// A path segment mixing literal text and captures, the DSL's `/{name}.{ext}`: pieces in the order
// the segment reads, strings literal, captures typed as anywhere else in the path.
import type { CapturePart, MixedPart, Segment } from './types.js';

/**
 * One segment of literal text and captures: `segment(capture('name', t.text), '.', capture('ext', t.text))`
 * is `/{name}.{ext}`, `segment(capture('parent', t.text), ':synthesize')` is `/{parent}:synthesize`.
 * Each capture takes the text between its literals (earlier captures the longest: `a.b.c` is
 * name `a.b`, ext `c`); two captures need a literal between them (refused at load otherwise).
 * decided: docs/decisions.md "Mixed path segments".
 */
export function segment<const C extends readonly (string | CapturePart)[]>(...pieces: C): MixedPart<C> {
  return { kind: 'mixed', pieces };
}

/**
 * The pieces as the router reads them: adjacent texts joined, empty ones dropped (so captures
 * that touch are seen touching, and `'a', 'b'` is one literal).
 */
export function normalPieces(pieces: readonly (string | CapturePart)[]): (string | CapturePart)[] {
  const out: (string | CapturePart)[] = [];
  for (const p of pieces) {
    if (typeof p !== 'string') out.push(p);
    else if (p !== '') {
      const last = out[out.length - 1];
      if (typeof last === 'string') out[out.length - 1] = last + p;
      else out.push(p);
    }
  }
  return out;
}

/** The captures a path segment holds: itself when a whole-segment capture, a mixed one's in order. */
export function segmentCaptures(s: Segment): CapturePart[] {
  return s.kind === 'capture' ? [s] : s.kind === 'mixed' ? s.pieces.filter((p): p is CapturePart => typeof p !== 'string') : [];
}
