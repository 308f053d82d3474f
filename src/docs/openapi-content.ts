// OpenAPI content objects, one per representation, each with the schema of what is actually sent:
// JSON gets its type's schema, text and HTML a string with the encoded text as example, bytes a
// binary string, a newline-framed stream a string of lines; forms say how lists are encoded.
import type { JsonSchema } from '../codec/types.js';
import { ERRORS } from '../dsl/errors.js';
import type { DocContent, DocExample, DocMedia } from './model.js';
import type { DocAnswer } from './error-answers.js';
import type { SchemaRegistry } from './openapi-schemas.js';
import { verificationFields } from './verification.js';

type Obj = Record<string, unknown>;

const isJson = (type: string) => type === 'application/json' || /\+json$/.test(type);

export function slug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'example';
}

export function uniqueKey(base: string, taken: Obj): string {
  let key = base;
  for (let n = 2; Object.hasOwn(taken, key); n++) key = `${base}-${n}`;
  return key;
}

/** Named examples (`{ key: { summary, value } }`); values that are not JSON (bytes) are left out. */
export function examplesObject(examples: readonly DocExample[], valueOf: (ex: DocExample) => unknown = (ex) => ex.value): Obj | undefined {
  const out: Obj = {};
  for (const ex of examples) {
    const value = valueOf(ex);
    if (value === undefined || Buffer.isBuffer(value)) continue;
    out[uniqueKey(ex.title === undefined ? 'example' : slug(ex.title), out)] = { ...(ex.title === undefined ? {} : { summary: ex.title }), value, ...verificationFields(ex) };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The text an example is sent as in one media type. */
const textIn = (media: DocMedia) => (ex: DocExample) => ex.bodies.find((b) => b.media.contentType === media.contentType)?.text;

/** The schema of a body as sent in `media`: the type's own for JSON and forms, else text. */
function sentSchema(media: DocMedia, c: DocContent, reg: SchemaRegistry): JsonSchema {
  if (media.type === 'application/x-www-form-urlencoded' || media.type === 'multipart/form-data') return reg.ref(formSchema(c.schema));
  if (isJson(media.type)) return reg.ref(c.schema);
  if (media.type === 'application/octet-stream' && c.schema.type !== 'string') return { type: 'string', format: 'binary' };
  // Text of a string type is the string itself (its bounds and pattern still hold).
  if (c.schema.type === 'string' && media.type !== 'application/octet-stream') return reg.ref(c.schema);
  return { type: 'string', ...(media.type === 'application/octet-stream' ? { format: 'binary' } : {}), description: `${c.label} as ${media.type}.` };
}

/**
 * The schema of an object as a form: a list field may be left out (a form cannot tell an empty
 * list from a missing key; the server reads it as []), so it is not required there, though it is
 * in JSON. An inline copy without the title, so it never takes the JSON schema's component name.
 * decided: docs/decisions.md "Form bodies".
 */
function formSchema(schema: JsonSchema): JsonSchema {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  const lists = required.filter((k) => props[k]?.type === 'array');
  if (lists.length === 0) return schema;
  const { title: _title, ...rest } = schema;
  const kept = required.filter((k) => !lists.includes(k));
  const { required: _required, ...withoutRequired } = rest;
  return kept.length > 0 ? { ...withoutRequired, required: kept } : withoutRequired;
}

/**
 * `encoding` of a form: a list field repeats its key (`tags=a&tags=b`), OpenAPI's `style: form`
 * with `explode: true`; without it tools read the field as one value.
 */
function formEncoding(schema: JsonSchema): Obj | undefined {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const out: Obj = {};
  for (const [name, p] of Object.entries(props)) {
    if (p.type === 'array') out[name] = { style: 'form', explode: true };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** A request body's content, keyed by the bare media type a client sends. */
export function requestContent(c: DocContent, reg: SchemaRegistry): Obj {
  const out: Obj = {};
  for (const m of c.media) {
    // Forms and multipart bodies are described by their object, as JSON is (OpenAPI's examples are the object).
    const json = isJson(m.type) || m.type === 'application/x-www-form-urlencoded' || m.type === 'multipart/form-data';
    const examples = examplesObject(c.examples, json ? undefined : textIn(m));
    const encoding = m.type === 'application/x-www-form-urlencoded' ? formEncoding(c.schema) : m.encoding;
    out[m.type] = { schema: sentSchema(m, c, reg), ...(examples ? { examples } : {}), ...(encoding ? { encoding } : {}) };
  }
  return out;
}

/**
 * A response's content keyed by the Content-Type the server writes (`application/json;charset=utf-8`).
 * decided: keys carry the charset the server sends (docs/decisions.md
 * "Docs media types"); a request body's keys stay bare, as any charset-less type is accepted.
 */
export function responseContent(c: DocContent, stream: boolean, reg: SchemaRegistry): Obj {
  const out: Obj = {};
  for (const m of c.media) {
    if (Object.hasOwn(out, m.contentType)) continue;
    if (stream) {
      // decided: OpenAPI 3.1 has no schema for a sequence of documents; the body is described as
      // the text it is, and the item's schema is named in `x-itemSchema` (OpenAPI 3.2's
      // `itemSchema`); docs/decisions.md "Streams".
      const examples = examplesObject(c.examples, (ex) => { const t = textIn(m)(ex); return t === undefined ? undefined : `${t}\n`; });
      out[m.contentType] = {
        schema: { type: 'string', description: `${isJson(m.type) ? 'Newline-delimited JSON (NDJSON), sent as ' + m.contentType : 'Newline-framed text'}: one ${c.label} per line, each followed by a newline.` },
        'x-itemSchema': reg.ref(c.schema),
        ...(examples ? { examples } : {}),
      };
      continue;
    }
    const examples = examplesObject(c.examples, isJson(m.type) ? undefined : textIn(m));
    out[m.contentType] = { schema: sentSchema(m, c, reg), ...(examples ? { examples } : {}) };
  }
  return out;
}

/** A schema for a JSON value a formatter wrote: its shape, read from the value itself. */
function shapeOf(v: unknown): JsonSchema {
  if (v === null) return { type: 'null' };
  if (Array.isArray(v)) return { type: 'array' };
  if (typeof v === 'object') {
    const props = Object.fromEntries(Object.entries(v as Obj).map(([k, x]) => [k, shapeOf(x)]));
    return { type: 'object', properties: props, required: Object.keys(props) };
  }
  return { type: typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'string' };
}

/** Protocol error answers as content: each Content-Type sent, the real messages as examples. */
export function answersContent(answers: readonly DocAnswer[]): Obj | undefined {
  const out: Record<string, { schema: JsonSchema; examples: Obj }> = {};
  for (const a of answers) {
    if (a.contentType === undefined) continue;
    const bare = a.contentType.split(';')[0]!.trim();
    let value: unknown = a.body;
    if (isJson(bare)) { try { value = JSON.parse(a.body); } catch { /* sent as it is */ } }
    const entry = out[a.contentType] ??= { schema: isJson(bare) ? shapeOf(value) : { type: 'string' }, examples: {} };
    entry.examples[uniqueKey(slug(a.kind), entry.examples)] = { summary: `${ERRORS[a.kind].reason}: ${ERRORS[a.kind].check}`, value };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
