// One OpenAPI operation as an endpoint of the DSL: its path template as segments and captures,
// its parameters, security, request body and responses, its summary, description and tags.
import * as t from '../codec/codecs.js';
import { body, capture, del, get, patch, post, put } from '../dsl/combinators.js';
import type { Endpoint, Part } from '../dsl/types.js';
import type { SecurityScheme } from '../dsl/declared-security.js';
import type { SchemaReader } from './schema-to-codec.js';
import { parameterPart, parametersOf, deref } from './parameters.js';
import { readContent } from './content.js';
import { readResponses } from './responses.js';
import { securityPart } from './security.js';
import { child, type Warnings } from './warnings.js';

type Obj = Record<string, unknown>;

export const BUILDERS = { get, post, put, patch, delete: del } as const;
export type OperationMethod = keyof typeof BUILDERS;

export interface OperationContext {
  readonly doc: Obj;
  readonly schemas: SchemaReader;
  readonly securitySchemes: ReadonlyMap<string, SecurityScheme>;
  readonly warnings: Warnings;
}

/** The path's segments: static text, or `{name}` captures; undefined for a segment mixing both. */
function segmentsOf(path: string): ({ static: string } | { capture: string })[] | undefined {
  const out: ({ static: string } | { capture: string })[] = [];
  for (const seg of path.split('/').filter((s) => s !== '')) {
    const m = /^\{([^{}]+)\}$/.exec(seg);
    if (m) out.push({ capture: m[1]! });
    else if (/[{}]/.test(seg)) return undefined;
    else out.push({ static: seg });
  }
  return out;
}

/** The endpoint of the operation at `paths[path][method]`, or undefined (with a warning). */
export function operationToEndpoint(ctx: OperationContext, path: string, method: OperationMethod, name: string): Endpoint<any, any, any> | undefined {
  const { doc, schemas, warnings } = ctx;
  const paths = doc.paths as Obj;
  const itemPointer = child('/paths', path);
  const item = deref(doc, paths[path], itemPointer, warnings);
  if (!item) return undefined;
  const pointer = child(item.pointer, method);
  const op = item.value[method] as Obj;
  const segments = segmentsOf(path);
  if (!segments) {
    warnings.add(pointer, `the path ${path} has a segment mixing text and a parameter; the operation is not served`);
    return undefined;
  }
  const params = parametersOf(doc, item.value, item.pointer, op, pointer, warnings);
  const parts: Part[] = [];
  for (const s of segments) {
    if ('static' in s) { parts.push(s.static); continue; }
    const p = params.find((x) => x.in === 'path' && x.name === s.capture);
    const part = p ? parameterPart(p, schemas, warnings) : undefined;
    if (!p) warnings.add(pointer, `the path parameter ${s.capture} is not declared; read as text`);
    parts.push(part ?? capture(s.capture, t.text));
  }
  for (const p of params) {
    if (p.in === 'path') {
      if (!segments.some((s) => 'capture' in s && s.capture === p.name)) warnings.add(p.pointer, `the path parameter ${p.name} is not in the path ${path}; left out`);
      continue;
    }
    const part = parameterPart(p, schemas, warnings);
    if (part) parts.push(part);
  }
  const security = securityPart(op.security ?? doc.security, op.security !== undefined ? child(pointer, 'security') : '/security', ctx.securitySchemes, warnings);
  if (security) parts.push(security);
  const rb = deref(doc, op.requestBody, child(pointer, 'requestBody'), warnings);
  if (rb) {
    const c = readContent(rb.value.content, child(rb.pointer, 'content'), `${name}Body`, schemas, warnings);
    if (c) {
      if (rb.value.required !== true) warnings.add(rb.pointer, 'an optional request body is served as required (a request without one gets a 400)');
      parts.push(body(c.codec, c.media, c.examples));
    }
  }
  if (op.callbacks !== undefined) warnings.add(child(pointer, 'callbacks'), 'callbacks are not sent or documented');
  const responses = readResponses(doc, op.responses, child(pointer, 'responses'), name, schemas, warnings);
  const [first, ...more] = responses;
  if (!first) {
    warnings.add(child(pointer, 'responses'), 'no response can be answered; the operation is not served');
    return undefined;
  }
  const builder = BUILDERS[method](...parts);
  const options = (r: typeof first) => ({
    headers: r.headers, examples: r.examples,
    ...(r.key === undefined ? {} : { key: r.key }), ...(r.description === undefined ? {} : { description: r.description }),
  });
  let e = first.content ? builder.returns(first.content, { ...options(first), status: first.status }) : builder.empty(first.status, options(first));
  for (const r of more) e = e.responds(r.status, r.content, options(r)) as typeof e;
  if (typeof op.summary === 'string') e = e.summarize(op.summary);
  if (typeof op.description === 'string') e = e.describe(op.description);
  const tags = Array.isArray(op.tags) ? op.tags.filter((x): x is string => typeof x === 'string') : [];
  if (tags.length > 0) e = e.tagged(...tags);
  return e;
}
