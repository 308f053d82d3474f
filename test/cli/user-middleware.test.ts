// A user module's Polka middleware and app hook, served by the real CLI: `export const middleware`
// runs before the surface on every request (a logging middleware, a /health route), `export
// function configure(app)` adds routes; a malformed export is one line and exit 2.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runBin, spawnServe } from '../helpers/cli.js';
import { call, tempDir } from '../helpers/server.js';

const s = suite('user middleware');

const MODULE = `import { api, capture, get, implement, json, t, type Middleware, type PolkaApp } from 'api-serve';

export const surface = api('Mine', { title: 'mine' }, {
  hello: get('hello').returns(json(t.text)),
  item: get('items', capture('id', t.int)).returns(json(t.int)),
});
export const handlers = implement(surface, { hello: () => 'hi', item: ({ id }) => id });

export const middleware: Middleware[] = [
  (req, _res, next) => { process.stderr.write(\`saw \${req.method} \${req.url}\\n\`); next(); },
  (req, res, next) => {
    if (req.path !== '/health') return next();
    res.setHeader('content-type', 'text/plain');
    res.end('ok');
  },
];

export function configure(app: PolkaApp): void {
  app.get('/version', (_req, res) => { res.end('1.0.0'); });
}
`;

/** A project folder with api-serve installed as a link to this repository, and `api.ts` in it. */
function project(source: string): string {
  const dir = tempDir('api-serve-middleware-');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'mine', version: '1.0.0', private: true, type: 'module' }));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules', 'api-serve'), 'dir');
  writeFileSync(join(dir, 'api.ts'), source);
  return dir;
}

const CASES = [
  { name: 'GET /health -> 200 ok (the middleware answers before the surface)', method: 'GET', url: '/health', status: 200, text: 'ok' },
  { name: 'GET /version -> 200 (a route configure added)', method: 'GET', url: '/version', status: 200, text: '1.0.0' },
  { name: 'GET /hello -> 200 from the surface (the middleware called next)', method: 'GET', url: '/hello', status: 200, text: '"hi"' },
  { name: 'GET /items/x -> 400 naming capture id', method: 'GET', url: '/items/x', status: 400, text: 'Error parsing capture id failed: "x" is not an integer' },
  { name: 'PUT /hello -> 405 with Allow: GET, HEAD', method: 'PUT', url: '/hello', status: 405, allow: 'GET, HEAD' },
  { name: 'GET /nope -> 404 from the surface', method: 'GET', url: '/nope', status: 404 },
] as const;

s('api-serve ./api.ts runs the module\'s middleware and configure before the surface', async () => {
  const dir = project(MODULE);
  try {
    const served = await spawnServe(['./api.ts', '--port', '0', '--data', join(dir, 'data')], 1, { cwd: dir });
    try {
      for (const c of CASES) {
        const r = await call(served.urls.Mine!, c.method, c.url);
        assert.is(r.status, c.status, `${c.name}: ${r.text}`);
        if ('text' in c) assert.is(r.text, c.text, c.name);
        if ('allow' in c) assert.is(r.headers.allow, c.allow, c.name);
      }
    } finally {
      assert.is(await served.stop(), 0);
    }
    // The logging middleware saw every request, those the surface refused included.
    for (const c of CASES) assert.ok(served.stderr().includes(`saw ${c.method} ${c.url}\n`), `${c.name}\n${served.stderr()}`);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

for (const [what, source, said] of [
  ['middleware that is not a list of functions', `${MODULE.split('export const middleware')[0]}export const middleware = [42];\n`, /api\.ts: `middleware` must be a list of \(req, res, next\) functions/],
  ['configure that is not a function', `${MODULE.split('export const middleware')[0]}export const configure = { get: 1 };\n`, /api\.ts: `configure` must be a function of the Polka app/],
] as const) {
  s(`api-serve ./api.ts with ${what} -> one line, exit 2`, () => {
    const dir = project(source);
    try {
      const r = runBin('api-serve', ['./api.ts', '--port', '0', '--data', join(dir, 'data')], { cwd: dir });
      assert.is(r.code, 2, r.stderr);
      assert.match(r.stderr, said);
      assert.is(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });
}

s.run();
