// `prepare` (scripts/build-if-stale.mjs): npm runs it on install in a clone, on `npm pack`, and each
// time `npx api-serve` installs the clone into its npx cache; a dist/ newer than its sources is
// not recompiled (the first npx in a fresh clone used to sit silent for about 10 s).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';

test('prepare leaves a dist/ built after its sources as it is, and says so', () => {
  const before = statSync(join(ROOT, 'dist/src/index.js')).mtimeMs;
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/build-if-stale.mjs')], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  assert.is(r.status, 0, r.stderr);
  assert.is(r.stderr, 'api-serve: dist/ is up to date (npm run build recompiles)\n');
  assert.is(statSync(join(ROOT, 'dist/src/index.js')).mtimeMs, before);
});

test('package.json runs it as prepare', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  assert.is(manifest.scripts.prepare, 'node scripts/build-if-stale.mjs');
});

test.run();
