// Near misses of a number bound: values just past it, by whole, half and quarter steps and by
// the nearest multiple of the leaf's multipleOf past it (a miss that breaks the bound alone).
import type { Leaf } from '../leaf.js';

/** Values past `x` downwards (`dir` -1, below a lower bound) or upwards (1, above an upper one). */
export const pastBound = (leaf: Leaf, x: number, dir: -1 | 1): number[] =>
  [x + dir, x + dir * 0.5, x + dir * 0.25, ...leaf.multipleOf.map((m) => Number(((Math.floor(x / m) + (dir > 0 ? 1 : 0)) * m).toPrecision(12)))];
