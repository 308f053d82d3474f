// Required query parameters, headers and cookies in the docs (Markdown, HTML, OpenAPI and the
// 400 answers shown), and in `api-docs diff`: optional -> required breaks, required -> optional does not.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { api, get, header, json, query, type Tree } from '../../src/dsl/index.js';
import { cookie } from '../../src/dsl/cookie.js';
import { t } from '../../src/codec/index.js';
import { docModel, renderHtml, renderMarkdown, renderOpenApi } from '../../src/docs/index.js';
import { affectedFixtures, contractOf, diffContracts, type FixtureCase } from '../../src/docs/diff/index.js';

const s = suite('required parameters in the docs');

const surface = api('Req', { title: 'required' }, {
  items: get('items',
    query('limit', t.int, { required: true, description: 'page size' }),
    query('offset', t.int),
    header('X-Request-Id', t.text, { required: true }),
    cookie('session', t.text, { required: true }),
  ).returns(json(t.int)),
});

s('Markdown says which parameter, header and cookie is required', () => {
  const md = renderMarkdown(docModel(surface));
  assert.match(md, /- limit\n {5}- \*\*Description\*\*: page size\n {5}- This parameter is \*\*required\*\*: a request without it gets 400 Bad Request\.\n/);
  assert.not.match(md, /- offset\n {5}- \*\*Description\*\*: \(integer\)\n {5}- This parameter is \*\*required\*\*/);
  assert.match(md, /\*\*X-Request-Id\*\* HTTP header\.\n {5}- This header is \*\*required\*\*/);
  assert.match(md, /\*\*session\*\* cookie \(text\)\.\n {5}- This cookie is \*\*required\*\*/);
});

s('HTML marks them required in the parameter table', () => {
  const html = renderHtml(docModel(surface));
  assert.match(html, /<td><code>limit<\/code><\/td><td>query, required<\/td>/);
  assert.match(html, /<td><code>offset<\/code><\/td><td>query<\/td>/);
  assert.match(html, /<td><code>X-Request-Id<\/code><\/td><td>header, required<\/td>/);
  assert.match(html, /<td><code>session<\/code><\/td><td>cookie, required<\/td>/);
});

s('OpenAPI says required: true, and the 400 answers include the missing parameter', () => {
  const doc = renderOpenApi(docModel(surface)) as { paths: Record<string, Record<string, { parameters: { name: string; required: boolean }[]; responses: Record<string, unknown> }>> };
  const op = doc.paths['/items']!.get!;
  assert.equal(op.parameters.map((p) => [p.name, p.required]), [['limit', true], ['offset', false], ['X-Request-Id', true], ['session', true]]);
  const text = JSON.stringify(op.responses['400']);
  assert.ok(text.includes('Error parsing query parameter limit failed: required, not given'), text);
  assert.ok(text.includes('Error parsing header X-Request-Id failed: required, not given'), text);
  assert.ok(text.includes('a required part is missing (query parameter `limit`, header `X-Request-Id`, cookie `session`)'), text);
});

const judge = (a: Tree, b: Tree) => diffContracts(contractOf(api('Old', { title: 'old' }, a)), contractOf(api('New', { title: 'new' }, b)));
const verdicts = (a: Tree, b: Tree) => judge(a, b).changes.map((c) => `${c.kind} ${c.verdict}`);

s('api-docs diff: a parameter, header or cookie becoming required is breaking; becoming optional is not', () => {
  const optional = { a: get('a', query('q', t.int), header('X-H', t.text), cookie('c', t.text)).returns(json(t.int)) };
  const required = { a: get('a', query('q', t.int, { required: true }), header('X-H', t.text, { required: true }), cookie('c', t.text, { required: true })).returns(json(t.int)) };
  assert.equal(verdicts(optional, required), ['query-became-required breaking', 'header-became-required breaking', 'cookie-became-required breaking']);
  assert.equal(verdicts(required, optional), ['query-became-optional compatible', 'header-became-optional compatible', 'cookie-became-optional compatible']);
  const none = { a: get('a').returns(json(t.int)) };
  assert.equal(verdicts(none, required), ['query-added breaking', 'header-added breaking', 'cookie-added breaking']);
  assert.equal(verdicts(none, optional), ['query-added compatible', 'header-added compatible', 'cookie-added compatible']);
});

s('api-docs diff: a parameter becoming required fails the recorded exchanges that did not send it', () => {
  const before = { a: get('a', query('q', t.int)).returns(json(t.int)) };
  const after = { a: get('a', query('q', t.int, { required: true })).returns(json(t.int)) };
  const result = judge(before, after);
  const cases: FixtureCase[] = [
    { label: 'without q', request: { method: 'GET', path: '/a' }, response: { status: 200 } },
    { label: 'with q', request: { method: 'GET', path: '/a?q=1' }, response: { status: 200 } },
  ] as unknown as FixtureCase[];
  const affected = affectedFixtures(api('Old', { title: 'old' }, before), result.changes, cases);
  assert.equal([...affected.values()], [['without q']]);
});

s.run();
