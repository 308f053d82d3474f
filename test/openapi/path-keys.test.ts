// Path keys public definitions write that no request path can match (clicksend's
// `/sms/history?date_from={date_from}&date_to={date_to}` with path parameters, medium's
// `/search/articles?query={query}` with a query one, opensuse's fixed `?view=ymp`, apicurio's key
// without a leading slash): the document starts, each key is one warning pointing at it in the
// file, and the operation answers at the path its author meant, its parameters read from the query.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnServe } from '../helpers/cli.js';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { call, tempDir } from '../helpers/server.js';

const DOC = `openapi: 3.0.3
info: { title: Keys, version: '1' }
paths:
  /sms/history?date_from={date_from}&date_to={date_to}:
    get:
      operationId: history
      parameters:
        - { name: date_from, in: path, required: true, schema: { type: integer } }
        - { name: date_to, in: path, required: true, schema: { type: integer } }
      responses: { '200': { description: the messages, content: { application/json: { schema: { type: array, items: { type: string } } } } } }
  /search/articles?query={query}:
    get:
      operationId: search
      parameters: [ { name: query, in: query, required: true, schema: { type: string, minLength: 2 } } ]
      responses: { '200': { description: found, content: { application/json: { schema: { type: array, items: { type: string } } } } } }
  /binaries/{name}?view=ymp:
    get:
      operationId: binary
      parameters: [ { name: name, in: path, required: true, schema: { type: string } } ]
      responses: { '200': { description: one, content: { text/plain: { schema: { type: string } } } } }
  /uploads:
    get:
      operationId: uploads
      responses: { '200': { description: the uploads, content: { application/json: { schema: { type: array, items: { type: string } } } } } }
  /uploads?convert={convert}:
    post:
      operationId: upload
      responses: { '204': { description: stored } }
  registry/{id}:
    get:
      operationId: entry
      parameters: [ { name: id, in: path, required: true, schema: { type: integer } } ]
      responses: { '204': { description: there } }
`;

test('each key is read as meant, one warning each pointing at the key in the file', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'keys.yaml'), DOC);
  const imported = importSurface(await loadDocument(join(dir, 'keys.yaml')), 'keys');
  const said = imported.warnings.filter((w) => /^the path key /.test(w.message));
  assert.equal(said.map((w) => w.pointer).sort(), [
    '/paths/registry~1{id}', '/paths/~1binaries~1{name}?view=ymp', '/paths/~1search~1articles?query={query}',
    '/paths/~1sms~1history?date_from={date_from}&date_to={date_to}', '/paths/~1uploads?convert={convert}',
  ]);
  assert.match(said.find((w) => w.pointer.includes('sms'))!.message, /holds a query string \("\?date_from=\{date_from\}&date_to=\{date_to\}"\), which no request path has: served at \/sms\/history, with date_from, date_to as query parameters/);
  assert.match(said.find((w) => w.pointer.includes('binaries'))!.message, /served at \/binaries\/\{name\} \(the fixed view=ymp is not required\)/);
  assert.match(said.find((w) => w.pointer.includes('registry'))!.message, /has no leading slash: served at \/registry\/\{id\}/);
});

test('served: the query names are parameters (typed, required as declared), the merged and prefixed paths answer', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'keys.yaml'), DOC);
  const served = await spawnServe(['keys.yaml', '--mock', '--port', '0', '--data', join(dir, 'data')], 1, { cwd: dir });
  try {
    const url = served.urls.keys!;
    assert.match(served.stderr(), /warning: keys\.yaml#\/paths\/~1uploads\?convert=\{convert\}: the path key holds a query string/);
    assert.is((await call(url, 'GET', '/sms/history?date_from=1&date_to=2')).status, 200);
    assert.is((await call(url, 'GET', '/sms/history?date_from=1')).status, 400, 'date_to is required, as its path parameter was');
    assert.is((await call(url, 'GET', '/sms/history?date_from=x&date_to=2')).status, 400, 'an integer still');
    assert.is((await call(url, 'GET', '/search/articles?query=ts')).status, 200);
    assert.is((await call(url, 'GET', '/search/articles?query=t')).status, 400, 'its schema still holds');
    assert.is((await call(url, 'GET', '/binaries/a.rpm')).status, 200);
    assert.is((await call(url, 'GET', '/uploads')).status, 200);
    assert.is((await call(url, 'POST', '/uploads?convert=fax')).status, 204);
    assert.is((await call(url, 'GET', '/registry/5')).status, 204);
  } finally { await served.stop(); }
});

test('a key whose query names a variable ({search}=1) is left as it is: the document is judged as written', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'odd.yaml'), `openapi: 3.0.3
info: { title: Odd, version: '1' }
paths:
  /numbers/search/{country}?{search}=1:
    get:
      parameters:
        - { name: country, in: path, required: true, schema: { type: string } }
        - { name: search, in: path, required: true, schema: { type: string } }
      responses: { '204': { description: ok } }
`);
  const imported = importSurface(await loadDocument(join(dir, 'odd.yaml')), 'odd');
  assert.not.ok(imported.warnings.some((w) => /^the path key /.test(w.message)));
});

test('an extension among the path keys (apicurio\'s x-codegen-contextRoot), which OpenAPI allows, does not refuse the document and is kept', async () => {
  const dir = tempDir();
  for (const [file, head] of [['ext30.yaml', 'openapi: 3.0.3'], ['ext20.yaml', "swagger: '2.0'"]] as const) {
    writeFileSync(join(dir, file), `${head}
info: { title: Ext, version: '1' }
paths:
  x-codegen-contextRoot: /apis/registry
  /ids/{id}:
    get:
      parameters: [ { name: id, in: path, required: true, ${head.startsWith('openapi') ? 'schema: { type: integer }' : 'type: integer'} } ]
      responses: { '204': { description: there } }
`);
    const loaded = await loadDocument(join(dir, file));
    assert.is((loaded.document.paths as Record<string, unknown>)['x-codegen-contextRoot'], '/apis/registry', file);
    const imported = importSurface(loaded, 'ext');
    assert.is(Object.keys(imported.surface.tree).length, 1, file);
  }
});

test.run();

const CLASH = `openapi: 3.0.3
info: { title: Clash, version: '1' }
paths:
  /items?page={page}:
    parameters: [ { name: page, in: path, required: true, schema: { type: integer } } ]
    get:
      operationId: pagedItems
      responses: { '200': { description: a page, content: { application/json: { schema: { type: array, items: { type: integer } } } } } }
  /items:
    parameters: [ { name: X-Tenant, in: header, required: true, schema: { type: string } } ]
    get:
      operationId: items
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { type: string } } } } } }
    post:
      operationId: addItem
      responses: { '204': { description: added } }
  /orders:
    get:
      operationId: orders
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { type: string } } } } } }
  /orders?status={status}:
    get:
      operationId: ordersByStatus
      parameters: [ { name: status, in: path, required: true, schema: { type: string } } ]
      responses: { '200': { description: some, content: { application/json: { schema: { type: array, items: { type: integer } } } } } }
    delete:
      operationId: clearOrders
      parameters: [ { name: status, in: path, required: true, schema: { type: string } } ]
      responses: { '204': { description: cleared } }
`;

test('a key whose path already has the method: the operation written first is served, the other left out, said in the key\'s warning naming both', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'clash.yaml'), CLASH);
  const imported = importSurface(await loadDocument(join(dir, 'clash.yaml')), 'clash');
  const said = (part: string) => imported.warnings.find((w) => w.pointer.includes(part) && /^the path key /.test(w.message))?.message ?? '';
  // Written first, the key's GET is served; the plain path's later GET is left out.
  assert.match(said('items?page'), /served at \/items, with page as query parameter; GET \/items declared again later in the document is left out \(this key's is served\)/);
  // Written after the plain path, the key's GET is left out; its DELETE, which nothing clashes with, is served.
  assert.match(said('orders?status'), /; GET is declared at \/orders already, which is served \(this key's GET is left out\)/);
  const names = imported.operations.map((o) => o.name).sort();
  assert.ok(names.includes('pagedItems') && !names.includes('items'), names.join(', '));
  assert.ok(names.includes('orders') && !names.includes('ordersByStatus') && names.includes('clearOrders'), names.join(', '));
  assert.ok(names.includes('addItem'));

  const served = await spawnServe(['clash.yaml', '--mock', '--port', '0', '--data', join(dir, 'data')], 1, { cwd: dir });
  try {
    const url = served.urls.clash!;
    const page = await call(url, 'GET', '/items?page=2');
    assert.is(page.status, 200);
    assert.ok((page.json() as unknown[]).every((x) => typeof x === 'number'), 'the key\'s operation answers (integers)');
    assert.is((await call(url, 'GET', '/items')).status, 400, 'page is required, as its path parameter was; the tenant header is not asked of it');
    // The plain path's own parameters stay with its operations: POST still needs the tenant.
    assert.is((await call(url, 'POST', '/items')).status, 400);
    assert.is((await call(url, 'POST', '/items', { headers: { 'x-tenant': 'a' } })).status, 204);
    const orders = await call(url, 'GET', '/orders');
    assert.ok((orders.json() as unknown[]).every((x) => typeof x === 'string'), 'the plain path\'s operation answers (strings)');
    assert.is((await call(url, 'DELETE', '/orders?status=open')).status, 204);
    assert.is((await call(url, 'DELETE', '/orders')).status, 400, 'status is required for the merged DELETE');
  } finally { await served.stop(); }
});
