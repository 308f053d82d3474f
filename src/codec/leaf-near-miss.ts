// Near misses of a scalar value: for each keyword its merged leaf holds (bounds, multipleOf,
// lengths, pattern, format, const, enum, integer), a value of its type that breaks that one alone.
import type { Codec } from './types.js';
import { type Leaf, brokenBy } from './leaf.js';
import { draw, leafDraws } from './leaf-arbitrary.js';
import { fc } from './fast-check.js';
import { FORMATS } from './formats.js';
import type { NearMiss } from './near-miss.js';

/** Candidate values of the leaf's type that may break `keyword` alone; the first that does is kept. */
function leafCandidates(leaf: Leaf, codec: Codec<unknown>, value: unknown, keyword: string): unknown[] {
  const v = value;
  const ms = leaf.multipleOf;
  const around = (x: number, dir: -1 | 1) => [x + dir, x + dir * 0.5, x + dir * 0.25, ...ms.map((m) => Number(((Math.floor(x / m) + (dir > 0 ? 1 : 0)) * m).toPrecision(12)))];
  const drawn = (l: Leaf) => leafDraws(l, 30);
  switch (keyword) {
    case 'const': case 'enum': {
      const known = leaf.constant !== undefined ? [leaf.constant.value] : leaf.enum ?? [];
      const first = known[0];
      return [
        ...known.flatMap((k): unknown[] => (typeof k === 'string' ? [`${k}x`, `x${k}`] : typeof k === 'number' ? [k + 1, k - 1, k + 0.5] : typeof k === 'boolean' ? [!k] : [])),
        Array.isArray(first) ? [...first, 0] : first !== null && typeof first === 'object' ? { ...first, x: 0 } : undefined,
      ];
    }
    case 'minimum': return around(leaf.minimum!, -1);
    case 'maximum': return around(leaf.maximum!, 1);
    case 'exclusiveMinimum': return [leaf.exclusiveMinimum!, ...around(leaf.exclusiveMinimum!, -1)];
    case 'exclusiveMaximum': return [leaf.exclusiveMaximum!, ...around(leaf.exclusiveMaximum!, 1)];
    case 'multipleOf': {
      const x = typeof v === 'number' ? v : 0;
      return ms.flatMap((m) => [x + m / 2, x + 1, x - 1, x + m / 3, x - m / 2, x + m * 1.5]);
    }
    case 'minLength': {
      const s = [...String(v)];
      const n = leaf.minLength!;
      return [s.slice(0, n - 1).join(''), s.slice(s.length - n + 1).join(''), 'x'.repeat(n - 1), ...drawn({ ...leaf, minLength: undefined, maxLength: n - 1 })];
    }
    case 'maxLength': {
      const s = String(v);
      const n = leaf.maxLength!;
      const extra = Math.max(1, n + 1 - [...s].length);
      return [s + 'x'.repeat(extra), s + s.slice(-1).repeat(extra), s.repeat(n + 1), ...drawn({ ...leaf, maxLength: undefined, minLength: n + 1 })];
    }
    case 'pattern': {
      const s = String(v);
      return ['', ' ', 'x', '0', '!', `${s}!`, `!${s}`, `${s} `, s.toUpperCase(), s.toLowerCase(), `${s}${s}`,
        ...draw(fc.string({ minLength: leaf.minLength ?? 0, maxLength: leaf.maxLength ?? (leaf.minLength ?? 0) + 8 }), 20)];
    }
    // Each format's `misses` (src/codec/formats/<name>.ts): values its test refuses.
    case 'format': return leaf.formats.flatMap((f) => FORMATS[f].misses);
    case 'type': return leaf.type === 'integer' && typeof v === 'number' ? [v + 0.5, v - 0.5] : [];
    default: return [];
  }
}

export function leafMisses(leaf: Leaf, codec: Codec<unknown>, value: unknown): NearMiss[] {
  const keywords: string[] = [];
  if (leaf.constant !== undefined) keywords.push('const');
  else if (leaf.enum !== undefined) keywords.push('enum');
  for (const k of ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum'] as const) if (leaf[k] !== undefined) keywords.push(k);
  if (leaf.multipleOf.length > 0) keywords.push('multipleOf');
  for (const k of ['minLength', 'maxLength'] as const) if (leaf[k] !== undefined) keywords.push(k);
  if (leaf.patterns.length > 0) keywords.push('pattern');
  if (leaf.formats.some((f) => FORMATS[f].misses.length > 0)) keywords.push('format');
  if (leaf.type === 'integer') keywords.push('type');
  const out: NearMiss[] = [];
  for (const keyword of keywords) {
    const hit = leafCandidates(leaf, codec, value, keyword).find((c) => c !== undefined && sameKeywords(brokenBy(leaf, c), [keyword]));
    if (hit !== undefined) out.push({ value: hit, pointer: '', keyword, broken: describeLeaf(leaf, keyword) });
  }
  return out;
}

const sameKeywords = (a: string[], b: string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

function describeLeaf(leaf: Leaf, keyword: string): string {
  switch (keyword) {
    case 'type': return 'type (expected integer)';
    case 'const': return `const ${JSON.stringify(leaf.constant!.value)}`;
    case 'enum': return `enum (${leaf.enum!.map((v) => JSON.stringify(v)).join(', ')})`;
    case 'multipleOf': return `multipleOf ${leaf.multipleOf.join(' and ')}`;
    case 'pattern': return `pattern ${leaf.patterns.join(' and ')}`;
    case 'format': return `format ${leaf.formats.join(' and ')}`;
    default: return `${keyword} ${String(leaf[keyword as keyof Leaf])}`;
  }
}
