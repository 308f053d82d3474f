// The package's subpath exports, imported by package name as a user would (a self-reference:
// Node resolves `api-serve/...` through package.json `exports` from inside the package).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { types: string; exports: Record<string, { types: string; default: string }> };

// By string, so that TypeScript checks these calls against the sources, not the built declarations.
const load = (specifier: string) => import(specifier) as Promise<Record<string, unknown>>;

const expected: Record<string, readonly string[]> = {
  'api-serve': ['api', 'get', 'implement', 'serve', 't'],
  'api-serve/docs': ['docModel', 'renderMarkdown', 'openApiText', 'parseIntro'],
  'api-serve/check': ['checkFixtures', 'loadFixtures', 'run', 'send', 'lint', 'totalsLine', 'junitXml', 'jsonReport', 'importHar'],
  'api-serve/client': ['client', 'ClientRefusal', 'ConformanceError'],
  'api-serve/fetch': ['fetchHandler'],
  'api-serve/fetch/msw': ['mswHandlers'],
  'api-serve/fetch/msw/browser': ['mswHandlers'],
  'api-serve/browser': ['api', 'get', 'implement', 't', 'media', 'client', 'ClientRefusal', 'webFetchHandler'],
};

for (const [specifier, names] of Object.entries(expected)) {
  test(`import('${specifier}') gives ${names.join(', ')}`, async () => {
    const mod = await load(specifier);
    for (const name of names) assert.ok(mod[name] !== undefined, `${specifier} exports no ${name}`);
  });
}

test("import('api-serve/describe') gives the router, the predictor and the error registry, and they work", async () => {
  const d = await load('api-serve/describe');
  for (const name of ['Router', 'predictor', 'predict', 'endpointErrors', 'STAGES', 'ERRORS']) assert.ok(d[name] !== undefined, `api-serve/describe exports no ${name}`);
  // Typed from the sources: what the package gives at run time is the built copy of the same code.
  const root = await load('api-serve') as unknown as typeof import('../../src/index.js');
  const surface = root.api('X', { title: 'x' }, { n: root.get('n').returns(root.json(root.t.int)) });
  const predict = d.predict as typeof import('../../src/describe/index.js').predict;
  const put = predict(surface, { method: 'PUT', url: '/n' });
  assert.equal([predict(surface, { method: 'GET', url: '/n' }).kind, put.kind === 'handler' ? 0 : put.status], ['handler', 405]);
});

test('every export points into dist/ at a module the build writes, with its declarations first', () => {
  for (const [key, target] of Object.entries(manifest.exports)) {
    // `types` must come first: TypeScript takes the first condition that matches.
    assert.equal(Object.keys(target), ['types', 'default'], key);
    assert.match(target.default, /^\.\/dist\/src\/.*index\.js$/, key);
    assert.is(target.types, target.default.replace(/\.js$/, '.d.ts'), key);
    const source = join(ROOT, target.default.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts'));
    assert.ok(existsSync(source), `${key}: ${source} is missing`);
    assert.ok(existsSync(join(ROOT, target.types)), `${key}: ${target.types} is not built`);
  }
  assert.is(manifest.types, manifest.exports['.']!.types);
});

test.run();
