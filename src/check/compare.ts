// The comparison of an actual response with a fixture's expectation: status exactly, the listed
// headers case-insensitively (media types as media types), JSON bodies structurally (key order
// ignored, array order kept), text bodies exactly, matchers wherever a value may vary.
import type { ExpectedHeader, ResponseSpec } from './fixture.js';
import { type Matcher, describeMatcher, isMatcher, matches } from './matchers.js';
import { sameMediaType } from './media-type.js';
import { child } from '../codec/json-pointer.js';

export interface ActualResponse {
  readonly status: number;
  /** Lower-case names, as undici gives them. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly body: Buffer;
}

export interface Difference {
  readonly where: 'status' | 'header' | 'body';
  /** The header name, or the JSON pointer into the body ('' is the whole body). */
  readonly path: string;
  readonly message: string;
  readonly expected?: unknown;
  readonly actual?: unknown;
}

/** Where a difference is, as reports name it: `status`, `header etag`, `body`, `body /msg`. */
export const differenceWhere = (d: Difference): string =>
  d.where === 'status' ? 'status' : d.where === 'header' ? `header ${d.path}` : d.path === '' ? 'body' : `body ${d.path}`;

const MAX_SHOWN = 160;

/** A value as a message shows it: JSON, cut short, or what a matcher stands for. */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (isMatcher(value)) return describeMatcher(value);
  const s = JSON.stringify(value) ?? String(value);
  return s.length > MAX_SHOWN ? `${s.slice(0, MAX_SHOWN)}...` : s;
}

const mismatch = (where: Difference['where'], path: string, expected: unknown, actual: unknown): Difference =>
  ({ where, path, expected, actual, message: `expected ${show(expected)}, got ${show(actual)}` });

/** Structural differences between an expected JSON value (with matchers) and the actual one. */
export function diffJson(expected: unknown, actual: unknown, pointer = '', out: Difference[] = []): Difference[] {
  if (isMatcher(expected)) {
    if (!matches(expected, actual)) out.push(mismatch('body', pointer, expected, actual));
    return out;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) { out.push(mismatch('body', pointer, expected, actual)); return out; }
    if (expected.length !== actual.length) {
      out.push({ where: 'body', path: pointer, expected: expected.length, actual: actual.length, message: `expected ${expected.length} items, got ${actual.length}` });
    }
    for (let i = 0; i < Math.min(expected.length, actual.length); i++) diffJson(expected[i], actual[i], child(pointer, i), out);
    return out;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) { out.push(mismatch('body', pointer, expected, actual)); return out; }
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    for (const k of Object.keys(e)) {
      if (!Object.hasOwn(a, k)) {
        const m = e[k];
        // `{"$any": true}` still asks for the key to be there.
        out.push({ where: 'body', path: child(pointer, k), expected: m, message: `missing key ${JSON.stringify(k)} (expected ${show(m)})` });
      } else diffJson(e[k], a[k], child(pointer, k), out);
    }
    for (const k of Object.keys(a)) {
      if (!Object.hasOwn(e, k)) out.push({ where: 'body', path: child(pointer, k), actual: a[k], message: `unexpected key ${JSON.stringify(k)} (got ${show(a[k])})` });
    }
    return out;
  }
  if (expected !== actual) out.push(mismatch('body', pointer, expected, actual));
  return out;
}

/** Where two texts first differ, for long bodies: `line 3, column 7`. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const before = a.slice(0, i);
  const line = before.split('\n').length;
  const column = i - before.lastIndexOf('\n');
  const around = (s: string) => JSON.stringify(s.slice(Math.max(0, i - 20), i + 40));
  return `first difference at line ${line}, column ${column}: expected ...${around(a)}..., got ...${around(b)}...`;
}

function diffText(expected: string | Matcher, actual: string): Difference[] {
  if (isMatcher(expected)) return matches(expected, actual) ? [] : [mismatch('body', '', expected, actual)];
  if (expected === actual) return [];
  if (expected.length + actual.length < 2 * MAX_SHOWN) return [mismatch('body', '', expected, actual)];
  return [{ where: 'body', path: '', expected, actual, message: firstDifference(expected, actual) }];
}

const valuesOf = (v: string | readonly string[] | undefined): readonly string[] => (v === undefined ? [] : typeof v === 'string' ? [v] : v);

function sameHeaderValue(name: string, expected: string | Matcher, actual: string): boolean {
  if (isMatcher(expected)) return matches(expected, actual);
  if (name === 'content-type') return sameMediaType(expected, actual);
  return expected.trim() === actual.trim();
}

function diffHeader(name: string, expected: ExpectedHeader, actualRaw: string | readonly string[] | undefined): Difference | undefined {
  const actual = valuesOf(actualRaw);
  const shownActual = actual.length === 0 ? undefined : actual.length === 1 ? actual[0] : actual;
  const d = (message: string): Difference => ({ where: 'header', path: name, expected, actual: shownActual, message });
  if (expected === null) return actual.length === 0 ? undefined : d(`expected no ${name} header, got ${show(shownActual)}`);
  if (actual.length === 0) return d(`expected ${show(expected)}, but the header is missing`);
  if (Array.isArray(expected)) {
    const list = expected as readonly (string | Matcher)[];
    if (list.length !== actual.length || list.some((e, i) => !sameHeaderValue(name, e, actual[i]!))) {
      return d(`expected ${show(list)}, got ${show(actual)}`);
    }
    return undefined;
  }
  // One expected value: several actual values compare as the comma-joined list (RFC 9110 5.3).
  const joined = actual.length === 1 ? actual[0]! : actual.join(', ');
  return sameHeaderValue(name, expected as string | Matcher, joined) ? undefined : d(`expected ${show(expected)}, got ${show(joined)}`);
}

/** Every way the actual response departs from the expectation (empty: it conforms). */
export function compareResponse(expected: ResponseSpec, actual: ActualResponse): Difference[] {
  const out: Difference[] = [];
  if (expected.status !== actual.status) out.push({ where: 'status', path: '', expected: expected.status, actual: actual.status, message: `expected ${expected.status}, got ${actual.status}` });
  for (const [rawName, value] of Object.entries(expected.headers ?? {})) {
    const name = rawName.toLowerCase();
    const d = diffHeader(name, value, actual.headers[name]);
    if (d) out.push(d);
  }
  if (Object.hasOwn(expected, 'body')) {
    const text = actual.body.toString('utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      out.push({ where: 'body', path: '', expected: expected.body, actual: text, message: `expected a JSON body ${show(expected.body)}, got ${text === '' ? 'an empty body' : `text ${show(text)}`}` });
      return out;
    }
    diffJson(expected.body, parsed, '', out);
  } else if (expected.text !== undefined) {
    out.push(...diffText(expected.text, actual.body.toString('utf8')));
  } else if (expected.base64 !== undefined) {
    const want = Buffer.from(expected.base64, 'base64');
    if (!want.equals(actual.body)) {
      let i = 0;
      while (i < want.length && i < actual.body.length && want[i] === actual.body[i]) i++;
      out.push({ where: 'body', path: '', expected: expected.base64, actual: actual.body.toString('base64'), message: `expected ${want.length} bytes, got ${actual.body.length}; they differ from byte ${i}` });
    }
  }
  return out;
}
