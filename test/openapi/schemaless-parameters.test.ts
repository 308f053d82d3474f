// A parameter whose schema says nothing of its items (wikipathways: `ids`, an array of `{}`, form
// style) takes any text: an item that spells JSON is that JSON, any other is the text itself,
// where "item 1: not valid JSON" refused a valid request.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { implement } from '../../src/dsl/index.js';
import { call, startInProcess, tempDir } from '../helpers/server.js';

test('?ids=WP1,42,true with items {} reaches the handler as ["WP1", 42, true]', async () => {
  const file = join(tempDir('schemaless-'), 'doc.json');
  writeFileSync(file, JSON.stringify({
    openapi: '3.0.3', info: { title: 'x', version: '1' },
    paths: { '/find': { get: {
      operationId: 'find',
      parameters: [
        { name: 'ids', in: 'query', required: true, style: 'form', explode: false, schema: { type: 'array', items: {} } },
      ],
      responses: { '200': { description: 'ok', content: { 'application/json': { schema: {} } } } },
    } } },
  }));
  const { surface } = importSurface(await loadDocument(file), 'x');
  const s = await startInProcess(implement(surface as never, { find: (input: Record<string, unknown>) => ({ ids: input.ids }) } as never));
  try {
    const r = await call(s.url, 'GET', '/find?ids=WP1,42,true');
    assert.is(r.status, 200, r.text);
    const body = r.json() as { ids: unknown };
    assert.equal(body.ids, ['WP1', 42, true]);
  } finally { await s.close(); }
});

test.run();
