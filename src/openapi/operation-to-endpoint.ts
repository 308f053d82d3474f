// One OpenAPI operation as an endpoint of the DSL: its path template as segments and captures,
// its parameters, security, request body and responses, its summary, description and tags.
import * as t from '../codec/codecs.js';
import { body, capture, del, get, patch, post, put } from '../dsl/combinators.js';
import { segment } from '../dsl/segment.js';
import type { CapturePart, Endpoint, Part, AnyEndpoint } from '../dsl/types.js';
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

/** A piece of a path segment: literal text, or a `{name}` parameter. */
type Piece = string | { readonly capture: string };

/**
 * The path's segments, each as its pieces (`{name}.{ext}` is three); the reason, when a segment
 * cannot be matched: a stray brace, an empty name, or two parameters with no text between them.
 */
function segmentsOf(path: string): Piece[][] | string {
  const out: Piece[][] = [];
  for (const seg of path.split('/').filter((s) => s !== '')) {
    const pieces: Piece[] = [];
    let from = 0;
    for (const m of seg.matchAll(/\{([^{}]*)\}/g)) {
      if (m.index > from) pieces.push(seg.slice(from, m.index));
      else if (pieces.length > 0) return `the path ${path} has two parameters with no text between them in ${seg}, which no request can tell apart`;
      if (m[1] === '') return `the path ${path} has a parameter with no name in ${seg}`;
      pieces.push({ capture: m[1]! });
      from = m.index + m[0].length;
    }
    if (from < seg.length) pieces.push(seg.slice(from));
    if (pieces.some((p) => typeof p === 'string' && /[{}]/.test(p))) return `the path ${path} has an unmatched brace in ${seg}`;
    out.push(pieces);
  }
  return out;
}

/** The endpoint of the operation at `paths[path][method]`, or undefined (with a warning). */
export function operationToEndpoint(ctx: OperationContext, path: string, method: OperationMethod, name: string): AnyEndpoint | undefined {
  const { doc, schemas, warnings } = ctx;
  const paths = doc.paths as Obj;
  const itemPointer = child('/paths', path);
  const item = deref(doc, paths[path], itemPointer, warnings);
  if (!item) return undefined;
  const pointer = child(item.pointer, method);
  const op = item.value[method] as Obj;
  const segments = segmentsOf(path);
  if (typeof segments === 'string') {
    warnings.add(pointer, `${segments}; the operation is not served`);
    return undefined;
  }
  const params = parametersOf(doc, item.value, item.pointer, op, pointer, warnings);
  const captured = new Set<string>();
  const captureOf = (name: string): CapturePart => {
    const p = params.find((x) => x.in === 'path' && x.name === name);
    const part = p ? parameterPart(p, schemas, warnings) : undefined;
    if (!p) warnings.add(pointer, `the path parameter ${name} is not declared; read as text`);
    const made = typeof part === 'object' && part.kind === 'capture' ? part : capture(name, t.text);
    if (!captured.has(name)) { captured.add(name); return made; }
    // The same name twice in one path (azure's `.../System.{location}/.../{location}/...`): OpenAPI
    // gives it no meaning, a handler reads parts by name. decided (docs/openapi-in.md "Path keys"):
    // the later one is its own capture, said once.
    let n = 2;
    while (captured.has(`${name}_${n}`)) n++;
    captured.add(`${name}_${n}`);
    warnings.add(pointer, `the path parameter ${name} appears more than once in ${path}; the later one is read as ${name}_${n}, of the same type, not required to equal the first`);
    return capture(`${name}_${n}`, made.codec);
  };
  const parts: Part[] = [];
  for (const pieces of segments) {
    const [only] = pieces;
    if (pieces.length === 1 && typeof only === 'string') parts.push(only);
    else if (pieces.length === 1 && typeof only === 'object') parts.push(captureOf(only.capture));
    // A segment mixing text and parameters (`{name}.{ext}`): docs/decisions.md "Mixed path segments".
    else parts.push(segment(...pieces.map((x) => (typeof x === 'string' ? x : captureOf(x.capture)))));
  }
  const inPath = new Set<string>();
  for (const pieces of segments) for (const x of pieces) if (typeof x !== 'string') inPath.add(x.capture);
  // A handler reads every part by its name: a query, header or cookie parameter named as a path
  // parameter (`/roles/{id}?id=...`) or as the body cannot be one of them. decided (docs/decisions.md
  // "OpenAPI in"): the later one is left out with a warning, so the document still starts.
  const taken = new Set<string>([...inPath, ...(op.requestBody !== undefined ? ['body'] : [])]);
  for (const p of params) {
    if (p.in === 'path') {
      if (!inPath.has(p.name)) warnings.add(p.pointer, `the path parameter ${p.name} is not in the path ${path}; left out`);
      continue;
    }
    if (taken.has(p.name)) {
      warnings.add(p.pointer, `the ${p.in} parameter ${p.name} has the name of another part of the operation (a handler reads parts by name); it is not read`);
      continue;
    }
    const part = parameterPart(p, schemas, warnings);
    if (part) { parts.push(part); taken.add(p.name); }
  }
  const security = securityPart(op.security ?? doc.security, op.security !== undefined ? child(pointer, 'security') : '/security', ctx.securitySchemes, warnings, taken);
  if (security) parts.push(security);
  const rb = deref(doc, op.requestBody, child(pointer, 'requestBody'), warnings);
  if (rb) {
    const c = readContent(rb.value.content, child(rb.pointer, 'content'), `${name}Body`, schemas, warnings, true);
    // An optional body (`required` absent or false) may be left out: no Content-Type, no bytes.
    if (c) parts.push(body(c.codec, c.media, rb.value.required === true ? c.examples : { examples: c.examples, required: false }));
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
  const extensions = Object.entries(op).filter(([k]) => k.startsWith('x-'));
  if (extensions.length > 0) e = e.extend(Object.fromEntries(extensions));
  return e;
}
