// Failures a compiled refusal writes itself, exactly as the check it stands for writes them: a
// built-in scalar's (integer, number, boolean, text) `expected <label>, got ` and then the value
// as `showJson` shows it (types.ts).
import { bool, int, number, text } from './scalars.js';

/** Each built-in check (copies of these codecs share it) and what its failure message starts with. */
const PREFIX: ReadonlyMap<unknown, string> = new Map([int, number, bool, text].map((c) => [c.check, `expected ${c.label}, got `]));

/** What a refused value's message starts with, before `showJson` of the value, for a built-in check; else undefined. */
export const builtInFailure = (check: unknown): string | undefined => PREFIX.get(check);
