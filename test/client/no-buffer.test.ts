// Without Node's Buffer (as in a browser page), the predictor judges bodies and credentials as it
// does with it: a process whose global Buffer is deleted before api-serve loads predicts the same
// requests (JSON with a byte order mark or a byte that is not UTF-8, forms, Basic credentials) and
// gets the same answers, refusals and handler inputs as this one.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';
import { predictions } from './no-buffer-cases.js';

test('the predictor without Buffer: the same answers, refusals and inputs as with it', async () => {
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'test/client/no-buffer-child.ts')], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  assert.is(child.status, 0, child.stderr);
  const out = JSON.parse(child.stdout.trim().split('\n').pop()!) as { buffer: string; predictions: unknown[] };
  assert.is(out.buffer, 'undefined', 'the child ran without Buffer');
  const here = JSON.parse(JSON.stringify(await predictions())) as unknown[];
  assert.equal(out.predictions, here);
  // The cases mean something: some pass, some are refused for their bytes.
  const kinds = here.map((p) => (p as { name: string; kind: string }).kind);
  assert.ok(kinds.includes('handler') && kinds.includes('badBody') && kinds.includes('unauthorized'), kinds.join(', '));
});

test.run();
