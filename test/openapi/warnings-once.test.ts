// A shared component read once per use is said once: the train travel API's error responses
// (`components/responses/*`, with an application/problem+xml body no codec reads), named by every
// operation, gave the same warning line per operation (52 lines at start, 21 once said once).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { tempDir } from '../helpers/server.js';

const problem = { description: 'a problem', content: { 'application/problem+xml': { schema: { type: 'object' } } } };
const op = (id: string) => ({ operationId: id, responses: { '200': { description: 'ok' }, '400': { $ref: '#/components/responses/BadRequest' } } });

test('a warning about a shared response is given once, however many operations name it', async () => {
  const file = join(tempDir('warn-once-'), 'doc.json');
  writeFileSync(file, JSON.stringify({
    openapi: '3.1.0', info: { title: 'w', version: '1' },
    paths: { '/a': { get: op('a') }, '/b': { get: op('b') }, '/c': { get: op('c'), delete: op('d') } },
    components: { responses: { BadRequest: problem } },
  }));
  const { warnings } = importSurface(await loadDocument(file), 'w');
  const shared = warnings.filter((w) => w.pointer.startsWith('/components/responses/BadRequest'));
  assert.is(shared.length, 1, JSON.stringify(warnings));
  assert.match(shared[0]!.message, 'application/problem+xml');
});

test.run();
