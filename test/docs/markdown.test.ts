// The Markdown layout beyond S2: merged examples, flags and lists, headers, no-content and
// streamed responses, response headers, authentication, pagination, ordering, fences.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { api, body, capture, content, del, flag, get, header, json, post, put, query, queryList, rest, authExtension, rangeExtension, type ExtensionPart } from '../../src/dsl/index.js';
import { media, t, withExamples } from '../../src/codec/index.js';
import { docModel, renderMarkdown } from '../../src/docs/index.js';

const md = (tree: Parameters<typeof api>[2]) => renderMarkdown(docModel(api('T', { title: 'test' }, tree)));
const Greet = t.object('Greet', { msg: t.text });

test('without an intro the surface\'s title is the first section; an intro replaces it', () => {
  assert.ok(md({ e: get('g').noContent() }).startsWith('## test\n\n## GET /g\n'));
  const s = api('T', { title: 'test', intro: { title: 'Welcome', paragraphs: ['Hi.'] } }, { e: get('g').noContent() });
  assert.ok(renderMarkdown(docModel(s)).startsWith('## Welcome\n\nHi.\n\n## GET /g\n'));
  assert.ok(renderMarkdown(docModel(s, { intros: [{ title: 'Other', paragraphs: [] }] })).startsWith('## Other\n\n## GET /g\n'));
});

test('the same example in two media types is one block listing both types', () => {
  const doc = md({ e: get('g').returns(content(t.text, [media.json, media.text]), { examples: [{ title: 'Hi', value: 'hi' }] }) });
  // JSON encodes "hi" with quotes and text without, so they are two blocks; numbers encode alike.
  assert.match(doc, '- Hi (`application/json;charset=utf-8`):\n\n```json\n"hi"\n```\n\n- Hi (`text/plain;charset=utf-8`):\n\n```\nhi\n```\n');
  const same = md({ e: get('n').returns(content(t.int, [media.json, media.text]), { examples: [{ value: 7 }] }) });
  assert.match(same, '- Example (`application/json;charset=utf-8`, `text/plain;charset=utf-8`):\n\n```json\n7\n```\n');
});

test('a single untitled example in one type reads "Response body as below."', () => {
  assert.match(md({ e: get('g').returns(json(Greet), { examples: [{ value: { msg: 'x' } }] }) }), '- Response body as below.\n\n```json\n{"msg":"x"}\n```\n');
});

test('examples come from the type when the response gives none', () => {
  const G = withExamples(Greet, [{ title: 'Typical', value: { msg: 'Hello' } }]);
  assert.match(md({ e: get('g').returns(json(G)) }), '- Typical (`application/json;charset=utf-8`):\n\n```json\n{"msg":"Hello"}\n```\n');
});

test('a response without any example says so instead of pretending there is no body', () => {
  assert.match(md({ e: get('g').returns(json(Greet)) }), '- No example given (the body is a Greet)\n');
});

test('flags and lists get servant\'s explanations; a flag without values has no Values line', () => {
  const doc = md({ e: get('s', flag('capital', { description: 'Upper case.' }), queryList('tag', t.text, { values: ['a', 'b'], description: 'Tags.' })).returns(json(t.int), { examples: [{ value: 1 }] }) });
  assert.match(doc, [
    '### GET Parameters:', '',
    '- capital',
    '     - **Description**: Upper case.',
    '     - This parameter is a **flag**. This means no value is expected to be associated to this parameter.', '',
    '- tag',
    '     - **Values**: *a, b*',
    '     - **Description**: Tags.',
    '     - This parameter is a **list**. All GET parameters with the name tag[] will forward their values in a list to the handler.', '', '',
    '### Response:',
  ].join('\n'));
});

test('a parameter of a closed set lists its words; the type stands in for a missing description', () => {
  assert.match(md({ e: get('s', query('sort', t.oneOf(['age', 'name']))).returns(json(t.int), { examples: [{ value: 1 }] }) }),
    '- sort\n     - **Values**: *age, name*\n     - **Description**: (one of age, name)\n');
});

test('the parameter heading names the method', () => {
  assert.match(md({ e: del('s', query('why', t.text)).noContent() }), '### DELETE Parameters:\n');
});

test('request headers are listed with their description', () => {
  assert.match(md({ e: get('h', header('X-Trace', t.text, { description: 'Echoed in the log.' })).noContent() }),
    '### Headers:\n\n- This endpoint is sensitive to the value of the **X-Trace** HTTP header.\n     - **Description**: Echoed in the log.\n\n');
});

test('a no-content endpoint: status 204, no types, "No response body"', () => {
  assert.match(md({ e: del('x', capture('id', t.int)).noContent() }), '### Response:\n\n- Status code 204\n- Headers: []\n\n- No response body\n');
});

test('response headers list name, type, sample and meaning', () => {
  const XInt = withExamples(t.int, [{ value: 1797 }]);
  const doc = md({ e: get('u').returns(json(Greet), { headers: { 'X-An-Int': XInt, 'X-A-Bool': t.describe(t.bool, 'Whether.') }, examples: [{ value: { msg: 'a' } }] }) });
  assert.match(doc, '- Status code 200\n- Headers:\n     - **X-An-Int** (integer, example `1797`)\n     - **X-A-Bool** (boolean): Whether.\n\n- Supported content types are:');
});

test('further declared responses follow the success, each with its status and description', () => {
  const doc = md({ e: get('p', capture('id', t.int)).returns(json(Greet), { examples: [{ value: { msg: 'a' } }] }).responds(404, json(t.text), { description: 'No such record.', examples: [{ value: 'gone' }] }) });
  assert.match(doc, '```\n\n- Status code 404\n- Description: No such record.\n- Headers: []\n\n- Supported content types are:\n\n    - `application/json;charset=utf-8`\n\n- Response body as below.\n\n```json\n"gone"\n```\n');
});

test('a streamed response says it streams and shows items one per line', () => {
  const U = withExamples(Greet, [{ value: { msg: 'a' } }, { value: { msg: 'b' } }]);
  const doc = md({ e: get('s').streams(json(U)) });
  assert.match(doc, '- The body is a stream: one value per line, each followed by a newline, sent as it is produced.\n\n- Response body as below.\n\n```json\n{"msg":"a"}\n{"msg":"b"}\n```\n');
});

test('HTML examples are fenced as html, forms and text untagged', () => {
  const page = media.html((g: { msg: string }) => `<p>${g.msg}</p>`);
  const doc = md({ e: get('p').returns(content(Greet, [media.json, page]), { examples: [{ value: { msg: 'x' } }] }) });
  assert.match(doc, '- Example (`text/html;charset=utf-8`):\n\n```html\n<p>x</p>\n```\n');
});

test('a body holding a fence gets a longer fence', () => {
  assert.match(md({ e: get('f').returns(content(t.text, [media.text]), { examples: [{ value: 'a\n```\nb' }] }) }), '\n````\na\n```\nb\n````\n');
});

test('endpoints are sorted by path segments, then method, captures as :name and the root as /', () => {
  const doc = md({
    z: get('b').noContent(), y: put('a', capture('id', t.int)).noContent(), x: get('a', capture('id', t.int)).noContent(),
    w: post('a').noContent(), v: get().noContent(), u: get('a', 'static').noContent(), r: get('files', rest('path')).noContent(),
  });
  const headings = [...doc.matchAll(/^## (.*)$/gm)].map((m) => m[1]).slice(1); // after the title section
  assert.equal(headings, ['GET /', 'POST /a', 'GET /a/:id', 'PUT /a/:id', 'GET /a/static', 'GET /b', 'GET /files/:path']);
  assert.match(doc, '- *path*: (path) the rest of the path, one or more segments\n');
});

const authPart: ExtensionPart = { kind: 'extension', ext: authExtension, key: 'user', config: { schemes: ['Bearer', 'Basic'], realm: 'test' } };

test('an authenticated endpoint has an Authentication section naming the realm and both schemes', () => {
  const doc = md({ e: get('foo', authPart).returns(json(t.int), { examples: [{ value: 1 }] }) });
  assert.match(doc, '## GET /foo\n\n### Authentication\n\nThis endpoint requires credentials (realm "test"); a request without valid ones gets 401 Unauthorized.\n\nClients must supply one of the following:\n\n- `Authorization: Bearer <token>`');
  assert.match(doc, '- `Authorization: Basic <base64 of login:password>`');
});

test('a paginated endpoint documents the Range header, its fields, defaults and the page headers', () => {
  const rangePart: ExtensionPart = {
    kind: 'extension', ext: rangeExtension, key: 'range',
    config: { fields: [{ name: 'name', type: 'string', limit: 100, offset: 0, order: 'desc' }, { name: 'rgb', type: 'integer', limit: 5, offset: 0, order: 'desc' }] },
  };
  const doc = md({ e: get('colors', rangePart).returns(json(t.array(t.text)), { status: 206, examples: [{ value: ['red'] }] }) });
  assert.match(doc, '- This endpoint is sensitive to the value of the **Range** HTTP header (pagination).\n');
  assert.match(doc, '     - **Fields**: `name` (string; limit 100, offset 0, order desc), `rgb` (integer; limit 5, offset 0, order desc)\n');
  assert.match(doc, '     - **Without the header**: `name; limit 100; offset 0; order desc`\n');
  assert.match(doc, '- Status code 206\n- Headers:\n     - **Total-Count** (integer): the number of items in the whole collection\n');
  assert.match(doc, '     - **Next-Range** (string)');
});

test('a request body shows one example block per media type (JSON and form)', () => {
  const C = t.object('C', { name: t.text, tags: t.array(t.text) });
  const doc = md({ e: post('c', body(C, [media.json, media.form], [{ value: { name: 'A B', tags: ['x', 'y'] } }])).noContent() });
  assert.match(doc, '- Example (`application/json;charset=utf-8`):\n\n```json\n{"name":"A B","tags":["x","y"]}\n```\n\n- Example (`application/x-www-form-urlencoded`):\n\n```\nname=A+B&tags=x&tags=y\n```\n');
});

test('the same surface renders the same bytes every time', () => {
  const tree = { a: get('a', query('q', t.int, { values: ['1'] })).returns(json(Greet), { examples: [{ value: { msg: 'x' } }] }), b: post('a', body(Greet)).noContent() };
  assert.is(md(tree), md(tree));
});

test.run();
