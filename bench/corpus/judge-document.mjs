// The judge's own reading of an OpenAPI document: parsed without api-serve (js-yaml, Swagger 2.0 by
// swagger2openapi), its schemas compiled by ajv (3.1: draft 2020-12; 3.0: draft-07 with `nullable`
// and boolean exclusive bounds rewritten), so what it accepts does not depend on api-serve's codecs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import yaml from 'js-yaml';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const require = createRequire(import.meta.url);

/** A JSON pointer segment as written inside a pointer. */
export const esc = (s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * 3.0 schema dialect as draft-07 reads it: a boolean `exclusiveMinimum` beside `minimum` becomes
 * the number, and `nullable: true` without `type` (ajv refuses it there) becomes `anyOf [.., null]`.
 */
function asDraft7(v) {
  if (Array.isArray(v)) { v.forEach(asDraft7); return; }
  if (typeof v !== 'object' || v === null) return;
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']]) {
    if (typeof v[flag] === 'boolean') {
      if (v[flag] === true && typeof v[bound] === 'number') { v[flag] = v[bound]; delete v[bound]; } else delete v[flag];
    }
  }
  Object.values(v).forEach(asDraft7);
  if (v.nullable === true && v.type === undefined) {
    const rest = { ...v };
    delete rest.nullable;
    for (const k of Object.keys(v)) delete v[k];
    v.anyOf = [rest, { type: 'null' }];
  } else if (v.nullable === false && v.type === undefined) delete v.nullable;
}

/** Reads `file` into `{ doc, version, ajv, validator(pointer) }`; throws on what it cannot read. */
export async function judgeDocument(file) {
  const text = readFileSync(file, 'utf8');
  let doc = /\.json$/i.test(file) ? JSON.parse(text) : yaml.load(text);
  if (doc && typeof doc.swagger === 'string') {
    const converter = require('swagger2openapi');
    doc = (await converter.convertObj(doc, { patch: true, warnOnly: true, resolveInternal: false })).openapi;
  }
  if (!doc || typeof doc.openapi !== 'string') throw new Error('not an OpenAPI 3.x or Swagger 2.0 document');
  const version = doc.openapi.startsWith('3.1') ? '3.1' : '3.0';
  const schemaDoc = structuredClone(doc);
  if (version === '3.0') asDraft7(schemaDoc);
  const options = { strict: false, validateSchema: false, logger: false, allErrors: false };
  const ajv = version === '3.1' ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  // 3.0 and Swagger formats ajv-formats does not know are annotations, as the spec says.
  for (const f of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) if (!ajv.formats[f]) ajv.addFormat(f, true);
  ajv.addSchema(schemaDoc, 'doc');
  const compiled = new Map();
  /** The validator of the schema at `pointer` (`#/paths/...`), or an Error when ajv cannot compile it. */
  const validator = (pointer) => {
    if (!compiled.has(pointer)) {
      try { compiled.set(pointer, ajv.getSchema(`doc${pointer}`) ?? new Error(`no schema at ${pointer}`)); } catch (err) { compiled.set(pointer, err); }
    }
    return compiled.get(pointer);
  };
  return { doc, version, ajv, validator };
}

/** Follows local `$ref`s from the node at `pointer`: `{ node, pointer }` of what it names. */
export function resolve(doc, node, pointer) {
  for (let i = 0; i < 30 && node && typeof node.$ref === 'string'; i++) {
    if (!node.$ref.startsWith('#')) return { node: undefined, pointer };
    pointer = node.$ref;
    node = at(doc, pointer);
  }
  return { node, pointer };
}

/** The value at a local pointer (`#/a/b`). */
export function at(doc, pointer) {
  let v = doc;
  for (const seg of pointer.replace(/^#\/?/, '').split('/').filter((s) => s !== '')) {
    if (v === undefined || v === null) return undefined;
    let key = seg;
    try { key = decodeURIComponent(seg); } catch { /* a literal % in a name */ }
    v = v[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return v;
}
