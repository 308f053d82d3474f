// OpenAPI parameters (path, query, header, cookie; with style, explode, required, allowReserved and
// JSON `content`) as request parts: captures, query parameters, headers and cookies.
import * as t from '../codec/codecs.js';
import type { Codec, Example, ObjectCodec } from '../codec/types.js';
import { capture, header, query, queryList, queryObject } from '../dsl/combinators.js';
import { cookie } from '../dsl/cookie.js';
import type { Part } from '../dsl/types.js';
import type { SchemaReader } from './schema-to-codec.js';
import { codecName } from './codec-name.js';
import { child, type Warnings } from './warnings.js';
import { resolveRef } from './refs.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly spec: Obj;
  readonly pointer: string;
}

/** A `$ref`'d object (a parameter, response, request body, header) as its target, with where it is. */
export function deref(doc: Obj, value: unknown, pointer: string, warnings: Warnings): { value: Obj; pointer: string } | undefined {
  let v = value;
  let at = pointer;
  for (let hops = 0; isObj(v) && typeof v.$ref === 'string' && hops < 32; hops++) {
    const ref = v.$ref;
    const found = resolveRef(doc, ref);
    if (!found.found) { warnings.add(at, `$ref ${ref} does not resolve; left out`); return undefined; }
    v = found.value;
    at = ref.slice(1);
  }
  return isObj(v) ? { value: v, pointer: at } : undefined;
}

/** The path item's parameters, overridden by the operation's (same name and place). */
export function parametersOf(doc: Obj, pathItem: Obj, pathPointer: string, op: Obj, opPointer: string, warnings: Warnings): Parameter[] {
  const out = new Map<string, Parameter>();
  const add = (list: unknown, base: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((raw, i) => {
      const p = deref(doc, raw, child(base, 'parameters', i), warnings);
      if (!p || typeof p.value.name !== 'string' || !['path', 'query', 'header', 'cookie'].includes(p.value.in as string)) return;
      const param: Parameter = { name: p.value.name, in: p.value.in as Parameter['in'], spec: p.value, pointer: p.pointer };
      out.set(`${param.in}:${param.in === 'header' ? param.name.toLowerCase() : param.name}`, param);
    });
  };
  add(pathItem.parameters, pathPointer);
  add(op.parameters, opPointer);
  return [...out.values()];
}

/**
 * The examples of a parameter, header or media type (`example`, named `examples`, each perhaps a
 * `$ref` to `#/components/examples`) its codec accepts; a warning for each it leaves out.
 */
// decided (docs/openapi-in.md "Examples"): an example its schema refuses is left out, with a warning
// saying why; a surface's examples are values of their codecs (checked when it loads), so the mock
// answers a sample of the schema instead, and the document is the one to fix.
export function examplesOf(doc: Obj, spec: Obj, pointer: string, codec: Codec<unknown>, warnings: Warnings): Example<unknown>[] {
  const given: { at: string; value: unknown; title?: string; key?: string }[] = [];
  if (spec.example !== undefined) given.push({ at: child(pointer, 'example'), value: spec.example });
  if (isObj(spec.examples)) {
    for (const [key, raw] of Object.entries(spec.examples)) {
      const found = deref(doc, raw, child(pointer, 'examples', key), warnings);
      if (!found) continue;
      const ex = found.value;
      if (ex.externalValue !== undefined && ex.value === undefined) { warnings.add(found.pointer, 'an externalValue example is not fetched; left out'); continue; }
      if (ex.value === undefined) { warnings.add(found.pointer, 'the example has no value; left out'); continue; }
      given.push({ at: found.pointer, value: ex.value, title: typeof ex.summary === 'string' ? ex.summary : key, key });
    }
  }
  return given.flatMap(({ at, value, title, key }) => {
    const r = codec.check(value, '$');
    if (r.ok) return [{ ...(title === undefined ? {} : { title }), ...(key === undefined || key === title ? {} : { key }), value }];
    warnings.add(at, `the example is not a value of its schema (${r.path ?? '$'}: ${r.error}); left out, a sample of the schema is answered instead`);
    return [];
  });
}

/**
 * The schema of a parameter: `schema`, or the one media type of `content`; `json` when the value
 * is JSON text (`content: application/json`, or a `+json` type).
 */
function schemaOf(p: Parameter, warnings: Warnings): { schema: unknown; pointer: string; json: boolean } {
  if (p.spec.schema !== undefined) return { schema: p.spec.schema, pointer: child(p.pointer, 'schema'), json: false };
  if (isObj(p.spec.content)) {
    const [type, media] = Object.entries(p.spec.content)[0] ?? [];
    if (type !== undefined && isObj(media)) {
      const json = /^application\/(.+\+)?json$/i.test(type.split(';')[0]!.trim());
      if (!json) warnings.add(child(p.pointer, 'content'), `a parameter serialised as ${type} is read as plain text of its schema`);
      return { schema: media.schema ?? {}, pointer: child(p.pointer, 'content', type, 'schema'), json };
    }
  }
  return { schema: {}, pointer: p.pointer, json: false };
}

const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);
const PATH_STYLES = new Set(['simple', 'label', 'matrix']);

/** The request part of one parameter, or undefined (with a warning) when it has none. */
export function parameterPart(p: Parameter, schemas: SchemaReader, warnings: Warnings): Part | undefined {
  const { schema, pointer, json } = schemaOf(p, warnings);
  const readCodec = schemas.read(schema, pointer, codecName(`${p.name}Parameter`));
  // A parameter's default is kept as the schema says it (docs, the OpenAPI written back, and a
  // stateful mock's paging read it); the request still reads an absent parameter as absent.
  const fallback = typeof schema === 'object' && schema !== null ? (schema as Record<string, unknown>).default : undefined;
  const read = fallback !== undefined && readCodec.check(fallback, '$').ok ? { ...readCodec, schema: { ...readCodec.schema, default: fallback } } : readCodec;
  const examples = examplesOf(schemas.doc, p.spec, p.pointer, read, warnings);
  const codec = examples.length > 0 ? t.examples(read, examples) : read;
  const description = typeof p.spec.description === 'string' ? p.spec.description : undefined;
  const style = typeof p.spec.style === 'string' ? p.spec.style : undefined;
  const explode = typeof p.spec.explode === 'boolean' ? p.spec.explode : style === undefined ? p.in === 'query' || p.in === 'cookie' : style === 'form';
  const required = p.spec.required === true ? { required: true } : {};
  const described = description === undefined ? {} : { description };
  // decided (docs/decisions.md "OpenAPI in"): a style the place does not have is read as the place's default.
  const misplaced = (place: string, allowed: readonly string[]) => {
    if (style !== undefined && !allowed.includes(style)) warnings.add(child(p.pointer, 'style'), `${style} is not a ${place} style; read as ${allowed[0]}`);
  };
  switch (p.in) {
    case 'path': {
      misplaced('path', ['simple', 'label', 'matrix']);
      const pathStyle = style !== undefined && PATH_STYLES.has(style) ? style as 'simple' | 'label' | 'matrix' : 'simple';
      if (json) return capture(p.name, codec, description, { json: true });
      return capture(p.name, codec, description, pathStyle === 'simple' && !explode ? {} : { style: pathStyle, explode });
    }
    case 'query': {
      const opts = { ...described, ...required, ...(p.spec.allowReserved === true ? { allowReserved: true } : {}) };
      if (json) return query(p.name, codec, { ...opts, json: true });
      misplaced('query', ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject']);
      if (style === 'deepObject') {
        if (codec.kind === 'object') return queryObject(p.name, codec as ObjectCodec<unknown>, opts);
        warnings.add(child(p.pointer, 'style'), 'deepObject on a schema that is not an object; read as one value');
        return query(p.name, codec, opts);
      }
      // An exploded list is the parameter repeated, whatever the delimiter (OpenAPI: the same as form).
      if (codec.kind === 'array' && explode) return queryList(p.name, codec.item, opts);
      if (style === 'spaceDelimited' || style === 'pipeDelimited') {
        if (codec.kind === 'array' || codec.kind === 'object') return query(p.name, codec, { ...opts, style });
        warnings.add(child(p.pointer, 'style'), `${style} on a schema that is neither a list nor an object; read as one value`);
        return query(p.name, codec, opts);
      }
      if (codec.kind === 'object' && explode) warnings.add(child(p.pointer, 'explode'), 'an exploded form object (its keys as parameters) is read as one value, key,value,...');
      return query(p.name, codec, opts);
    }
    case 'header':
      if (IGNORED_HEADERS.has(p.name.toLowerCase())) {
        warnings.add(p.pointer, `a header parameter named ${p.name} is ignored (OpenAPI: it is described by content and security instead)`);
        return undefined;
      }
      misplaced('header', ['simple']);
      return header(p.name, codec, { ...described, ...required, ...(json ? { json: true } : {}), ...(explode && codec.kind === 'object' ? { explode: true } : {}) });
    case 'cookie':
      misplaced('cookie', ['form']);
      return cookie(p.name, codec, { ...described, ...required, ...(json ? { json: true } : {}) });
  }
}
