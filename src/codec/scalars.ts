// Scalar codecs: integer, number, boolean, text, calendar date, and closed sets of words.
import { type Codec, type Result, fail, ok, quote, showJson } from './types.js';

function scalar<T>(label: string, schema: Codec<T>['schema'], parseText: (raw: string) => Result<T>,
  fromJson: (json: unknown) => T | undefined, formatText: (v: T) => string = String): Codec<T> {
  return {
    kind: 'scalar', label, schema, examples: [], parseText, formatText,
    check(json, path) {
      const v = fromJson(json);
      return v === undefined ? fail(`expected ${label}, got ${showJson(json)}`, path) : ok(v);
    },
  };
}

const INT = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Integers within JavaScript's safe range; a leading sign is allowed. */
export const int: Codec<number> = scalar('integer', { type: 'integer' }, (raw) => {
  if (!INT.test(raw)) return fail(`${quote(raw)} is not an integer`);
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) return fail(`${quote(raw)} is out of range (integers from ${Number.MIN_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER})`);
  return ok(n);
}, (json) => (typeof json === 'number' && Number.isSafeInteger(json) ? json : undefined));

export const number: Codec<number> = scalar('number', { type: 'number' }, (raw) => {
  if (!NUMBER.test(raw)) return fail(`${quote(raw)} is not a number`);
  const n = Number(raw);
  return Number.isFinite(n) ? ok(n) : fail(`${quote(raw)} is out of range`);
}, (json) => (typeof json === 'number' && Number.isFinite(json) ? json : undefined));

/** `true` / `false`, case-insensitive in text (as servant's http-api-data). */
export const bool: Codec<boolean> = scalar('boolean', { type: 'boolean' }, (raw) => {
  const lower = raw.toLowerCase();
  if (lower === 'true') return ok(true);
  if (lower === 'false') return ok(false);
  return fail(`${quote(raw)} is not a boolean (true or false)`);
}, (json) => (typeof json === 'boolean' ? json : undefined));

export const text: Codec<string> = scalar('text', { type: 'string' }, (raw) => ok(raw),
  (json) => (typeof json === 'string' ? json : undefined), (v) => v);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** A real calendar date `YYYY-MM-DD` (proleptic Gregorian); arithmetic, no Date built per call. */
export function isDate(raw: string): boolean {
  const m = DATE.exec(raw);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (mo === 2 && leap ? 29 : DAYS[mo - 1]!);
}

// A calendar date `YYYY-MM-DD`, kept as its text (no time zone to get wrong).
const anyDate: Codec<string> = scalar('date', { type: 'string', format: 'date' },
  (raw) => (isDate(raw) ? ok(raw) : fail(`${quote(raw)} is not a date (YYYY-MM-DD)`, undefined, 'format')),
  (json) => (typeof json === 'string' && isDate(json) ? json : undefined), (v) => v);
/** A calendar date `YYYY-MM-DD`, kept as its text; a string that is not one breaks `format`. */
export const date: Codec<string> = {
  ...anyDate,
  check: (json, path) => (typeof json === 'string' && !isDate(json) ? fail(`expected date, got ${showJson(json)}`, path, 'format') : anyDate.check(json, path)),
};

/** One of a closed set of words, matched exactly. */
export function oneOf<const W extends readonly string[]>(words: W, label = `one of ${words.join(', ')}`): Codec<W[number]> {
  const set = new Set<string>(words);
  const codec = scalar<W[number]>(label, { type: 'string', enum: [...words] },
    (raw) => (set.has(raw) ? ok(raw as W[number]) : fail(`${quote(raw)} is not ${label}`, undefined, 'enum')),
    (json) => (typeof json === 'string' && set.has(json) ? (json as W[number]) : undefined), (v) => v);
  // A string outside the set breaks `enum` (and says so); anything else is of the wrong type.
  return { ...codec, check: (json, path) => (typeof json === 'string' && !set.has(json) ? fail(`expected ${label}, got ${showJson(json)}`, path, 'enum') : codec.check(json, path)) };
}
