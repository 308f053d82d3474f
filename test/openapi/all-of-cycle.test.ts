// An `allOf` naming a schema of the cycle it is part of (sinao's Quote: `allOf: [$ref
// SalesDocumentContract, {...}]`, read while SalesDocumentContract itself is being read): that
// part cannot be merged yet, so it holds as a rule on the other part. The document starts, values
// must meet both parts, and the mock answers values that do.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { mock } from '../../src/mock/index.js';
import { call, withServer } from '../helpers/server.js';

const dir = mkdtempSync(join(tmpdir(), 'all-of-cycle-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const doc = {
  openapi: '3.0.3',
  info: { title: 'Quotes', version: '1' },
  paths: {
    // Read first: Contract is being read when Quote's allOf names it.
    '/contracts/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'one', content: { 'application/json': { schema: { $ref: '#/components/schemas/Contract' } } } } },
      },
    },
    '/quotes': {
      post: {
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Quote' } } } },
        responses: { 201: { description: 'made', content: { 'application/json': { schema: { $ref: '#/components/schemas/Quote' } } } } },
      },
    },
  },
  components: {
    schemas: {
      // Contract names Quote, and Quote's allOf names Contract: a cycle entered at either end.
      Contract: {
        type: 'object', required: ['number'],
        properties: { number: { type: 'string', minLength: 3 }, related: { type: 'array', items: { $ref: '#/components/schemas/Quote' } } },
      },
      Quote: {
        allOf: [
          { $ref: '#/components/schemas/Contract' },
          { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['draft', 'sent'] } } },
        ],
      },
    },
  },
};
writeFileSync(join(dir, 'quotes.json'), JSON.stringify(doc));

test('the document imports with no weaker check and starts', async () => {
  const imported = importSurface(await loadDocument(join(dir, 'quotes.json')), 'quotes');
  assert.equal(imported.warnings.filter((w) => w.weaker !== undefined), [], JSON.stringify(imported.warnings));
  await withServer(mock(imported.surface), async (s) => {
    const r = await call(s.url, 'POST', '/quotes', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ number: 'Q-1', status: 'draft' }) });
    assert.is(r.status, 201, r.text);
  });
});

test('a value must meet both parts: each part\'s missing or broken field is refused', async () => {
  const imported = importSurface(await loadDocument(join(dir, 'quotes.json')), 'quotes');
  await withServer(mock(imported.surface), async (s) => {
    const post = (body: unknown) => call(s.url, 'POST', '/quotes', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.is((await post({ status: 'draft' })).status, 400, 'Contract\'s required number');
    assert.is((await post({ number: 'Q', status: 'draft' })).status, 400, 'Contract\'s minLength');
    assert.is((await post({ number: 'Q-1' })).status, 400, 'the inline part\'s required status');
    assert.is((await post({ number: 'Q-1', status: 'done' })).status, 400, 'the inline part\'s enum');
    assert.is((await post({ number: 'Q-1', status: 'sent', related: [{ number: 'Q-2', status: 'draft' }] })).status, 201);
    assert.is((await post({ number: 'Q-1', status: 'sent', related: [{ number: 'Q-2' }] })).status, 400, 'a related Quote meets both parts too');
  });
});

test('the mock\'s answer meets both parts', async () => {
  const imported = importSurface(await loadDocument(join(dir, 'quotes.json')), 'quotes');
  await withServer(mock(imported.surface), async (s) => {
    const r = await call(s.url, 'POST', '/quotes', { headers: { 'content-type': 'application/json', prefer: 'dynamic=true' }, body: JSON.stringify({ number: 'Q-1', status: 'draft' }) });
    assert.is(r.status, 201, r.text);
    const v = r.json() as { number?: unknown; status?: unknown };
    assert.ok(typeof v.number === 'string' && v.number.length >= 3, r.text);
    assert.ok(v.status === 'draft' || v.status === 'sent', r.text);
  });
});

test.run();
