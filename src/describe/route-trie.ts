// The router's trie: its nodes and leaves, the step to a static child, the maker of a leaf's
// captures object, and `reaches` (whether a path's shape leads to an endpoint, capture types aside).
import type { CapturePart, EndpointInfo, MixedPart } from '../dsl/types.js';
import { type MixedShape, splitMixed } from './mixed-segment.js';

/** Captured names and values, alternating: `[name, value, name, value, ...]`. */
export type Captured = unknown[];

/** An endpoint where a path ends, with the maker of its captures object. */
export interface Leaf {
  readonly endpoint: EndpointInfo;
  readonly captures: (captured: Captured) => Record<string, unknown>;
}

export interface Node {
  readonly statics: Map<string, Node>;
  /**
   * The same static children as two lists while they are few: compared word by word, a fresh
   * segment is never hashed (hashing it cost more than the rest of a step, bench/).
   */
  readonly words: string[];
  readonly children: Node[];
  readonly captures: { part: CapturePart; node: Node }[];
  /**
   * Segments mixing text and captures (`{name}.{ext}`), kept apart from whole-segment captures so
   * that a path without them pays one length check; tried after statics, before captures.
   */
  readonly mixed: { part: MixedPart; shape: MixedShape; node: Node }[];
  rest?: { name: string; endpoints: Map<string, Leaf> };
  readonly endpoints: Map<string, Leaf>;
}

export const newNode = (): Node => ({ statics: new Map(), words: [], children: [], captures: [], mixed: [], endpoints: new Map() });
/** Up to this many static children are compared in turn; past it, looked up by hash. */
const FEW = 8;

/** The static child of `node` named `seg`, if any. */
export function staticChild(node: Node, seg: string): Node | undefined {
  const words = node.words;
  if (words.length > FEW) return node.statics.get(seg);
  for (let i = 0; i < words.length; i++) if (words[i] === seg) return node.children[i];
  return undefined;
}

/**
 * The maker of one endpoint's captures object from the captured values (at odd places, in path
 * order). Generated per endpoint (as the JSON encoders are): an object literal with the names
 * written in it has one shape, where one shared loop storing `captures[name]` turned megamorphic
 * and was a sixth of a match (bench/). `__proto__` is written as a computed key, which makes an
 * own property (written plainly, or stored by a loop, it would set the prototype and be lost).
 */
export function capturesMaker(e: EndpointInfo): Leaf['captures'] {
  const names = e.segments.flatMap((s) => (s.kind === 'static' ? [] : s.kind === 'mixed' ? s.pieces.flatMap((p) => (typeof p === 'string' ? [] : [p.name])) : [s.name]));
  const fields = names.map((name, k) => `${name === '__proto__' ? `[${JSON.stringify(name)}]` : JSON.stringify(name)}: c[${2 * k + 1}]`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- names come from the surface, quoted by JSON.stringify
  return new Function('c', `return { ${fields.join(', ')} };`) as Leaf['captures'];
}

/**
 * Whether some endpoint's path has this shape below `node`, ignoring capture types: the endpoints
 * (by method) of the first leaf it reaches, or undefined.
 */
export function reaches(node: Node, segs: readonly string[], i: number, end: number): ReadonlyMap<string, Leaf> | undefined {
  if (i === end) return node.endpoints.size > 0 ? node.endpoints : undefined;
  const seg = segs[i]!;
  if (seg === '') return undefined;
  const next = staticChild(node, seg);
  const viaStatic = next && reaches(next, segs, i + 1, end);
  if (viaStatic) return viaStatic;
  if (node.rest) return node.rest.endpoints;
  for (const m of node.mixed) {
    const r = splitMixed(m.shape, seg) !== undefined ? reaches(m.node, segs, i + 1, end) : undefined;
    if (r) return r;
  }
  for (const c of node.captures) {
    const r = reaches(c.node, segs, i + 1, end);
    if (r) return r;
  }
  return undefined;
}
