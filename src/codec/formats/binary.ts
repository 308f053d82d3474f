// OpenAPI's `binary`: it only describes a string (a file's content); any string is one.
import type { Format } from './format.js';

export const binary: Format = { noun: 'binary text', test: () => true, examples: ['string'], misses: [] };
