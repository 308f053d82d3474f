// The generated docs against their golden files: the Markdown of every registry surface, S2's
// OpenAPI and the comprehensive surface's two documents. A change here is a bug or a deliberate
// update (scripts/update-golden.mjs, in its own commit). The file name avoids "golden": the test
// runner skips such paths (test/golden/).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GOLDEN_DIR, goldens } from './golden-files.js';

for (const g of goldens()) {
  test(`test/golden/${g.file} matches what api-docs generates`, async () => {
    const path = join(GOLDEN_DIR, g.file);
    const name = g.file.replace(/\.(md|openapi\.json)$/, '');
    assert.ok(existsSync(path), `test/golden/${g.file} is missing: run \`node scripts/update-golden.mjs ${name}\` and commit it`);
    const text = await g.render();
    assert.fixture(text, readFileSync(path, 'utf8'), `test/golden/${g.file} differs; if the change is on purpose, run \`node scripts/update-golden.mjs ${name}\``);
  });
}

test('every golden is rendered the same twice in a row (determinism)', async () => {
  for (const g of goldens()) assert.is(await g.render(), await g.render(), g.file);
});

test.run();
