// Values a document holds as data (a media type's, parameter's or header's `example`, an Example
// Object's `value`, a schema's `example`, `examples`, `default`, `enum` entries and `const`) in
// which a `$ref` key is part of the value, not a reference (JSON Schema evaluates no keyword
// inside them): a JSON Schema registry's `example: {"$ref": "#/definitions/Foo"}`, or a URL.
// The document parser follows every `$ref` anywhere, so such a value is set aside before it sees
// the document (a placeholder string in its place) and put back, as written, once it is done.
// One naming a file beside the document that is there (`example: {$ref: ./examples/pet.json}`,
// how split documents include their examples) is left to the parser, which inlines it through
// the fence (ref-fence.ts: one outside the folder is refused, whether it exists or not).
// decided: docs/openapi-in.md, its opening (in the document's own file; one in a file it refers
// to is still followed by the parser).
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** Schema keywords whose value is a schema, a list of schemas, or a map of names to schemas (2020-12, draft 4, OpenAPI 3.0, Swagger 2.0). */
const ONE = ['items', 'additionalItems', 'additionalProperties', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema'];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];

/**
 * Whether a `$ref` names a file the parser should read in: a path or `file:` URL (not a pointer
 * into the document, not another scheme's URL) to a file that is there, or outside the document's
 * folder (the fence refuses it then, without saying whether it exists).
 */
function namesFile(ref: unknown, folder: string): boolean {
  if (typeof ref !== 'string' || ref.startsWith('#')) return false;
  const file = ref.split('#')[0]!;
  if (file === '') return false;
  let target: string;
  if (/^file:/i.test(file)) {
    try { target = fileURLToPath(file); } catch { return false; }
  } else if (/^[a-z][a-z0-9+.-]*:/i.test(file)) return false;
  else {
    try { target = resolve(folder, decodeURIComponent(file)); } catch { return false; }
  }
  const within = relative(folder, target);
  if (within.startsWith('..') || isAbsolute(within)) return true;
  return existsSync(target);
}

/** Whether a `$ref` key the parser would follow and read no file for is anywhere in the value. */
function holdsDataRef(value: unknown, folder: string): boolean {
  if (Array.isArray(value)) return value.some((v) => holdsDataRef(v, folder));
  if (!isObj(value)) return false;
  if (Object.hasOwn(value, '$ref') && !namesFile(value.$ref, folder)) return true;
  return Object.values(value).some((v) => holdsDataRef(v, folder));
}

/** The entries of a map of OpenAPI objects (responses, components), its extensions apart. */
const entries = (map: unknown): [string, unknown][] => (isObj(map) ? Object.entries(map).filter(([k]) => !k.startsWith('x-')) : []);

/** Sets a key as an own property: a `__proto__` key (a media type can be anything) stays a key. */
const set = (holder: Obj | unknown[], key: string | number, value: unknown): void => {
  Object.defineProperty(holder, key, { value, enumerable: true, writable: true, configurable: true });
};

export interface LiteralValues {
  /** How many values were set aside (none: the document is as it was read). */
  readonly count: number;
  /**
   * Puts each value back, in place, wherever its placeholder is now: in the bundled document, or
   * in the one converted from Swagger 2.0 (which moves a response's examples and a parameter's
   * `default` and `enum` into its schema). A value met twice (a copy the converter made) is copied.
   */
  putBack(doc: unknown): void;
}

/**
 * Sets aside, in place, each value holding a `$ref` key that names no file (see `namesFile`) at
 * the document's value positions (the OpenAPI structure only: paths, operations, parameters,
 * request bodies, responses, headers, content, components, and schemas through their
 * schema-valued keywords; a property named
 * `example` is a schema, not a value). Real references (a schema's or an Example Object's own
 * `$ref`) are left to the parser. Swagger 2.0 has the same positions, as 2.0 writes them.
 */
export function setLiteralValuesAside(doc: unknown, path: string): LiteralValues {
  const folder = dirname(resolve(path));
  const nonce = `api-serve-literal-value:${randomUUID()}:`;
  const aside: unknown[] = [];
  const seen = new Set<object>();
  const swagger = isObj(doc) && doc.swagger !== undefined;

  const hide = (holder: Obj | unknown[], key: string | number): void => {
    const value = (holder as Record<string | number, unknown>)[key];
    if (!holdsDataRef(value, folder)) return;
    set(holder, key, `${nonce}${aside.length}`);
    aside.push(value);
  };
  /** Each entry of a list of values (`enum`, 3.1's `examples`) on its own; anything else as one value. */
  const hideEach = (holder: Obj, key: string): void => {
    const list = holder[key];
    if (Array.isArray(list)) list.forEach((_, i) => hide(list, i));
    else hide(holder, key);
  };
  const first = (v: unknown): v is Obj => {
    if (!isObj(v) || seen.has(v)) return false;
    seen.add(v);
    return true;
  };

  const schema = (s: unknown): void => {
    if (!first(s)) return;
    hide(s, 'example');
    hide(s, 'default');
    hide(s, 'const');
    hideEach(s, 'enum');
    hideEach(s, 'examples');
    for (const k of ONE) schema(s[k]);
    for (const k of LIST) if (Array.isArray(s[k])) (s[k] as unknown[]).forEach(schema);
    for (const k of MAP) if (isObj(s[k])) Object.values(s[k]).forEach(schema);
  };
  const example = (e: unknown): void => { if (first(e)) hide(e, 'value'); };
  const examples = (map: unknown): void => { for (const [, e] of entries(map)) example(e); };
  const media = (m: unknown): void => {
    if (!first(m)) return;
    schema(m.schema);
    hide(m, 'example');
    examples(m.examples);
    for (const [, enc] of entries(m.encoding)) if (isObj(enc)) for (const [, h] of entries(enc.headers)) parameter(h);
  };
  const content = (c: unknown): void => { for (const [, m] of entries(c)) media(m); };
  /** A 3.x parameter or header; a Swagger 2.0 one is a body's `schema`, or schema keywords on itself. */
  const parameter = (p: unknown): void => {
    if (swagger) { if (isObj(p) && p.in === 'body') schema(p.schema); else schema(p); return; }
    if (!first(p)) return;
    hide(p, 'example');
    examples(p.examples);
    schema(p.schema);
    content(p.content);
  };
  const response = (r: unknown): void => {
    if (!first(r)) return;
    for (const [, h] of entries(r.headers)) parameter(h);
    content(r.content);
    if (swagger) {
      schema(r.schema);
      // 2.0's examples: a value per media type.
      if (isObj(r.examples)) for (const k of Object.keys(r.examples)) hide(r.examples, k);
    }
  };
  const requestBody = (b: unknown): void => { if (first(b)) content(b.content); };
  const parameters = (list: unknown): void => { if (Array.isArray(list)) list.forEach(parameter); };
  const callbacks = (map: unknown): void => { for (const [, cb] of entries(map)) for (const [, item] of entries(cb)) pathItem(item); };
  const operation = (op: unknown): void => {
    if (!first(op)) return;
    parameters(op.parameters);
    requestBody(op.requestBody);
    for (const [, r] of entries(op.responses)) response(r);
    callbacks(op.callbacks);
  };
  const pathItem = (item: unknown): void => {
    if (!first(item)) return;
    parameters(item.parameters);
    for (const m of METHODS) operation(item[m]);
  };

  if (isObj(doc)) {
    for (const [, item] of entries(doc.paths)) pathItem(item);
    for (const [, item] of entries(doc.webhooks)) pathItem(item);
    const c = isObj(doc.components) ? doc.components : {};
    for (const [, s] of entries(swagger ? doc.definitions : c.schemas)) schema(s);
    for (const [, r] of entries(swagger ? doc.responses : c.responses)) response(r);
    for (const [, p] of entries(swagger ? doc.parameters : c.parameters)) parameter(p);
    if (!swagger) {
      examples(c.examples);
      for (const [, b] of entries(c.requestBodies)) requestBody(b);
      for (const [, h] of entries(c.headers)) parameter(h);
      callbacks(c.callbacks);
      for (const [, item] of entries(c.pathItems)) pathItem(item);
    }
  }

  const putBack = (root: unknown): void => {
    const used = new Set<number>();
    const back = (v: unknown): unknown => {
      if (typeof v !== 'string' || !v.startsWith(nonce)) return undefined;
      const i = Number(v.slice(nonce.length));
      if (!Number.isInteger(i) || i < 0 || i >= aside.length) return undefined;
      const value = used.has(i) ? structuredClone(aside[i]) : aside[i];
      used.add(i);
      return value;
    };
    const done = new Set<object>();
    const walk = (node: unknown): void => {
      if (typeof node !== 'object' || node === null || done.has(node)) return;
      done.add(node);
      if (Array.isArray(node)) {
        node.forEach((v, i) => { const w = back(v); if (w !== undefined) set(node, i, w); else walk(v); });
        return;
      }
      const o = node as Obj;
      for (const [k, v] of Object.entries(o)) { const w = back(v); if (w !== undefined) set(o, k, w); else walk(v); }
    };
    if (aside.length > 0) walk(root);
  };
  return { count: aside.length, putBack };
}
