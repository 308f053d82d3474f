// Whether `format` asserts at a place in a 3.1 document: api-serve asserts the formats it knows,
// except in a schema that names, by `$schema` (or a document whose `jsonSchemaDialect` names), JSON
// Schema's standard 2020-12 or 2019-09 meta-schema, whose vocabulary says format only annotates.
// decided: docs/decisions.md "Codecs" (Formats assert, unless the standard dialect is named).
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The meta-schemas whose vocabularies have format-annotation (with or without an empty fragment). */
const ANNOTATING = new Set(['https://json-schema.org/draft/2020-12/schema', 'https://json-schema.org/draft/2019-09/schema']);

const unescape = (step: string) => step.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * The dialect in force at `pointer` (a JSON pointer into the document): the `$schema` of the
 * nearest schema at or above it that has one, else the document's `jsonSchemaDialect`.
 */
function dialectAt(doc: Obj, pointer: string): string | undefined {
  let dialect = typeof doc.jsonSchemaDialect === 'string' ? doc.jsonSchemaDialect : undefined;
  let node: unknown = doc;
  for (const step of pointer.split('/').slice(1)) {
    const key = unescape(step);
    // Own keys only: a document's `__proto__` or `constructor` step must not reach a prototype.
    if (isObj(node) && Object.hasOwn(node, key)) node = node[key];
    else if (Array.isArray(node) && /^\d+$/.test(step)) node = node[Number(step)];
    else break;
    if (isObj(node) && typeof node.$schema === 'string') dialect = node.$schema;
  }
  return dialect;
}

/** Whether formats only annotate at `pointer` of a 3.1 document (3.0's Schema Object has no dialects). */
export function formatsAnnotate(doc: Obj, pointer: string): boolean {
  const dialect = dialectAt(doc, pointer);
  return dialect !== undefined && ANNOTATING.has(dialect.replace(/#$/, ''));
}
