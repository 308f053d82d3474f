// A value or `null` (OpenAPI's `nullable`, JSON Schema's `anyOf` with `{ type: 'null' }`).
import { type Codec, type NullableCodec, ok } from './types.js';

/**
 * `null` or a value of `inner`. As text, `null` is the null value only when `inner` cannot read
 * the word itself (a nullable text keeps "null" as text).
 */
export function nullable<T>(inner: Codec<T>): NullableCodec<T | null> {
  return {
    kind: 'nullable', label: `${inner.label} or null`, inner: inner as Codec<T | null>, examples: [],
    schema: { anyOf: [inner.schema, { type: 'null' }] },
    parseText(raw) {
      const r = inner.parseText(raw);
      return !r.ok && raw === 'null' ? ok(null) : r;
    },
    formatText: (v) => (v === null ? 'null' : inner.formatText(v)),
    check: (json, path) => (json === null ? ok(null) : inner.check(json, path)),
  };
}
