// Requests built from an OpenAPI document alone: per operation one valid request (every required
// part with a value ajv accepts, a plausible credential) and the invalid ones made by changing one
// part of it (a required query parameter or header left out, a wrong-type capture, a JSON body
// with a required property missing or of the wrong type), each confirmed invalid by ajv.
import { esc, resolve } from './judge-document.mjs';
import { sampleValue } from './sample-value.mjs';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
// OpenAPI: header parameters with these names are ignored (the request's own fields say them).
// The transport's own headers are not values a client picks: a document declaring them is not followed.
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization', 'content-length', 'host', 'transfer-encoding', 'connection']);
const isJson = (t) => /^application\/(.+\+)?json$/i.test(t.split(';')[0].trim()) || t === '*/*';

/** The operations of `doc` in document order (at most `cap`): `{ method, path, pointer, op, item }`. */
export function operations(doc, cap) {
  const out = [];
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const { node: item, pointer: itemPtr } = resolve(doc, rawItem, `#/paths/${esc(path)}`);
    if (!item || typeof item !== 'object') continue;
    for (const method of METHODS) {
      if (item[method] && typeof item[method] === 'object') out.push({ method, path, pointer: `${itemPtr}/${method}`, op: item[method], item, itemPtr });
      if (out.length >= cap) return out;
    }
  }
  return out;
}

/** Path-item parameters overridden by the operation's (same name and place), resolved. */
function parameters(doc, o) {
  const byKey = new Map();
  for (const [list, base] of [[o.item.parameters, `${o.itemPtr}/parameters`], [o.op.parameters, `${o.pointer}/parameters`]]) {
    (Array.isArray(list) ? list : []).forEach((raw, i) => {
      const { node, pointer } = resolve(doc, raw, `${base}/${i}`);
      if (node && typeof node.name === 'string') byKey.set(`${node.in}:${node.name}`, { ...node, pointer });
    });
  }
  return [...byKey.values()];
}

/** The first security requirement as credentials, or a reason none can be sent. */
function credentials(doc, o) {
  const reqs = o.op.security ?? doc.security ?? [];
  if (!Array.isArray(reqs) || reqs.length === 0 || reqs.some((r) => Object.keys(r ?? {}).length === 0)) return { headers: {}, query: [], cookies: [] };
  const out = { headers: {}, query: [], cookies: [] };
  for (const key of Object.keys(reqs[0])) {
    const s = resolve(doc, doc.components?.securitySchemes?.[key], '#').node;
    if (!s) return { unsupported: `security scheme ${key} is not declared` };
    if (s.type === 'apiKey' && s.in === 'header') out.headers[s.name.toLowerCase()] = 'key';
    else if (s.type === 'apiKey' && s.in === 'query') out.query.push([s.name, 'key']);
    else if (s.type === 'apiKey' && s.in === 'cookie') out.cookies.push([s.name, 'key']);
    else if (s.type === 'http' && /^basic$/i.test(s.scheme)) out.headers.authorization = `Basic ${Buffer.from('user:pass').toString('base64')}`;
    else if ((s.type === 'http' && /^bearer$/i.test(s.scheme)) || s.type === 'oauth2' || s.type === 'openIdConnect') out.headers.authorization = 'Bearer token';
    else return { unsupported: `security ${s.type} ${s.scheme ?? ''}`.trim() };
  }
  return out;
}

/** A parameter value as text (simple style; arrays comma-joined), or undefined for objects. */
function text(v) {
  if (Array.isArray(v)) return v.every((x) => typeof x !== 'object' || x === null) ? v.map(String).join(',') : undefined;
  if (typeof v === 'object' && v !== null) return undefined;
  return String(v);
}

/** Value for parameter `p` that ajv accepts, or `{ skip }`. */
function paramValue(doc, judge, p) {
  const schemaPtr = `${p.pointer}/schema`;
  if (!p.schema) {
    const media = p.content ? Object.keys(p.content)[0] : undefined;
    if (media === undefined) return { value: 'abc' };
    return { skip: `parameter ${p.name} described by content ${media}` };
  }
  const value = 'example' in p ? p.example : p.examples ? Object.values(p.examples).map((e) => resolve(doc, e, '#').node?.value).find((v) => v !== undefined) ?? sampleValue(doc, p.schema, schemaPtr, 0, true) : sampleValue(doc, p.schema, schemaPtr, 0, true);
  const validate = judge.validator(schemaPtr);
  if (validate instanceof Error) return { skip: `ajv cannot compile parameter ${p.name}'s schema` };
  if (!validate(value)) return { skip: `no generated value for parameter ${p.name} (${p.in}) passes its schema` };
  if (p.in === 'query' && Array.isArray(value) && p.explode !== false && (p.style ?? 'form') === 'form') return { value, exploded: value.map(String) };
  const t = text(value);
  if (t === undefined) return { skip: `${p.in} parameter ${p.name} is an object` };
  return { value, text: t };
}

/** The wire form of a request: `{ method, path, query, headers, body }` (query as pairs). */
function wire(o, parts) {
  const path = o.path.replace(/\{([^{}]+)\}/g, (_, n) => encodeURIComponent(parts.path[n] ?? 'abc'));
  const headers = { ...parts.headers };
  if (parts.cookies.length > 0) headers.cookie = parts.cookies.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  if (parts.body !== undefined) headers['content-type'] = parts.contentType;
  return { method: o.method.toUpperCase(), path, query: parts.query.map(([k, v]) => [k, v]), headers, ...(parts.body === undefined ? {} : { body: parts.body }) };
}

/**
 * The Accept a client of this operation sends: `application/json` when a success answer declares
 * it (or none says a type), else the JSON type it declares (`application/vnd.x+json`), else its
 * first type (error answers are JSON more often than not, so they are not asked about).
 */
function accept(doc, o) {
  const responses = Object.entries(o.op.responses ?? {});
  const success = responses.filter(([code]) => /^2/.test(code));
  const types = [];
  for (const [code, raw] of success.length > 0 ? success : responses) {
    const r = resolve(doc, raw, `${o.pointer}/responses/${esc(code)}`).node;
    types.push(...Object.keys(r?.content ?? {}).map((t) => t.split(';')[0].trim()));
  }
  if (types.length === 0 || types.some((t) => t.toLowerCase() === 'application/json')) return 'application/json';
  return types.find((t) => isJson(t) && t !== '*/*') ?? (types.includes('*/*') ? 'application/json' : types[0]);
}

/** One plan per operation: `{ name, pointer, valid?, skipped?, invalid: [{ kind, request }] }`. */
export function requestPlans(doc, judge, cap = 30) {
  return operations(doc, cap).map((o) => planOperation(doc, judge, o));
}

function planOperation(doc, judge, o) {
  const name = `${o.method.toUpperCase()} ${o.path}`;
  const plan = { name, method: o.method, path: o.path, pointer: o.pointer, invalid: [] };
  const creds = credentials(doc, o);
  if (creds.unsupported) return { ...plan, skipped: creds.unsupported };
  const acceptType = accept(doc, o);
  if (!acceptType.includes('/')) return { ...plan, skipped: `response media type ${acceptType} is not a media type` };
  const parts = { path: {}, query: [...creds.query], headers: { accept: acceptType, ...creds.headers }, cookies: [...creds.cookies] };
  // A parameter the credential already sends (an API key also declared as a parameter) is sent once.
  const sent = new Set([...creds.query.map(([k]) => `query:${k}`), ...Object.keys(creds.headers).map((k) => `header:${k}`), ...creds.cookies.map(([k]) => `cookie:${k}`)]);
  const params = parameters(doc, o).filter((p) => !sent.has(`${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`));
  const needed = params.filter((p) => p.in === 'path' || p.required === true);
  for (const p of needed) {
    const v = paramValue(doc, judge, p);
    if (v.skip) return { ...plan, skipped: v.skip };
    if (p.in === 'path') parts.path[p.name] = v.text;
    else if (p.in === 'query') for (const t of v.exploded ?? [v.text]) parts.query.push([p.name, t]);
    else if (p.in === 'header') { if (!IGNORED_HEADERS.has(p.name.toLowerCase())) parts.headers[p.name.toLowerCase()] = v.text; }
    else if (p.in === 'cookie') parts.cookies.push([p.name, v.text]);
  }
  // Path templates naming a parameter the operation does not declare: a plain value.
  for (const m of o.path.matchAll(/\{([^{}]+)\}/g)) parts.path[m[1]] ??= 'abc';
  const { node: rb, pointer: rbPtr } = resolve(doc, o.op.requestBody, `${o.pointer}/requestBody`);
  let bodyPtr;
  if (rb && rb.content && typeof rb.content === 'object') {
    const media = Object.keys(rb.content).find(isJson);
    if (media !== undefined) {
      bodyPtr = `${rbPtr}/content/${esc(media)}/schema`;
      const mt = rb.content[media];
      const example = mt.example ?? (mt.examples ? Object.values(mt.examples).map((e) => resolve(doc, e, '#').node?.value).find((v) => v !== undefined) : undefined);
      const value = example ?? (mt.schema ? sampleValue(doc, mt.schema, bodyPtr) : {});
      const validate = mt.schema ? judge.validator(bodyPtr) : () => true;
      if (validate instanceof Error) return { ...plan, skipped: 'ajv cannot compile the request body schema' };
      if (!validate(value)) return { ...plan, skipped: 'no generated request body passes its schema' };
      parts.body = JSON.stringify(value);
      parts.bodyValue = value;
      parts.contentType = media === '*/*' ? 'application/json' : media;
    } else if (rb.required === true) return { ...plan, skipped: `request body only as ${Object.keys(rb.content).join(', ') || 'nothing'}` };
  }
  plan.valid = wire(o, parts);

  const queryParam = needed.find((p) => p.in === 'query');
  if (queryParam) plan.invalid.push({ kind: 'query', what: queryParam.name, request: wire(o, { ...parts, query: parts.query.filter(([k]) => k !== queryParam.name || creds.query.some(([c]) => c === k)) }) });
  const header = needed.find((p) => p.in === 'header' && !IGNORED_HEADERS.has(p.name.toLowerCase()) && !(p.name.toLowerCase() in creds.headers));
  if (header) {
    const headers = { ...parts.headers };
    delete headers[header.name.toLowerCase()];
    plan.invalid.push({ kind: 'header', what: header.name, request: wire(o, { ...parts, headers }) });
  }
  const capture = needed.find((p) => {
    if (p.in !== 'path' || !p.schema) return false;
    const s = resolve(doc, p.schema, '#').node;
    const t = Array.isArray(s?.type) ? s.type : [s?.type];
    return (t.includes('integer') || t.includes('number')) && !t.includes('string') && judge.validator(`${p.pointer}/schema`)?.('abc') === false;
  });
  if (capture) plan.invalid.push({ kind: 'capture', what: capture.name, request: wire(o, { ...parts, path: { ...parts.path, [capture.name]: 'abc' } }) });
  if (bodyPtr !== undefined && parts.bodyValue !== undefined) {
    const bad = invalidBody(doc, judge, bodyPtr, parts.bodyValue);
    if (bad) plan.invalid.push({ kind: 'body', what: bad.what, request: wire(o, { ...parts, body: JSON.stringify(bad.value) }) });
  }
  return plan;
}

/** The valid body with one required property left out, else one typed property of the wrong type. */
function invalidBody(doc, judge, pointer, value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const validate = judge.validator(pointer);
  if (typeof validate !== 'function') return undefined;
  // OpenAPI: a required readOnly property is required in responses only, so it is not left out.
  for (const k of Object.keys(value).filter((k) => !readOnly(doc, pointer, k))) {
    const v = { ...value };
    delete v[k];
    if (!validate(v)) return { what: `required property ${k} missing`, value: v };
  }
  for (const [k, old] of Object.entries(value)) {
    const wrong = typeof old === 'number' || typeof old === 'boolean' ? 'abc' : typeof old === 'string' ? 12345 : undefined;
    if (wrong === undefined) continue;
    const v = { ...value, [k]: wrong };
    if (!validate(v)) return { what: `property ${k} of the wrong type`, value: v };
  }
  return undefined;
}

/** Whether property `k` of the object schema at `pointer` (or of one of its allOf parts) is readOnly. */
function readOnly(doc, pointer, k, depth = 0) {
  const s = resolve(doc, { $ref: pointer }, '#').node;
  if (!s || typeof s !== 'object' || depth > 8) return false;
  const prop = s.properties?.[k] !== undefined ? resolve(doc, s.properties[k], '#').node : undefined;
  if (prop?.readOnly === true) return true;
  const parts = Array.isArray(s.allOf) ? s.allOf : [];
  return parts.some((p, i) => readOnly(doc, typeof p?.$ref === 'string' ? p.$ref : `${resolve(doc, { $ref: pointer }, '#').pointer}/allOf/${i}`, k, depth + 1));
}
