// The package's subpath exports, imported by package name as a user would (a self-reference:
// Node resolves `api-serve/...` through package.json `exports` from inside the package).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string> };

// By string, so that TypeScript does not resolve them (dist/ has no declarations).
const load = (specifier: string) => import(specifier) as Promise<Record<string, unknown>>;

const expected: Record<string, readonly string[]> = {
  'api-serve': ['api', 'get', 'implement', 'serve', 't'],
  'api-serve/docs': ['docModel', 'renderMarkdown', 'openApiText', 'parseIntro'],
  'api-serve/check': ['checkFixtures', 'loadFixtures', 'run', 'send', 'lint', 'totalsLine', 'junitXml', 'jsonReport', 'importHar'],
};

for (const [specifier, names] of Object.entries(expected)) {
  test(`import('${specifier}') gives ${names.join(', ')}`, async () => {
    const mod = await load(specifier);
    for (const name of names) assert.ok(mod[name] !== undefined, `${specifier} exports no ${name}`);
  });
}

test("import('api-serve/describe') loads, once the description layer is built", async () => {
  const target = manifest.exports['./describe'];
  assert.is(target, './dist/src/describe/index.js');
  if (!existsSync(join(ROOT, target!))) {
    console.log(`  (skipped: ${target} does not exist yet; the description layer is built in another branch)`);
    return;
  }
  assert.type(await load('api-serve/describe'), 'object');
});

test('every export points into dist/ at a module the build writes', () => {
  for (const [key, target] of Object.entries(manifest.exports)) {
    assert.match(target, /^\.\/dist\/src\/.*index\.js$/, key);
    const source = join(ROOT, target.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts'));
    if (key !== './describe') assert.ok(existsSync(source), `${key}: ${source} is missing`);
  }
});

test.run();
