// What an OpenAPI document says about itself survives being read and written back: `info` (version,
// description, license, contact, terms of service), servers, top-level tags, externalDocs and `x-`
// extensions, from the document itself and from the module `api-serve import` writes of it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBin } from '../helpers/cli.js';
import { importProject, typecheck } from '../helpers/import-project.js';

type Obj = Record<string, unknown>;

const DOC = `openapi: 3.1.0
info:
  title: Inventory
  version: 2.4.0-beta.1
  description: |
    Stock levels for every warehouse.

    Counts are eventually consistent: a few seconds behind.
  termsOfService: https://example.com/terms
  contact: { name: Stock team, url: https://example.com/team, email: stock@example.com }
  license: { name: Apache 2.0, identifier: Apache-2.0 }
  x-logo: { url: https://example.com/logo.png, altText: Inventory }
servers:
  - url: https://{region}.example.com/v2
    description: Production
    variables:
      region: { default: eu, enum: [eu, us], description: Where the data lives }
  - url: http://localhost:9000
tags:
  - name: items
    description: What is stocked
    externalDocs: { url: https://example.com/items }
  - name: unused
    description: A tag no operation uses is still listed
externalDocs: { description: The handbook, url: https://example.com/handbook }
x-api-id: 7c0e3f6a
x-audience: { internal: true, teams: [stock, "quote \\" and */ end"] }
paths:
  /items:
    get:
      operationId: listItems
      tags: [items]
      responses:
        '200':
          description: ok
          content: { application/json: { schema: { type: array, items: { type: string } } } }
`;

/** What the written document must keep, as the input says it. */
function assertKept(written: Obj): void {
  const info = written.info as Obj;
  assert.equal(info, {
    title: 'Inventory',
    version: '2.4.0-beta.1',
    description: 'Stock levels for every warehouse.\n\nCounts are eventually consistent: a few seconds behind.\n',
    termsOfService: 'https://example.com/terms',
    contact: { name: 'Stock team', url: 'https://example.com/team', email: 'stock@example.com' },
    license: { name: 'Apache 2.0', identifier: 'Apache-2.0' },
    'x-logo': { url: 'https://example.com/logo.png', altText: 'Inventory' },
  });
  assert.equal(written.servers, [
    { url: 'https://{region}.example.com/v2', description: 'Production', variables: { region: { default: 'eu', enum: ['eu', 'us'], description: 'Where the data lives' } } },
    { url: 'http://localhost:9000' },
  ]);
  assert.equal(written.tags, [
    { name: 'items', description: 'What is stocked', externalDocs: { url: 'https://example.com/items' } },
    { name: 'unused', description: 'A tag no operation uses is still listed' },
  ]);
  assert.equal(written.externalDocs, { url: 'https://example.com/handbook', description: 'The handbook' });
  assert.is(written['x-api-id'], '7c0e3f6a');
  assert.equal(written['x-audience'], { internal: true, teams: ['stock', 'quote " and */ end'] });
}

test('api-docs doc.yaml --format openapi keeps info, servers, tags, externalDocs and x- extensions', () => {
  const dir = importProject();
  writeFileSync(join(dir, 'doc.yaml'), DOC);
  const r = runBin('api-docs', ['doc.yaml', '--format', 'openapi'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assertKept(JSON.parse(r.stdout) as Obj);
});

test('api-serve import -> api-docs ./api.ts --format openapi keeps them too, and the module compiles under strict tsc', () => {
  const dir = importProject();
  writeFileSync(join(dir, 'doc.yaml'), DOC);
  const imported = runBin('api-serve', ['import', 'doc.yaml', '-o', 'api.ts'], { cwd: dir });
  assert.is(imported.code, 0, imported.stderr);
  const source = readFileSync(join(dir, 'api.ts'), 'utf8');
  assert.match(source, /version: "2\.4\.0-beta\.1"/);
  assert.match(source, /"quote \\" and \*\/ end"/);
  const tsc = typecheck(dir, ['api.ts']);
  assert.is(tsc, '', tsc);
  const r = runBin('api-docs', ['./api.ts', '--format', 'openapi'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assertKept(JSON.parse(r.stdout) as Obj);
});

test('--server-url still names the server over the document\'s own', () => {
  const dir = importProject();
  writeFileSync(join(dir, 'doc.yaml'), DOC);
  const r = runBin('api-docs', ['doc.yaml', '--format', 'openapi', '--server-url', 'https://staging.example.com'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.equal((JSON.parse(r.stdout) as Obj).servers, [{ url: 'https://staging.example.com' }]);
});

test('a document without them is written as before: unversioned, this machine as the server, tags from the paths', () => {
  const dir = importProject();
  writeFileSync(join(dir, 'doc.yaml'), 'openapi: 3.0.3\ninfo: { title: Bare, version: "1" }\npaths:\n  /things:\n    get:\n      responses: { "204": { description: none } }\n');
  const r = runBin('api-docs', ['doc.yaml', '--format', 'openapi'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  const written = JSON.parse(r.stdout) as Obj;
  assert.is((written.info as Obj).version, '1');
  assert.match((written.info as Obj).description as string, /^Surface doc\. For a request no endpoint handles: /);
  assert.equal(written.servers, [{ url: 'http://127.0.0.1:8081', description: '`api-serve doc` on this machine.' }]);
  assert.equal(written.tags, [{ name: 'things', description: 'Endpoints under `/things`.' }]);
  assert.not.ok('externalDocs' in written);
});

test.run();
