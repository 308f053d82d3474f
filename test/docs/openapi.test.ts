// OpenAPI 3.1 for every surface, validated by a real validator (@apidevtools/swagger-parser), and
// what S2, S6 and a paginated endpoint's documents say.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import SwaggerParser from '@apidevtools/swagger-parser';
import { registry } from '../../specs/index.js';
import { api, get, json, rangeExtension, type ExtensionPart } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { docModel, renderOpenApi } from '../../src/docs/index.js';

// The one `any` boundary of these tests: the generated document read back as loose JSON.
type Obj = Record<string, any>;
const openapi = async (name: string) => renderOpenApi(docModel((await registry[name]!.load()).surface)) as Obj;

for (const name of Object.keys(registry)) {
  test(`${name}: its OpenAPI 3.1 document validates`, async () => {
    const doc = await openapi(name);
    assert.is(doc.openapi, '3.1.0');
    await SwaggerParser.validate(structuredClone(doc) as never);
  });
}

test('S2: paths use {x} templates with integer path parameters', async () => {
  const doc = await openapi('S2');
  assert.equal(Object.keys(doc.paths), ['/hello', '/marketing', '/position/{x}/{y}']);
  const params = doc.paths['/position/{x}/{y}'].get.parameters;
  assert.equal(params.map((p: Obj) => [p.name, p.in, p.required, p.schema.type]), [['x', 'path', true, 'integer'], ['y', 'path', true, 'integer']]);
  assert.is(params[0].description, '(integer) position on the x axis');
});

test('S2: /hello has an optional string query parameter with its sample values', async () => {
  const [p] = (await openapi('S2')).paths['/hello'].get.parameters;
  assert.equal({ name: p.name, in: p.in, required: p.required, schema: p.schema }, { name: 'name', in: 'query', required: false, schema: { type: 'string' } });
  assert.equal(Object.values(p.examples as Obj).map((e: Obj) => e.value), ['Alp', 'John Doe']);
});

test('S2: /marketing takes ClientInfo as JSON or a form, each with its example', async () => {
  const doc = await openapi('S2');
  const rb = doc.paths['/marketing'].post.requestBody;
  assert.is(rb.required, true);
  assert.equal(Object.keys(rb.content), ['application/json', 'application/x-www-form-urlencoded']);
  for (const c of Object.values(rb.content) as Obj[]) {
    assert.equal(c.schema, { $ref: '#/components/schemas/ClientInfo' });
    assert.is(c.examples.example.value.clientName, 'Alp');
  }
  const ci = doc.components.schemas.ClientInfo;
  assert.equal(ci.required, ['clientName', 'clientEmail', 'clientAge', 'clientInterestedIn']);
  assert.equal(ci.properties.clientInterestedIn, { type: 'array', items: { type: 'string' } });
});

test('S2: responses carry schemas and titled examples', async () => {
  const ok = (await openapi('S2')).paths['/hello'].get.responses['200'];
  assert.equal(ok.content['application/json'].schema, { $ref: '#/components/schemas/HelloMessage' });
  assert.equal(Object.values(ok.content['application/json'].examples as Obj).map((e: Obj) => [e.summary, e.value.msg]), [
    ["When a value is provided for 'name'", 'Hello, Alp'], ["When 'name' is not specified", 'Hello, anonymous coward'],
  ]);
});

test('S2: each endpoint lists the protocol errors it can answer', async () => {
  const doc = await openapi('S2');
  const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses);
  assert.equal(statuses('/marketing', 'post'), ['200', '400', '406', '413', '415']);
  assert.equal(statuses('/position/{x}/{y}', 'get'), ['200', '400', '406']);
  assert.equal(statuses('/hello', 'get'), ['200', '400', '406']);
  assert.match(doc.paths['/marketing'].post.responses['415'].description, '`application/json`, `application/x-www-form-urlencoded`');
  assert.equal(Object.keys(doc.components.responses), ['NotFound', 'MethodNotAllowed']);
});

test('S3: errors its own formatters shape are marked as such, without a text/plain promise', async () => {
  const doc = await openapi('S3');
  const bad = doc.paths['/greet'].post.responses['400'];
  assert.match(bad.description, 'formats this answer itself');
  assert.is(bad.content, undefined);
  assert.ok(doc.components.responses.NotFound.description.includes('formats this answer itself'));
});

test('S6: http basic and JWT bearer security schemes, required by both endpoints', async () => {
  const doc = await openapi('S6');
  assert.equal(doc.components.securitySchemes, {
    basicAuth: { type: 'http', scheme: 'basic', description: 'Login and password from the user store (realm "test").' },
    bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A JWT issued by this service (the `JWT-Cookie` of a basic-authenticated reply).' },
  });
  for (const op of [doc.paths['/foo/{i}'].get, doc.paths['/bar'].get]) {
    assert.equal(op.security, [{ bearerAuth: [] }, { basicAuth: [] }]);
    assert.ok(op.responses['401']);
  }
});

test('a paginated endpoint documents the Range header and the page headers', async () => {
  const rangePart: ExtensionPart = { kind: 'extension', ext: rangeExtension, key: 'range', config: { fields: [{ name: 'name', type: 'string', limit: 100, offset: 0, order: 'desc' }] } };
  const doc = renderOpenApi(docModel(api('P', { title: 'p' }, { list: get('colors', rangePart).returns(json(t.array(t.text)), { status: 206, examples: [{ value: ['red'] }] }) }))) as Obj;
  await SwaggerParser.validate(structuredClone(doc) as never);
  const op = doc.paths['/colors'].get;
  assert.equal(op.parameters.map((p: Obj) => [p.name, p.in]), [['Range', 'header']]);
  assert.match(op.parameters[0].description, 'Without the header: `name; limit 100; offset 0; order desc`');
  assert.equal(Object.keys(op.responses['206'].headers), ['Total-Count', 'Accept-Ranges', 'Content-Range', 'Next-Range']);
  assert.ok(op.responses['400'], 'a malformed Range is a 400');
});

test('two titles naming different shapes stay inline rather than share a wrong $ref', () => {
  const A = t.object('Same', { a: t.int });
  const B = t.object('Same', { b: t.text });
  const doc = renderOpenApi(docModel(api('C', { title: 'c' }, { a: get('a').returns(json(A)), b: get('b').returns(json(B)) }))) as Obj;
  assert.is(doc.components.schemas, undefined);
  assert.equal(doc.paths['/a'].get.responses['200'].content['application/json'].schema.properties, { a: { type: 'integer' } });
});

test.run();
