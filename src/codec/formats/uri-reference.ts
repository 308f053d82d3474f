// `uri-reference`: an RFC 3986 URI-reference, a URI or a relative reference (`/a`, `?q`, `#f`, ``).
import type { Format } from './format.js';
import { uriTest } from './uri-grammar.js';

export const uriReference: Format = {
  noun: 'a URI reference',
  test: uriTest({ iri: false, reference: true }),
  examples: ['/example', '../a', '?q=1', '#top', 'https://example.com/'],
  misses: ['\\\\host\\share', '/a b', '#a#b', '/%zz'],
};
