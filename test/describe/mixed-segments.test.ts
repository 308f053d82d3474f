// Path segments mixing text and captures (`{name}.{ext}`, `{parent}:synthesize`, `v{version}`),
// served over HTTP: matched, decoded, refused (404, 400, 405 with Allow) as whole-segment captures
// are, with the predictor agreeing on every case; documented with both captures; fuzzed clean.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { api, capture, checkSurface, get, implement, json, post, segment, walk } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { Router, predictor } from '../../src/describe/index.js';
import { docModel, renderMarkdown, renderOpenApi } from '../../src/docs/index.js';
import { fuzz } from '../../src/check/fuzz/index.js';
import { newDispatcher, send } from '../../src/check/replay.js';
import { call, withServer } from '../helpers/server.js';
import { generateRequest, random } from './request-generator.js';
import { sendPredicted } from './live-exchange.js';

const File = t.object('File', { name: t.text, ext: t.text });
const Numbered = t.object('Numbered', { id: t.int });
const Parent = t.object('Parent', { parent: t.text });
const Version = t.object('Version', { version: t.int });
const Page = t.object('Page', { page: t.text, html: t.bool });

export const surface = api('Mixed', { title: 'mixed segments' }, {
  file: get('files', segment(capture('name', t.text), '.', capture('ext', t.text))).returns(json(File)),
  // More literal text than `{name}.{ext}`: tried first where both fit.
  numbered: get('files', segment(capture('id', t.int), '.json')).returns(json(Numbered)),
  // A static segment beats a mixed one that could take the same word.
  readme: get('files', 'readme.md').returns(json(t.text)),
  synthesize: post('v1', segment(capture('parent', t.text), ':synthesize')).returns(json(Parent)),
  items: get(segment('v', capture('version', t.int)), 'items').returns(json(Version)),
  // A mixed segment beats a whole-segment capture that could take the same word.
  page: get('docs', capture('page', t.text)).returns(json(Page)),
  pageHtml: get('docs', segment(capture('page', t.text), '.html')).returns(json(Page)),
});

export const handlers = implement(surface, {
  file: ({ name, ext }) => ({ name, ext }),
  numbered: ({ id }) => ({ id }),
  readme: () => 'the readme',
  synthesize: ({ parent }) => ({ parent }),
  // `version` is typed a number by the segment's capture (a string would not compile here).
  items: ({ version }) => ({ version: version + 0 }),
  page: ({ page }) => ({ page, html: false }),
  pageHtml: ({ page }) => ({ page, html: true }),
});

interface Row { method: string; url: string; status: number; json?: unknown; allow?: string; endpoint?: string }

const ROWS: readonly Row[] = [
  { method: 'GET', url: '/files/report.pdf', status: 200, json: { name: 'report', ext: 'pdf' }, endpoint: 'file' },
  { method: 'GET', url: '/files/archive.tar.gz', status: 200, json: { name: 'archive.tar', ext: 'gz' }, endpoint: 'file' },
  { method: 'GET', url: '/files/a%2Eb', status: 200, json: { name: 'a', ext: 'b' }, endpoint: 'file' },
  { method: 'HEAD', url: '/files/report.pdf', status: 200, endpoint: 'file' },
  { method: 'GET', url: '/files/12.json', status: 200, json: { id: 12 }, endpoint: 'numbered' },
  { method: 'GET', url: '/files/twelve.json', status: 200, json: { name: 'twelve', ext: 'json' }, endpoint: 'file' },
  { method: 'GET', url: '/files/readme.md', status: 200, json: 'the readme', endpoint: 'readme' },
  { method: 'GET', url: '/files/noext', status: 404 },
  { method: 'GET', url: '/files/.pdf', status: 404 },
  { method: 'GET', url: '/files/report.', status: 404 },
  { method: 'DELETE', url: '/files/report.pdf', status: 405, allow: 'GET, HEAD' },
  { method: 'POST', url: '/v1/projects%2Fp1:synthesize', status: 200, json: { parent: 'projects/p1' }, endpoint: 'synthesize' },
  { method: 'POST', url: '/v1/a:b:synthesize', status: 200, json: { parent: 'a:b' }, endpoint: 'synthesize' },
  { method: 'POST', url: '/v1/p1:summarize', status: 404 },
  { method: 'POST', url: '/v1/:synthesize', status: 404 },
  { method: 'GET', url: '/v1/p1:synthesize', status: 405, allow: 'POST' },
  { method: 'GET', url: '/v2/items', status: 200, json: { version: 2 }, endpoint: 'items' },
  { method: 'GET', url: '/vX/items', status: 400 },
  { method: 'POST', url: '/vX/items', status: 400 },
  { method: 'GET', url: '/vX/other', status: 404 },
  { method: 'GET', url: '/w2/items', status: 404 },
  { method: 'GET', url: '/v/items', status: 404 },
  { method: 'GET', url: '/docs/intro.html', status: 200, json: { page: 'intro', html: true }, endpoint: 'pageHtml' },
  { method: 'GET', url: '/docs/intro', status: 200, json: { page: 'intro', html: false }, endpoint: 'page' },
];

const predict = predictor(surface);

test('mixed segments over HTTP: matched with their captures decoded, or 404 / 400 / 405 with Allow; the predictor agrees on each', async () => {
  await withServer(handlers, async (s) => {
    for (const row of ROWS) {
      const what = `${row.method} ${row.url}`;
      const r = await call(s.url, row.method, row.url);
      assert.is(r.status, row.status, `${what}: ${r.text}`);
      if (row.json !== undefined) assert.equal(r.json(), row.json, what);
      if (row.allow !== undefined) assert.is(r.headers.allow, row.allow, `${what}: Allow`);
      const p = predict({ method: row.method, url: row.url });
      if (row.status === 200) {
        assert.is(p.kind, 'handler', what);
        assert.is(p.kind === 'handler' && p.endpoint.name, row.endpoint, what);
      } else {
        assert.is(p.kind === 'handler' ? 200 : p.status, row.status, `${what}: predicted`);
        if (row.allow !== undefined) assert.is(p.kind === 'handler' ? undefined : p.headers.allow, row.allow, `${what}: predicted Allow`);
      }
    }
  });
});

test('a capture that does not decode names itself in the 400, as a whole-segment capture does', async () => {
  await withServer(handlers, async (s) => {
    const r = await call(s.url, 'GET', '/vX/items');
    assert.is(r.status, 400);
    assert.match(r.text, /version/);
  });
});

test('the predictor and the live server agree on 200 generated requests, good and broken', async () => {
  const endpoints = walk(surface);
  const next = random(0x31);
  const kinds = new Set<string>();
  await withServer(handlers, async (s) => {
    for (let i = 0; i < 200; i++) {
      const req = generateRequest(next, endpoints, 2048);
      const p = predict(req);
      const live = await sendPredicted(s.url, req);
      const what = `#${i} ${req.method} ${req.url}: predicted ${p.kind}${p.kind === 'handler' ? '' : ` ${p.status}`}, live ${live.status}`;
      kinds.add(p.kind);
      assert.ok(live.status < 500, what);
      if (p.kind === 'handler') { assert.ok(live.status < 300, what); continue; }
      assert.is(live.status, p.status, what);
      assert.is(live.headers.allow, p.headers.allow, `${what}: Allow`);
    }
  });
  assert.ok(kinds.has('handler') && kinds.has('badCapture'), [...kinds].join(', '));
});

test('docs: Markdown shows a mixed segment in braces, OpenAPI as one path with both path parameters', () => {
  const model = docModel(surface);
  const md = renderMarkdown(model);
  assert.match(md, '## GET /files/{name}.{ext}');
  assert.match(md, '## POST /v1/{parent}:synthesize');
  assert.match(md, '## GET /v{version}/items');
  assert.match(md, '- *ext*: (text)');
  const doc = renderOpenApi(model) as { paths: Record<string, Record<string, { parameters?: { name: string; in: string; required: boolean }[] }>> };
  const file = doc.paths['/files/{name}.{ext}']?.get;
  assert.equal(file?.parameters?.filter((p) => p.in === 'path').map((p) => [p.name, p.required]), [['name', true], ['ext', true]]);
  assert.ok(doc.paths['/v1/{parent}:synthesize']?.post, 'synthesize');
  assert.ok(doc.paths['/v{version}/items']?.get, 'items');
});

test('fuzz: 100 generated requests over HTTP, 0 failures', async () => {
  await withServer(handlers, async (s) => {
    const dispatcher = newDispatcher();
    try {
      const r = await fuzz({ surface, send: (req) => send(s.url, req, { timeoutMs: 10_000, dispatcher }), seed: 5, runs: 100, maxBody: 1024 * 1024, stateful: false });
      assert.is(r.unreachable, undefined);
      assert.equal(r.failures.map((f) => `${f.probe.request.method} ${f.probe.request.path}: ${f.failures.map((x) => x.message).join('; ')}`), []);
      assert.ok(r.passed >= 100, String(r.passed));
    } finally { await dispatcher.close(); }
  });
});

test('captures that touch in one segment are refused at load, naming them', () => {
  const bad = api('Touching', { title: 't' }, { e: get(segment(capture('a', t.text), capture('b', t.text), '.txt')).returns(json(t.text)) });
  assert.throws(() => checkSurface(bad), /captures "a" and "b" touch/);
  const slash = api('Slash', { title: 't' }, { e: get(segment(capture('a', t.text), '/x')).returns(json(t.text)) });
  assert.throws(() => checkSurface(slash), /holds a "\/"/);
});

test('two hand-written routes of one shape still refuse the surface at load, mixed ones too', () => {
  const twice = api('Twice', { title: 't' }, {
    one: get('a', segment(capture('x', t.text), '.', capture('y', t.text))).returns(json(t.text)),
    two: get('a', segment(capture('name', t.int), '.', capture('ext', t.text))).returns(json(t.text)),
  });
  assert.throws(() => checkSurface(twice), /duplicate route/);
  const whole = api('Whole', { title: 't' }, {
    one: get('a', capture('id', t.int)).returns(json(t.text)),
    two: get('a', capture('name', t.text)).returns(json(t.text)),
  });
  assert.throws(() => checkSurface(whole), /duplicate route/);
});

test('a fixture\'s placeholders fit a mixed segment: one per capture, or one for the whole segment', () => {
  const router = new Router(walk(surface));
  const placeholder = (x: string) => /\$\{\w+\}/.test(x);
  const one = router.route('GET', '/files/${name}.pdf', { placeholder });
  assert.equal(one.kind === 'match' ? [one.endpoint.name, one.captures] : one, ['file', { name: '${name}', ext: 'pdf' }]);
  const whole = router.route('POST', '/v1/${parent}', { placeholder });
  assert.is(whole.kind === 'match' && whole.endpoint.name, 'synthesize');
  assert.is(router.route('GET', '/v${n}/items', { placeholder }).kind, 'match');
});

test('a segment of only text or of one capture is a plain static segment or capture', () => {
  const [plain, lone] = walk(api('Plain', { title: 't' }, {
    plain: get(segment('a', 'b')).returns(json(t.text)),
    lone: post(segment(capture('id', t.int))).returns(json(t.text)),
  }));
  assert.equal(plain!.segments, [{ kind: 'static', value: 'ab' }]);
  assert.is(lone!.segments[0]!.kind, 'capture');
});

test.run();
