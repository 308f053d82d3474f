// `url`: not a JSON Schema format, but one OpenAPI documents use and ajv-formats checks: an absolute
// http, https or ftp URL with a host. decided: it asserts as the others do (docs/decisions.md "Codecs").
import type { Format } from './format.js';
import { uriTest } from './uri-grammar.js';

const isUri = uriTest({ iri: false, reference: false });
const WEB = /^(?:https?|ftp):\/\/(?:[^/?#@\s]+@)?[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?(?:[/?#]|$)/i;

export const url: Format = {
  noun: 'a web URL (http, https or ftp)',
  test: (s) => WEB.test(s) && isUri(s),
  examples: ['https://example.com/', 'https://example.com/a?b=c#d', 'http://example.com:8080/path', 'ftp://files.example.com/a.txt'],
  misses: ['example.com', '/path', 'mailto:user@example.com', 'https://exa mple.com/', 'https:///path'],
};
