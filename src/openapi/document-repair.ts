// Under `--lenient`, a document the OpenAPI schema refuses for a defect that can be left out is
// loaded without it, one warning per defect: a JSON Schema keyword of the wrong kind (api.video's
// `pattern: 0`) and an operation whose path names a parameter it does not declare (clicksend's
// `/uploads?convert={convert}`), in OpenAPI 3.x and Swagger 2.0 alike; a schema `$ref` naming a
// Parameter Object (enode) is read as one naming its schema. Anything else is refused as
// before, lenient or not.
// decided: docs/openapi-in.md "Checks api-serve cannot make" (what --lenient leaves out).
import { child } from './warnings.js';
import { ASSERTING_KEYWORDS } from './vocabulary.js';
import { misplacedRef } from './misplaced-ref.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const unescape = (step: string) => step.replace(/~1/g, '/').replace(/~0/g, '~');

/** A part of the document left out: where it was (a pointer into the file) and why. */
export interface Repair {
  readonly pointer: string;
  readonly message: string;
  /** Left out lenient or not: a key OpenAPI itself says is ignored (beside a `$ref` in 3.0). */
  readonly always?: boolean;
}

/** Keywords of a Schema Object whose value, of the wrong kind, is left out (the check it asked for with it). */
const SCHEMA_KEYWORDS = new Set([
  'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength',
  'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties', 'required', 'enum', 'type', 'nullable',
  'readOnly', 'writeOnly', 'deprecated', 'title', 'description', 'default', 'example', 'discriminator', 'xml',
]);

/** A value left out, as a warning shows it: its JSON, cut at 40 characters. */
function shownValue(value: unknown): string {
  const shown = JSON.stringify(value) ?? String(value);
  return shown.length > 40 ? `${shown.slice(0, 40)}...` : shown;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * Where a pointer into the dereferenced document is in the document itself: each step taken in
 * the object the document has there, through a local `$ref` when it holds one (own keys only).
 * The pointer found, and the object holding the last step; undefined when a step leads nowhere.
 */
function locate(doc: Obj, pointer: string): { readonly at: string; readonly holder: Obj; readonly key: string } | undefined {
  const steps = pointer.split('/').slice(1).map(unescape);
  let node: unknown = doc;
  let at = '';
  for (let i = 0; i < steps.length; i++) {
    // Follow local references (a chain of them too, at most 32 long) before taking the step, unless
    // the step is a key beside the `$ref` (the dereferenced document holds it there too).
    for (let hops = 0; isObj(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/') && !Object.hasOwn(node, steps[i]!); hops++) {
      if (hops > 32) return undefined;
      const target = locate(doc, node.$ref.slice(1));
      if (target === undefined || !Object.hasOwn(target.holder, target.key)) return undefined;
      at = target.at;
      node = target.holder[target.key];
    }
    const key = steps[i]!;
    if (i === steps.length - 1) return isObj(node) ? { at: child(at, key), holder: node, key } : undefined;
    if (isObj(node) && Object.hasOwn(node, key)) node = node[key];
    else if (Array.isArray(node) && /^\d+$/.test(key) && Number(key) < node.length) node = node[Number(key)];
    else return undefined;
    at = child(at, key);
  }
  return undefined;
}

/** Whether a pointer lies inside a Schema Object (under a `schema`, a `schemas` map or Swagger 2.0's `definitions`, or a schema's own keywords). */
const inSchema = (at: string) => /\/(schema|schemas\/[^/]+|definitions\/[^/]+|items|properties\/[^/]+|allOf\/\d+|anyOf\/\d+|oneOf\/\d+|not|additionalProperties)(\/|$)/.test(at);

/**
 * Leaves out the defect one validation error names (`pointer`, in the dereferenced document, when
 * the error marks one; `message`, the parser's first line), in place; the repair made, or
 * undefined when it is not one this module leaves out.
 */
export function repairOnce(doc: Obj, pointer: string | undefined, message: string): Repair | undefined {
  // An operation whose path names a parameter it does not declare: the operation is left out.
  const missing = /`\/paths\/(.+)\/([a-z]+)` is missing path parameter\(s\) for (.+?)\.?$/.exec(message);
  if (missing !== undefined && missing !== null && isObj(doc.paths)) {
    const [, path, method, names] = missing as unknown as [string, string, string, string];
    const key = `/${path}`;
    const item = Object.hasOwn(doc.paths, key) ? doc.paths[key] : undefined;
    if (METHODS.has(method) && isObj(item) && Object.hasOwn(item, method)) {
      delete item[method];
      if (!Object.keys(item).some((k) => METHODS.has(k))) delete doc.paths[key];
      return { pointer: child('/paths', key, method), message: `${method.toUpperCase()} ${key} names the path parameter(s) ${names} and declares none of them (not valid OpenAPI); left out (--lenient)` };
    }
    return undefined;
  }
  if (pointer === undefined) return undefined;
  // A schema `$ref` naming a Parameter Object that has a schema (enode's `items: { $ref:
  // '#/paths/.../parameters/1' }`): read as a reference to that schema, surely what was meant.
  const misplaced = misplacedRef(doc, pointer);
  if (misplaced !== undefined) {
    if (!isObj(misplaced.target.schema)) return undefined;
    const ref = misplaced.holder.$ref as string;
    misplaced.holder.$ref = `${ref}/schema`;
    return { pointer: misplaced.at, message: `$ref ${JSON.stringify(ref)} names ${misplaced.kind}, not a schema; read as a $ref to its schema, ${JSON.stringify(`${ref}/schema`)} (--lenient)` };
  }
  const found = locate(doc, pointer);
  // A keyword beside `$ref` in a 3.0 schema (cloudmersive's `type: application/json`): 3.0 says it
  // is ignored, so the document is not refused for it. decided: docs/openapi-in.md "Keys beside $ref".
  if (found !== undefined && typeof doc.openapi === 'string' && doc.openapi.startsWith('3.0') && found.key !== '$ref'
    && typeof found.holder.$ref === 'string' && Object.hasOwn(found.holder, found.key) && inSchema(found.at)) {
    const value = found.holder[found.key];
    delete found.holder[found.key];
    return { pointer: found.at, message: `${found.key} ${shownValue(value)} beside $ref is ignored, as OpenAPI 3.0 says (not valid here: ${message})`, always: true };
  }
  // A key the XML Object does not have (opensuse's `xml: { example }`): it means nothing, and is
  // ignored, lenient or not, as keys beside a 3.0 `$ref` are.
  if (found !== undefined && /ADDITIONAL PROPERTY/.test(message) && /\/xml\/[^/]+$/.test(found.at) && inSchema(found.at) && Object.hasOwn(found.holder, found.key) && !found.key.startsWith('x-')) {
    const value = found.holder[found.key];
    delete found.holder[found.key];
    return { pointer: found.at, message: `${found.key} ${shownValue(value)} is no key of an XML Object; ignored`, always: true };
  }
  // A key no Schema Object of OpenAPI 3.0 or Swagger 2.0 has (enode's `explode` inside `items`):
  // JSON Schema ignores unknown keywords, so leaving it out weakens nothing. One that asserts in
  // some JSON Schema draft (`const` in a 3.0 schema) is not ignored: the document stays refused.
  // decided: docs/openapi-in.md "Keys beside $ref" (unknown keywords in a schema).
  if (found !== undefined && /ADDITIONAL PROPERTY/.test(message) && (typeof doc.swagger === 'string' || (typeof doc.openapi === 'string' && doc.openapi.startsWith('3.0')))
    && inSchema(found.at) && Object.hasOwn(found.holder, found.key) && !found.key.startsWith('x-') && !ASSERTING_KEYWORDS.has(found.key)) {
    const value = found.holder[found.key];
    delete found.holder[found.key];
    return { pointer: found.at, message: `${found.key} ${shownValue(value)} is no keyword of a Schema Object here; ignored, as JSON Schema ignores unknown keywords`, always: true };
  }
  if (found === undefined || !SCHEMA_KEYWORDS.has(found.key) || !inSchema(found.at) || !Object.hasOwn(found.holder, found.key)) return undefined;
  const value = found.holder[found.key];
  delete found.holder[found.key];
  return { pointer: found.at, message: `${found.key} ${shownValue(value)} is not a valid ${found.key} (${message}); left out, so not checked (--lenient)` };
}
