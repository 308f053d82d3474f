// The comprehensive surface: it really uses every combinator, codec and media type the DSL exports
// (a new export fails here until the surface uses it), its OpenAPI validates, and it serves.
// Its Markdown and OpenAPI goldens are compared in test/docs/generated-docs.test.ts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import SwaggerParser from '@apidevtools/swagger-parser';
import * as dsl from '../../src/dsl/index.js';
import { media, t } from '../../src/codec/index.js';
import type { Codec } from '../../src/codec/index.js';
import type { EndpointInfo, Part } from '../../src/dsl/index.js';
import { docModel, renderOpenApi } from '../../src/docs/index.js';
import { JSON_BODY, JSON_TYPE, TEXT_TYPE, caseSuite } from '../helpers/cases.js';
import { handlers, surface } from './comprehensive.js';

const endpoints: EndpointInfo[] = dsl.walk(surface);

/** Every codec the surface names, nested ones included (object fields, list items, optionals). */
function codecs(): Codec<unknown>[] {
  const out: Codec<unknown>[] = [];
  const visit = (c: Codec<unknown>) => {
    out.push(c);
    if (c.kind === 'object') for (const p of Object.values((c as unknown as { props: Record<string, Codec<unknown>> }).props)) visit(p);
    if (c.kind === 'array') visit((c as unknown as { item: Codec<unknown> }).item);
    if (c.kind === 'optional' || c.kind === 'nullable') visit(c.inner);
    if (c.kind === 'tuple') c.items.forEach(visit);
    if (c.kind === 'union') c.options.forEach(visit);
    if (c.kind === 'object' && typeof c.extra !== 'boolean') visit(c.extra);
    if (c.kind === 'object') c.patterns.forEach((x) => visit(x.codec));
  };
  for (const e of endpoints) {
    for (const s of e.segments) if (s.kind === 'capture') visit(s.codec);
    for (const q of e.query) visit(q.codec);
    for (const h of e.headers) visit(h.codec);
    if (e.body) visit(e.body.codec);
    for (const r of e.responses) {
      if (r.content) visit(r.content.codec);
      for (const h of Object.values(r.headers)) visit(h);
    }
  }
  return out;
}
const mediaNames = new Set(endpoints.flatMap((e) => [...(e.body?.media ?? []), ...e.responses.flatMap((r) => r.content?.media ?? [])]).map((m) => m.name));
const responses = endpoints.flatMap((e) => e.responses);
const groupParts = Object.values(surface.tree).flatMap((node) => (node.kind === 'group' ? (node.parts as readonly Part[]) : []));
const authSchemes = endpoints.flatMap((e) => e.extensions.filter((x) => x.ext === dsl.authExtension).map((x) => (x.config as dsl.AuthConfig).schemes.join('+')));
const has = (label: string) => codecs().some((c) => c.label === label);

/** How the surface shows it uses each export: a combinator, codec or media type. */
const uses: Record<string, () => boolean> = {
  // request parts
  capture: () => endpoints.some((e) => e.segments.some((s) => s.kind === 'capture')),
  rest: () => endpoints.some((e) => e.segments.some((s) => s.kind === 'rest')),
  segment: () => endpoints.some((e) => e.segments.some((s) => s.kind === 'mixed' && s.pieces.filter((p) => typeof p !== 'string').length > 1)),
  query: () => endpoints.some((e) => e.query.some((q) => q.mode === 'single')),
  flag: () => endpoints.some((e) => e.query.some((q) => q.mode === 'flag')),
  queryList: () => endpoints.some((e) => e.query.some((q) => q.mode === 'list')),
  header: () => endpoints.some((e) => e.headers.length > 0),
  body: () => endpoints.some((e) => e.body !== undefined && e.body.media.length > 1 && e.body.examples.length > 0),
  auth: () => authSchemes.includes('Bearer+Basic'),
  basicAuth: () => authSchemes.includes('Basic'),
  bearerAuth: () => authSchemes.includes('Bearer'),
  range: () => endpoints.some((e) => e.extensions.some((x) => x.ext === dsl.rangeExtension)),
  rangeFields: () => endpoints.some((e) => e.extensions.some((x) => x.ext === dsl.rangeExtension && (x.config as dsl.RangeConfig).fields.length > 1)),
  RANGE_HEADERS: () => responses.some((r) => r.status === 206 && 'Next-Range' in r.headers),
  // the extension descriptors those parts carry
  authExtension: () => endpoints.some((e) => e.extensions.some((x) => x.ext === dsl.authExtension)),
  rangeExtension: () => endpoints.some((e) => e.extensions.some((x) => x.ext === dsl.rangeExtension)),
  // responses
  content: () => responses.some((r) => (r.content?.media.length ?? 0) >= 3),
  json: () => mediaNames.has('json'),
  plainText: () => responses.some((r) => r.content?.media.length === 1 && r.content.media[0]!.name === 'text'),
  // endpoints, groups, the surface
  get: () => endpoints.some((e) => e.method === 'GET'),
  post: () => endpoints.some((e) => e.method === 'POST'),
  put: () => endpoints.some((e) => e.method === 'PUT'),
  patch: () => endpoints.some((e) => e.method === 'PATCH'),
  del: () => endpoints.some((e) => e.method === 'DELETE'),
  group: () => groupParts.some((p) => typeof p === 'object' && p.kind === 'capture') && groupParts.some((p) => typeof p === 'object' && p.kind === 'extension')
    && Object.values(surface.tree).some((n) => n.kind === 'group' && Object.keys(n.children).length === 0),
  api: () => surface.meta.intro !== undefined && Object.keys(surface.meta.formatters ?? {}).length === 4,
  // codecs
  't.int': () => has('integer'),
  't.number': () => has('number'),
  't.bool': () => has('boolean'),
  't.text': () => has('text'),
  't.date': () => has('date'),
  't.oneOf': () => codecs().some((c) => Array.isArray(c.schema.enum)),
  't.object': () => codecs().some((c) => c.kind === 'object' && Object.values((c as unknown as { props: Record<string, Codec<unknown>> }).props).some((p) => p.kind === 'object')),
  't.array': () => codecs().some((c) => c.kind === 'array'),
  't.optional': () => codecs().some((c) => c.kind === 'optional'),
  't.json': () => codecs().some((c) => c.kind === 'json'),
  't.bytes': () => codecs().some((c) => c.kind === 'bytes'),
  't.examples': () => codecs().some((c) => c.examples.length > 0),
  't.describe': () => codecs().some((c) => c.description !== undefined),
  't.int32': () => has('int32'),
  't.int64': () => has('int64'),
  't.dateTime': () => has('date-time'),
  't.time': () => has('time'),
  't.email': () => has('email address'),
  't.uuid': () => has('UUID'),
  't.uri': () => has('URI'),
  't.ipv4': () => has('IPv4 address'),
  't.ipv6': () => has('IPv6 address'),
  't.hostname': () => has('host name'),
  't.byte': () => has('base64 text'),
  't.binary': () => has('binary text'),
  't.password': () => has('password'),
  't.constrain': () => codecs().some((c) => c.schema.pattern !== undefined) && codecs().some((c) => c.schema.exclusiveMinimum !== undefined),
  't.constant': () => codecs().some((c) => c.schema.const !== undefined),
  't.enumOf': () => codecs().some((c) => Array.isArray(c.schema.enum) && c.schema.enum.includes(null)),
  't.record': () => codecs().some((c) => c.kind === 'object' && typeof c.extra !== 'boolean' && Object.keys(c.props).length === 0),
  't.nullable': () => codecs().some((c) => c.kind === 'nullable'),
  't.tuple': () => codecs().some((c) => c.kind === 'tuple'),
  't.union': () => codecs().some((c) => c.kind === 'union' && c.discriminator !== undefined),
  't.anyOf': () => codecs().some((c) => c.kind === 'union' && c.mode === 'anyOf'),
  't.allOf': () => codecs().some((c) => Array.isArray(c.schema.allOf)),
  't.untyped': () => codecs().some((c) => c.untyped !== undefined),
  't.keywords': () => codecs().some((c) => c.applied?.rules.some((r) => r.args !== undefined) === true),
  't.unsaid': () => codecs().some((c) => c.kind === 'object' && c.extra === t.unsaid),
  't.recursive': () => codecs().some((c) => c.schema.$anchor !== undefined),
  't.annotate': () => codecs().some((c) => c.schema.readOnly === true) && codecs().some((c) => c.schema.writeOnly === true),
  queryObject: () => endpoints.some((e) => e.query.some((q) => q.mode === 'deep')),
  // media types
  'media.json': () => mediaNames.has('json'),
  'media.text': () => mediaNames.has('text'),
  'media.form': () => mediaNames.has('form'),
  'media.octet': () => mediaNames.has('octet'),
  'media.html': () => mediaNames.has('html'),
};

/** Exports that are not part of a description: handler helpers, runtime functions, checks. */
const notDescriptive = new Set([
  'paginate', 'parseRange', 'formatRange', 'defaultRange', 'uriEncode', 'RANGE_DEFAULTS', 'implement', 'reply', 'isReply',
  'HttpError', 'sendFile', 'walk', 'pathOf', 'checkSurface', 'SurfaceError', 'media.escapeHtml',
  // the error registry and the auth descriptor's helpers, read by interpreters and runtimes
  'ERRORS', 'STAGES', 'RANGE_FORMAT', 'challenges', 'unauthorized', 'AuthenticatedUserCodec',
]);

const coverage = suite('comprehensive surface: every combinator');

coverage('every descriptive export of the DSL, t and media is used by the surface', () => {
  const exported = [...Object.keys(dsl), ...Object.keys(t).map((k) => `t.${k}`), ...Object.keys(media).map((k) => `media.${k}`)];
  const unknown = exported.filter((name) => !notDescriptive.has(name) && !(name in uses));
  assert.equal(unknown, [], 'a new export: use it in test/surfaces/comprehensive.ts and say here how');
  const unused = Object.keys(uses).filter((name) => !uses[name]!());
  assert.equal(unused, []);
});

coverage('every kind of response is declared: a status other than 200 with headers and examples, responds with and without content, 204, empty, a stream, a summary', () => {
  assert.ok(responses.some((r) => r.status === 201 && Object.keys(r.headers).length > 0 && r.examples.length > 0 && r.description !== undefined), 'returns with status, headers, examples, description');
  assert.ok(responses.some((r) => r.status >= 400 && r.content !== undefined), 'responds with content');
  assert.ok(responses.some((r) => r.status >= 400 && r.content === undefined), 'responds without content');
  assert.ok(responses.some((r) => r.status === 204), 'noContent');
  assert.ok(responses.some((r) => r.status !== 204 && r.content === undefined && r.status < 300), 'empty');
  assert.ok(responses.some((r) => r.stream === true), 'streams');
  assert.ok(endpoints.some((e) => e.summary !== undefined), 'summarize');
});

coverage('its OpenAPI 3.1 document validates', async () => {
  const doc = renderOpenApi(docModel(surface)) as { openapi: string };
  assert.is(doc.openapi, '3.1.0');
  await SwaggerParser.validate(structuredClone(doc) as never);
});

coverage.run();

const catalogEntry = {
  id: '123e4567-e89b-12d3-a456-426614174000', sku: 'ABC-1234', stock: 3, views: 12, price: 12.5, updated: '2026-11-23T10:00:00Z', opens: '09:00:00Z',
  contact: 'ann@example.com', site: 'https://example.com/a', host: 'example.com', v4: '192.0.2.1', v6: '2001:db8::1', thumb: 'aGk=', file: 'raw',
  secret: 'hunter2', rev: 3, grade: null, pet: { kind: 'dog', good: true }, label: 'seven', named: { name: 'Ann', age: 34 }, note: 'n',
  attributes: {}, point: [1.5, 2], labels: ['new', 'old'], category: { name: 'Books', children: [] }, 'x-origin': 'import',
};
const dune = { id: 1, name: 'Dune', kind: 'book', tags: ['sf'], dimensions: { width: 13, height: 20 }, released: '1965-08-01', inStock: true };
const chess = { id: 2, name: 'Chess', kind: 'game', tags: [], dimensions: { width: 40, height: 40, depth: 5 }, inStock: false };

caseSuite('comprehensive surface served', handlers, [
  { name: 'GET / -> ok as text', method: 'GET', url: '/', status: 200, text: 'ok', expectHeaders: { 'content-type': TEXT_TYPE } },
  { name: 'GET /search?q=du, Accept: text/html -> an HTML list', method: 'GET', url: '/search?q=du', headers: { accept: 'text/html' }, status: 200, text: '<ul><li>Dune</li></ul>' },
  { name: 'GET /search?kind=car -> 400 from the custom URL-parse formatter', method: 'GET', url: '/search?kind=car', status: 400, text: 'bad QueryParam kind: Error parsing query parameter kind failed: "car" is not one of book, game, tool' },
  { name: 'GET /files/a/b -> the rest of the path as bytes', method: 'GET', url: '/files/a/b', status: 200, text: 'a/b', expectHeaders: { 'content-type': 'application/octet-stream' } },
  { name: 'GET /shops/1/items, Range: id; limit 1 -> 206, one item and the next range', method: 'GET', url: '/shops/1/items', headers: { range: 'id; limit 1' }, status: 206, json: [dune], expectHeaders: { 'total-count': '2', 'next-range': 'id 1;limit 1;offset 1;order asc' } },
  { name: 'GET /shops/x/items -> 400 naming the group\'s capture', method: 'GET', url: '/shops/x/items', status: 400, text: 'bad Capture shopId: Error parsing capture shopId failed: "x" is not an integer' },
  { name: 'GET /shops/1/items/9 -> 404 Problem as JSON', method: 'GET', url: '/shops/1/items/9', status: 404, json: { error: 'no item 9', combinator: 'Capture' }, expectHeaders: { 'content-type': JSON_TYPE } },
  { name: 'POST /shops/1/items as a form -> 201 with Location', method: 'POST', url: '/shops/1/items', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=Go&kind=game&tags=board', status: 201, json: chess, expectHeaders: { location: '/shops/1/items/2' } },
  { name: 'POST /shops/1/items with a bad body -> 400 from the custom body-parse formatter', method: 'POST', url: '/shops/1/items', headers: JSON_BODY, body: '{"name":"Go","tags":[]}', status: 400, json: { error: 'Error in $: key "kind" not found', combinator: "ReqBody'" } },
  { name: 'PATCH /shops/1/items/1 with text -> 204', method: 'PATCH', url: '/shops/1/items/1', headers: { 'content-type': 'text/plain' }, body: 'New name', status: 204, text: '' },
  { name: 'PUT /shops/1/items/1 -> 202 without a body', method: 'PUT', url: '/shops/1/items/1', headers: JSON_BODY, body: '{"name":"a","kind":"book","tags":[]}', status: 202, text: '' },
  { name: 'GET /shops/1/feed -> two newline-framed items', method: 'GET', url: '/shops/1/feed', status: 200, text: `${JSON.stringify(dune)}\n${JSON.stringify(chess)}\n` },
  { name: 'GET /receipts without credentials -> 401 naming both schemes', method: 'GET', url: '/receipts', status: 401, expectHeaders: { 'www-authenticate': 'Bearer realm="comprehensive", Basic realm="comprehensive", charset="UTF-8"' } },
  { name: 'DELETE /bearer without a token -> 401 Bearer', method: 'DELETE', url: '/bearer', status: 401, expectHeaders: { 'www-authenticate': 'Bearer realm="bearer only"' } },
  { name: 'GET /basic with unknown credentials -> 401 Basic', method: 'GET', url: '/basic', headers: { authorization: 'Basic eDp5' }, status: 401, expectHeaders: { 'www-authenticate': 'Basic realm="basic only", charset="UTF-8"' } },
  { name: 'GET /retired/x -> 404 from the custom not-found formatter (an empty group)', method: 'GET', url: '/retired/x', status: 404, text: 'nothing at /retired/x' },
  { name: 'POST /catalog/1 with every codec -> the entry back, the default filled', method: 'POST', url: '/catalog/1?filter[grade]=2', headers: { 'content-type': 'application/json' }, body: JSON.stringify(catalogEntry), status: 200, json: { ...catalogEntry, size: 'M' } },
  { name: 'POST /catalog/1 with a pet of no declared kind -> 400 naming the discriminator', method: 'POST', url: '/catalog/1', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...catalogEntry, pet: { kind: 'cow' } }), status: 400, json: { error: 'Error in $.pet: key "kind" is not one of the discriminator\'s values ("cat", "dog"), got string "cow"', combinator: "ReqBody'" } },
  { name: 'POST /catalog/1?filter[grade]=0 -> 400 from the URL formatter naming the rule', method: 'POST', url: '/catalog/1?filter[grade]=0', headers: { 'content-type': 'application/json' }, body: JSON.stringify(catalogEntry), status: 400, text: 'bad QueryParam filter: Error parsing query parameter filter failed: key "grade": "0" must be at least 1 (minimum 1)' },
  { name: 'POST /catalog/2147483648 -> 400: beyond int32', method: 'POST', url: '/catalog/2147483648', headers: { 'content-type': 'application/json' }, body: JSON.stringify(catalogEntry), status: 400, text: 'bad Capture shelf: Error parsing capture shelf failed: "2147483648" must be at most 2147483647 (maximum 2147483647)' },
]);
