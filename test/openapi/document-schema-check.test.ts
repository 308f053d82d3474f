// The precompiled document check (src/openapi/document-schema-check.ts) against the parser it stands
// for: @readme/openapi-parser's full `validate` gives the verdict, the check must pass exactly the
// documents it passes (none it refuses; and every one it passes, or loading is slow again). Over the
// shared corpus read in place, and broken variants of its documents and of a Swagger 2.0 one.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dereference, parse, validate } from '@readme/openapi-parser';
import { passesParserValidation } from '../../src/openapi/document-schema-check.js';
import { loadDocument, OpenApiLoadError } from '../../src/openapi/load-document.js';
import { tempDir } from '../helpers/server.js';

type Obj = Record<string, unknown>;
const CORPUS = new URL('../../../shared/openapi-corpus/', import.meta.url);

/** The parser's verdict and the check's, each on its own copy (both dereference in place). */
async function verdicts(doc: Obj): Promise<{ parser: boolean; check: boolean }> {
  const parser = (await validate(structuredClone(doc) as never)).valid;
  // As load-document.ts asks it: a dereference that fails is no pass.
  const dereferenced = await dereference(structuredClone(doc) as never, { dereference: { circular: 'ignore' } }).catch(() => undefined);
  return { parser, check: dereferenced !== undefined && await passesParserValidation(dereferenced as Obj) };
}

const read = async (name: string) => await parse(new URL(name, CORPUS).pathname) as Obj;
const at = (v: unknown, ...keys: (string | number)[]): Obj => keys.reduce<Obj>((o, k) => o[k] as Obj, v as Obj);

const SWAGGER: Obj = {
  swagger: '2.0',
  info: { title: 'Pets 2', version: '1' },
  consumes: ['application/json'],
  paths: {
    '/pets/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }],
      get: { operationId: 'getPet', responses: { 200: { description: 'a pet', schema: { $ref: '#/definitions/Pet' } } } },
      put: {
        operationId: 'putPet',
        parameters: [{ name: 'body', in: 'body', required: true, schema: { $ref: '#/definitions/Pet' } }],
        responses: { 204: { description: 'stored' } },
      },
    },
  },
  definitions: {
    Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, kids: { type: 'array', items: { $ref: '#/definitions/Pet' } } } },
  },
};

/** Each variant is broken in one way the parser refuses (asserted first, so each can fail for its reason). */
const BROKEN: [string, () => Promise<Obj>][] = [
  ['3.0: a response without description', async () => { const d = await read('petstore-expanded.yaml'); delete at(d, 'paths', '/pets', 'get', 'responses', '200').description; return d; }],
  ['3.0: a parameter without `in`', async () => { const d = await read('petstore-expanded.yaml'); delete at(d, 'paths', '/pets', 'get', 'parameters', 0).in; return d; }],
  ['3.0: a path parameter not declared', async () => { const d = await read('petstore-expanded.yaml'); const paths = at(d, 'paths'); paths['/pets/{id}/{toy}'] = paths['/pets/{id}']; delete paths['/pets/{id}']; return d; }],
  ['3.0: an unknown top-level field', async () => { const d = await read('petstore-expanded.yaml'); d.extra = true; return d; }],
  ['3.0: a duplicate operationId', async () => { const d = await read('petstore-expanded.yaml'); at(d, 'paths', '/pets', 'post').operationId = 'findPets'; return d; }],
  ['3.0: a path parameter not required', async () => { const d = await read('petstore-expanded.yaml'); delete at(d, 'paths', '/pets/{id}', 'get', 'parameters', 0).required; return d; }],
  ['3.0: an array parameter without items', async () => { const d = await read('petstore-expanded.yaml'); delete at(d, 'paths', '/pets', 'get', 'parameters', 0, 'schema').items; return d; }],
  ['3.0: an apiKey scheme without `in`', async () => { const d = await read('petstore-expanded.yaml'); at(d, 'components').securitySchemes = { key: { type: 'apiKey', name: 'k' } }; return d; }],
  ['3.0: a component name with a space', async () => { const d = await read('petstore-expanded.yaml'); at(d, 'components', 'schemas')['New Pet'] = { type: 'string' }; return d; }],
  ['3.0: an x- key among paths', async () => { const d = await read('petstore-expanded.yaml'); at(d, 'paths')['x-note'] = {}; return d; }],
  ['3.0: a $ref to a schema where a response goes', async () => { const d = await read('petstore-expanded.yaml'); at(d, 'paths', '/pets', 'get', 'responses')['200'] = { $ref: '#/components/schemas/Pet' }; return d; }],
  ['3.1: an unknown top-level field', async () => { const d = await read('webhook-example.yaml'); d.extra = true; return d; }],
  ['3.1: a response without description', async () => { const d = await read('webhook-example.yaml'); delete at(d, 'paths', '/pets', 'get', 'responses', '200').description; return d; }],
  ['3.1: a $ref to nothing', async () => { const d = await read('webhook-example.yaml'); delete at(d, 'components', 'schemas').Pets; return d; }],
  ['3.1: no paths, webhooks or components', async () => ({ openapi: '3.1.0', info: { title: 'x', version: '1' } })],
  ['2.0: a response without description', async () => { const d = structuredClone(SWAGGER); delete at(d, 'paths', '/pets/{id}', 'put', 'responses', '204').description; return d; }],
  ['2.0: a parameter without `in`', async () => { const d = structuredClone(SWAGGER); delete at(d, 'paths', '/pets/{id}', 'parameters', 0).in; return d; }],
  ['2.0: a path parameter not declared', async () => { const d = structuredClone(SWAGGER); const paths = at(d, 'paths'); paths['/pets/{id}/{toy}'] = paths['/pets/{id}']; delete paths['/pets/{id}']; return d; }],
  ['2.0: an unknown top-level field', async () => { const d = structuredClone(SWAGGER); d.extra = true; return d; }],
  ['2.0: a required property not declared', async () => { const d = structuredClone(SWAGGER); at(d, 'definitions', 'Pet').required = ['name', 'age']; return d; }],
  ['2.0: two body parameters', async () => { const d = structuredClone(SWAGGER); (at(d, 'paths', '/pets/{id}', 'put').parameters as Obj[]).push({ name: 'again', in: 'body', schema: { type: 'string' } }); return d; }],
];

const corpus = existsSync(CORPUS) ? readdirSync(CORPUS).filter((f) => /\.(ya?ml|json)$/.test(f)).sort() : [];

test('the shared corpus is there to compare on', () => {
  assert.ok(corpus.length >= 5, `expected the documents of ${CORPUS.pathname}, found ${corpus.length}`);
});

for (const name of corpus) {
  test(`corpus ${name}: the check passes it exactly when the parser does`, async () => {
    const v = await verdicts(await read(name));
    assert.equal(v.check, v.parser, `parser ${v.parser}, check ${v.check}`);
  });
}

test('2.0 and circular documents: passed by both (the circular $ref left by the dereference is followed)', async () => {
  for (const doc of [SWAGGER, { ...(await read('webhook-example.yaml')), components: { schemas: { Pet: { type: 'object', properties: { kids: { $ref: '#/components/schemas/Pets' } } }, Pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } } }]) {
    assert.equal(await verdicts(doc), { parser: true, check: true });
  }
});

for (const [name, variant] of BROKEN) {
  test(`${name}: refused by the parser, not passed by the check`, async () => {
    const v = await verdicts(await variant());
    assert.equal(v, { parser: false, check: false });
  });
}

test('a refused document is worded by the parser, with the pointer of the place', async () => {
  const dir = tempDir();
  const d = await read('petstore-expanded.yaml');
  delete at(d, 'paths', '/pets', 'get', 'responses', '200').description;
  const file = join(dir, 'bad.json');
  writeFileSync(file, JSON.stringify(d));
  const err = await loadDocument(file).then(() => undefined, (e: unknown) => e);
  assert.instance(err, OpenApiLoadError);
  assert.match((err as Error).message, /bad\.json#\/paths\/~1pets\/get\/responses\/200: not a valid OpenAPI document: .*description/);
});

test.run();
