// Shared by the project's own documents and the corpus run: a document imported, written back by
// api-docs' OpenAPI renderer and compared with the input (operations, parameters, statuses, media
// types, security), and every operation asked of the mock, its answer judged by ajv against the
// input document's own schema (not by our codecs).
import { requiredValues } from '../../src/docs/error-answers.js';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { docModel, renderOpenApi } from '../../src/docs/index.js';
import { loadDocument, importSurface } from '../../src/openapi/index.js';
import { mock } from '../../src/mock/index.js';
import { walk } from '../../src/dsl/index.js';
import type { CapturePart } from '../../src/dsl/types.js';
import { sample } from '../../src/codec/sample.js';
import type { DeclaredSecurityConfig } from '../../src/dsl/declared-security.js';
import { call, startInProcess } from '../helpers/server.js';
import { type SchemaDoc, schemaDifferences } from './schema-equal.js';

type Obj = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Operation -> its parameters, response keys with media types, security keys. */
function shape(doc: Obj): Record<string, { params: string[]; responses: Record<string, string[]>; security: string[] }> {
  const out: Record<string, any> = {};
  const deref = (v: any) => (v && typeof v.$ref === 'string' ? v.$ref.slice(2).split('/').reduce((o: any, k: string) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc) : v);
  for (const [path, item] of Object.entries<Obj>(doc.paths ?? {})) {
    for (const m of METHODS) {
      const op = item[m];
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref).map((p: Obj) => `${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`);
      const responses: Record<string, string[]> = {};
      for (const [k, r] of Object.entries<Obj>(op.responses ?? {})) responses[k.toUpperCase()] = Object.keys(deref(r).content ?? {}).map((t) => t.split(';')[0]!.trim()).sort();
      const security = (op.security ?? doc.security ?? []).map((r: Obj) => Object.keys(r).sort().join('+')).sort();
      out[`${m.toUpperCase()} ${path}`] = { params: [...new Set(params)].sort(), responses, security };
    }
  }
  return out;
}

/** Every schema an operation carries, by where: `parameter query:limit`, `request application/json`, `response 200 application/json`. */
function schemasOf(doc: Obj): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const deref = (v: any) => (v && typeof v.$ref === 'string' ? v.$ref.slice(2).split('/').reduce((o: any, k: string) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc) : v);
  for (const [path, item] of Object.entries<Obj>(doc.paths ?? {})) {
    for (const m of METHODS) {
      const op = item[m];
      if (!op) continue;
      const at = `${m.toUpperCase()} ${path}`;
      for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref) as Obj[]) {
        const schema = p.schema ?? (Object.values(p.content ?? {})[0] as Obj | undefined)?.schema;
        if (schema !== undefined) out.set(`${at}: parameter ${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`, schema);
      }
      for (const [type, media] of Object.entries<Obj>(deref(op.requestBody)?.content ?? {})) out.set(`${at}: request ${type}`, media.schema ?? {});
      for (const [k, r] of Object.entries<Obj>(op.responses ?? {})) {
        for (const [type, media] of Object.entries<Obj>(deref(r).content ?? {})) out.set(`${at}: response ${k.toUpperCase()} ${type}`, media.schema ?? {});
      }
    }
  }
  return out;
}

/**
 * A copy for swagger-parser 13.0, whose OpenAPI 3.1 schema is the 2021-09-28 one with two bugs the
 * 2022-10-07 schema fixed: it wants a license `identifier` or `url` (the spec requires neither) and
 * spells a server variable's `description` as `descriptions`. What only they judge is left out.
 */
function forStaleSchema(doc: Obj): Obj {
  const copy = structuredClone(doc);
  const license = copy.info?.license;
  if (license && license.identifier === undefined && license.url === undefined) delete copy.info.license;
  for (const server of copy.servers ?? []) for (const v of Object.values<Obj>(server.variables ?? {})) delete v.description;
  return copy;
}

/** Differences between the input and what api-docs writes back; empty when they agree. */
export async function roundTrip(file: string): Promise<string[]> {
  const loaded = await loadDocument(file);
  const { surface } = importSurface(loaded, 'doc');
  const written = renderOpenApi(docModel(surface));
  const problems: string[] = [];
  try { await SwaggerParser.validate(forStaleSchema(written) as never); } catch (err) { problems.push(`written document does not validate: ${(err as Error).message.split('\n').slice(0, 2).join(' ')}`); }
  const a = shape(loaded.document);
  const b = shape(written);
  for (const [op, inShape] of Object.entries(a)) {
    const outShape = b[op];
    if (!outShape) { problems.push(`${op}: missing`); continue; }
    const missing = inShape.params.filter((p) => !outShape.params.includes(p) && !/^header:(accept|content-type|authorization)$/.test(p));
    if (missing.length > 0) problems.push(`${op}: parameters ${missing.join(', ')} missing`);
    for (const [k, media] of Object.entries(inShape.responses)) {
      if (!outShape.responses[k]) problems.push(`${op}: response ${k} missing`);
      else if (outShape.responses[k]!.join() !== media.join()) problems.push(`${op}: response ${k} media ${outShape.responses[k]!.join()} vs ${media.join()}`);
    }
    if (outShape.security.join() !== inShape.security.join()) problems.push(`${op}: security ${outShape.security.join()} vs ${inShape.security.join()}`);
  }
  // Schemas: each one the input gives an operation, compared structurally with the one written back.
  const inDoc: SchemaDoc = { doc: loaded.document, version: loaded.version };
  const outDoc: SchemaDoc = { doc: written as Obj, version: '3.1' };
  const outSchemas = schemasOf(written as Obj);
  for (const [where, schema] of schemasOf(loaded.document)) {
    if (!outSchemas.has(where)) continue; // a missing parameter or response is reported above
    for (const d of schemaDifferences(schema, inDoc, outSchemas.get(where), outDoc)) problems.push(`${where}: schema differs at ${d}`);
  }
  return problems;
}

/** The schema the input documents for a status on an operation: the status, its range, or default. */
function responseFor(op: Obj, status: number): [string, Obj] | undefined {
  const r = op.responses ?? {};
  const key = [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`, 'default'].find((k) => r[k] !== undefined);
  return key === undefined ? undefined : [key, r[key]];
}

/** Credentials for the first requirement of an endpoint's declared security. */
function credentials(config: DeclaredSecurityConfig | undefined): { headers: Record<string, string>; query: string } {
  const headers: Record<string, string> = {};
  let query = '';
  for (const { scheme } of config?.requirements[0] ?? []) {
    if (scheme.type === 'apiKey') {
      if (scheme.in === 'header') headers[scheme.name.toLowerCase()] = 'key';
      else if (scheme.in === 'cookie') headers.cookie = `${scheme.name}=key`;
      else query = `?${encodeURIComponent(scheme.name)}=key`;
    } else headers.authorization = scheme.type === 'http' && scheme.scheme === 'basic' ? `Basic ${Buffer.from('a:b').toString('base64')}` : 'Bearer token';
  }
  return { headers, query };
}

/** OpenAPI 3.0's boolean `exclusiveMinimum` beside `minimum` as the number ajv's drafts take. */
function exclusivesAsNumbers(v: unknown): void {
  if (Array.isArray(v)) { v.forEach(exclusivesAsNumbers); return; }
  if (typeof v !== 'object' || v === null) return;
  const o = v as Obj;
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof o[flag] === 'boolean') {
      if (o[flag] === true) { o[flag] = o[bound]; delete o[bound]; } else delete o[flag];
    }
  }
  Object.values(o).forEach(exclusivesAsNumbers);
}

/** Asks the mock every operation; each problem is an answer the input's own schema refuses. */
export async function mockConformance(file: string): Promise<{ asked: number; problems: string[] }> {
  const loaded = await loadDocument(file);
  const doc = structuredClone(loaded.document) as Obj;
  if (loaded.version === '3.0') exclusivesAsNumbers(doc);
  const imported = importSurface(loaded, 'doc');
  const ajv = loaded.version === '3.1' ? new Ajv2020({ strict: false, validateSchema: false, logger: false }) : new Ajv({ strict: false, validateSchema: false, logger: false });
  (addFormats as unknown as (a: unknown) => void)(ajv);
  ajv.addSchema(doc as never, 'doc');
  const server = await startInProcess(mock(imported.surface));
  const problems: string[] = [];
  let asked = 0;
  try {
    for (const e of walk(imported.surface)) {
      const op = imported.operations.find((o) => o.name === e.name)!;
      const text = (c: CapturePart) => c.codec.formatText(c.codec.examples[0]?.value ?? sample(c.codec));
      const url = e.segments.map((s) => (s.kind === 'static' ? `/${s.value}` : `/${encodeURIComponent(s.kind === 'capture' ? text(s)
        : s.kind === 'mixed' ? s.pieces.map((p) => (typeof p === 'string' ? p : text(p))).join('') : 'x')}`)).join('') || '/';
      const sec = e.extensions.find((x) => x.ext.name === 'declared-security')?.config as DeclaredSecurityConfig | undefined;
      const creds = credentials(sec);
      // The parts the document requires (query, headers, cookies), with valid values.
      const needed = requiredValues(e);
      const extra = needed.pairs.map((x) => x.text).join('&');
      const query = creds.query === '' ? (extra === '' ? '' : `?${extra}`) : `${creds.query}${extra === '' ? '' : `&${extra}`}`;
      const cookie = [creds.headers.cookie, needed.headers.cookie].filter((c) => c !== undefined).join('; ');
      const headers = { ...creds.headers, ...needed.headers, ...(cookie === '' ? {} : { cookie }) };
      const b = e.body;
      const bodyInit = b ? { body: String(b.media[0]!.encode(b.examples[0]?.value ?? sample(b.codec), b.codec)), headers: { ...headers, 'content-type': b.media[0]!.type } } : { headers };
      const r = await call(server.url, e.method, url + query, bodyInit);
      asked++;
      const where = `${e.method} ${op.path}`;
      const found = responseFor(doc.paths[op.path][op.method], r.status);
      if (!found) { problems.push(`${where}: status ${r.status} is not documented (${r.text.slice(0, 80)})`); continue; }
      const [key, spec] = found;
      const content = spec.content as Obj | undefined;
      if (!content || r.text === '') continue;
      const type = String(r.headers['content-type'] ?? '').split(';')[0]!;
      if (!content[type]) { problems.push(`${where}: ${r.status} answered ${type}, documented ${Object.keys(content).join(', ')}`); continue; }
      if (!/[/+]json$/.test(type) || content[type].schema === undefined) continue;
      const validate = ajv.getSchema(`doc#/paths/${esc(op.path)}/${op.method}/responses/${esc(key)}/content/${esc(type)}/schema`);
      if (!validate) { problems.push(`${where}: ajv could not compile the schema`); continue; }
      if (!validate(JSON.parse(r.text))) problems.push(`${where}: ${r.status} body refused by its schema: ${ajv.errorsText(validate.errors)}`);
    }
  } finally {
    await server.close();
  }
  return { asked, problems };
}
