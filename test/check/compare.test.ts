// The comparator: status, headers (case, media type parameters, absence, lists), JSON bodies
// (key order ignored, array order kept), text and bytes, and every matcher.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ActualResponse, compareResponse, diffJson } from '../../src/check/compare.js';
import { matches } from '../../src/check/matchers.js';
import { sameMediaType } from '../../src/check/media-type.js';

const res = (status: number, headers: ActualResponse['headers'], body: string | Buffer = ''): ActualResponse =>
  ({ status, headers, body: typeof body === 'string' ? Buffer.from(body) : body });
const json = (v: unknown) => res(200, { 'content-type': 'application/json;charset=utf-8' }, JSON.stringify(v));

test('the same response conforms: no differences', () => {
  assert.equal(compareResponse({ status: 200, body: { a: 1 } }, json({ a: 1 })), []);
});

test('a different status is one difference saying both', () => {
  const d = compareResponse({ status: 200 }, res(404, {}));
  assert.is(d.length, 1);
  assert.is(d[0]!.where, 'status');
  assert.is(d[0]!.message, 'expected 200, got 404');
});

test('object key order is ignored', () => {
  assert.equal(compareResponse({ status: 200, body: { a: 1, b: [1, 2], c: { x: 1, y: 2 } } }, json({ c: { y: 2, x: 1 }, b: [1, 2], a: 1 })), []);
});

test('array order is kept: a swapped pair differs at each index', () => {
  const d = diffJson([1, 2], [2, 1]);
  assert.equal(d.map((x) => x.path), ['/0', '/1']);
});

test('missing and unexpected keys are named by JSON pointer', () => {
  const d = diffJson({ a: { b: 1, 'c/d': 2 } }, { a: { b: 1, e: 3 } });
  assert.equal(d.map((x) => `${x.path} ${x.message}`), ['/a/c~1d missing key "c/d" (expected 2)', '/a/e unexpected key "e" (got 3)']);
});

test('an array of another length says both lengths', () => {
  const d = diffJson([1, 2, 3], [1, 2]);
  assert.is(d[0]!.message, 'expected 3 items, got 2');
});

test('1 and "1" differ; null and a missing key differ', () => {
  assert.is(diffJson({ a: 1 }, { a: '1' }).length, 1);
  assert.is(diffJson({ a: null }, {}).length, 1);
});

test('$match tests strings, and numbers through their JSON text', () => {
  assert.ok(matches({ $match: '^\\d{4}-\\d{2}-\\d{2}$' }, '2024-01-31'));
  assert.not.ok(matches({ $match: '^\\d+$' }, 'abc'));
  assert.ok(matches({ $match: '^4\\d$' }, 42));
  assert.not.ok(matches({ $match: '.*' }, null));
  assert.not.ok(matches({ $match: '.*' }, { a: 1 }));
});

test('$type checks the JSON type (an integer is a number too)', () => {
  assert.ok(matches({ $type: 'string' }, 'x'));
  assert.ok(matches({ $type: 'integer' }, 3));
  assert.not.ok(matches({ $type: 'integer' }, 3.5));
  assert.ok(matches({ $type: 'number' }, 3));
  assert.ok(matches({ $type: 'array' }, []));
  assert.not.ok(matches({ $type: 'object' }, []));
  assert.ok(matches({ $type: 'null' }, null));
  assert.ok(matches({ $type: 'boolean' }, false));
});

test('$any accepts any value, but the key must still be there', () => {
  assert.equal(diffJson({ token: { $any: true } }, { token: 'abc' }), []);
  assert.equal(diffJson({ token: { $any: true } }, { token: null }), []);
  const d = diffJson({ token: { $any: true } }, {});
  assert.is(d[0]!.message, 'missing key "token" (expected any value)');
});

test('a failed matcher says what it stood for', () => {
  const d = diffJson({ id: { $type: 'integer' } }, { id: 'seven' });
  assert.is(d[0]!.message, 'expected any integer, got "seven"');
});

test('media type parameters compare as parameters: spacing, case, quoting, order', () => {
  assert.ok(sameMediaType('application/json; charset=utf-8', 'application/json;charset=utf-8'));
  assert.ok(sameMediaType('Application/JSON;Charset="UTF-8"', 'application/json; charset=utf-8'));
  assert.ok(sameMediaType('text/plain; a=1; charset=utf-8', 'text/plain;charset=utf-8;a=1'));
  assert.not.ok(sameMediaType('application/json', 'application/json;charset=utf-8'));
  assert.not.ok(sameMediaType('text/plain; a=X', 'text/plain; a=x'));
});

test('header names are case-insensitive; content-type compares as a media type', () => {
  const d = compareResponse({ status: 200, headers: { 'Content-Type': 'application/json; charset=UTF-8', ALLOW: 'GET, HEAD' } },
    res(200, { 'content-type': 'application/json;charset=utf-8', allow: 'GET, HEAD' }));
  assert.equal(d, []);
});

test('a missing header, an unexpected one (null) and a wrong one are each named', () => {
  const d = compareResponse({ status: 200, headers: { allow: 'GET', 'x-an-int': null, 'x-b': 'yes' } }, res(200, { 'x-an-int': '5', 'x-b': 'no' }));
  assert.equal(d.map((x) => `${x.path}: ${x.message}`), [
    'allow: expected "GET", but the header is missing',
    'x-an-int: expected no x-an-int header, got "5"',
    'x-b: expected "yes", got "no"',
  ]);
});

test('repeated headers compare as a list, element by element, matchers allowed', () => {
  const actual = res(200, { 'set-cookie': ['A=1; Path=/', 'B=2; Path=/; HttpOnly'] });
  assert.equal(compareResponse({ status: 200, headers: { 'set-cookie': [{ $match: '^A=' }, 'B=2; Path=/; HttpOnly'] } }, actual), []);
  assert.is(compareResponse({ status: 200, headers: { 'set-cookie': [{ $match: '^A=' }] } }, actual).length, 1);
  // One expected value against several: the comma-joined list.
  assert.equal(compareResponse({ status: 200, headers: { 'www-authenticate': 'Bearer, Basic' } }, res(200, { 'www-authenticate': ['Bearer', 'Basic'] })), []);
});

test('text bodies compare exactly, whitespace included', () => {
  assert.equal(compareResponse({ status: 200, text: 'hello\n' }, res(200, {}, 'hello\n')), []);
  const d = compareResponse({ status: 200, text: 'hello' }, res(200, {}, 'hello\n'));
  assert.is(d[0]!.message, 'expected "hello", got "hello\\n"');
});

test('a long text body difference says where the texts part', () => {
  const a = `${'line\n'.repeat(50)}the end`;
  const d = compareResponse({ status: 200, text: a }, res(200, {}, `${'line\n'.repeat(50)}the END`));
  assert.match(d[0]!.message, /^first difference at line 51, column 5/);
});

test('a text matcher matches the whole text', () => {
  assert.equal(compareResponse({ status: 200, text: { $match: '^## Welcome' } }, res(200, {}, '## Welcome\n...')), []);
});

test('an expected JSON body against a text answer says so', () => {
  const d = compareResponse({ status: 200, body: { a: 1 } }, res(200, {}, 'Not found'));
  assert.is(d[0]!.message, 'expected a JSON body {"a":1}, got text "Not found"');
  assert.is(compareResponse({ status: 200, body: [] }, res(200, {}, ''))[0]!.message, 'expected a JSON body [], got an empty body');
});

test('base64 bodies compare byte for byte', () => {
  const bytes = Buffer.from([0, 1, 2, 255]);
  assert.equal(compareResponse({ status: 200, base64: bytes.toString('base64') }, res(200, {}, bytes)), []);
  const d = compareResponse({ status: 200, base64: bytes.toString('base64') }, res(200, {}, Buffer.from([0, 1, 3])));
  assert.is(d[0]!.message, 'expected 4 bytes, got 3; they differ from byte 2');
});

test('no body key: the body is not compared', () => {
  assert.equal(compareResponse({ status: 200 }, res(200, {}, 'anything')), []);
});

test.run();
