// A `$ref` key inside a value (a media type's `example`, an Example Object's `value`, a schema's
// `example`, `default`, `enum`, `const`) is data, as a JSON Schema registry's examples are: the
// document loads, the mock answers the value as written over HTTP, and the real `$ref`s beside
// it still mean what they name.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importSurface, loadDocument, OpenApiLoadError, type ImportedSurface } from '../../src/openapi/index.js';
import { mock } from '../../src/mock/index.js';
import { call, withServer } from '../helpers/server.js';

const dir = mkdtempSync(join(tmpdir(), 'literal-values-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

async function load(name: string, text: string): Promise<ImportedSurface> {
  writeFileSync(join(dir, name), text);
  return importSurface(await loadDocument(join(dir, name)), 'literal');
}

const json = { 'content-type': 'application/json' };
const NOWHERE = { $ref: '#/components/schemas/Nowhere' };
const REMOTE = { $ref: 'https://example.com/x.json' };
const FILE = { $ref: './other.json' };

/** A media type's `example` and named examples (one in place, one an Example Object by `$ref`), in YAML. */
const examplesYaml = (openapi: string) => `openapi: ${openapi}
info: { title: Literal, version: '1' }
paths:
  /one:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { type: object }
              example: { "$ref": "#/components/schemas/Nowhere" }
  /named:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { type: object }
              examples:
                one: { value: { "$ref": "#/components/schemas/Nowhere", note: 1 } }
                two: { $ref: '#/components/examples/Two' }
components:
  examples:
    Two: { summary: the second, value: { "$ref": "https://example.com/x.json" } }
`;

for (const openapi of ['3.0.3', '3.1.0']) {
  test(`${openapi}: a media type's example and Example Objects' values holding $ref are answered as written`, async () => {
    const imported = await load(`examples-${openapi}.yaml`, examplesYaml(openapi));
    assert.equal(imported.warnings, []);
    await withServer(mock(imported.surface), async (s) => {
      const one = await call(s.url, 'GET', '/one');
      assert.is(one.status, 200);
      assert.equal(one.json(), NOWHERE);
      const first = await call(s.url, 'GET', '/named', { headers: { prefer: 'example=one' } });
      assert.is(first.status, 200);
      assert.equal(first.json(), { ...NOWHERE, note: 1 });
      // The Example Object's own `$ref` is a reference, followed; the value it names is kept.
      const second = await call(s.url, 'GET', '/named', { headers: { prefer: 'example=two' } });
      assert.is(second.status, 200);
      assert.equal(second.json(), REMOTE);
    });
  });
}

/**
 * A schema's `default` and `enum` holding a `$ref` to a file that does not exist, a schema's
 * `example` holding a valid pointer, and real references beside them: a component, a file, and
 * a property named `example` (a schema, so its `$ref` is one).
 */
const schemasDoc = (openapi: string) => ({
  openapi,
  info: { title: 'Literal', version: '1' },
  paths: {
    '/docs': {
      get: {
        parameters: [{ name: 'q', in: 'query', schema: { $ref: './ext.json#/Q' } }],
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Doc' } } } } },
      },
      post: {
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Doc' } } } },
        responses: { 204: { description: 'taken' } },
      },
    },
    '/holders': {
      get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Holder' } } } } } },
      post: {
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Holder' } } } },
        responses: { 204: { description: 'taken' } },
      },
    },
    '/pets': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } } } },
  },
  components: {
    schemas: {
      Doc: { type: 'object', default: FILE, enum: [FILE, { a: 1 }] },
      Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' } }, example: { name: 'Rex' } },
      Holder: {
        type: 'object',
        properties: { example: { $ref: '#/components/schemas/Pet' } },
        example: { $ref: '#/components/schemas/Pet' },
      },
    },
  },
});

for (const openapi of ['3.0.3', '3.1.0']) {
  test(`${openapi}: a schema's default, enum and example holding $ref are values; the real $refs beside them resolve`, async () => {
    writeFileSync(join(dir, 'ext.json'), JSON.stringify({ Q: { type: 'integer' } }));
    const imported = await load(`schemas-${openapi}.json`, JSON.stringify(schemasDoc(openapi)));
    assert.equal(imported.warnings, []);
    await withServer(mock(imported.surface), async (s) => {
      const doc = await call(s.url, 'GET', '/docs');
      assert.is(doc.status, 200);
      assert.equal(doc.json(), FILE);
      assert.is((await call(s.url, 'POST', '/docs', { headers: json, body: JSON.stringify(FILE) })).status, 204);
      assert.is((await call(s.url, 'POST', '/docs', { headers: json, body: JSON.stringify({ a: 1 }) })).status, 204);
      assert.is((await call(s.url, 'POST', '/docs', { headers: json, body: JSON.stringify({ $ref: './another.json' }) })).status, 400);
      // The `$ref` to a file beside the document is a reference: q is an integer.
      assert.is((await call(s.url, 'GET', '/docs?q=1')).status, 200);
      assert.is((await call(s.url, 'GET', '/docs?q=one')).status, 400);
      // Holder's example names Pet, and is not Pet (nor Pet's example).
      const holder = await call(s.url, 'GET', '/holders');
      assert.is(holder.status, 200);
      assert.equal(holder.json(), { $ref: '#/components/schemas/Pet' });
      assert.equal((await call(s.url, 'GET', '/pets')).json(), { name: 'Rex' });
      // A property named `example` is a schema: its `$ref` is Pet, whose name is required.
      assert.is((await call(s.url, 'POST', '/holders', { headers: json, body: JSON.stringify({ example: { name: 'Tom' } }) })).status, 204);
      assert.is((await call(s.url, 'POST', '/holders', { headers: json, body: JSON.stringify({ example: {} }) })).status, 400);
    });
  });
}

test('3.1: a const holding $ref accepts exactly that object and refuses another; examples holding $ref are values', async () => {
  const imported = await load('const.json', JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Const', version: '1' },
    paths: {
      '/links': {
        get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Link' } } } } } },
        post: {
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Link' } } } },
          responses: { 204: { description: 'taken' } },
        },
      },
    },
    components: { schemas: { Link: { const: REMOTE, examples: [REMOTE] } } },
  }));
  assert.equal(imported.warnings, []);
  await withServer(mock(imported.surface), async (s) => {
    const got = await call(s.url, 'GET', '/links');
    assert.is(got.status, 200);
    assert.equal(got.json(), REMOTE);
    assert.is((await call(s.url, 'POST', '/links', { headers: json, body: JSON.stringify(REMOTE) })).status, 204);
    assert.is((await call(s.url, 'POST', '/links', { headers: json, body: JSON.stringify({ $ref: 'https://example.com/y.json' }) })).status, 400);
    assert.is((await call(s.url, 'POST', '/links', { headers: json, body: JSON.stringify({ ...REMOTE, more: 1 }) })).status, 400);
  });
});

test('Swagger 2.0: a response example and a definition example holding $ref are kept as written through the conversion', async () => {
  const imported = await load('swagger.yaml', `swagger: '2.0'
info: { title: Swagger, version: '1' }
produces: [application/json]
paths:
  /s:
    get:
      parameters:
        - { name: q, in: query, type: integer }
      responses:
        '200':
          description: ok
          schema: { $ref: '#/definitions/Holder' }
          examples:
            application/json: { "$ref": "#/definitions/Pet" }
  /h:
    get:
      responses:
        '200':
          description: ok
          schema: { $ref: '#/definitions/Holder' }
definitions:
  Pet: { type: object, required: [name], properties: { name: { type: string } } }
  Holder:
    type: object
    example: { "$ref": "#/definitions/Nowhere" }
`);
  assert.equal(imported.warnings, []);
  await withServer(mock(imported.surface), async (s) => {
    // Not rewritten to `#/components/schemas/Pet` as the converter rewrites references.
    assert.equal((await call(s.url, 'GET', '/s')).json(), { $ref: '#/definitions/Pet' });
    assert.equal((await call(s.url, 'GET', '/h')).json(), { $ref: '#/definitions/Nowhere' });
    assert.is((await call(s.url, 'GET', '/s?q=one')).status, 400);
  });
});

test('warnings and refusals still name their place in a document holding such values', async () => {
  const doc = (description: boolean) => JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Places', version: '1' },
    paths: {
      '/w': { get: { responses: { 200: {
        ...(description ? { description: 'ok' } : {}),
        content: { 'application/json': {
          schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
          examples: { bad: { value: NOWHERE }, good: { value: { name: 'x', $ref: '#/y' } } },
        } },
      } } } },
    },
  });
  const imported = await load('warned.json', doc(true));
  assert.equal(imported.warnings.map((w) => w.pointer), ['/paths/~1w/get/responses/200/content/application~1json/examples/bad']);
  assert.match(imported.warnings[0]!.message, /^the example is not a value of its schema \(\$: .*name/);
  await withServer(mock(imported.surface), async (s) => {
    assert.equal((await call(s.url, 'GET', '/w', { headers: { prefer: 'example=good' } })).json(), { name: 'x', $ref: '#/y' });
  });
  writeFileSync(join(dir, 'refused.json'), doc(false));
  try {
    await loadDocument(join(dir, 'refused.json'));
    assert.unreachable('a response without a description is refused');
  } catch (err) {
    assert.instance(err, OpenApiLoadError);
    assert.match((err as Error).message, `refused.json#/paths/~1w/get/responses/200: not a valid OpenAPI document`);
  }
});

test.run();
