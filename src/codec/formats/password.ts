// OpenAPI's `password`: it only describes a string (tools mask it); any string is one.
import type { Format } from './format.js';

export const password: Format = { noun: 'a password', test: () => true, examples: ['password'], misses: [] };
