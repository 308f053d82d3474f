// An operation's and a schema's `x-` extensions survive the round trip: read from the document,
// written back by `api-docs --format openapi`, and kept by `api-serve import` (`.extend({...})`,
// `t.annotate(codec, { "x-...": ... })`).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSurface, loadDocument, surfaceSource } from '../../src/openapi/index.js';
import { docModel, renderOpenApi } from '../../src/docs/index.js';
import { api, get, json } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { tempDir } from '../helpers/server.js';

const DOC = `openapi: 3.1.0
info: { title: X, version: '2.0' }
paths:
  /a:
    get:
      operationId: getA
      x-rate-limit: 10
      x-internal: { team: core, "quote\\"d": [1, 2] }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: integer, x-units: ms } } } }
`;

test('x- extensions of an operation come back in the OpenAPI written and in the imported source', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'x.yaml'), DOC);
  const imported = importSurface(await loadDocument(join(dir, 'x.yaml')), 'x');
  const out = renderOpenApi(docModel(imported.surface)) as { paths: Record<string, Record<string, Record<string, unknown>>> };
  const op = out.paths['/a']!.get!;
  assert.is(op['x-rate-limit'], 10);
  assert.equal(op['x-internal'], { team: 'core', 'quote"d': [1, 2] });
  assert.is(op.operationId, 'getA');
  const source = surfaceSource(imported, { file: 'x.yaml', command: 'api-serve' });
  assert.ok(source.includes('.extend({ "x-rate-limit": 10, "x-internal": { team: "core", "quote\\"d": [1, 2] } })'), source);
  const schema = (op.responses as Record<string, { content: Record<string, unknown> }>)['200']!.content;
  const [{ schema: written }] = Object.values(schema) as [{ schema: Record<string, unknown> }];
  assert.is(written['x-units'], 'ms');
  assert.ok(source.includes('t.annotate(t.int, { "x-units": "ms" })'), source);
});

test('extend() takes x- keys only; others are a TypeError naming them', () => {
  const e = get('a').returns(json(t.int));
  assert.throws(() => e.extend({ 'x-ok': 1, summary: 'no' } as never), /extend\(\): "summary" is not an x- extension/);
  const s = api('S', { title: 'S' }, { a: e.extend({ 'x-ok': 1 }) });
  const out = renderOpenApi(docModel(s)) as { paths: Record<string, Record<string, Record<string, unknown>>> };
  assert.is(out.paths['/a']!.get!['x-ok'], 1);
});

test.run();
