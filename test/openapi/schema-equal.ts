// Semantic equality of two OpenAPI schemas, each read in its own document: references resolved
// (a recursive one unfolds once, then compares as a marker), OpenAPI 3.0's `nullable` and boolean
// exclusive bounds read as 3.1 says them, annotations set aside, defaults of JSON Schema made
// explicit or dropped alike. What is left must be the same value: the same constraints on the
// same structure. Each difference is reported with the path where it is.
type Obj = Record<string, any>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords that change no validation: set aside on both sides. */
const ANNOTATIONS = new Set(['title', 'description', 'example', 'examples', 'externalDocs', 'xml', 'deprecated', 'readOnly', 'writeOnly',
  '$comment', '$schema', '$id', '$anchor', 'contentMediaType', 'contentEncoding', 'nullable', 'default']);

/**
 * The range OpenAPI's integer formats stand for, which the writer says as bounds too; int64 as
 * JavaScript's safe integers (the codec layer's decided range, docs/decisions.md "Codecs").
 */
const FORMAT_BOUNDS: Record<string, [number, number]> = { int32: [-2147483648, 2147483647], int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] };

const typeOfValue = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);

/** Rewrites that say the same thing one way, applied to a canonical schema (bottom-up). */
function tidy(out: Obj): Obj {
  // Bounds implied by an integer format.
  const bounds = typeof out.format === 'string' ? FORMAT_BOUNDS[out.format] : undefined;
  if (bounds && out.minimum === bounds[0]) delete out.minimum;
  if (bounds && out.maximum === bounds[1]) delete out.maximum;
  // A type every listed value already has.
  const values = Array.isArray(out.enum) ? out.enum : Object.hasOwn(out, 'const') ? [out.const] : undefined;
  if (values && out.type !== undefined) {
    const types = Array.isArray(out.type) ? out.type : [out.type];
    if (values.every((v) => types.includes(typeOfValue(v)) || (typeOfValue(v) === 'integer' && types.includes('number')))) delete out.type;
  }
  // `anyOf: [X, { type: null }]` is X with null among its types.
  if (Array.isArray(out.anyOf) && out.anyOf.length === 2) {
    const i = out.anyOf.findIndex((x: unknown) => isObj(x) && Object.keys(x).length === 1 && x.type === 'null');
    const other = out.anyOf[1 - i];
    if (i >= 0 && isObj(other) && typeof other.type === 'string' && Object.keys(out).length === 1) {
      return { ...other, type: [other.type, 'null'].sort() };
    }
    if (i >= 0 && isObj(other) && Array.isArray(other.enum) && Object.keys(other).length === 1 && Object.keys(out).length === 1) return { enum: [...other.enum, null] };
  }
  // An object type beside allOf parts that are all objects.
  if (Array.isArray(out.allOf) && out.type === 'object' && out.allOf.every((p: unknown) => isObj(p) && p.type === 'object')) delete out.type;
  if (isObj(out.properties) && Object.keys(out.properties).length === 0) delete out.properties;
  return out;
}

export interface SchemaDoc { readonly doc: Obj; readonly version: '3.0' | '3.1' }

function anchors(doc: Obj): Map<string, Obj> {
  const out = new Map<string, Obj>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObj(v)) { if (typeof v.$anchor === 'string') out.set(v.$anchor, v); Object.values(v).forEach(walk); }
  };
  walk(doc);
  return out;
}

function resolve(ref: string, doc: Obj, named: Map<string, Obj>): Obj | undefined {
  if (!ref.startsWith('#')) return undefined;
  if (!ref.startsWith('#/')) return named.get(ref.slice(1));
  return ref.slice(2).split('/').reduce<any>((o, k) => o?.[decodeURIComponent(k).replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

/** The schema as a canonical value (see the module comment). */
export function canonical(schema: unknown, where: SchemaDoc, stack: readonly Obj[] = [], named = anchors(where.doc)): unknown {
  if (schema === true || (isObj(schema) && Object.keys(schema).length === 0)) return {};
  if (!isObj(schema)) return schema;
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref, where.doc, named);
    if (target === undefined) return { $unresolved: schema.$ref };
    // A recursive reference unfolds once: the second time round it is a marker on both sides.
    if (stack.includes(target)) return { $recursive: true };
    return canonical(target, where, [...stack, target], named);
  }
  const out: Obj = {};
  const s: Obj = { ...schema };
  if (where.version === '3.0') {
    for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
      if (typeof s[flag] === 'boolean') { if (s[flag] === true) { s[flag] = s[bound]; delete s[bound]; } else delete s[flag]; }
    }
    if (s.nullable === true && s.type !== undefined) s.type = [...(Array.isArray(s.type) ? s.type : [s.type]), 'null'];
    if (s.nullable === true && Array.isArray(s.enum) && !s.enum.includes(null)) s.enum = [...s.enum, null];
  }
  // The importer reads a schema with object (array) keywords and no type as an object (array), as the writer says.
  if (s.type === undefined && (s.properties !== undefined || s.additionalProperties !== undefined || s.patternProperties !== undefined)) s.type = 'object';
  if (s.type === undefined && (s.items !== undefined || s.prefixItems !== undefined)) s.type = 'array';
  const rec = (v: unknown) => canonical(v, where, stack, named);
  for (const [k, v] of Object.entries(s)) {
    if (ANNOTATIONS.has(k) || k.startsWith('x-')) continue;
    switch (k) {
      case 'type': {
        const types = [...new Set(Array.isArray(v) ? v : [v])].sort();
        out.type = types.length === 1 ? types[0] : types;
        break;
      }
      case 'required': if (Array.isArray(v) && v.length > 0) out.required = [...v].sort(); break;
      case 'additionalProperties': if (v !== true && !(isObj(v) && Object.keys(v).length === 0)) out.additionalProperties = v === false ? false : rec(v); break;
      case 'properties': case 'patternProperties': case '$defs': case 'definitions':
        out[k] = Object.fromEntries(Object.entries(v as Obj).sort(([a], [b]) => (a < b ? -1 : 1)).map(([p, x]) => [p, rec(x)]));
        break;
      case 'items': case 'not': case 'contains': case 'propertyNames': out[k] = rec(v); break;
      case 'allOf': case 'anyOf': case 'oneOf': case 'prefixItems': out[k] = (v as unknown[]).map(rec); break;
      case 'discriminator': if (isObj(v)) out.discriminator = v.propertyName; break;
      default: out[k] = v;
    }
  }
  return tidy(out);
}

/** Where two canonical values differ, as `path: a vs b` lines (the first few). */
export function differences(a: unknown, b: unknown, path = '', out: string[] = []): string[] {
  if (out.length >= 5) return out;
  if (isObj(a) && isObj(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) differences(a[k], b[k], `${path}/${k}`, out);
  } else if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((x, i) => differences(x, b[i], `${path}/${i}`, out));
  } else if (JSON.stringify(a) !== JSON.stringify(b)) {
    out.push(`${path || '/'}: ${JSON.stringify(a)?.slice(0, 120)} vs ${JSON.stringify(b)?.slice(0, 120)}`);
  }
  return out;
}

/** The differences between a schema of the input and the one written back (empty: semantically equal). */
export function schemaDifferences(input: unknown, inDoc: SchemaDoc, written: unknown, outDoc: SchemaDoc): string[] {
  return differences(canonical(input, inDoc), canonical(written, outDoc));
}
