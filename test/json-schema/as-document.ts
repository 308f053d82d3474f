// A suite schema as a user's OpenAPI document holds it: placed at `components.schemas.<Name>`, its
// refs into its own root rewritten to point there, one POST operation taking it as its JSON body.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas (both drafts). */
const ONE = new Set(['items', 'additionalItems', 'additionalProperties', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema']);
const LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
const MAP = new Set(['$defs', 'definitions', 'properties', 'patternProperties', 'dependentSchemas', 'dependencies']);

/**
 * The schema as it reads once moved to `at` (a pointer, `/components/schemas/S0`): every `$ref` or
 * `$dynamicRef` that is a pointer into the document's root (`#`, `#/$defs/a`, `#/definitions/a`)
 * now points under `at`, which is what a user moving a schema into a document does by hand.
 * Inside an `$id` (the root's or a subschema's) a pointer is relative to that resource, not to the
 * document, so it already holds wherever the schema stands and is left as it is (OpenAPI 3.1 and
 * its parser read it so). Refs to other URIs, anchors (`#foo`), and values (`enum`, `const`,
 * `default`: data, not schemas) are left as they are too.
 */
export function moveSchema(schema: unknown, at: string): unknown {
  const walk = (s: unknown, inResource: boolean): unknown => {
    if (!isObj(s)) return s;
    const own = inResource || typeof s.$id === 'string';
    const out: Obj = {};
    for (const [k, v] of Object.entries(s)) {
      if ((k === '$ref' || k === '$dynamicRef') && typeof v === 'string' && !own && (v === '#' || v.startsWith('#/'))) out[k] = `#${at}${v.slice(1)}`;
      else if (LIST.has(k) && Array.isArray(v)) out[k] = v.map((x) => walk(x, own));
      else if (ONE.has(k)) out[k] = walk(v, own);
      else if (MAP.has(k) && isObj(v)) out[k] = Object.fromEntries(Object.entries(v).map(([n, x]) => [n, walk(x, own)]));
      else out[k] = v;
    }
    return out;
  };
  return walk(schema, false);
}

export interface Placed {
  /** The component's name; its operation is `POST /<name>`. */
  readonly name: string;
  readonly schema: unknown;
}

/** The component's pointer in the document. */
export const componentPointer = (name: string) => `/components/schemas/${name}`;

/**
 * An OpenAPI document (3.0.3 or 3.1.0) holding each schema as a component, moved there, and one
 * `POST /<name>` per component whose required JSON request body is that component (a 204 answer).
 */
export function suiteDocument(version: '3.0' | '3.1', placed: readonly Placed[]): Obj {
  const schemas: Obj = {};
  const paths: Obj = {};
  for (const { name, schema } of placed) {
    schemas[name] = moveSchema(schema, componentPointer(name));
    paths[`/${name}`] = {
      post: {
        operationId: name,
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#${componentPointer(name)}` } } } },
        responses: { 204: { description: 'accepted' } },
      },
    };
  }
  return {
    openapi: version === '3.0' ? '3.0.3' : '3.1.0',
    info: { title: 'JSON Schema test suite', version: '1' },
    paths,
    components: { schemas },
  };
}
