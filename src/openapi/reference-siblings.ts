// Keys beside `$ref` in a Reference Object (xero's `parameters: [{ $ref: ..., type: string }]`):
// OpenAPI says they are ignored (3.1 keeps `summary` and `description`), but its schema refuses
// the document for them. They are left out before validation, said in one warning per document.
// decided: docs/openapi-in.md "Keys beside $ref" (a Schema Object's are the importer's: schema-to-codec.ts).
import { child } from './warnings.js';
import type { Repair } from './document-repair.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** OpenAPI 3.0's Schema Object keywords (beside `$ref` the importer ignores them, saying so). */
const SCHEMA_30 = new Set(['title', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength',
  'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'required', 'enum', 'type', 'allOf', 'oneOf', 'anyOf',
  'not', 'items', 'properties', 'additionalProperties', 'description', 'format', 'default', 'nullable', 'discriminator', 'readOnly',
  'writeOnly', 'xml', 'externalDocs', 'example', 'deprecated']);
/** Keywords whose values are JSON values, never schemas. */
const VALUES = new Set(['example', 'examples', 'default', 'enum', 'const', 'required', 'discriminator', 'xml', 'externalDocs']);

/** Maps whose values are Reference Objects or the objects they stand for (never schemas). */
const MAPS = new Set(['responses', 'headers', 'examples', 'links', 'callbacks', 'requestBodies', 'securitySchemes']);

/**
 * Leaves out, in place, the keys beside `$ref` in the document's Reference Objects outside
 * schemas (parameters, responses, request bodies, headers, examples, links, callbacks, security
 * schemes); the repair saying so, or none when there were none.
 */
export function dropReferenceSiblings(doc: Obj, version: '3.0' | '3.1'): Repair[] {
  const kept = new Set(version === '3.1' ? ['$ref', 'summary', 'description'] : ['$ref']);
  const keys = new Set<string>();
  let first: string | undefined;
  let count = 0;
  const strip = (v: unknown, at: string) => {
    if (!isObj(v) || typeof v.$ref !== 'string') return false;
    const extra = Object.keys(v).filter((k) => !kept.has(k));
    if (extra.length === 0) return true;
    for (const k of extra) { keys.add(k); delete v[k]; }
    first ??= at;
    count++;
    return true;
  };
  const seen = new Set<object>();
  const walk = (v: unknown, at: string, key: string | undefined): void => {
    if (!isObj(v) && !Array.isArray(v)) return;
    if (seen.has(v)) return;
    // Schemas are the importer's (siblings of `$ref` there are judged per schema), but for keys no
    // schema has (motaword's `"/continuous_projects/{id}/...": null`, on which the parser's
    // dereference stops); path items may have siblings.
    if (key === 'schema' || key === 'schemas' || key === 'definitions') {
      if (version === '3.0') schemaWalk(v, at, key === 'schema');
      return;
    }
    seen.add(v);
    if (key === 'parameters' && Array.isArray(v)) {
      v.forEach((p, i) => { if (!strip(p, child(at, i))) walk(p, child(at, i), undefined); });
      return;
    }
    if ((key === 'parameters' || (key !== undefined && MAPS.has(key))) && isObj(v)) {
      for (const [k, x] of Object.entries(v)) if (!strip(x, child(at, k))) walk(x, child(at, k), undefined);
      return;
    }
    if (key === 'requestBody' && strip(v, at)) return;
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, child(at, i), undefined));
    else for (const [k, x] of Object.entries(v)) walk(x, child(at, k), k);
  };
  /** A 3.0 schema (or a map of them): each `$ref` holder's keys that are no schema keyword (nor `x-`) left out. */
  const schemaWalk = (v: unknown, at: string, single: boolean): void => {
    if (!isObj(v) || seen.has(v)) return;
    seen.add(v);
    if (!single) {
      for (const [k, x] of Object.entries(v)) schemaWalk(x, child(at, k), true);
      return;
    }
    if (typeof v.$ref === 'string') {
      const junk = Object.keys(v).filter((k) => k !== '$ref' && !SCHEMA_30.has(k) && !k.startsWith('x-'));
      if (junk.length > 0) {
        for (const k of junk) { keys.add(k); delete v[k]; }
        first ??= at;
        count++;
      }
    }
    for (const [k, x] of Object.entries(v)) {
      // Values, not schemas (an example may hold a `$ref` of its own).
      if (VALUES.has(k) || k.startsWith('x-')) continue;
      if (k === 'properties') schemaWalk(x, child(at, k), false);
      else if (Array.isArray(x)) x.forEach((y, i) => schemaWalk(y, child(at, k, i), true));
      else schemaWalk(x, child(at, k), true);
    }
  };
  walk(doc, '', undefined);
  if (first === undefined) return [];
  const more = count > 1 ? ` (and ${count - 1} more reference object${count === 2 ? '' : 's'})` : '';
  return [{ pointer: first, message: `${[...keys].join(', ')} beside $ref ${keys.size === 1 ? 'is' : 'are'} ignored, as OpenAPI says of a Reference Object${more}` }];
}
