// The OpenAPI 3.1 renderer: paths, parameters with JSON Schemas, request bodies per media type,
// responses with headers and examples, security schemes, and the protocol errors each endpoint can
// answer, all read from the doc model.
import type { JsonSchema } from '../codec/types.js';
import type { DocAuth, DocContent, DocEndpoint, DocError, DocExample, DocModel, DocQuery, DocRange, DocResponse } from './model.js';
import type { SecurityScheme } from '../dsl/declared-security.js';
import { SchemaRegistry } from './openapi-schemas.js';
import { verificationFields } from './verification.js';

/** A text ending as a sentence, so that another can follow it. */
const sentence = (text: string) => (text === '' || /[.!?]$/.test(text) ? text : `${text}.`);

type Obj = Record<string, unknown>;

const SCHEME_KEY: Readonly<Record<DocAuth['schemes'][number], string>> = { Basic: 'basicAuth', Bearer: 'bearerAuth' };
const described = (d: string | undefined) => (d === undefined || d === '' ? {} : { description: d });

function slug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'example';
}

function uniqueKey(base: string, taken: Obj): string {
  let key = base;
  for (let n = 2; Object.hasOwn(taken, key); n++) key = `${base}-${n}`;
  return key;
}

/** Named examples (`{ key: { summary, value } }`); values that are not JSON (bytes) are left out. */
function examplesObject(examples: readonly DocExample[], valueOf: (ex: DocExample) => unknown = (ex) => ex.value): Obj | undefined {
  const out: Obj = {};
  for (const ex of examples) {
    const value = valueOf(ex);
    if (Buffer.isBuffer(value)) continue;
    out[uniqueKey(ex.title === undefined ? 'example' : slug(ex.title), out)] = { ...(ex.title === undefined ? {} : { summary: ex.title }), value, ...verificationFields(ex) };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function contentObject(c: DocContent, reg: SchemaRegistry, withExamples: boolean): Obj {
  const out: Obj = {};
  const examples = withExamples ? examplesObject(c.examples) : undefined;
  for (const m of c.media) out[m.type] = { schema: reg.ref(c.schema), ...(examples ? { examples } : {}) };
  return out;
}

function queryParameter(q: DocQuery, reg: SchemaRegistry): Obj {
  const base = { name: q.name, in: 'query', required: false, ...described(q.description) };
  if (q.mode === 'flag') {
    return { ...base, schema: { type: 'boolean' }, allowEmptyValue: true, description: `${q.description ?? ''} A flag: true when present (\`?${q.name}\`), false when absent.`.trim() };
  }
  const named: Obj = {};
  for (const value of q.typedValues) named[uniqueKey(slug(String(value)), named)] = { value: q.mode === 'list' ? [value] : value };
  const examples = q.typedValues.length > 0 ? { examples: named } : {};
  if (q.mode === 'list') return { ...base, schema: { type: 'array', items: reg.ref(q.schema) }, style: 'form', explode: true, ...examples };
  if (q.mode === 'deep') return { ...base, schema: reg.ref(q.schema), style: 'deepObject', explode: true, ...examples };
  // A list or an object in one value is comma-separated: `1,2,3`, `R,100,G,200`.
  if (q.schema.type === 'array' || q.schema.type === 'object') return { ...base, schema: reg.ref(q.schema), style: 'form', explode: false, ...examples };
  return { ...base, schema: reg.ref(q.schema), ...examples };
}

function rangeParameter(r: DocRange): Obj {
  const fields = r.fields.map((f) => `\`${f.name}\` (${f.type}; default limit ${f.limit}, offset ${f.offset}, order ${f.order})`).join(', ');
  const first = r.fields[0]!;
  return {
    name: 'Range', in: 'header', required: false, schema: { type: 'string', pattern: r.pattern },
    description: `Pagination: \`${r.format}\`. Fields: ${fields}. Without the header: \`${first.name}; limit ${first.limit}; offset ${first.offset}; order ${first.order}\`.`,
    examples: Object.fromEntries(r.fields.map((f) => [f.name, { value: `${f.name}; limit ${f.limit}; order ${f.order}` }])),
  };
}

function parameters(e: DocEndpoint, reg: SchemaRegistry): Obj[] {
  return [
    ...e.captures.map((c) => ({
      name: c.name, in: 'path', required: true, schema: reg.ref(c.schema),
      ...(c.example === undefined ? {} : { example: c.example }),
      ...described(c.rest ? `${sentence(c.description ?? '')} The rest of the path: one or more segments, \`/\` included.`.trim() : c.description),
    })),
    ...e.query.map((q) => queryParameter(q, reg)),
    ...e.headers.map((h) => ({ name: h.name, in: 'header', required: false, schema: reg.ref(h.schema), ...described(h.description) })),
    ...e.cookies.map((c) => ({ name: c.name, in: 'cookie', required: false, schema: reg.ref(c.schema), ...described(c.description) })),
    ...(e.range ? [rangeParameter(e.range)] : []),
  ];
}

function response(r: DocResponse, reg: SchemaRegistry): Obj {
  const headers = Object.fromEntries(r.headers.map((h) => [h.name, {
    schema: reg.ref(h.schema), ...described(h.description), ...(h.exampleValue === undefined ? {} : { example: h.exampleValue }),
  }]));
  const c = r.content;
  const description = r.stream && c ? `${sentence(r.description ?? r.reason)} A stream of ${c.label} values, one per line, each followed by a newline.` : r.description ?? r.reason;
  return {
    description,
    ...(r.headers.length > 0 ? { headers } : {}),
    ...(c ? { content: contentObject(c, reg, !r.stream) } : {}),
  };
}

function errorResponse(x: DocError): Obj {
  return {
    description: `${x.reason}. ${x.description}${x.custom ? ' This surface formats this answer itself.' : ''}`,
    ...(x.custom ? {} : { content: { 'text/plain': { schema: { type: 'string' } } } }),
  };
}

function operation(e: DocEndpoint, reg: SchemaRegistry): Obj {
  const params = parameters(e, reg);
  const responses: Obj = {};
  for (const r of e.responses) responses[r.key] = response(r, reg);
  for (const x of e.errors) responses[String(x.status)] ??= errorResponse(x);
  const sorted = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => keyOrder(a) - keyOrder(b)));
  return {
    operationId: e.name,
    ...(e.summary === undefined ? {} : { summary: e.summary }),
    ...(e.description === undefined ? {} : { description: e.description }),
    ...(e.tags.length > 0 ? { tags: e.tags } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(e.request ? { requestBody: { required: true, description: `A ${e.request.label}.`, content: contentObject(e.request, reg, true) } } : {}),
    responses: sorted,
    ...(e.auth ? { security: e.auth.schemes.map((s) => ({ [SCHEME_KEY[s]]: [] })) } : {}),
    ...(e.security ? { security: e.security.requirements.map((req) => Object.fromEntries(req.map((u) => [u.scheme.key, u.scopes]))) } : {}),
  };
}

/** Response keys in OpenAPI's usual order: statuses, then ranges (`2XX` after `299`), then `default`. */
function keyOrder(key: string): number {
  if (/^\d+$/.test(key)) return Number(key);
  const range = /^([1-5])XX$/i.exec(key);
  return range ? Number(range[1]) * 100 + 99.5 : 1000;
}

/** A declared scheme as OpenAPI writes it. */
function declaredScheme(s: SecurityScheme): Obj {
  const d = described(s.description);
  if (s.type === 'http') return { type: 'http', scheme: s.scheme, ...(s.bearerFormat === undefined ? {} : { bearerFormat: s.bearerFormat }), ...d };
  if (s.type === 'apiKey') return { type: 'apiKey', in: s.in, name: s.name, ...d };
  return { type: s.type, ...s.spec, ...d };
}

function allSchemas(model: DocModel): JsonSchema[] {
  return model.endpoints.flatMap((e) => [
    ...e.captures.map((c) => c.schema), ...e.query.map((q) => q.schema), ...e.headers.map((h) => h.schema), ...e.cookies.map((c) => c.schema),
    ...(e.request ? [e.request.schema] : []),
    ...e.responses.flatMap((r) => [...r.headers.map((h) => h.schema), ...(r.content ? [r.content.schema] : [])]),
  ]);
}

function securitySchemes(model: DocModel): Obj | undefined {
  const out: Obj = {};
  const realms = [...new Set(model.endpoints.flatMap((e) => (e.auth ? [e.auth.realm] : [])))].map((r) => JSON.stringify(r)).join(', ');
  for (const e of model.endpoints) {
    for (const u of e.security?.requirements.flat() ?? []) out[u.scheme.key] ??= declaredScheme(u.scheme);
    for (const s of e.auth?.schemes ?? []) {
      out[SCHEME_KEY[s]] ??= s === 'Basic'
        ? { type: 'http', scheme: 'basic', description: `Login and password from the user store (realm ${realms}).` }
        : { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A JWT issued by this service (the `JWT-Cookie` of a basic-authenticated reply).' };
    }
  }
  return Object.keys(out).length > 0 ? Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1))) : undefined;
}

const COMPONENT_NAME: Readonly<Record<number, string>> = { 404: 'NotFound', 405: 'MethodNotAllowed' };

/** An OpenAPI 3.1 document (a plain JSON value) for the model. */
export function renderOpenApi(model: DocModel): Obj {
  const reg = new SchemaRegistry();
  reg.collect(allSchemas(model));
  const paths: Obj = {};
  for (const e of model.endpoints) {
    const item = (paths[e.template] ??= {}) as Obj;
    item[e.method.toLowerCase()] = operation(e, reg);
  }
  const intro = model.intros.map((i) => [`## ${i.title}`, ...i.paragraphs].join('\n\n')).join('\n\n');
  const wide = model.errors.map((x) => `${x.status} ${x.reason}: ${x.description}${x.custom ? ' (this surface formats this answer itself)' : ''}`).join(' ');
  const schemas = reg.components();
  const security = securitySchemes(model);
  return {
    openapi: '3.1.0',
    info: {
      title: model.title,
      // decided: surfaces carry no version (the spec shows none); see README "Decisions".
      version: 'unversioned',
      description: `${intro === '' ? '' : `${intro}\n\n`}Surface ${model.surface}. For a request no endpoint handles: ${wide}`,
    },
    paths,
    components: {
      ...(Object.keys(schemas).length > 0 ? { schemas } : {}),
      responses: Object.fromEntries(model.errors.map((x) => [COMPONENT_NAME[x.status] ?? `Status${x.status}`, errorResponse(x)])),
      ...(security ? { securitySchemes: security } : {}),
    },
  };
}

/** The document as JSON text (two-space indent, final newline). */
export const openApiText = (model: DocModel): string => `${JSON.stringify(renderOpenApi(model), null, 2)}\n`;
