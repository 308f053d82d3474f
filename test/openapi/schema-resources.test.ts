// JSON Schema 2020-12 references inside an OpenAPI 3.1 document (issue 31): `$id`, relative
// `$ref`s, `$anchor` and `$dynamicRef` resolve from the document itself, so the mock refuses what
// the schema refuses; a `$ref` to a URL no `$id` of the document names is still never fetched.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importSurface, loadDocument, OpenApiLoadError, type ImportedSurface } from '../../src/openapi/index.js';
import { mock } from '../../src/mock/index.js';
import { call, startInProcess, tempDir } from '../helpers/server.js';

/** A 3.1 document with `POST /<name>` taking each component as its JSON body (a 204 answer). */
function document(schemas: Record<string, unknown>): string {
  const paths = Object.fromEntries(Object.keys(schemas).map((name) => [`/${name}`, {
    post: {
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } },
      responses: { 204: { description: 'accepted' } },
    },
  }]));
  return JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths, components: { schemas } });
}

async function load(dir: string, schemas: Record<string, unknown>): Promise<ImportedSurface> {
  const path = join(dir, 'doc.json');
  writeFileSync(path, document(schemas));
  return importSurface(await loadDocument(path), 'doc');
}

/** The status the mock answers each body with, by operation. */
async function statuses(imported: ImportedSurface, bodies: readonly [string, unknown][]): Promise<number[]> {
  const server = await startInProcess(mock(imported.surface));
  try {
    const out: number[] = [];
    for (const [name, body] of bodies) out.push((await call(server.url, 'POST', `/${name}`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status);
    return out;
  } finally { await server.close(); }
}

const ORDER = {
  $id: 'https://example.com/schemas/order.json',
  type: 'object',
  required: ['id', 'lines'],
  properties: {
    // Relative to this `$id`: https://example.com/schemas/ids.json, the `$id` of Ids below.
    id: { $ref: 'ids.json#order-id' },
    lines: { type: 'array', items: { $ref: '#line' } },
  },
  $defs: { line: { $anchor: 'line', type: 'object', required: ['sku'], properties: { sku: { $ref: 'ids.json#/$defs/sku' } } } },
};
const IDS = {
  $id: 'https://example.com/schemas/ids.json',
  $defs: { order: { $anchor: 'order-id', type: 'integer', minimum: 1 }, sku: { type: 'string', pattern: '^[A-Z]{3}$' } },
};

test('relative $refs, $anchor and a pointer under another $id resolve inside the document: the mock answers a wrong order 400', async () => {
  const dir = tempDir();
  // A file named as the relative `$ref` is, beside the document: the `$id` inside the document is meant, not it.
  writeFileSync(join(dir, 'ids.json'), JSON.stringify({ $defs: { sku: {} } }));
  const imported = await load(dir, { Order: ORDER, Ids: IDS });
  assert.equal(imported.warnings, []);
  const good = { id: 1, lines: [{ sku: 'ABC' }] };
  assert.equal(await statuses(imported, [
    ['Order', good],
    ['Order', { ...good, id: 0 }],
    ['Order', { ...good, lines: [{ sku: 'abc' }] }],
    ['Order', { ...good, lines: [{}] }],
  ]), [204, 400, 400, 400]);
});

test('beside a $ref to a file in the folder (bundled), the in-document ones still resolve from the document', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'tag.json'), JSON.stringify({ type: 'string', maxLength: 3 }));
  const imported = await load(dir, { Order: ORDER, Ids: IDS, Tag: { $ref: './tag.json' } });
  assert.equal(imported.warnings, []);
  assert.equal(await statuses(imported, [['Tag', 'abc'], ['Tag', 'abcd'], ['Order', { id: 1, lines: [] }], ['Order', { id: 1, lines: [{ sku: 'abc' }] }]]), [204, 400, 204, 400]);
});

test('a $ref inside enum is a value, not a reference: the body equal to it is accepted, the file it names is not read into the enum', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'value.json'), JSON.stringify('from the file'));
  const imported = await load(dir, { Literal: { enum: [{ $ref: './value.json' }] } });
  assert.equal(imported.warnings, []);
  assert.equal(await statuses(imported, [['Literal', { $ref: './value.json' }], ['Literal', 'from the file']]), [204, 400]);
});

test('a tree whose $id resource refers to itself by a relative $ref is a recursive codec refusing a bad leaf deep down', async () => {
  const tree = { $id: 'urn:example:tree', type: 'object', required: ['value'], properties: { value: { type: 'number' }, children: { type: 'array', items: { $ref: 'urn:example:tree' } } } };
  const imported = await load(tempDir(), { Tree: tree });
  assert.equal(imported.warnings, []);
  const leaf = (value: unknown) => ({ value: 1, children: [{ value: 2, children: [{ value }] }] });
  assert.equal(await statuses(imported, [['Tree', leaf(3)], ['Tree', leaf('3')]]), [204, 400]);
});

test('$dynamicRef takes the outermost $dynamicAnchor of the dynamic scope: a list of strings refuses a number, the generic list does not', async () => {
  const list = { $id: 'https://example.com/list', type: 'array', items: { $dynamicRef: '#item' }, $defs: { item: { $dynamicAnchor: 'item' } } };
  const strings = { $id: 'https://example.com/strings', $ref: 'list', $defs: { item: { $dynamicAnchor: 'item', type: 'string' } } };
  const imported = await load(tempDir(), { List: list, Strings: strings });
  assert.equal(imported.warnings, []);
  assert.equal(await statuses(imported, [['List', ['a', 1]], ['Strings', ['a', 'b']], ['Strings', ['a', 1]]]), [204, 204, 400]);
});

test('an $id naming a file outside the folder is only a name: a $ref to it is the schema in the document, the file is never read', async () => {
  const dir = tempDir();
  const outside = pathToFileURL(join(dir, '..', 'secret.json')).href;
  const imported = await load(dir, { Count: { $ref: outside }, Named: { $id: outside, type: 'integer' } });
  assert.equal(imported.warnings, []);
  assert.equal(await statuses(imported, [['Count', 5], ['Count', 'five']]), [204, 400]);
});

test('a $ref to a URL no $id of the document names is still refused, absolute or relative to an $id, and nothing is fetched', async () => {
  let requests = 0;
  const server = createServer((_req, res) => { requests += 1; res.end('{"type":"string"}'); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ A: { $id: `${origin}/a.json`, type: 'string' }, B: { $ref: `${origin}/b.json` } }, `remote $ref "${origin}/b.json" not fetched`],
      [{ A: { $id: `${origin}/schemas/a.json`, properties: { b: { $ref: 'b.json' } } } }, `remote $ref "b.json" ("${origin}/schemas/b.json") not fetched`],
    ];
    for (const [schemas, message] of cases) {
      const dir = tempDir();
      const err = await load(dir, schemas).then(() => undefined, (e: unknown) => e);
      assert.ok(err instanceof OpenApiLoadError, `loaded: ${JSON.stringify(schemas)}`);
      assert.match(err.message, message);
    }
    assert.is(requests, 0, 'the server was asked');
  } finally { server.close(); }
});

test.run();
