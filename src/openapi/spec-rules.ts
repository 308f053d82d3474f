// Whether @readme/openapi-parser's own checks beyond its schema (duplicate operationIds, path
// parameters, security schemes, array schemas without items...) could refuse a document, asked
// without the parser: it runs them only inside `validate`, after compiling its schema with ajv.
// A finding is never a verdict: the parser is asked then (load-document.ts), for the verdict and its
// message; what must not happen is a miss. Mirrors @readme/openapi-parser 9.0.0's
// src/validators/spec/{openapi,swagger}.ts with its default rules (every rule an error);
// test/openapi/document-schema-check.test.ts holds the two side by side.
type Obj = Record<string, unknown>;

/** A finding: somewhere a rule may refuse (or the mirror cannot tell); the parser decides. */
class Finding extends Error {}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const OPENAPI_METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options', 'head', 'trace'];
const SWAGGER_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];
const NAME = /^[a-zA-Z0-9.\-_]+$/;
const TEMPLATE = /\{([^/}]+)}/g;

/**
 * The value with its `$ref`s followed: the parser's checks see the document fully dereferenced;
 * the one given here was dereferenced leaving the circular `$ref`s, which are followed here.
 */
function follow(root: unknown, value: unknown): unknown {
  const seen = new Set<unknown>();
  let v = value;
  while (isObj(v) && '$ref' in v) {
    const ref = v.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#') || seen.has(v)) throw new Finding();
    seen.add(v);
    let at: unknown = root;
    for (const token of ref.slice(1).split('/').slice(1)) {
      const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isObj(at) && !Array.isArray(at)) throw new Finding();
      at = (at as Obj)[key];
    }
    if (at === undefined) throw new Finding();
    v = at;
  }
  return v;
}

/** An object (followed), or a finding: the parser would read it as one, or fail on it. */
function obj(root: unknown, value: unknown): Obj {
  const v = follow(root, value);
  if (!isObj(v)) throw new Finding();
  return v;
}

const list = (root: unknown, value: unknown): Obj[] => {
  if (value === undefined) return [];
  const v = follow(root, value);
  if (!Array.isArray(v)) throw new Finding();
  return v.map((x) => obj(root, x));
};

const entries = (root: unknown, value: unknown): [string, Obj][] =>
  value === undefined ? [] : Object.entries(obj(root, value)).map(([k, v]) => [k, obj(root, v)]);

function noArrayWithoutItems(schema: Obj): void {
  if (schema.type === 'array' && !schema.items) throw new Finding();
}

function noDuplicates(params: readonly Obj[]): void {
  for (let i = 0; i < params.length; i++) {
    for (let j = i + 1; j < params.length; j++) if (params[i]!.name === params[j]!.name && params[i]!.in === params[j]!.in) throw new Finding();
  }
}

/** The path item's parameters with the operation's, the operation's first (as the parser merges them). */
function merged(pathParams: readonly Obj[], operationParams: readonly Obj[]): Obj[] {
  const params = operationParams.slice();
  for (const p of pathParams) if (!params.some((q) => q.in === p.in && q.name === p.name)) params.push(p);
  return params;
}

/** Every path parameter required and in the template, every placeholder declared (twice: refused by 2.0 only). */
function pathParameters(pathName: string, params: readonly Obj[], swagger: boolean): void {
  const all: string[] = pathName.match(TEMPLATE) ?? [];
  const placeholders = [...new Set(all)];
  if (swagger && placeholders.length !== all.length) throw new Finding();
  const declared = params.filter((p) => p.in === 'path');
  if (declared.some((p) => p.required !== true || !placeholders.includes(`{${String(p.name)}}`))) throw new Finding();
  if (declared.length !== placeholders.length) throw new Finding();
}

/** Each operation of each path item, with its merged parameters; duplicate operationIds refused. */
function operations(root: Obj, swagger: boolean, each: (operation: Obj, params: Obj[]) => void): void {
  const ids = new Set<unknown>();
  for (const [pathName, item] of Object.entries(isObj(root.paths) ? root.paths : {})) {
    if (!item || !pathName.startsWith('/')) continue;
    const path = obj(root, item);
    const pathParams = list(root, path.parameters);
    noDuplicates(pathParams);
    for (const method of swagger ? SWAGGER_METHODS : OPENAPI_METHODS) {
      if (!path[method]) continue;
      const operation = obj(root, path[method]);
      if (operation.operationId) {
        if (ids.has(operation.operationId)) throw new Finding();
        ids.add(operation.operationId);
      }
      const operationParams = list(root, operation.parameters);
      noDuplicates(operationParams);
      const params = merged(pathParams, operationParams);
      pathParameters(pathName, params, swagger);
      each(operation, params);
    }
  }
}

const SCHEME_TYPES: Record<string, { required: string[]; foreign: string[] }> = {
  apiKey: { required: ['name', 'in'], foreign: ['scheme', 'bearerFormat', 'flows', 'openIdConnectUrl'] },
  http: { required: ['scheme'], foreign: ['name', 'in', 'flows', 'openIdConnectUrl'] },
  oauth2: { required: ['flows'], foreign: ['name', 'in', 'scheme', 'bearerFormat', 'openIdConnectUrl'] },
  openIdConnect: { required: ['openIdConnectUrl'], foreign: ['name', 'in', 'scheme', 'bearerFormat', 'flows'] },
  mutualTLS: { required: [], foreign: ['name', 'in', 'scheme', 'bearerFormat', 'flows', 'openIdConnectUrl'] },
};

function openapiRules(root: Obj): void {
  const components = root.components === undefined ? {} : obj(root, root.components);
  for (const [, scheme] of entries(root, components.securitySchemes)) {
    const config = typeof scheme.type === 'string' && Object.hasOwn(SCHEME_TYPES, scheme.type) ? SCHEME_TYPES[scheme.type] : undefined;
    if (config === undefined) throw new Finding();
    if (config.required.some((p) => !(p in scheme)) || config.foreign.some((p) => p in scheme)) throw new Finding();
    if (scheme.type === 'apiKey' && typeof scheme.in === 'string' && !['query', 'header', 'cookie'].includes(scheme.in)) throw new Finding();
    if (scheme.type === 'oauth2' && typeof scheme.flows === 'object' && scheme.flows !== null && Object.keys(scheme.flows).length === 0) throw new Finding();
  }
  const schemaOf = (holder: Obj): void => { if (holder.schema) noArrayWithoutItems(obj(root, holder.schema)); };
  operations(root, false, (operation, params) => {
    for (const param of params) {
      if (!param.schema && param.content) {
        const media = entries(root, param.content);
        if (media.length !== 1) throw new Finding();
        schemaOf(media[0]![1]);
      } else if (param.schema === undefined) throw new Finding();
      else noArrayWithoutItems(obj(root, param.schema));
    }
    for (const [, response] of entries(root, operation.responses)) {
      for (const [, header] of entries(root, response.headers)) {
        if (header.schema) schemaOf(header);
        else for (const [, media] of entries(root, header.content)) schemaOf(media);
      }
      for (const [, media] of entries(root, response.content)) schemaOf(media);
    }
  });
  if (typeof root.openapi === 'string' && root.openapi.startsWith('3.0')) {
    for (const group of Object.values(components)) {
      if (group === null || group === undefined) throw new Finding();
      if (Object.keys(group).some((name) => !NAME.test(name))) throw new Finding();
    }
  }
  if (typeof root.openapi === 'string' && root.openapi.startsWith('3.1')) {
    const some = (v: unknown) => isObj(v) && Object.keys(v).length > 0;
    if (!some(root.paths) && !some(root.webhooks) && !some(components)) throw new Finding();
  }
}

/** The names of a Swagger schema's properties and those of its `allOf` parents. */
function propertyNames(root: Obj, schema: Obj, seen: Set<Obj>, into: Set<string>): void {
  if (seen.has(schema)) throw new Finding();
  seen.add(schema);
  for (const [name, value] of Object.entries(isObj(schema.properties) ? schema.properties : {})) if (value) into.add(name);
  if (schema.allOf !== undefined) for (const parent of list(root, schema.allOf)) propertyNames(root, parent, seen, into);
  seen.delete(schema);
}

function requiredPropertiesExist(root: Obj, schema: Obj): void {
  if (!Array.isArray(schema.required)) return;
  const names = new Set<string>();
  propertyNames(root, schema, new Set(), names);
  if (schema.required.some((name) => typeof name !== 'string' || !names.has(name))) throw new Finding();
}

function swaggerRules(root: Obj): void {
  for (const [, definition] of entries(root, root.securityDefinitions)) {
    if (definition.type === 'http') throw new Finding();
    if (definition.type === 'apiKey' && typeof definition.in === 'string' && !['query', 'header'].includes(definition.in)) throw new Finding();
  }
  operations(root, true, (operation, params) => {
    for (const [code, response] of entries(root, operation.responses)) {
      if (code !== 'default' && (Number(code) < 100 || Number(code) > 599)) throw new Finding();
      for (const [, header] of entries(root, response.headers)) noArrayWithoutItems(header);
      if (response.schema) noArrayWithoutItems(obj(root, response.schema));
    }
    const bodies = params.filter((p) => p.in === 'body').length;
    if (bodies > 1 || (bodies > 0 && params.some((p) => p.in === 'formData'))) throw new Finding();
    for (const param of params) {
      const schema = param.in === 'body' ? obj(root, param.schema) : param;
      noArrayWithoutItems(schema);
      requiredPropertiesExist(root, schema);
      if (schema.type === 'file') {
        const consumes = operation.consumes || root.consumes || [];
        if (!Array.isArray(consumes) || !consumes.some((c) => /multipart\/(.*\+)?form-data/.test(String(c)) || /application\/(.*\+)?x-www-form-urlencoded/.test(String(c)))) throw new Finding();
      }
    }
  });
  for (const [name, definition] of entries(root, root.definitions)) {
    if (!NAME.test(name)) throw new Finding();
    requiredPropertiesExist(root, definition);
  }
}

/**
 * Whether the parser's own checks pass the document for sure (`false`: they may not, ask the
 * parser). The document is one the parser's schema accepts, dereferenced but for circular `$ref`s.
 */
export function passesSpecRules(document: Obj): boolean {
  try {
    if (document.swagger !== undefined) swaggerRules(document);
    else openapiRules(document);
    return true;
  } catch {
    // A finding, or a document the mirror cannot read (where the parser may throw as well).
    return false;
  }
}
