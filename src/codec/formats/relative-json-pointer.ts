// `relative-json-pointer`: a non-negative integer (how many levels up), then `#` or a JSON pointer
// (draft-bhutton-relative-json-pointer-00, which JSON Schema 2020-12 names).
import type { Format } from './format.js';
import { POINTER } from './json-pointer.js';

const RELATIVE = new RegExp(`^(?:0|[1-9][0-9]*)(?:#|${POINTER})$`);

export const relativeJsonPointer: Format = {
  noun: 'a relative JSON pointer',
  test: (s) => RELATIVE.test(s),
  examples: ['1/example', '0#', '2/a'],
  misses: ['/a', '-1', '01', '0##', ''],
};
