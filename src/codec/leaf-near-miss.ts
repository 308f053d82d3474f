// Near misses of a scalar value: for each keyword its merged leaf holds (const or enum, the
// validation keywords of codec/rules/, integer), a value of its type that breaks that one alone.
import type { Codec } from './types.js';
import { type Leaf, brokenBy } from './leaf.js';
import { draw, leafDraws } from './leaf-arbitrary.js';
import { fc } from './fast-check.js';
import { RULE_KEYWORDS, type MissDraws } from './rules/index.js';
import type { NearMiss } from './near-miss.js';

/** The draws the keywords' misses take (they cannot load fast-check themselves: rules/rule-keyword.ts). */
const DRAWS: MissDraws = {
  leafDraws: (leaf) => leafDraws(leaf, 30),
  strings: (minLength, maxLength) => draw(fc.string({ minLength, maxLength }), 20),
};

/** The keywords of a leaf that are not validation keywords of the table. */
type LeafKeyword = 'const' | 'enum' | 'type';

/** Candidate values of the leaf's type that may break `keyword` alone; the first that does is kept. */
function leafCandidates(leaf: Leaf, value: unknown, keyword: LeafKeyword): unknown[] {
  switch (keyword) {
    case 'const': case 'enum': {
      const known = leaf.constant !== undefined ? [leaf.constant.value] : leaf.enum ?? [];
      const first = known[0];
      return [
        ...known.flatMap((k): unknown[] => (typeof k === 'string' ? [`${k}x`, `x${k}`] : typeof k === 'number' ? [k + 1, k - 1, k + 0.5] : typeof k === 'boolean' ? [!k] : [])),
        Array.isArray(first) ? [...first, 0] : first !== null && typeof first === 'object' ? { ...first, x: 0 } : undefined,
      ];
    }
    case 'type': return leaf.type === 'integer' && typeof value === 'number' ? [value + 0.5, value - 0.5] : [];
  }
}

function describeLeaf(leaf: Leaf, keyword: LeafKeyword): string {
  switch (keyword) {
    case 'type': return 'type (expected integer)';
    case 'const': return `const ${JSON.stringify(leaf.constant!.value)}`;
    case 'enum': return `enum (${leaf.enum!.map((v) => JSON.stringify(v)).join(', ')})`;
  }
}

/** A keyword's candidates and what it says is broken. */
interface Breaker {
  readonly keyword: string;
  candidates(): unknown[];
  broken(): string;
}

export function leafMisses(leaf: Leaf, codec: Codec<unknown>, value: unknown): NearMiss[] {
  const own = (keyword: LeafKeyword): Breaker => ({ keyword, candidates: () => leafCandidates(leaf, value, keyword), broken: () => describeLeaf(leaf, keyword) });
  const breakers: Breaker[] = [];
  if (leaf.constant !== undefined) breakers.push(own('const'));
  else if (leaf.enum !== undefined) breakers.push(own('enum'));
  for (const k of RULE_KEYWORDS) {
    const miss = k.miss;
    if (miss?.has(leaf) === true) breakers.push({ keyword: k.name, candidates: () => miss.candidates(leaf, value, DRAWS), broken: () => miss.broken(leaf) });
  }
  if (leaf.type === 'integer') breakers.push(own('type'));
  const out: NearMiss[] = [];
  for (const { keyword, candidates, broken } of breakers) {
    const hit = candidates().find((c) => c !== undefined && sameKeywords(brokenBy(leaf, c), [keyword]));
    if (hit !== undefined) out.push({ value: hit, pointer: '', keyword, broken: broken() });
  }
  return out;
}

const sameKeywords = (a: string[], b: string[]) => a.length === b.length && a.every((k, i) => k === b[i]);
