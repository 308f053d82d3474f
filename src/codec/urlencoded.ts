// `application/x-www-form-urlencoded` text (query strings and form bodies) into ordered pairs.
// Unlike URLSearchParams, a malformed `%` escape is an error, never silently kept.
import { type Result, fail, ok, quote } from './types.js';

export type Pairs = ReadonlyArray<readonly [string, string]>;

/** Decodes one component (`+` is a space); undefined when a `%` escape is malformed. */
export function decodeComponent(raw: string): string | undefined {
  const spaced = raw.includes('+') ? raw.replace(/\+/g, ' ') : raw;
  if (!spaced.includes('%')) return spaced;
  try { return decodeURIComponent(spaced); } catch { return undefined; }
}

/** Splits `a=1&b=2&b=3` into pairs; `a` alone reads as `a=""`; empty pieces are skipped. */
export function parseUrlEncoded(raw: string, strictPairs = false): Result<Pairs> {
  const out: [string, string][] = [];
  if (raw === '') return ok(out);
  // indexOf and slice, not split('&'): V8's split takes its runtime path for every call.
  for (let from = 0; from <= raw.length;) {
    let amp = raw.indexOf('&', from);
    if (amp < 0) amp = raw.length;
    const piece = raw.slice(from, amp);
    from = amp + 1;
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const rawKey = eq < 0 ? piece : piece.slice(0, eq);
    const rawValue = eq < 0 ? '' : piece.slice(eq + 1);
    if (strictPairs && rawValue.includes('=')) return fail(`not a valid pair: ${quote(piece)}`);
    const key = decodeComponent(rawKey);
    const value = decodeComponent(rawValue);
    if (key === undefined || value === undefined) return fail(`malformed percent-encoding in ${quote(piece)}`);
    out.push([key, value]);
  }
  return ok(out);
}

/** Encodes pairs as a form body (spaces as `+`). */
export function formatUrlEncoded(pairs: Pairs): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  return pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
}
