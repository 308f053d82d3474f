// Well-known meta-schemas a document may `$ref` (JSON Schema 2020-12 and draft-04, the OpenAPI 3.1
// dialect): answered from copies the package ships, never fetched, and read as the codec of JSON
// Schemas, whose check is ajv's validator compiled from the meta-schema.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ajv2020 as Ajv, AnySchemaObject, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { type Codec, type Example, fail, ok, quote, showJson } from '../codec/types.js';
import { pathOf } from '../codec/structured.js';

interface MetaSchema {
  /** Its `$id` without the empty fragment (what a `$ref` names, `#` or not). */
  readonly uri: string;
  readonly label: string;
  /** Whether `true` and `false` are schemas of the dialect (not in draft-04). */
  readonly booleans: boolean;
}

// decided (docs/decisions.md "OpenAPI in"): these exact URIs and no others; any other URL stays refused.
const KNOWN: readonly MetaSchema[] = [
  { uri: 'https://json-schema.org/draft/2020-12/schema', label: 'JSON Schema (draft 2020-12)', booleans: true },
  { uri: 'http://json-schema.org/draft-04/schema', label: 'JSON Schema (draft-04)', booleans: false },
  { uri: 'https://spec.openapis.org/oas/3.1/dialect/base', label: 'OpenAPI 3.1 schema', booleans: true },
];

/** The well-known meta-schema a `$ref` (or a URL with its fragment) names, if any. */
export function metaSchemaOf(ref: string): MetaSchema | undefined {
  const bare = ref.endsWith('#') ? ref.slice(0, -1) : ref;
  return KNOWN.find((m) => m.uri === bare);
}

/**
 * The key of what the document parser is given for a meta-schema URL: an object naming it. Not
 * the meta-schema itself, which the parser would inline into the document when bundling (and a
 * 3.0 Schema Object refuses draft-04's `id` and `definitions`); `x-` keeps it a valid schema of
 * every version, and `restoreMetaSchemaRefs` turns it back into the `$ref` once bundled.
 */
const STAND_IN = 'x-api-serve-meta-schema';

/** What the parser reads for a URL (the fragment apart), or undefined when it is no meta-schema's. */
export function metaSchemaStandIn(url: string, hash: string | undefined): Buffer | undefined {
  // A pointer into a meta-schema (`#/$defs/x`) is no meta-schema: refused as any URL is.
  if (hash !== undefined && hash !== '' && hash !== '#') return undefined;
  const meta = metaSchemaOf(url);
  return meta === undefined ? undefined : Buffer.from(JSON.stringify({ [STAND_IN]: meta.uri }));
}

/** Turns each stand-in bundling inlined back into the `$ref` it replaced (siblings kept), in place. */
export function restoreMetaSchemaRefs(value: unknown, seen = new Set<object>()): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const v of value) restoreMetaSchemaRefs(v, seen);
    return;
  }
  const o = value as Record<string, unknown>;
  const uri = o[STAND_IN];
  if (typeof uri === 'string' && metaSchemaOf(uri) !== undefined && !Object.hasOwn(o, '$ref')) {
    const rest = Object.entries(o).filter(([k]) => k !== STAND_IN);
    for (const k of Object.keys(o)) delete o[k];
    // `$ref` first, as written.
    o.$ref = uri;
    for (const [k, v] of rest) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  for (const v of Object.values(o)) restoreMetaSchemaRefs(v, seen);
}

/** The folder of the copies: beside this module (run from src/ by tsx), or the source folder seen from dist/. */
function copiesDir(): string {
  for (const rel of ['./meta-schemas/', '../../../src/openapi/meta-schemas/']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(join(dir, 'draft-04.json'))) return dir;
  }
  throw new Error('the meta-schema copies (src/openapi/meta-schemas/) are missing from the package');
}

const copy = (dir: string, name: string): AnySchemaObject => JSON.parse(readFileSync(join(dir, name), 'utf8')) as AnySchemaObject;

/**
 * Draft-04's meta-schema as a 2020-12 schema of the same meaning: its `id` becomes `$id` and its
 * one boolean `exclusiveMinimum` (multipleOf > 0) a number; every other keyword it uses means the
 * same in both (`dependencies` included, which ajv keeps).
 */
function draft04(schema: AnySchemaObject): AnySchemaObject {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v !== 'object' || v === null) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x);
    for (const [bound, exclusive] of [['minimum', 'exclusiveMinimum'], ['maximum', 'exclusiveMaximum']] as const) {
      if (typeof out[exclusive] !== 'boolean') continue;
      if (out[exclusive] === true && typeof out[bound] === 'number') { out[exclusive] = out[bound]; delete out[bound]; } else delete out[exclusive];
    }
    return out;
  };
  const { id: _id, $schema: _s, ...rest } = walk(schema) as AnySchemaObject;
  return { ...rest, $id: KNOWN[1]!.uri };
}

let ajv: Ajv | undefined;

/**
 * One ajv for all three, built on first use (ajv is loaded then, not when a document is read).
 * Ajv2020 carries the 2020-12 meta-schema itself, from ajv's own copy. Formats are annotations,
 * as the 2020-12 meta-schema's format-annotation vocabulary says: `pattern: "("` is a schema.
 */
function compiled(meta: MetaSchema): ValidateFunction {
  if (ajv === undefined) {
    const { Ajv2020 } = createRequire(import.meta.url)('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
    const a = new Ajv2020({ strict: false, validateFormats: false, logger: false });
    const dir = copiesDir();
    a.addSchema(copy(dir, 'oas-3.1-meta-base.json'));
    a.addSchema(copy(dir, 'oas-3.1-dialect-base.json'));
    a.addSchema(draft04(copy(dir, 'draft-04.json')));
    ajv = a;
  }
  const v = ajv.getSchema(meta.uri);
  if (v === undefined) throw new Error(`meta-schema ${meta.uri} not loaded`);
  return v;
}

/** The aeson-style location of an ajv error's instance pointer inside `value`, and the value there. */
function locate(path: string, value: unknown, pointer: string): { at: string; found: unknown } {
  let at = path;
  let node = value;
  for (const raw of pointer === '' ? [] : pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    at = Array.isArray(node) ? `${at}[${key}]` : pathOf(at, key);
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return { at, found: node };
}

/** Schemas to show and draw from: the sample is the first. */
function examplesOf(meta: MetaSchema): Example<unknown>[] {
  const values: unknown[] = [
    { type: 'string' },
    {},
    { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] },
    { type: 'array', items: { type: 'integer', minimum: 0 } },
    ...(meta.booleans ? [true] : []),
  ];
  return values.map((value) => ({ value }));
}

const codecs = new Map<MetaSchema, Codec<unknown>>();

/**
 * The codec a `$ref` to a well-known meta-schema reads as, or undefined for any other `$ref`.
 * decided (docs/decisions.md "OpenAPI in"): a scalar codec of any JSON value whose check runs
 * ajv's validator of the meta-schema (exact), its schema the `$ref` itself; it samples
 * `{"type":"string"}` and draws from a few valid schemas (its examples); no near misses.
 */
export function metaSchemaCodec(ref: string): Codec<unknown> | undefined {
  const meta = metaSchemaOf(ref);
  if (meta === undefined) return undefined;
  let codec = codecs.get(meta);
  if (codec !== undefined) return codec;
  const label = meta.label;
  const check = (json: unknown, path: string) => {
    const valid = compiled(meta);
    if (valid(json)) return ok(json);
    // The deepest error says most (ajv lists an `anyOf`'s branches before the `anyOf`).
    const errors: readonly ErrorObject[] = valid.errors ?? [];
    const e = [...errors].sort((a, b) => b.instancePath.split('/').length - a.instancePath.split('/').length)[0];
    if (e === undefined) return fail(`expected ${label}, got ${showJson(json)}`, path);
    const { at, found } = locate(path, json, e.instancePath);
    // `$.type: number 5 must be equal to one of the allowed values`.
    return fail(`expected ${label}: ${at === path ? '' : `${at}: `}${showJson(found)} ${e.message ?? `breaks ${e.keyword}`}`, at, e.keyword);
  };
  codec = {
    kind: 'scalar', label, schema: { $ref: meta.uri }, examples: examplesOf(meta),
    // As text (a parameter), a schema is its JSON.
    parseText(raw) {
      let json: unknown;
      try { json = JSON.parse(raw); } catch { return fail(`${quote(raw)} is not JSON (expected ${label})`); }
      return check(json, '$');
    },
    formatText: (v) => JSON.stringify(v),
    check,
  };
  codecs.set(meta, codec);
  return codec;
}
