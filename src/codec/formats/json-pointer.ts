// `json-pointer`: an RFC 6901 JSON Pointer in its string form: `/`-led tokens, `~` only as `~0`/`~1`.
import type { Format } from './format.js';

/** Also the tail of a relative JSON pointer. */
export const POINTER = '(?:/(?:[^~/]|~[01])*)*';
const JSON_POINTER = new RegExp(`^${POINTER}$`);

export const jsonPointer: Format = {
  noun: 'a JSON pointer (RFC 6901)',
  test: (s) => JSON_POINTER.test(s),
  examples: ['/example/0', '', '/a~1b/0'],
  misses: ['a', '/~2', '/a~', '#/a'],
};
