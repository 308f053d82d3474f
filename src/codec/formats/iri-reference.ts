// `iri-reference`: an RFC 3987 IRI-reference, an IRI or a relative reference to one.
import type { Format } from './format.js';
import { uriTest } from './uri-grammar.js';

export const iriReference: Format = {
  noun: 'an IRI reference',
  test: uriTest({ iri: true, reference: true }),
  examples: ['/café', '#ß', '../straße', 'https://example.com/café'],
  misses: ['\\\\host\\share', '/a b', '#a#b', '/%zz'],
};
