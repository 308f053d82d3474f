// The keyword tables the schema reader works from: which keywords only annotate, which it reads
// into codecs, the formats with a codec of their own, and which keywords judge values of which
// JSON type (what a schema without `type` implies).
import * as t from '../codec/codecs.js';
import type { AnyCodec } from '../codec/types.js';
import { KEYWORDS } from '../codec/keywords/index.js';

/** Keywords that only annotate (or that the reader reads elsewhere): no warning when present. */
export const ANNOTATIONS = new Set([
  'title', 'description', 'example', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', 'externalDocs', 'xml',
  '$comment', '$schema', '$id', 'discriminator', 'nullable', 'contentMediaType', 'contentEncoding', 'contentSchema',
  // Definitions are read where a `$ref` points into them, not where they stand; anchors name a
  // schema for a `$ref` (schema-resources.ts indexes them).
  '$defs', 'definitions', '$anchor', '$dynamicAnchor',
]);
/** Keywords the reader (schema-to-codec.ts) turns into codecs. */
export const READ = new Set([
  'type', 'format', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'patternProperties', 'items', 'prefixItems',
  'oneOf', 'anyOf', 'allOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength',
  'pattern', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties', '$ref', 'additionalItems',
  ...KEYWORDS.flatMap((k) => k.keys),
]);

export const FORMAT_CODECS: Readonly<Record<string, AnyCodec>> = {
  date: t.date, 'date-time': t.dateTime, time: t.time, email: t.email, uuid: t.uuid, uri: t.uri, ipv4: t.ipv4, ipv6: t.ipv6,
  hostname: t.hostname, byte: t.byte, binary: t.binary, password: t.password,
};

export const NUMBER_KEYS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
export const STRING_KEYS = ['minLength', 'maxLength', 'pattern'];
export const ARRAY_KEYS = ['minItems', 'maxItems', 'uniqueItems'];
function keysOf(family: 'object' | 'array'): string[] {
  return KEYWORDS.filter((k) => k.family === family).flatMap((k) => k.keys);
}
/** The keywords that judge values of one JSON type, by the type: what a schema without `type` implies. */
export const FAMILY_KEYS: Readonly<Record<'object' | 'array' | 'string' | 'number', readonly string[]>> = {
  object: ['properties', 'required', 'additionalProperties', 'patternProperties', 'minProperties', 'maxProperties', ...keysOf('object')],
  array: ['items', 'prefixItems', 'additionalItems', ...ARRAY_KEYS, ...keysOf('array')],
  string: [...STRING_KEYS, 'format'],
  number: NUMBER_KEYS,
};
