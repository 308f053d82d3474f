// The OpenAPI 3.1 renderer: paths (HEAD wherever GET), parameters with JSON Schemas and examples,
// request bodies and responses per media type (openapi-content.ts), security, servers, tags, and
// the protocol errors each endpoint can answer with their real answers, all read from the doc model.
import type { JsonSchema, TextForm } from '../codec/types.js';
import type { DocAnswer, DocAuth, DocEndpoint, DocError, DocModel, DocQuery, DocRange, DocResponse } from './model.js';
import type { SecurityScheme } from '../dsl/declared-security.js';
import { SchemaRegistry } from './openapi-schemas.js';
import { answersContent, requestContent, responseContent, slug, uniqueKey } from './openapi-content.js';

/** A text ending as a sentence, so that another can follow it. */
const sentence = (text: string) => (text === '' || /[.!?]$/.test(text) ? text : `${text}.`);

type Obj = Record<string, unknown>;

const SCHEME_KEY: Readonly<Record<DocAuth['schemes'][number], string>> = { Basic: 'basicAuth', Bearer: 'bearerAuth' };
const described = (d: string | undefined) => (d === undefined || d === '' ? {} : { description: d });

/**
 * How a parameter's value is written, as OpenAPI says it: `style`/`explode`, or JSON text as
 * `content` (which takes the place of `schema`); the plain schema when it has no text form.
 */
function valueFields(schema: JsonSchema, form: TextForm | undefined, reg: SchemaRegistry): Obj {
  if (form === undefined) return { schema: reg.ref(schema) };
  if (form.style === 'json') return { content: { 'application/json': { schema: reg.ref(schema) } } };
  return { schema: reg.ref(schema), style: form.style, explode: form.explode };
}

function queryParameter(q: DocQuery, reg: SchemaRegistry): Obj {
  const base = { name: q.name, in: 'query', required: q.required, ...described(q.description), ...(q.allowReserved ? { allowReserved: true } : {}) };
  if (q.mode === 'flag') {
    return { ...base, schema: { type: 'boolean' }, allowEmptyValue: true, description: `${q.description ?? ''} A flag: true when present (\`?${q.name}\`), false when absent.`.trim() };
  }
  const named: Obj = {};
  // A parameter whose schema is text (S3's any-case boolean) is shown its words as written.
  const values = q.schema.type === 'string' ? q.values.filter((v) => v !== '...') : q.typedValues;
  for (const value of values) named[uniqueKey(slug(String(value)), named)] = { value: q.mode === 'list' ? [value] : value };
  const examples = values.length > 0 ? { examples: named } : {};
  if (q.mode === 'list') return { ...base, schema: { type: 'array', items: reg.ref(q.schema) }, style: 'form', explode: true, ...examples };
  if (q.mode === 'deep') return { ...base, schema: reg.ref(q.schema), style: 'deepObject', explode: true, ...examples };
  if (q.form !== undefined) return { ...base, ...valueFields(q.schema, q.form, reg), ...examples };
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
      name: c.name, in: 'path', required: true, ...valueFields(c.schema, c.form, reg),
      ...(c.example === undefined ? {} : { example: c.example }),
      ...described(c.rest ? `${sentence(c.description ?? '')} The rest of the path: one or more segments, \`/\` included.`.trim() : c.description),
    })),
    ...e.query.map((q) => queryParameter(q, reg)),
    ...e.headers.map((h) => ({ name: h.name, in: 'header', required: h.required, ...valueFields(h.schema, h.form, reg), ...described(h.description) })),
    ...e.cookies.map((c) => ({ name: c.name, in: 'cookie', required: c.required === true, ...valueFields(c.schema, c.form, reg), ...described(c.description) })),
    ...(e.range ? [rangeParameter(e.range)] : []),
  ];
}

/** The `Set-Cookie` header of a reply authenticated by Basic credentials: one value per cookie. */
function setCookieHeader(auth: DocAuth | undefined): Obj {
  const cookies = auth?.sessionCookies ?? [];
  if (cookies.length === 0) return {};
  const list = cookies.map((c) => `\`${c.name}\` (${c.description.replace(/\.$/, '')})`).join(' and ');
  return {
    'Set-Cookie': {
      description: `Sent when Basic credentials authenticated the request: one header per cookie, ${list}.`,
      schema: { type: 'string' },
      example: `${cookies[0]!.name}=...; ${cookies[0]!.attributes}`,
    },
  };
}

function response(r: DocResponse, reg: SchemaRegistry, extraHeaders: Obj = {}): Obj {
  const headers: Obj = Object.fromEntries(r.headers.map((h) => [h.name, {
    schema: reg.ref(h.schema), ...described(h.description), ...(h.exampleValue === undefined ? {} : { example: h.exampleValue }),
  }]));
  Object.assign(headers, extraHeaders);
  const c = r.content;
  const description = r.stream && c ? `${sentence(r.description ?? r.reason)} A stream of ${c.label} values, one per line, each followed by a newline.` : r.description ?? r.reason;
  return {
    description,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(c ? { content: responseContent(c, r.stream, reg) } : r.file ? { content: { '*/*': { schema: { type: 'string', format: 'binary', description: 'The file as it is; its Content-Type follows its extension.' } } } } : {}),
  };
}

function errorResponse(x: DocError): Obj {
  return { description: `${x.reason}. ${x.description}${x.custom ? ' This surface formats this answer itself.' : ''}` };
}

/**
 * Adds what the protocol errors are really answered with to the responses: each Content-Type and
 * body as an example, each header (`WWW-Authenticate`) with its value; a status no response
 * declares yet gets one (a formatter may answer with another status than the registry's).
 */
function addAnswers(responses: Obj, answers: readonly DocAnswer[]): void {
  const byStatus = new Map<string, DocAnswer[]>();
  for (const a of answers) byStatus.set(String(a.status), [...(byStatus.get(String(a.status)) ?? []), a]);
  for (const [status, group] of byStatus) {
    const r = (responses[status] ??= { description: `${group[0]!.status} answered by this surface's error formatter.` }) as Obj;
    const content = answersContent(group);
    if (content) {
      const into = (r.content ??= {}) as Record<string, Obj>;
      for (const [type, entry] of Object.entries(content) as [string, Obj][]) {
        const have = into[type];
        if (have === undefined) { into[type] = entry; continue; }
        const examples = (have.examples ??= {}) as Obj;
        for (const [k, v] of Object.entries(entry.examples as Obj)) examples[uniqueKey(k, examples)] = v;
      }
    }
    for (const a of group) {
      for (const [name, value] of Object.entries(a.headers)) {
        const headers = (r.headers ??= {}) as Obj;
        headers[name] ??= { schema: { type: 'string' }, example: value, description: `Sent with this answer (${a.kind === 'unauthorized' ? 'the challenge: each accepted scheme and the realm' : 'as the server writes it'}).` };
      }
    }
  }
}

/** A one-line summary: the endpoint's own, else what it takes and answers, from its declaration. */
function summaryOf(e: DocEndpoint): string {
  if (e.summary !== undefined) return e.summary;
  const ok = e.responses[0]!;
  const a = (label: string) => `${/^([aeio]|un(?!i))/i.test(label) ? 'an' : 'a'} ${label}`;
  const answers = ok.content ? (ok.stream ? `a stream of ${ok.content.label}` : a(ok.content.label)) : 'no content';
  const takes = e.request ? `Takes ${a(e.request.label)}; answers` : 'Answers';
  return `${takes} ${answers} (${ok.status}).`;
}

/**
 * decided: an endpoint's tags are its declared ones, else its first static path segment (`users`),
 * else the surface's name; docs/decisions.md "OpenAPI".
 */
function tagsOf(e: DocEndpoint, surface: string): string[] {
  if (e.tags.length > 0) return [...e.tags];
  // A mixed segment (`{name}.{ext}`) names no group either.
  const first = e.segments.find((s) => !s.startsWith(':') && !s.includes('{'));
  return [first ?? surface];
}

function tagDescription(name: string, model: DocModel): string {
  if (name === model.surface) return model.title;
  return model.endpoints.some((e) => e.tags.includes(name)) ? `Endpoints tagged \`${name}\`.` : `Endpoints under \`/${name}\`.`;
}

/** HEAD is answered wherever GET is: the GET's parameters and responses, without bodies. */
function headOf(get: Obj): Obj {
  const responses = Object.fromEntries(Object.entries(get.responses as Obj).map(([k, r]) => {
    const { content: _, ...rest } = r as Obj;
    return [k, rest];
  }));
  return {
    ...get,
    operationId: `${String(get.operationId)}.head`,
    summary: `${String(get.summary).replace(/\.$/, '')} (headers only).`,
    description: 'The same answer as GET, status and headers, without its body.',
    responses,
  };
}

function operation(e: DocEndpoint, reg: SchemaRegistry, surface: string): Obj {
  const params = parameters(e, reg);
  const responses: Obj = {};
  e.responses.forEach((r, i) => { responses[r.key] = response(r, reg, i === 0 ? setCookieHeader(e.auth) : {}); });
  for (const x of e.errors) responses[String(x.status)] ??= errorResponse(x);
  addAnswers(responses, e.answers);
  const sorted = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => keyOrder(a) - keyOrder(b)));
  // An endpoint without authentication says so (`security: []`), rather than leaving it unknown.
  const security = e.security ? e.security.requirements.map((req) => Object.fromEntries(req.map((u) => [u.scheme.key, u.scopes])))
    : e.auth ? e.auth.schemes.map((s) => ({ [SCHEME_KEY[s]]: [] })) : [];
  return {
    operationId: e.name,
    summary: summaryOf(e),
    ...(e.description === undefined ? {} : { description: e.description }),
    tags: tagsOf(e, surface),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(e.request ? { requestBody: { required: e.requestOptional !== true, description: `A ${e.request.label}.`, content: requestContent(e.request, reg) } } : {}),
    responses: sorted,
    security,
    ...e.openApiExtensions,
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

export interface OpenApiOptions {
  /** The base URL clients call (`api-docs --server-url`); else the surface's own port on localhost. */
  readonly serverUrl?: string;
}

/**
 * decided: `servers` is `--server-url` when given, else `http://127.0.0.1:PORT` for the port the
 * surface is served on alone (8081 when it names none, as `api-serve`); docs/decisions.md "OpenAPI".
 */
function servers(model: DocModel, options: OpenApiOptions): Obj[] {
  if (options.serverUrl !== undefined) return [{ url: options.serverUrl }];
  // An imported document's own servers are where its API is, rather than this machine.
  if (model.document?.servers !== undefined) return model.document.servers.map((s) => ({ ...s }));
  return [{ url: `http://127.0.0.1:${model.port ?? 8081}`, description: `\`api-serve ${model.surface}\` on this machine.` }];
}

/** An OpenAPI 3.1 document (a plain JSON value) for the model. */
export function renderOpenApi(model: DocModel, options: OpenApiOptions = {}): Obj {
  const reg = new SchemaRegistry();
  reg.collect(allSchemas(model));
  const paths: Obj = {};
  for (const e of model.endpoints) {
    const item = (paths[e.template] ??= {}) as Obj;
    const op = operation(e, reg, model.surface);
    item[e.method.toLowerCase()] = op;
    if (e.method === 'GET') item.head = headOf(op);
  }
  // Path items in the order OpenAPI tools show them: get, head, then the rest as declared.
  for (const [k, item] of Object.entries(paths)) paths[k] = Object.fromEntries(Object.entries(item as Obj).sort(([a], [b]) => methodOrder(a) - methodOrder(b)));
  const used = [...new Set(Object.values(paths).flatMap((item) => Object.values(item as Obj).flatMap((op) => (op as Obj).tags as string[])))];
  // The surface's own tags first, as declared (an imported document's, descriptions and all), then the others used.
  const declared = model.document?.tags ?? [];
  const tags = [...declared.map((t) => ({ ...t })), ...used.filter((name) => !declared.some((t) => t.name === name)).map((name) => ({ name, description: tagDescription(name, model) }))];
  const intro = model.intros.map((i) => [`## ${i.title}`, ...i.paragraphs].join('\n\n')).join('\n\n');
  const wide = model.errors.map((x) => `${x.status} ${x.reason}: ${x.description}${x.custom ? ' (this surface formats this answer itself)' : ''}`).join(' ');
  const schemas = reg.components();
  const security = securitySchemes(model);
  const components = { ...(Object.keys(schemas).length > 0 ? { schemas } : {}), ...(security ? { securitySchemes: security } : {}) };
  const own = model.document ?? {};
  return {
    openapi: '3.1.0',
    info: {
      title: model.title,
      // decided: a surface without a version says `unversioned` (the spec shows none); see docs/decisions.md "OpenAPI".
      version: own.version ?? 'unversioned',
      // decided: a description of the surface's own (an imported document's) is written back as it
      // is, so a document read and written again keeps it; see docs/decisions.md "OpenAPI".
      description: own.description ?? `${intro === '' ? '' : `${intro}\n\n`}Surface ${model.surface}. For a request no endpoint handles: ${wide}`,
      ...(own.termsOfService === undefined ? {} : { termsOfService: own.termsOfService }),
      ...(own.contact === undefined ? {} : { contact: { ...own.contact } }),
      ...(model.license === undefined ? {} : { license: model.license }),
      ...xKeys(own.extensions?.info),
    },
    servers: servers(model, options),
    tags,
    paths,
    // The answers for paths no endpoint handles (404, 405) are in `info.description` (unless the
    // surface has a description of its own): OpenAPI has no place for a response no operation gives.
    ...(Object.keys(components).length > 0 ? { components } : {}),
    ...(own.externalDocs === undefined ? {} : { externalDocs: { ...own.externalDocs } }),
    ...xKeys(own.extensions?.document),
  };
}

/** Only `x-` keys are extensions: another key could replace a field the renderer wrote. */
const xKeys = (o: Readonly<Record<string, unknown>> | undefined): Obj => Object.fromEntries(Object.entries(o ?? {}).filter(([k]) => k.startsWith('x-')));

const METHOD_ORDER = ['get', 'head', 'post', 'put', 'patch', 'delete'];
const methodOrder = (m: string) => METHOD_ORDER.indexOf(m);

/** The document as JSON text (two-space indent, final newline). */
export const openApiText = (model: DocModel, options: OpenApiOptions = {}): string => `${JSON.stringify(renderOpenApi(model, options), null, 2)}\n`;
