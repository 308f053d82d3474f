// An OpenAPI document with path segments mixing text and parameters (`/files/{name}.{ext}`,
// `/v1/{parent}:synthesize`, `/v{version}/items`) and two operations of one route shape
// (`/things/{id}`, `/things/{name}`): served with one warning, imported as a module a strict tsc
// accepts, and that module served answers as the document does.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runBin, spawnServe } from '../helpers/cli.js';
import { call } from '../helpers/server.js';
import { importProject, typecheck } from '../helpers/import-project.js';
import { DOCS } from './load.js';

const s = suite('mixed paths in a document');
const DOC = join(DOCS, 'mixed-paths.yaml');
const SAME_ROUTE = /^api-serve: warning: .*mixed-paths\.yaml#\/paths\/~1things~1\{name\}\/get: GET \/things\/\{name\} has the same route as \/paths\/~1things~1\{id\}\/get, which no request can tell apart; only that one is served$/;

interface Row { method: string; url: string; status: number }

const ROWS: readonly Row[] = [
  { method: 'GET', url: '/files/report.pdf', status: 200 },
  { method: 'GET', url: '/files/my.report.txt', status: 200 },
  { method: 'GET', url: '/files/report.doc', status: 400 },
  { method: 'GET', url: '/files/report', status: 404 },
  { method: 'POST', url: '/v1/projects%2Fp:synthesize', status: 200 },
  { method: 'GET', url: '/v1/p:synthesize', status: 405 },
  { method: 'POST', url: '/v1/p:summarize', status: 404 },
  { method: 'GET', url: '/v2/items', status: 200 },
  { method: 'GET', url: '/v0/items', status: 400 },
  { method: 'GET', url: '/vx/items', status: 400 },
  { method: 'GET', url: '/things/7', status: 200 },
  { method: 'DELETE', url: '/things/abc', status: 204 },
];

const sameRoute = (stderr: string) => stderr.split('\n').filter((l) => l.includes('has the same route'));

let dir = '';
s.after(() => { if (dir !== '') rmSync(dir, { recursive: true, force: true }); });

s('api-serve doc.yaml serves the mixed paths and the first of two same-shaped operations, warning once', async () => {
  dir = importProject();
  const served = await spawnServe([DOC, '--port', '0', '--data', join(dir, 'data-doc')], 1, { cwd: dir });
  try {
    const [base] = Object.values(served.urls);
    for (const row of ROWS) {
      const r = await call(base!, row.method, row.url);
      assert.is(r.status, row.status, `${row.method} ${row.url}: ${r.text}`);
    }
    assert.is((await call(base!, 'GET', '/things/7')).json(), 'by id', 'the first declared answers');
    const lines = sameRoute(served.stderr());
    assert.is(lines.length, 1, served.stderr());
    assert.match(lines[0]!, SAME_ROUTE);
  } finally { await served.stop(); }
});

s('api-serve import writes segment(...) for them, the same warning once, and a strict tsc accepts the module', () => {
  const r = runBin('api-serve', ['import', DOC, '-o', 'api.ts'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.is(sameRoute(r.stderr).length, 1, r.stderr);
  const source = readFileSync(join(dir, 'api.ts'), 'utf8');
  assert.match(source, /^ {2}getFile: get\("files", segment\(capture\("name", t\.text\), "\.", capture\("ext", t\.enumOf\(\["pdf", "txt"\]\)\)\)\)$/m);
  assert.match(source, /^ {2}synthesize: post\("v1", segment\(capture\("parent", t\.text\), ":synthesize"\)\)$/m);
  assert.match(source, /^ {2}listItems: get\(segment\("v", capture\("version", /m);
  assert.not.match(source, /thingByName/);
  const tsc = typecheck(dir, ['api.ts']);
  assert.is(tsc, '', tsc);
});

s('the imported module served answers every request as the document served does', async () => {
  const [mine, theirs] = await Promise.all([
    spawnServe(['./api.ts', '--port', '0', '--data', join(dir, 'data-a')], 1, { cwd: dir }),
    spawnServe([DOC, '--port', '0', '--data', join(dir, 'data-b')], 1, { cwd: dir }),
  ]);
  try {
    const [a] = Object.values(mine.urls);
    const [b] = Object.values(theirs.urls);
    for (const row of ROWS) {
      const [x, y] = await Promise.all([call(a!, row.method, row.url), call(b!, row.method, row.url)]);
      const what = `${row.method} ${row.url}`;
      assert.is(x.status, row.status, `${what}: ${x.text}`);
      assert.equal([x.status, x.headers['content-type'], x.headers.allow, x.text], [y.status, y.headers['content-type'], y.headers.allow, y.text], what);
    }
  } finally {
    await Promise.all([mine.stop(), theirs.stop()]);
  }
});

s.run();
