// Which draft-4 schemas an OpenAPI 3.0 document can hold: the 3.0.3 Schema Object is a subset of
// JSON Schema (draft 4 / Wright draft 00) with some keywords changed, so only those groups are run.
//
// decided (docs/testing.md "JSON Schema conformance"): the rule is the Schema Object's field list
// in OpenAPI 3.0.3 (spec.openapis.org/oas/v3.0.3#schema-object), which the 3.0 document schema
// enforces with `additionalProperties: false`. Every object in the schema, `$ref` siblings included,
// may use only those fields; `type` is one string and not "null" (3.0 says `nullable` instead);
// `items` is one schema, not a list; subschemas are objects (3.0 has no boolean schemas, except
// `additionalProperties: true|false`). Left out so: `definitions`, `patternProperties`,
// `additionalItems`, `dependencies`, `id`, `$schema`, type lists, tuple `items`.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The Schema Object's fields: JSON Schema's subset, the adjusted ones, 3.0's own and `$ref`. */
const FIELDS = new Set([
  'title', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength',
  'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'required', 'enum',
  'type', 'allOf', 'oneOf', 'anyOf', 'not', 'items', 'properties', 'additionalProperties', 'description', 'format', 'default',
  'nullable', 'discriminator', 'readOnly', 'writeOnly', 'xml', 'externalDocs', 'example', 'deprecated', '$ref',
]);

const TYPES = new Set(['array', 'boolean', 'integer', 'number', 'object', 'string']);

/** Why an OpenAPI 3.0 Schema Object cannot be this schema (the first thing found), or undefined when it can. */
export function outsideOpenApi30(schema: unknown): string | undefined {
  if (!isObj(schema)) return 'a boolean schema';
  for (const [k, v] of Object.entries(schema)) {
    if (!FIELDS.has(k) && !k.startsWith('x-')) return `the keyword ${k}`;
    let why: string | undefined;
    switch (k) {
      case 'type': why = typeof v === 'string' && TYPES.has(v) ? undefined : `type ${JSON.stringify(v)}`; break;
      case 'items': why = Array.isArray(v) ? 'items as a list' : outsideOpenApi30(v); break;
      case 'not': why = outsideOpenApi30(v); break;
      case 'additionalProperties': why = typeof v === 'boolean' ? undefined : outsideOpenApi30(v); break;
      case 'allOf': case 'anyOf': case 'oneOf': why = Array.isArray(v) ? v.map(outsideOpenApi30).find((w) => w !== undefined) : `${k} not a list`; break;
      case 'properties': why = isObj(v) ? Object.values(v).map(outsideOpenApi30).find((w) => w !== undefined) : 'properties not an object'; break;
      default: break;
    }
    if (why !== undefined) return why;
  }
  return undefined;
}
