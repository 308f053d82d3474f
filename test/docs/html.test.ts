// The HTML reference without a browser: self-contained (nothing to fetch when viewed), escaped,
// one section per endpoint on every reference surface; and `api-serve --docs` over HTTP: the page
// and openapi.json under the reserved prefix (moved with --reserved-prefix, 404 without --docs).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { registry } from '../../specs/index.js';
import { api, get, json, t } from '../../src/index.js';
import { docModel, renderHtml } from '../../src/docs/index.js';
import { ROOT, runBin, spawnServe } from '../helpers/cli.js';
import { call, tempDir } from '../helpers/server.js';

const dir = tempDir('api-docs-html-');
test.after(() => rmSync(dir, { recursive: true, force: true }));

test('api-docs S2 --format html is one page that fetches nothing: no src, no external href, no stylesheet link, no url()', () => {
  const r = runBin('api-docs', ['S2', '--format', 'html']);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stderr, '');
  assert.ok(r.stdout.startsWith('<!doctype html>\n'));
  assert.equal(r.stdout.match(/\ssrc=|\shref="(?!#|data:)[^"]*"|<link rel="stylesheet"|@import|url\(/g), null);
});

for (const name of Object.keys(registry)) {
  test(`${name}: the page has one section per endpoint, in the doc model's order`, async () => {
    const model = docModel((await registry[name]!.load()).surface);
    const html = renderHtml(model);
    const sections = [...html.matchAll(/<section data-endpoint="([^"]*)" class="endpoint"/g)].map((m) => m[1]);
    assert.equal(sections, model.endpoints.map((e) => `${e.method} ${e.template}`));
  });
}

test('text from the surface is escaped: a summary or example holding markup shows as text', () => {
  const surface = api('X', { title: 'A <b>title</b>' }, {
    a: get('a').returns(json(t.text), { examples: [{ title: '<img src=x>', value: '</script><script>alert(1)</script>' }] }).summarize('Uses <script>alert(1)</script>'),
  });
  const html = renderHtml(docModel(surface));
  assert.not.match(html, /<script>alert/);
  assert.not.match(html, /<img src=x>/);
  assert.not.match(html, /<b>title/);
  assert.match(html, /&#60;script&#62;alert\(1\)/);
});

test('api-serve S2 --docs: the page and openapi.json under /__api-serve/, HEAD too, other methods 405, named on the listening line', async () => {
  // The expected documents first: a blocking child process mid-test would let kept-alive sockets time out.
  const html = runBin('api-docs', ['S2', '--format', 'html']).stdout;
  const document = JSON.parse(runBin('api-docs', ['S2', '--format', 'openapi']).stdout) as unknown;
  const s = await spawnServe(['S2', '--port', '0', '--docs']);
  try {
    const base = s.urls.S2!;
    assert.match(s.stdout(), /S2 listening on \S+ \(docs: \/__api-serve\/docs\)/);
    const page = await call(base, 'GET', '/__api-serve/docs');
    assert.is(page.status, 200);
    assert.is(page.headers['content-type'], 'text/html;charset=utf-8');
    assert.is(page.text, html.replace('</p></header>', ' · <a href="openapi.json">OpenAPI document</a></p></header>'));
    const openapi = await call(base, 'GET', '/__api-serve/openapi.json');
    assert.is(openapi.status, 200);
    assert.is(openapi.headers['content-type'], 'application/json;charset=utf-8');
    assert.equal(openapi.json(), document);
    const head = await call(base, 'HEAD', '/__api-serve/docs');
    assert.is(head.status, 200);
    assert.is(head.text, '');
    const post = await call(base, 'POST', '/__api-serve/docs');
    assert.is(post.status, 405);
    assert.is(post.headers.allow, 'GET, HEAD');
    assert.is((await call(base, 'GET', '/hello')).status, 200);
  } finally {
    await s.stop();
  }
});

test('--reserved-prefix moves the pages; without --docs there are none', async () => {
  const moved = await spawnServe(['S2', '--port', '0', '--docs', '--reserved-prefix', '/_api/']);
  const plain = await spawnServe(['S2', '--port', '0']);
  try {
    assert.is((await call(moved.urls.S2!, 'GET', '/_api/docs')).status, 200);
    assert.is((await call(moved.urls.S2!, 'GET', '/_api/openapi.json')).status, 200);
    assert.is((await call(moved.urls.S2!, 'GET', '/__api-serve/docs')).status, 404);
    assert.is((await call(plain.urls.S2!, 'GET', '/__api-serve/docs')).status, 404);
  } finally {
    await moved.stop();
    await plain.stop();
  }
});

test('a surface with a route where the pages would go: one line and exit 2', () => {
  const file = join(dir, 'clash.mjs');
  writeFileSync(file, `import { api, get, implement, json, t } from '${join(ROOT, 'dist/src/index.js')}';
export const surface = api('Clash', { title: 'clash' }, { d: get('api/docs').returns(json(t.text)) });
export const handlers = implement(surface, { d: () => 'mine' });\n`);
  const r = runBin('api-serve', [file, '--port', '0', '--docs', '--reserved-prefix', '/api/']);
  assert.is(r.code, 2);
  assert.is(r.stderr.split('\n').filter(Boolean).length, 1, r.stderr);
  assert.match(r.stderr, /^api-serve: .*\/api\/docs.*reserved prefix \/api\//);
});

test.run();
