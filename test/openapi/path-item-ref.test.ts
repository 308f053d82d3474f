// A path item given by `$ref` (surevoip: `/support/ip-address: {$ref: '#/paths/~1ip-address'}`,
// 3.1's `components/pathItems`) is served with its operations, where its path answered 404.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { mock } from '../../src/mock/index.js';
import { call, startInProcess, tempDir } from '../helpers/server.js';

const ok = (n: number) => ({ description: 'ok', content: { 'application/json': { schema: { type: 'integer' }, example: n } } });

test('a path item that is a $ref to another path item, or to components/pathItems, is served', async () => {
  const file = join(tempDir('path-item-ref-'), 'doc.json');
  writeFileSync(file, JSON.stringify({
    openapi: '3.1.0', info: { title: 'refs', version: '1' },
    paths: {
      '/ip-address': { get: { responses: { '200': ok(1) } } },
      '/support/ip-address': { $ref: '#/paths/~1ip-address' },
      '/status': { $ref: '#/components/pathItems/Status' },
    },
    components: { pathItems: { Status: { get: { operationId: 'status', responses: { '200': ok(2) } } } } },
  }));
  const { surface, warnings } = importSurface(await loadDocument(file), 'refs');
  assert.equal(warnings, []);
  const s = await startInProcess(mock(surface));
  try {
    for (const [path, n] of [['/ip-address', 1], ['/support/ip-address', 1], ['/status', 2]] as const) {
      const r = await call(s.url, 'GET', path);
      assert.is(r.status, 200, `${path}: ${r.text}`);
      assert.is(r.json(), n);
    }
  } finally { await s.close(); }
});

test.run();
