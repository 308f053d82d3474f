// Failure messages a compiled refusal writes itself: a fixed prefix (`expected integer, got `, a
// rule's `must be at least 1 (minimum 1), got `) and the value as `showJson` shows it (types.ts),
// the same text, joined so that V8 copies nothing. A join shorter than 13 characters is copied into
// a new flat string; `'string "' + value + '"'` was two such copies, most of what a refused body
// cost past its validator, where joining the longer prefix first makes each step a pointer pair.
import { showJson } from './types.js';

/** A message prefix, and the prefix with the start of a string's and a number's rendering joined on once. */
export interface Shown {
  readonly prefix: string;
  readonly string: string;
  readonly number: string;
}

/** A string as one flat sequence (the prefixes are joined onto per refusal, for as long as the codec lives). */
export const flat = (s: string): string => {
  // Reading a character flattens a joined string in place (V8), so later joins point at one sequence.
  if (s.length > 0) s.charCodeAt(0);
  return s;
};

/** The parts of messages that start with `prefix`, joined once. */
export const shownAfter = (prefix: string): Shown => ({ prefix: flat(prefix), string: flat(`${prefix}string "`), number: flat(`${prefix}number `) });

/**
 * `prefix + showJson(value)`, the same text: a short string that needs no escaping (showJson's own
 * test) and a number are joined onto the prepared prefixes; anything else is showJson's.
 */
export function showAfter(p: Shown, value: unknown): string {
  if (typeof value === 'string') {
    if (value.length <= 40 && !escaped(value)) return p.string + value + '"';
  } else if (typeof value === 'number') return p.number + value;
  return p.prefix + showJson(value);
}

/** Whether showJson writes a string other than between plain quotes: a control character, a quote, a backslash, a surrogate. */
function escaped(s: string): boolean {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    // Most characters are past '"' and not a backslash: one comparison each, then the bits of a surrogate (0xd800 to 0xdfff).
    if (c < 0x23 ? c < 0x20 || c === 0x22 : c === 0x5c || (c & 0xf800) === 0xd800) return true;
  }
  return false;
}
