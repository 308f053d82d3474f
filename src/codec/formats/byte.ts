// OpenAPI's `byte`: RFC 4648 base64 with padding.
import type { Format } from './format.js';

const BYTE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const byte: Format = {
  noun: 'base64 text',
  test: (s) => BYTE.test(s),
  examples: ['c3RyaW5n', 'aGVsbG8gd29ybGQ=', 'YQ==', ''],
  misses: ['c3RyaW5n=', 'abc', '!!!!', 'c3Ry aW5n'],
};
