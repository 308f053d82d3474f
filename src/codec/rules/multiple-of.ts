// `multipleOf`: a number that is an integer times the factor, judged on the decimals as written;
// a factor of 0 or below is refused when the surface loads.
import { type RuleKeyword, numberAt, ruleOf } from './rule-keyword.js';

/** Digits after the decimal point in a number's shortest form (`1.5e-7` has 8). */
function decimals(x: number): number {
  const [mantissa = '', exponent = '0'] = String(x).split('e');
  const point = mantissa.indexOf('.');
  return Math.max(0, (point < 0 ? 0 : mantissa.length - point - 1) - Number(exponent));
}

/**
 * Whether `v` is an integer times `m`, judged on the decimals as written: 0.0075 is a multiple of
 * 0.0001 though 0.0075 / 0.0001 is 74.99999999999999 in binary floating point.
 */
// decided: multipleOf scales both numbers to integers by their decimals (docs/decisions.md "Codecs").
export function isMultipleOf(v: number, m: number): boolean {
  const q = v / m;
  if (Number.isInteger(q)) return true;
  // A quotient past the largest double: an integer is a multiple of a factor that divides 1.
  if (!Number.isFinite(q)) return Number.isInteger(v) && Number.isInteger(1 / m);
  const scale = 10 ** Math.max(decimals(v), decimals(m));
  const a = Math.round(v * scale);
  const b = Math.round(m * scale);
  if (Number.isSafeInteger(a) && Number.isSafeInteger(b) && b !== 0) return a % b === 0;
  return Math.abs(q - Math.round(q)) <= Math.abs(q) * 4 * Number.EPSILON;
}

export const multipleOf: RuleKeyword = {
  name: 'multipleOf',
  family: 'number',
  rule(schema) {
    const mult = numberAt(schema, 'multipleOf');
    return mult === undefined ? undefined : ruleOf('multipleOf', `must be a multiple of ${mult}`, (v: number) => isMultipleOf(v, mult), mult);
  },
  problem(schema) {
    const m = numberAt(schema, 'multipleOf');
    return m !== undefined && !(m > 0) ? `multipleOf must be above 0, got ${m}` : undefined;
  },
  diff: 'restriction',
  miss: {
    has: (leaf) => leaf.multipleOf.length > 0,
    candidates(leaf, value) {
      const x = typeof value === 'number' ? value : 0;
      return leaf.multipleOf.flatMap((m) => [x + m / 2, x + 1, x - 1, x + m / 3, x - m / 2, x + m * 1.5]);
    },
    // Every factor of the leaf's allOf parts: the miss breaks at least one.
    broken: (leaf) => `multipleOf ${leaf.multipleOf.join(' and ')}`,
  },
};
