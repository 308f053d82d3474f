// api-serve/client bundles for browsers: esbuild (platform browser) builds src/client/index.ts with
// no Node built-in and none of the server's modules on its import path.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../helpers/cli.js';

test('the client bundles for browsers without node: built-ins or src/server/', async () => {
  const out = await build({
    entryPoints: [join(ROOT, 'src/client/index.ts')], bundle: true, platform: 'browser', format: 'esm', minify: true, write: false,
    metafile: true, logLevel: 'silent', absWorkingDir: ROOT,
  });
  assert.equal(out.errors, []);
  const inputs = Object.keys(out.metafile.inputs);
  assert.equal(inputs.filter((i) => i.startsWith('src/server/') || i.startsWith('src/store/') || i.startsWith('src/cli/')), []);
  assert.equal(inputs.filter((i) => i.startsWith('node:')), []);
  const output = Object.values(out.metafile.outputs)[0]!;
  assert.equal(output.imports, [], 'nothing is left to import at run time');
});

test.run();
