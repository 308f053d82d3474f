// `uri-template`: RFC 6570's syntax at level 4: literals and `{op var:3,list*}` expressions (only
// the syntax: a template is not expanded).
import type { Format } from './format.js';
import { IPRIVATE, UCSCHAR } from './uri-grammar.js';

const PCT = '%[0-9A-Fa-f]{2}';
// Literals: any character but controls, space and `"%<>\^`{|}`, or a percent escape. RFC 6570's ABNF
// also leaves out `'`, which its own `reserved` set (and JSON Schema's suite) let a literal hold.
const LITERAL = `[!#$&'()*+,\\-./0-9:;=?@A-Z[\\]_a-z~${UCSCHAR}${IPRIVATE}]|${PCT}`;
const VARCHAR = `(?:[A-Za-z0-9_]|${PCT})`;
const VARSPEC = `${VARCHAR}(?:\\.?${VARCHAR})*(?::[1-9]\\d{0,3}|\\*)?`;
// Operators of levels 2 and 3, and the ones RFC 6570 reserves for extensions (`= , ! @ |`).
const EXPRESSION = `\\{[+#./;?&=,!@|]?${VARSPEC}(?:,${VARSPEC})*\\}`;
const TEMPLATE = new RegExp(`^(?:${LITERAL}|${EXPRESSION})*$`, 'u');

export const uriTemplate: Format = {
  noun: 'a URI template (RFC 6570)',
  test: (s) => TEMPLATE.test(s),
  examples: ['https://example.com/users/{id}', '/users/{id}{?fields*,page}', '{+base}/x'],
  misses: ['{', '}', '{}', '{a,}', 'a b'],
};
