// JSON nested past the one depth limit is a 400 naming the limit, never a 500 from a stack
// overflow: against a recursive codec, a free-form field of a stateful mock's item (stored, listed,
// encoded), a +json type and a free JSON value sent as text; the server keeps serving after each.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { api, body, get, implement, json, post } from '../../src/dsl/index.js';
import { media, t } from '../../src/codec/index.js';
import { mediaOf } from '../../src/codec/media-of.js';
import { MAX_JSON_DEPTH, jsonTextDeeperThan, jsonValueDepth } from '../../src/codec/json-depth.js';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { mock } from '../../src/mock/index.js';
import { call, startInProcess, tempDir } from '../helpers/server.js';

const JSON_CT = { 'content-type': 'application/json' };
const TOO_DEEP = `Error in $: nested deeper than ${MAX_JSON_DEPTH} levels (the limit)`;
/** `n` nested arrays. */
const arrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
/** `n` nested objects around a 1. */
const objects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
/** A Tree `n` nodes deep: each node is an object and its children list, so 2n levels of JSON. */
const tree = (n: number) => `${'{"value":1,"children":['.repeat(n)}{"value":1,"children":[]}${']}'.repeat(n)}`;

test('the text measure counts brackets outside strings only, and matches the value measure', () => {
  const cases = [arrays(MAX_JSON_DEPTH), arrays(MAX_JSON_DEPTH + 1), objects(MAX_JSON_DEPTH + 1), `["${'['.repeat(5000)}"]`, `["\\"${'['.repeat(5000)}"]`, tree(600)];
  for (const text of cases) {
    const deeper = jsonValueDepth(JSON.parse(text) as unknown) > MAX_JSON_DEPTH;
    assert.is(jsonTextDeeperThan(Buffer.from(text)), deeper, text.slice(0, 30));
  }
  assert.is(jsonValueDepth(arrays(7) as unknown), 0, 'a string is no level');
  assert.is(jsonValueDepth(JSON.parse(arrays(7)) as unknown), 7);
});

type Tree = { value: number; children: Tree[] };
const Tree = t.recursive<Tree>('Tree', (self) => t.object('Tree', { value: t.int, children: t.array(self) }));
const recursiveSurface = api('Deep', { title: 'recursive bodies' }, {
  count: post('count', body(Tree)).returns(json(t.int)),
  vendor: post('vendor', body(Tree, [mediaOf('application/vnd.tree+json')])).returns(json(t.int)),
  free: post('free', body(t.json, [media.text])).returns(json(t.int)),
  echo: post('echo', body(t.json)).returns(json(t.json)),
  deepReply: get('deep-reply').returns(json(t.json)),
  ok: get('ok').returns(json(t.int)),
});
const nodes = (x: Tree): number => 1 + x.children.reduce((n, c) => n + nodes(c), 0);
const recursiveImpl = implement(recursiveSurface, {
  count: ({ body: b }) => nodes(b),
  vendor: ({ body: b }) => nodes(b),
  free: () => 1,
  echo: ({ body: b }) => b,
  // A handler's own output nested past what the encoder can walk: its 500, not a dead process.
  deepReply: () => JSON.parse(arrays(200_000)) as unknown,
  ok: () => 1,
});

test('recursive codec: 2,000 and 5,000 levels are a 400 naming the limit; within it the body is read', async () => {
  const s = await startInProcess(recursiveImpl);
  try {
    const cases = [
      { name: 'POST /count, a Tree 1,000 nodes (2,000 levels)', url: '/count', headers: JSON_CT, body: tree(1000), status: 400, text: TOO_DEEP },
      { name: 'POST /count, a Tree 2,500 nodes (5,000 levels)', url: '/count', headers: JSON_CT, body: tree(2500), status: 400, text: TOO_DEEP },
      { name: 'POST /count, 2,000 bare arrays (not a Tree either)', url: '/count', headers: JSON_CT, body: arrays(2000), status: 400, text: TOO_DEEP },
      { name: 'POST /vendor (+json), a Tree 1,000 nodes', url: '/vendor', headers: { 'content-type': 'application/vnd.tree+json' }, body: tree(1000), status: 400, text: TOO_DEEP },
      { name: 'POST /free (a JSON value as text), 5,000 levels', url: '/free', headers: { 'content-type': 'text/plain' }, body: objects(5000), status: 400, text: TOO_DEEP },
      { name: 'POST /echo, 2,000 levels in a string are no levels', url: '/echo', headers: JSON_CT, body: JSON.stringify(arrays(2000)), status: 200, text: JSON.stringify(arrays(2000)) },
      { name: 'POST /count, a Tree 499 nodes (999 levels) is read', url: '/count', headers: JSON_CT, body: tree(499), status: 200, text: '500' },
      { name: 'POST /echo, exactly the limit is read and answered', url: '/echo', headers: JSON_CT, body: arrays(MAX_JSON_DEPTH), status: 200, text: arrays(MAX_JSON_DEPTH) },
      { name: 'POST /echo, one past the limit', url: '/echo', headers: JSON_CT, body: arrays(MAX_JSON_DEPTH + 1), status: 400, text: TOO_DEEP },
    ];
    for (const c of cases) {
      const r = await call(s.url, 'POST', c.url, { headers: c.headers, body: c.body });
      assert.is(r.status, c.status, c.name);
      assert.is(r.text, c.text, c.name);
    }
    const reply = await call(s.url, 'GET', '/deep-reply');
    assert.is(reply.status, 500, "a handler's own too-deep output is its 500");
    assert.not.match(reply.text, /stack/i, 'the 500 body is generic');
    assert.is((await call(s.url, 'GET', '/ok')).text, '1', 'still serving');
  } finally {
    await s.close();
  }
});

const DOC = `openapi: 3.0.3
info: { title: things, version: '1' }
paths:
  /things:
    get:
      responses:
        '200':
          description: all things
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Thing' } }
    post:
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/NewThing' }
      responses:
        '201':
          description: made
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Thing' }
  /things/{id}:
    get:
      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
      responses:
        '200':
          description: one thing
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Thing' }
        '404': { description: no such thing }
components:
  schemas:
    NewThing:
      type: object
      required: [name]
      properties:
        name: { type: string }
        extra: { type: object, additionalProperties: true }
        list: { type: array, items: {} }
    Thing:
      type: object
      required: [id, name]
      properties:
        id: { type: integer }
        name: { type: string }
        extra: { type: object, additionalProperties: true }
        list: { type: array, items: {} }
`;

test('stateful mock of a document: free-form fields 2,000 and 5,000 deep are a 400; the collection stays readable', async () => {
  const dir = tempDir();
  try {
    writeFileSync(join(dir, 'doc.yaml'), DOC);
    const { surface } = importSurface(await loadDocument(join(dir, 'doc.yaml')), 'doc');
    const s = await startInProcess(mock(surface, { stateful: true }));
    try {
      for (const [field, value] of [['extra', objects(2000)], ['extra', objects(5000)], ['list', arrays(2000)], ['list', arrays(5000)]] as const) {
        const r = await call(s.url, 'POST', '/things', { headers: JSON_CT, body: `{"name":"deep","${field}":${value}}` });
        assert.is(r.status, 400, `${field} ${value.length}`);
        assert.is(r.text, TOO_DEEP);
      }
      // Within the limit: stored, listed and read back whole (the store and encoder walk it too).
      const within = arrays(MAX_JSON_DEPTH - 2);
      const made = await call(s.url, 'POST', '/things', { headers: JSON_CT, body: `{"name":"within","list":${within}}` });
      assert.is(made.status, 201);
      const { id } = made.json() as { id: number };
      const one = await call(s.url, 'GET', `/things/${id}`);
      assert.is(one.status, 200);
      assert.equal((one.json() as { list: unknown }).list, JSON.parse(within));
      const all = await call(s.url, 'GET', '/things');
      assert.is(all.status, 200, 'the collection is still listed');
      assert.ok((all.json() as { name: string }[]).every((x) => x.name !== 'deep'), 'nothing too deep was stored');
    } finally {
      await s.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
