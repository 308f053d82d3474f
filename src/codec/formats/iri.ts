// `iri`: an RFC 3987 IRI, an absolute URI that may also hold non-ASCII characters unescaped.
import type { Format } from './format.js';
import { uriTest } from './uri-grammar.js';

export const iri: Format = {
  noun: 'an absolute IRI',
  test: uriTest({ iri: true, reference: false }),
  examples: ['https://example.com/café', 'https://例え.テスト/パス?q=é#ß'],
  misses: ['/abc', 'abc', 'https://exa mple.com/', 'http://[::1/'],
};
