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
const J = 'application/json;charset=utf-8';

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
  for (const c of Object.values(rb.content) as Obj[]) assert.is(c.examples.example.value.clientName, 'Alp');
  assert.equal(rb.content['application/json'].schema, { $ref: '#/components/schemas/ClientInfo' });
  // The form's schema is ClientInfo with the list not required (see the encoding test below).
  assert.equal(Object.keys(rb.content['application/x-www-form-urlencoded'].schema.properties), ['clientName', 'clientEmail', 'clientAge', 'clientInterestedIn']);
  const ci = doc.components.schemas.ClientInfo;
  assert.equal(ci.required, ['clientName', 'clientEmail', 'clientAge', 'clientInterestedIn']);
  assert.equal(ci.properties.clientInterestedIn, { type: 'array', items: { type: 'string' } });
});

test('S2: responses carry schemas and titled examples', async () => {
  const ok = (await openapi('S2')).paths['/hello'].get.responses['200'];
  assert.equal(Object.keys(ok.content), ['application/json;charset=utf-8'], 'keyed by the Content-Type the server writes');
  assert.equal(ok.content[J].schema, { $ref: '#/components/schemas/HelloMessage' });
  assert.equal(Object.values(ok.content[J].examples as Obj).map((e: Obj) => [e.summary, e.value.msg]), [
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
  assert.is(doc.components.responses, undefined, 'no component that no operation uses (404 and 405 are in info.description)');
  assert.match(doc.info.description, '404 Not Found');
});

test('S2: each protocol error shows the message the server really writes, from the predictor', async () => {
  const responses = (await openapi('S2')).paths['/position/{x}/{y}'].get.responses;
  const bad = responses['400'].content['text/plain;charset=utf-8'];
  assert.equal(bad.schema, { type: 'string' });
  assert.ok(Object.values(bad.examples as Obj).some((e: Obj) => e.value === 'Error parsing capture x failed: "abc" is not an integer'), JSON.stringify(bad.examples));
  const too = (await openapi('S2')).paths['/marketing'].post.responses['413'].content['text/plain;charset=utf-8'];
  assert.equal(Object.values(too.examples as Obj).map((e: Obj) => e.value), ['Payload Too Large: the body exceeds 1048576 bytes']);
});

test('S2: the form body says that clientInterestedIn repeats its key (encoding)', async () => {
  const form = (await openapi('S2')).paths['/marketing'].post.requestBody.content['application/x-www-form-urlencoded'];
  assert.equal(form.encoding, { clientInterestedIn: { style: 'form', explode: true } });
  // The server reads a form without the key as the empty list (servant), so the form's schema
  // must not require it; the JSON body's does.
  assert.equal(form.schema.required, ['clientName', 'clientEmail', 'clientAge']);
  assert.ok(form.schema.properties.clientInterestedIn, 'the list is still declared');
  const doc = await openapi('S2');
  assert.ok(doc.components.schemas.ClientInfo.required.includes('clientInterestedIn'), 'JSON requires it');
});

test('every capture has an example, and HEAD is declared wherever GET is, without bodies', async () => {
  const doc = await openapi('S2');
  const item = doc.paths['/position/{x}/{y}'];
  assert.equal(item.get.parameters.map((p: Obj) => p.example), [3, 14]);
  assert.ok(item.head, 'HEAD /position/{x}/{y}');
  assert.equal(item.head.parameters, item.get.parameters);
  assert.equal(Object.keys(item.head.responses), Object.keys(item.get.responses));
  assert.ok(Object.values(item.head.responses as Obj).every((r: Obj) => r.content === undefined));
  assert.is(doc.paths['/marketing'].head, undefined);
});

test('servers from the surface\'s port (8081 when it names none) or --server-url; summaries, tags, security for every operation', async () => {
  assert.equal((await openapi('S4')).servers.map((s: Obj) => s.url), ['http://127.0.0.1:8080']);
  assert.equal((await openapi('S2')).servers.map((s: Obj) => s.url), ['http://127.0.0.1:8081']);
  const own = renderOpenApi(docModel((await registry.S2!.load()).surface), { serverUrl: 'https://api.example.org/v1' }) as Obj;
  assert.equal(own.servers, [{ url: 'https://api.example.org/v1' }]);
  const doc = await openapi('S5');
  for (const [path, item] of Object.entries(doc.paths as Obj)) {
    for (const [method, op] of Object.entries(item as Obj)) {
      assert.type((op as Obj).summary, 'string', `${method} ${path} summary`);
      assert.equal((op as Obj).security, [], `${method} ${path} says it needs no credentials`);
    }
  }
  assert.equal(doc.paths['/users'].get.tags, ['users']);
  assert.equal(doc.tags.map((t: Obj) => t.name).sort(), ['products', 'users', 'x']);
});

test('S8: HTML is a string with the HTML as example; the stream is NDJSON lines of User under the JSON type the server sends', async () => {
  const doc = await openapi('S8');
  const html = doc.paths['/persons'].get.responses['200'].content['text/html;charset=utf-8'];
  assert.equal(html.schema, { type: 'string', description: 'list of Person as text/html.' });
  assert.match(Object.values(html.examples as Obj)[0].value, '<table');
  // F7: a static file's 200 is a file of any type, not a response without content.
  assert.equal(doc.paths['/static/{path}'].get.responses['200'].content, { '*/*': { schema: { type: 'string', format: 'binary', description: 'The file as it is; its Content-Type follows its extension.' } } });
  const stream = doc.paths['/userStream'].get.responses['200'].content;
  assert.equal(Object.keys(stream), ['application/json;charset=utf-8']);
  assert.is(stream['application/json;charset=utf-8'].schema.type, 'string');
  assert.equal(stream['application/json;charset=utf-8']['x-itemSchema'], { $ref: '#/components/schemas/User' });
  const U = t.examples(t.object('U', { n: t.int }), [{ value: { n: 1 } }, { value: { n: 2 } }]);
  const small = renderOpenApi(docModel(api('T', { title: 't' }, { s: get('s').streams(json(U)) }))) as Obj;
  const example = Object.values(small.paths['/s'].get.responses['200'].content['application/json;charset=utf-8'].examples as Obj)[0].value;
  assert.is(example, '{"n":1}\n{"n":2}\n', 'the items one per line, each followed by a newline');
});

test('S3: the JSON error body of /greet, and the plain text one, with the real messages', async () => {
  const doc = await openapi('S3');
  const bad = doc.paths['/greet'].post.responses['400'];
  assert.match(bad.description, 'formats this answer itself');
  const json = bad.content['application/json;charset=utf-8'];
  assert.equal(json.schema, { type: 'object', properties: { error: { type: 'string' }, combinator: { type: 'string' } }, required: ['error', 'combinator'] });
  assert.equal(Object.values(json.examples as Obj)[0].value.combinator, "ReqBody'");
  assert.match(Object.values(bad.content['text/plain;charset=utf-8'].examples as Obj)[0].value, 'Error in $');
  assert.match(doc.info.description, 'formats this answer itself');
});

test('S3: a text/plain success is a string carrying the text sent, not the Greet object schema', async () => {
  const ok = (await openapi('S3')).paths['/greet'].post.responses['200'].content;
  assert.equal(ok['text/plain;charset=utf-8'].schema.type, 'string');
  assert.equal(ok['application/json;charset=utf-8'].schema, { $ref: '#/components/schemas/Greet' });
});

test('S6: http basic and JWT bearer security schemes, required by both endpoints', async () => {
  const doc = await openapi('S6');
  assert.equal(doc.components.securitySchemes, {
    basicAuth: { type: 'http', scheme: 'basic', description: 'Login and password from the user store (realm "test").' },
    bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A JWT issued by this service (the `JWT-Cookie` of a basic-authenticated reply).' },
  });
  for (const op of [doc.paths['/foo/{i}'].get, doc.paths['/bar'].get]) {
    assert.equal(op.security, [{ bearerAuth: [] }, { basicAuth: [] }]);
    assert.equal(op.responses['401'].headers['WWW-Authenticate'].example, 'Bearer realm="test", Basic realm="test", charset="UTF-8"');
    assert.match(op.responses['200'].headers['Set-Cookie'].description, '`XSRF-TOKEN`');
    assert.match(op.responses['200'].headers['Set-Cookie'].description, '`JWT-Cookie`');
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
  assert.is(doc.components?.schemas, undefined);
  assert.equal(doc.paths['/a'].get.responses['200'].content['application/json;charset=utf-8'].schema.properties, { a: { type: 'integer' } });
});

test.run();
