// Failures a compiled refusal writes itself, exactly as the check it stands for writes them: a
// built-in scalar's (integer, number, boolean, text) `expected <label>, got <the value shown>`,
// and `showJson`'s rendering of the value, its common cases without the calls (types.ts).
import { bool, int, number, text } from './scalars.js';
import { showJson } from './types.js';

/** Each built-in check (copies of these codecs share it) and what its failure message starts with. */
const PREFIX: ReadonlyMap<unknown, string> = new Map([int, number, bool, text].map((c) => [c.check, `expected ${c.label}, got `]));

/** What a refused value's message starts with, before `showJson` of the value, for a built-in check; else undefined. */
export const builtInFailure = (check: unknown): string | undefined => PREFIX.get(check);

/**
 * `showJson(value)`, the same text: a short string needing no escapes is quoted here, a number,
 * a boolean, null, a list and an object are named here, and anything else is showJson's. A
 * refused body spent more on showJson's string case than on all the rest of its refusal.
 */
export function show(value: unknown): string {
  switch (typeof value) {
    case 'string': {
      if (value.length > 40) return showJson(value);
      for (let i = 0; i < value.length; i++) {
        const c = value.charCodeAt(i);
        if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return showJson(value);
      }
      return 'string "' + value + '"';
    }
    case 'number': return 'number ' + value;
    case 'boolean': return value ? 'boolean true' : 'boolean false';
    case 'object': return value === null ? 'null' : Array.isArray(value) ? 'an array' : 'an object';
    default: return showJson(value);
  }
}
