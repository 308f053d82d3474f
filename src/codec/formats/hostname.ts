// `hostname`: RFC 1123 host names as JSON Schema's suite reads them: no trailing dot, and `--` in a
// label's third and fourth places only in an A-label (`xn--`), whose Unicode rules are not checked.
import type { Format } from './format.js';

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export const hostname: Format = {
  noun: 'a host name',
  test: (s) => s.length >= 1 && s.length <= 253 && s.split('.').every((l) => LABEL.test(l) && (l.slice(2, 4) !== '--' || /^xn--/i.test(l))),
  examples: ['example.com', 'api.example.com', 'localhost', 'xn--bcher-kva.example'],
  misses: ['-example.com', 'exa_mple.com', 'a..b', 'a b'],
};
