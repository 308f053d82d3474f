// Swagger 2.0 documents, read converted to OpenAPI 3.0 (swagger2openapi): served by the real CLI with
// every refusal the document implies, imported as a module a strict tsc accepts, warnings naming
// places in the 2.0 file, and the $ref fence holding (a remote $ref is refused, nothing fetched).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, runBin, spawnServe } from '../helpers/cli.js';
import { call, tempDir } from '../helpers/server.js';
import { importProject, typecheck } from '../helpers/import-project.js';
import { resolvePointer } from '../../src/codec/json-pointer.js';
import { swagger2Pointers } from '../../src/openapi/swagger2-pointers.js';
import { convertSwagger2 } from '../../src/openapi/swagger2.js';

type Obj = Record<string, unknown>;

/** A Swagger 2.0 petstore: every parameter place, definitions by $ref, produces/consumes, basic and apiKey. */
const PETSTORE: Obj = {
  swagger: '2.0',
  info: { title: 'Petstore 2', version: '1.2.3', description: 'Pets, the 2.0 way.', license: { name: 'MIT' } },
  host: 'pets.example.com',
  basePath: '/v1',
  schemes: ['https'],
  consumes: ['application/json'],
  produces: ['application/json'],
  tags: [{ name: 'pets', description: 'Everything about pets' }],
  securityDefinitions: {
    basic: { type: 'basic' },
    key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
    oauth: { type: 'oauth2', flow: 'implicit', authorizationUrl: 'https://example.com/auth', scopes: { read: 'read pets' } },
  },
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        tags: ['pets'],
        parameters: [
          { name: 'limit', in: 'query', type: 'integer', minimum: 1, maximum: 100 },
          { name: 'tags', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: 'csv' },
          { name: 'X-Trace', in: 'header', type: 'string' },
          { name: 'sort', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: 'tsv' },
        ],
        responses: { 200: { description: 'pets', schema: { type: 'array', items: { $ref: '#/definitions/Pet' } }, headers: { 'X-Total': { type: 'integer' } } } },
      },
      post: {
        operationId: 'addPet',
        security: [{ key: [] }],
        parameters: [
          { name: 'pet', in: 'body', required: true, schema: { $ref: '#/definitions/NewPet' } },
          { name: 'Accept', in: 'header', type: 'string' },
        ],
        responses: { 201: { description: 'made', schema: { $ref: '#/definitions/Pet' } }, 400: { description: 'bad' } },
      },
    },
    '/pets/{petId}': {
      parameters: [{ name: 'petId', in: 'path', required: true, type: 'integer', format: 'int64' }],
      get: {
        operationId: 'getPet',
        produces: ['application/json', 'application/xml'],
        responses: { 200: { description: 'a pet', schema: { $ref: '#/definitions/Pet' } }, 404: { description: 'none' } },
      },
      delete: { operationId: 'deletePet', security: [{ basic: [] }], responses: { 204: { description: 'gone' } } },
    },
    '/pets/{petId}/name': {
      put: {
        operationId: 'rename',
        consumes: ['application/x-www-form-urlencoded'],
        parameters: [
          { name: 'petId', in: 'path', required: true, type: 'integer' },
          { name: 'name', in: 'formData', type: 'string', required: true, minLength: 1 },
        ],
        responses: { 200: { description: 'renamed', schema: { $ref: '#/definitions/Pet' } } },
      },
    },
  },
  definitions: {
    NewPet: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 }, tag: { type: 'string', default: 5 } } },
    Pet: { allOf: [{ $ref: '#/definitions/NewPet' }, { type: 'object', required: ['id'], properties: { id: { type: 'integer', format: 'int64' } } }] },
  },
};

/** api-serve in `cwd` without blocking this process (the test serves what it must not reach), killed after 15 s. */
function run(args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin('api-serve'), ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('exit', (code) => { clearTimeout(timer); resolve({ code, stderr }); });
  });
}

function folder(doc: Obj = PETSTORE): string {
  const dir = importProject();
  writeFileSync(join(dir, 'doc.json'), JSON.stringify(doc, null, 2));
  return dir;
}

interface Row { method: string; url: string; headers?: Record<string, string>; body?: string; status: number; type?: RegExp }
const JSON_TYPE = { 'content-type': 'application/json' };
const ROWS: Row[] = [
  { method: 'GET', url: '/pets?limit=5&tags=a,b', status: 200, type: /^application\/json/ },
  { method: 'GET', url: '/pets?limit=500', status: 400 },
  { method: 'GET', url: '/pets?limit=many', status: 400 },
  { method: 'POST', url: '/pets', headers: JSON_TYPE, body: '{"name":"Rex"}', status: 401 },
  { method: 'POST', url: '/pets', headers: { ...JSON_TYPE, 'x-api-key': 'k' }, body: '{"name":"Rex"}', status: 201, type: /^application\/json/ },
  { method: 'POST', url: '/pets', headers: { ...JSON_TYPE, 'x-api-key': 'k' }, body: '{"tag":"no name"}', status: 400 },
  { method: 'POST', url: '/pets', headers: { 'content-type': 'text/plain', 'x-api-key': 'k' }, body: 'Rex', status: 415 },
  { method: 'GET', url: '/pets/7', status: 200, type: /^application\/json/ },
  { method: 'GET', url: '/pets/7', headers: { accept: 'application/xml' }, status: 200, type: /^application\/xml/ },
  { method: 'GET', url: '/pets/7', headers: { accept: 'text/csv' }, status: 406 },
  { method: 'GET', url: '/pets/seven', status: 400 },
  { method: 'DELETE', url: '/pets/7', status: 401 },
  { method: 'DELETE', url: '/pets/7', headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }, status: 204 },
  { method: 'PUT', url: '/pets/7/name', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=Tom', status: 200 },
  { method: 'PUT', url: '/pets/7/name', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=', status: 400 },
  { method: 'PUT', url: '/pets/7/name', headers: JSON_TYPE, body: '{"name":"Tom"}', status: 415 },
  { method: 'PATCH', url: '/pets/7', status: 405 },
  { method: 'GET', url: '/nowhere', status: 404 },
];

async function ask(base: string): Promise<string[]> {
  const problems: string[] = [];
  for (const row of ROWS) {
    const r = await call(base, row.method, row.url, { headers: row.headers ?? {}, ...(row.body === undefined ? {} : { body: row.body }) });
    const type = String(r.headers['content-type'] ?? '');
    if (r.status !== row.status || (row.type !== undefined && !row.type.test(type))) problems.push(`${row.method} ${row.url} ${JSON.stringify(row.headers ?? {})}: ${r.status} ${type} ${r.text.slice(0, 200)}`);
  }
  return problems;
}

test('api-serve doc.json (Swagger 2.0): every operation answers, and each refusal is the one the document implies', async () => {
  const dir = folder();
  const served = await spawnServe(['doc.json', '--port', '0'], 1, { cwd: dir });
  try {
    assert.equal(await ask(Object.values(served.urls)[0]!), []);
  } finally { await served.stop(); }
});

const WARNING = /^api-serve: warning: doc\.json#(\S*): (.*)$/gm;

test('warnings name places in the 2.0 file: definitions, parameters after a body parameter, the converter\'s own losses', () => {
  const dir = folder();
  const r = runBin('api-serve', ['import', 'doc.json'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  const found = [...r.stderr.matchAll(WARNING)].map((m) => [m[1]!, m[2]!] as const);
  assert.ok(found.length >= 4, r.stderr);
  // Every pointer is a place the 2.0 file has.
  for (const [pointer] of found) assert.ok(resolvePointer(PETSTORE, pointer).found, `not in the file: ${pointer}`);
  const lines = found.map(([p, m]) => `${p}: ${m}`);
  const has = (pointer: string, message: RegExp) => assert.ok(lines.some((l) => l.startsWith(`${pointer}: `) && message.test(l)), `${pointer} ${message} not in:\n${lines.join('\n')}`);
  has('/definitions/NewPet/properties/tag/default', /the default is not a value of the schema/);
  // The body parameter is index 0 in the file; the header after it is index 1 (0 once converted).
  has('/paths/~1pets/post/parameters/1', /a header parameter named Accept is ignored/);
  has('/paths/~1pets/get/parameters/3', /converted to OpenAPI 3\.0 with a loss: collectionFormat:tsv/);
  has('/securityDefinitions/oauth', /oauth2 is accepted as the presence of a bearer token/);
  assert.not.ok(lines.some((l) => l.includes('/components/')), lines.join('\n'));
});

test('api-serve import doc.json writes a module a strict tsc accepts, which, served, answers as the document does', async () => {
  const dir = folder();
  const r = runBin('api-serve', ['import', 'doc.json', '-o', 'api.ts'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  const source = readFileSync(join(dir, 'api.ts'), 'utf8');
  assert.match(source, /^export const NewPet = t\.object\("NewPet", /m);
  assert.match(source, /version: "1\.2\.3"/);
  // The warnings the importer printed are in the source as comments, pointing into the 2.0 file.
  for (const [line] of r.stderr.matchAll(/^api-serve: warning: .*$/gm)) assert.ok(source.includes(`// ${line}`), `not in the source: ${line}`);
  const tsc = typecheck(dir, ['api.ts']);
  assert.is(tsc, '', tsc);
  const served = await spawnServe(['./api.ts', '--port', '0'], 1, { cwd: dir });
  try {
    assert.equal(await ask(Object.values(served.urls)[0]!), []);
  } finally { await served.stop(); }
});

test('a Swagger 2.0 document that is not valid: one line with its pointer in the 2.0 file, exit 2', () => {
  const dir = folder({ ...PETSTORE, paths: { '/a': { get: { responses: { 200: { schema: { type: 'string' } } } } } } });
  const r = runBin('api-serve', ['import', 'doc.json'], { cwd: dir });
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, /^api-serve import: doc\.json#\/paths\/~1a\/get\/responses\/200: not a valid Swagger 2\.0 document: .*'description'\n$/);
});

test('a remote $ref in a Swagger 2.0 document is not fetched (no connection made), and one outside the folder is refused: one line each, exit 2', async () => {
  let requests = 0;
  const server = createServer((_req, res) => { requests += 1; res.end('{"type":"object"}'); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const local = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x.json#/X`;
    const cases: [string, string][] = [
      [local, `remote $ref ${JSON.stringify(local)} not fetched (a document is read from local files only)`],
      ['https://example.invalid/schemas.json#/Pet', 'remote $ref "https://example.invalid/schemas.json#/Pet" not fetched (a document is read from local files only)'],
      ['../outside.json#/X', '$ref "../outside.json#/X" points outside the document\'s folder'],
    ];
    for (const [ref, said] of cases) {
      const dir = folder({ ...PETSTORE, definitions: { ...PETSTORE.definitions as Obj, Remote: { $ref: ref } } });
      writeFileSync(join(dir, '..', 'outside.json'), '{"X":{"type":"string"}}');
      for (const args of [['import', 'doc.json'], ['doc.json', '--port', '0']]) {
        const r = await run(args, dir);
        assert.is(r.code, 2, r.stderr);
        const command = args[0] === 'import' ? 'api-serve import' : 'api-serve';
        assert.is(r.stderr, `${command}: doc.json#/definitions/Remote: ${said}\n`);
      }
    }
    assert.is(requests, 0, 'the local server was asked');
  } finally { server.close(); }
});

test('pointers into the converted document map back: components, servers, request bodies, parameters', async () => {
  const { document } = await convertSwagger2(PETSTORE);
  const inFile = swagger2Pointers(PETSTORE, document);
  const cases: [string, string, boolean][] = [
    ['/components/schemas/Pet/allOf/1/properties/id', '/definitions/Pet/allOf/1/properties/id', true],
    ['/components/securitySchemes/basic', '/securityDefinitions/basic', true],
    ['/servers/0/url', '/host', true],
    ['/paths/~1pets/post/requestBody/content/application~1json/schema', '/paths/~1pets/post/parameters/0/schema', true],
    ['/paths/~1pets/post/requestBody', '/paths/~1pets/post/parameters/0', true],
    ['/paths/~1pets~1{petId}~1name/put/requestBody/content/application~1x-www-form-urlencoded/schema/properties/name/minLength', '/paths/~1pets~1{petId}~1name/put/parameters/1/minLength', true],
    ['/paths/~1pets/get/parameters/1/schema/items', '/paths/~1pets/get/parameters/1/items', true],
    ['/paths/~1pets/get/parameters/1/explode', '/paths/~1pets/get/parameters/1/collectionFormat', true],
    ['/paths/~1pets~1{petId}/parameters/0/schema/format', '/paths/~1pets~1{petId}/parameters/0/format', true],
    ['/paths/~1pets/get/responses/200/content/application~1json/schema/items', '/paths/~1pets/get/responses/200/schema/items', true],
    ['/paths/~1pets/get/responses/200/headers/X-Total/schema/type', '/paths/~1pets/get/responses/200/headers/X-Total/type', true],
    ['/components/securitySchemes/oauth/flows/implicit/scopes', '/securityDefinitions/oauth', false],
  ];
  for (const [converted, original, exact] of cases) {
    assert.ok(resolvePointer(document, converted).found, `not in the converted document: ${converted}`);
    assert.equal(inFile(converted), { pointer: original, exact }, converted);
  }
});

test.run();
