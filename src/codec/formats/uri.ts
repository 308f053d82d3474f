// `uri`: an RFC 3986 URI, absolute (a scheme); brackets only around an IP-literal host.
import type { Format } from './format.js';
import { uriTest } from './uri-grammar.js';

export const uri: Format = {
  noun: 'an absolute URI',
  test: uriTest({ iri: false, reference: false }),
  examples: ['https://example.com/', 'https://example.com/a?b=c#d', 'urn:isbn:0451450523', 'mailto:user@example.com'],
  misses: ['example.com', '//example.com/path', 'https://exa mple.com/', 'http://[::1/', 'https://example.com/#a#b'],
};
