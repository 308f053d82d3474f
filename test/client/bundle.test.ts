// The browser entries bundle for browsers: esbuild (platform browser, no stubs, nothing external)
// builds api-serve/client, api-serve/browser and api-serve/fetch/msw/browser with no Node built-in
// and none of the server's listener, stores or CLI on their import path.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Metafile, build } from 'esbuild';
import { ROOT } from '../helpers/cli.js';

/**
 * Of src/server/ only the pipeline and the reply encoding are allowed (transport-independent, they
 * are what the web fetch handler runs); the listener, transport, Polka, static files, auth runtime
 * and recorder are the Node server's.
 */
const PIPELINE = new Set(['src/server/pipeline.ts', 'src/server/reply.ts']);
const serverSide = (input: string) => (input.startsWith('src/server/') && !PIPELINE.has(input)) || input.startsWith('src/store/') || input.startsWith('src/cli/')
  || input.startsWith('src/check/') || input.startsWith('src/openapi/') || input === 'src/fetch/fetch-handler.ts' || input.startsWith('node_modules/light-my-request/');

async function bundle(entry: string, external: string[] = []): Promise<{ inputs: string[]; metafile: Metafile; bytes: Uint8Array }> {
  const out = await build({
    entryPoints: [join(ROOT, entry)], bundle: true, platform: 'browser', format: 'esm', minify: true, write: false,
    metafile: true, logLevel: 'silent', absWorkingDir: ROOT, external,
  });
  assert.equal(out.errors, []);
  return { inputs: Object.keys(out.metafile.inputs), metafile: out.metafile, bytes: out.outputFiles[0]!.contents };
}

function assertBrowserSafe(inputs: readonly string[], metafile: Metafile, allowedImports: readonly string[] = []): void {
  assert.equal(inputs.filter(serverSide), [], 'none of the server\'s modules');
  assert.equal(inputs.filter((i) => i.startsWith('node:')), [], 'no node: built-in');
  const imported = Object.values(metafile.inputs).flatMap((i) => i.imports.map((x) => x.path));
  assert.equal(imported.filter((p) => p.startsWith('node:')), [], 'no module imports a node: built-in');
  const output = Object.values(metafile.outputs)[0]!;
  assert.equal(output.imports.map((i) => i.path), allowedImports, 'nothing else is left to import at run time');
}

test('api-serve/client bundles for browsers without node: built-ins or src/server/', async () => {
  const { inputs, metafile } = await bundle('src/client/index.ts');
  assertBrowserSafe(inputs, metafile);
});

test('api-serve/browser (DSL builders, codecs, client, web fetch handler) bundles with no stub: no node: import, no server module', async () => {
  const { inputs, metafile, bytes } = await bundle('src/browser/index.ts');
  assertBrowserSafe(inputs, metafile);
  for (const wanted of ['src/dsl/combinators.ts', 'src/codec/codecs.ts', 'src/client/client.ts', 'src/fetch/web-handler.ts', 'src/server/pipeline.ts']) {
    assert.ok(inputs.includes(wanted), `${wanted} is in the bundle`);
  }
  if (process.env.SHOW_BUNDLE_SIZE) console.log(`api-serve/browser: ${bytes.byteLength} bytes minified, ${gzipSync(bytes).byteLength} gzipped`);
});

test('a surface module written against api-serve/browser, with api-serve/mock, the client and msw, bundles for browsers', async () => {
  const { inputs, metafile } = await bundle('test/client/browser-page.ts');
  assertBrowserSafe(inputs, metafile);
});

test('api-serve/fetch/msw/browser bundles for browsers with msw as its only import', async () => {
  const { inputs, metafile } = await bundle('src/fetch/msw/browser/index.ts', ['msw']);
  assertBrowserSafe(inputs, metafile, ['msw']);
});

test.run();
