// `uri`: an RFC 3986 URI, absolute (a scheme); brackets only around an IP-literal host.
import type { Format } from './format.js';
import { uriTest } from './uri-grammar.js';

export const uri: Format = { noun: 'an absolute URI', test: uriTest({ iri: false, reference: false }) };
