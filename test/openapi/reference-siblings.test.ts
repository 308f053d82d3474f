// Keys beside `$ref` in a Reference Object (xero's parameters `{ $ref, type: string }`): OpenAPI
// says they are ignored, its schema refuses them. The document starts, one warning says which keys
// and where first, and each reference means what it names.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { mock } from '../../src/mock/index.js';
import { call, withServer } from '../helpers/server.js';

const dir = mkdtempSync(join(tmpdir(), 'ref-siblings-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const doc = (openapi: string) => ({
  openapi,
  info: { title: 'Siblings', version: '1' },
  paths: {
    '/accounts': {
      parameters: [{ $ref: '#/components/parameters/tenant', type: 'string' }],
      get: {
        parameters: [{ $ref: '#/components/parameters/page', description: 'which page', required: false }],
        responses: { 200: { $ref: '#/components/responses/List', description: 'the accounts' } },
      },
    },
  },
  components: {
    parameters: {
      tenant: { name: 'tenant', in: 'header', required: true, schema: { type: 'string' } },
      page: { name: 'page', in: 'query', required: true, schema: { type: 'integer' } },
    },
    responses: { List: { description: 'a list', content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } } } },
  },
});

test('3.0: the document starts; one warning names the keys and the first place; each reference means what it names', async () => {
  writeFileSync(join(dir, 'v30.json'), JSON.stringify(doc('3.0.3')));
  const imported = importSurface(await loadDocument(join(dir, 'v30.json')), 'siblings');
  const said = imported.warnings.filter((w) => /beside \$ref/.test(w.message));
  assert.is(said.length, 1, JSON.stringify(imported.warnings));
  assert.is(said[0]!.pointer, '/paths/~1accounts/parameters/0');
  assert.match(said[0]!.message, /^type, description, required beside \$ref are ignored, as OpenAPI says of a Reference Object \(and 2 more reference objects\)$/);
  await withServer(mock(imported.surface), async (s) => {
    assert.is((await call(s.url, 'GET', '/accounts?page=1', { headers: { tenant: 't1' } })).status, 200);
    // `required: false` beside the $ref is ignored: page is required, as the parameter it names says.
    assert.is((await call(s.url, 'GET', '/accounts', { headers: { tenant: 't1' } })).status, 400);
    assert.is((await call(s.url, 'GET', '/accounts?page=x', { headers: { tenant: 't1' } })).status, 400);
    assert.is((await call(s.url, 'GET', '/accounts?page=1')).status, 400, 'the tenant header is required');
  });
});

test('3.1: summary and description beside $ref are OpenAPI\'s own and stay; other keys are ignored the same way', async () => {
  writeFileSync(join(dir, 'v31.json'), JSON.stringify(doc('3.1.0')));
  const imported = importSurface(await loadDocument(join(dir, 'v31.json')), 'siblings');
  const said = imported.warnings.filter((w) => /beside \$ref/.test(w.message));
  assert.is(said.length, 1, JSON.stringify(imported.warnings));
  assert.match(said[0]!.message, /^type, required beside \$ref are ignored, as OpenAPI says of a Reference Object \(and 1 more reference object\)$/);
});

test('3.0: a keyword beside $ref in a schema that the schema of OpenAPI refuses (cloudmersive\'s type: application/json) is ignored, as 3.0 says, and said', async () => {
  writeFileSync(join(dir, 'schema-sibling.json'), JSON.stringify({
    openapi: '3.0.3', info: { title: 'Forms', version: '1' },
    paths: { '/forms': { post: {
      parameters: [{ name: 'template', in: 'header', required: false, schema: { $ref: '#/components/schemas/Template', type: 'application/json' } }],
      responses: { 204: { description: 'read' } },
    } } },
    components: { schemas: { Template: { type: 'string', maxLength: 5 } } },
  }));
  const imported = importSurface(await loadDocument(join(dir, 'schema-sibling.json')), 'forms');
  const said = imported.warnings.filter((w) => /beside \$ref is ignored, as OpenAPI 3\.0 says/.test(w.message));
  assert.is(said.length, 1, JSON.stringify(imported.warnings));
  assert.is(said[0]!.pointer, '/paths/~1forms/post/parameters/0/schema/type');
  assert.match(said[0]!.message, /^type "application\/json" beside \$ref is ignored/);
  await withServer(mock(imported.surface), async (s) => {
    assert.is((await call(s.url, 'POST', '/forms', { headers: { template: 'abc' } })).status, 204);
    assert.is((await call(s.url, 'POST', '/forms', { headers: { template: 'abcdefgh' } })).status, 400, 'the schema it names holds');
  });
});

test('3.0: a key beside $ref in a schema that is no schema keyword (motaword\'s "/continuous_projects/{id}/...": null) is left out, said', async () => {
  writeFileSync(join(dir, 'junk.json'), JSON.stringify({
    openapi: '3.0.3', info: { title: 'Junk', version: '1' },
    paths: { '/projects/{id}': { get: {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      responses: {
        200: { description: 'one', content: { 'application/json': { schema: { type: 'object', properties: { link: { type: 'string' } } }, example: { link: 'kept' } } } },
        404: { description: 'none', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error', '/continuous_projects/{id}/translate': null } } } },
      },
    } } },
    components: { schemas: { Error: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } } },
  }));
  const imported = importSurface(await loadDocument(join(dir, 'junk.json')), 'junk');
  const said = imported.warnings.filter((w) => /beside \$ref/.test(w.message));
  assert.is(said.length, 1, JSON.stringify(imported.warnings));
  assert.is(said[0]!.pointer, '/paths/~1projects~1{id}/get/responses/404/content/application~1json/schema');
  assert.match(said[0]!.message, /^\/continuous_projects\/\{id\}\/translate beside \$ref is ignored/);
  await withServer(mock(imported.surface), async (s) => {
    const one = await call(s.url, 'GET', '/projects/1');
    assert.is(one.status, 200);
    assert.equal(one.json(), { link: 'kept' });
    const none = await call(s.url, 'GET', '/projects/1', { headers: { prefer: 'code=404' } });
    assert.is(none.status, 404);
    assert.type((none.json() as { message?: unknown }).message, 'string');
  });
});

test('a key the XML Object does not have (opensuse\'s xml: { example }) is ignored with a warning, not a refusal', async () => {
  writeFileSync(join(dir, 'xml.json'), JSON.stringify({
    openapi: '3.0.3', info: { title: 'Xml', version: '1' },
    paths: { '/repo': { get: { responses: { 200: { description: 'one', content: { 'application/json': { schema: {
      type: 'object', properties: { xmlns: { type: 'string', xml: { attribute: true, example: 'http://opensuse.org/x' } } },
    } } } } } } } },
  }));
  const imported = importSurface(await loadDocument(join(dir, 'xml.json')), 'xml');
  const said = imported.warnings.filter((w) => /no key of an XML Object/.test(w.message));
  assert.is(said.length, 1, JSON.stringify(imported.warnings));
  assert.is(said[0]!.pointer, '/paths/~1repo/get/responses/200/content/application~1json/schema/properties/xmlns/xml/example');
  await withServer(mock(imported.surface), async (s) => {
    assert.is((await call(s.url, 'GET', '/repo')).status, 200);
  });
});

test('3.0: a key no Schema Object has (enode\'s explode inside items) is ignored with a warning; a JSON Schema check 3.0 lacks (const) still refuses', async () => {
  const doc = (extra: Record<string, unknown>) => JSON.stringify({
    openapi: '3.0.3', info: { title: 'Unknown', version: '1' },
    paths: { '/vehicles': { get: {
      parameters: [{ name: 'fields', in: 'query', schema: { type: 'array', items: { type: 'string', enum: ['a', 'b'], ...extra } } }],
      responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } } },
    } } },
  });
  writeFileSync(join(dir, 'unknown.json'), doc({ explode: true }));
  const imported = importSurface(await loadDocument(join(dir, 'unknown.json')), 'unknown');
  const said = imported.warnings.filter((w) => /explode true is no keyword of a Schema Object here; ignored/.test(w.message));
  assert.is(said.length, 1, JSON.stringify(imported.warnings));
  assert.is(said[0]!.pointer, '/paths/~1vehicles/get/parameters/0/schema/items/explode');
  await withServer(mock(imported.surface), async (s) => {
    assert.is((await call(s.url, 'GET', '/vehicles?fields=a')).status, 200);
    assert.is((await call(s.url, 'GET', '/vehicles?fields=c')).status, 400, 'the enum beside it is still checked');
  });
  writeFileSync(join(dir, 'const.json'), doc({ const: 'a' }));
  const refused = await loadDocument(join(dir, 'const.json')).then(() => undefined, (e: Error) => e);
  assert.ok(refused, 'const in a 3.0 schema is not ignored');
  assert.match(refused!.message, /items\/const/);
});

test('Swagger 2.0: a key no Schema Object has is ignored with a warning too, and the document served', async () => {
  writeFileSync(join(dir, 'unknown2.json'), JSON.stringify({
    swagger: '2.0', info: { title: 'Unknown2', version: '1' },
    paths: { '/pets': { get: { produces: ['application/json'], responses: { 200: { description: 'ok', schema: { $ref: '#/definitions/Pet' } } } } } },
    definitions: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string', explode: true } } } },
  }));
  const loaded = await loadDocument(join(dir, 'unknown2.json'));
  const imported = importSurface(loaded, 'unknown2');
  const said = imported.warnings.filter((w) => /explode true is no keyword of a Schema Object here; ignored/.test(w.message));
  assert.is(said.length, 1, JSON.stringify(imported.warnings));
  await withServer(mock(imported.surface), async (s) => {
    assert.is((await call(s.url, 'GET', '/pets')).status, 200);
  });
});

test('a schema $ref naming a Parameter Object (enode) is refused in a line that names the reference', async () => {
  writeFileSync(join(dir, 'param-ref.json'), JSON.stringify({
    openapi: '3.0.0', info: { title: 'Refs', version: '1' },
    paths: {
      '/vehicles/{vehicleId}': { get: { parameters: [{ name: 'vehicleId', in: 'path', required: true, schema: { type: 'string' } }, { name: 'field', in: 'query', explode: true, schema: { type: 'string', enum: ['a', 'b'] } }], responses: { 200: { description: 'ok' } } } },
      '/vehicles': { get: { parameters: [{ name: 'field[]', in: 'query', schema: { type: 'array', items: { $ref: '#/paths/~1vehicles~1%7BvehicleId%7D/get/parameters/1' } } }], responses: { 200: { description: 'ok' } } } },
    },
  }));
  const err = await loadDocument(join(dir, 'param-ref.json')).then(() => undefined, (e: Error) => e);
  assert.ok(err, 'refused');
  assert.match(err!.message, /the schema at #\/paths\/~1vehicles\/get\/parameters\/0\/schema\/items is a \$ref to #\/paths\/~1vehicles~1%7BvehicleId%7D\/get\/parameters\/1, a Parameter Object, not a schema/);
  assert.is(err!.message.split('\n').length, 1, 'one line');
  assert.match(err!.message, /give --lenient to load the document/);
});

test('--lenient reads a schema $ref naming a Parameter Object as one naming its schema, with a warning', async () => {
  const loaded = await loadDocument(join(dir, 'param-ref.json'), { lenient: true });
  const imported = importSurface(loaded, 'refs');
  const said = imported.warnings.filter((w) => /names a Parameter Object, not a schema; read as a \$ref to its schema/.test(w.message));
  assert.is(said.length, 1, JSON.stringify(imported.warnings));
  assert.is(said[0]!.pointer, '/paths/~1vehicles/get/parameters/0/schema/items');
  // The parameter's schema is the items' schema: its enum is checked.
  await withServer(mock(imported.surface), async (s) => {
    assert.is((await call(s.url, 'GET', '/vehicles?field[]=a&field[]=b')).status, 200);
    assert.is((await call(s.url, 'GET', '/vehicles?field[]=c')).status, 400);
  });
});

test('--lenient leaves a schema $ref naming a Parameter Object without a schema refused', async () => {
  writeFileSync(join(dir, 'param-ref-content.json'), JSON.stringify({
    openapi: '3.0.0', info: { title: 'Refs', version: '1' },
    paths: {
      '/a': { get: { parameters: [{ name: 'f', in: 'query', content: { 'application/json': { schema: { type: 'string' } } } }], responses: { 200: { description: 'ok' } } } },
      '/b': { get: { parameters: [{ name: 'g', in: 'query', schema: { type: 'array', items: { $ref: '#/paths/~1a/get/parameters/0' } } }], responses: { 200: { description: 'ok' } } } },
    },
  }));
  const err = await loadDocument(join(dir, 'param-ref-content.json'), { lenient: true }).then(() => undefined, (e: Error) => e);
  assert.match(err?.message ?? '', /a Parameter Object, not a schema/);
});

test.run();
