// Matchers: expected values that stand for a family of actual values (a token, a date, an id):
// `{"$match": "regex"}`, `{"$type": "string"}`, `{"$any": true}`.
import type { JsonType, Matcher } from '../fixture/format.js';

export type { JsonType, Matcher } from '../fixture/format.js';

export const MATCHER_KEYS: readonly string[] = ['$match', '$type', '$any'];
const TYPES: readonly string[] = ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'];

/** An object with a matcher key (well-formed or not): the loader rejects the malformed ones. */
export function looksLikeMatcher(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).some((k) => MATCHER_KEYS.includes(k));
}

/** Why a matcher-looking object is malformed, or undefined when it is a valid matcher. */
export function matcherProblem(value: Record<string, unknown>): string | undefined {
  const keys = Object.keys(value);
  if (keys.length !== 1) return `a matcher has exactly one key (${MATCHER_KEYS.join(', ')}), got ${keys.join(', ')}`;
  const [key] = keys as [string];
  const v = value[key];
  if (key === '$any') return v === true ? undefined : '"$any" must be true';
  if (key === '$type') return typeof v === 'string' && TYPES.includes(v) ? undefined : `"$type" must be one of ${TYPES.join(', ')}`;
  if (typeof v !== 'string') return '"$match" must be a regular expression as a string';
  try { new RegExp(v); } catch (e) { return `"$match" is not a valid regular expression: ${(e as Error).message}`; }
  return undefined;
}

export function isMatcher(value: unknown): value is Matcher {
  return looksLikeMatcher(value) && matcherProblem(value) === undefined;
}

export function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** How a matcher reads in a message: `a value matching /^\d+$/`, `any string`. */
export function describeMatcher(m: Matcher): string {
  if ('$any' in m) return 'any value';
  if ('$type' in m) return m.$type === 'integer' ? 'any integer' : m.$type === 'array' ? 'any array' : m.$type === 'object' ? 'any object' : `any ${m.$type}`;
  return `a value matching /${m.$match}/`;
}

/**
 * Whether `actual` satisfies the matcher. `$match` tests strings; numbers and booleans are tested
 * through their JSON text (decided: docs/decisions.md "api-check, where the spec is silent").
 */
export function matches(m: Matcher, actual: unknown): boolean {
  if ('$any' in m) return actual !== undefined;
  if ('$type' in m) {
    const t = typeOf(actual);
    return t === m.$type || (m.$type === 'number' && t === 'integer');
  }
  if (typeof actual === 'string') return new RegExp(m.$match).test(actual);
  if (typeof actual === 'number' || typeof actual === 'boolean') return new RegExp(m.$match).test(JSON.stringify(actual));
  return false;
}
