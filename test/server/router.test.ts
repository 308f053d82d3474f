// The trie router's decisions: statics over captures, 404/405/400, rest segments, trailing slash.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { api, capture, del, get, post, rest, walk } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { Router } from '../../src/server/router.js';

const surface = api('T', { title: 'router' }, {
  a: get('a').returns({ codec: t.int, media: [] }),
  flag: get(capture('on', t.bool)).returns({ codec: t.int, media: [] }),
  item: get('items', capture('id', t.int)).returns({ codec: t.int, media: [] }),
  itemBySlug: get('items', 'by-slug', capture('slug', t.text)).returns({ codec: t.int, media: [] }),
  remove: del('items', capture('id', t.int)).noContent(),
  files: get('files', rest('path')).returns({ codec: t.int, media: [] }),
  create: post('items').noContent(),
});
const router = new Router(walk(surface));
const m = (method: string, path: string) => router.match(method, path.split('/').slice(1));
const name = (r: ReturnType<typeof m>) => (r.kind === 'match' ? r.endpoint.name : r.kind);

test('static segments win over a capture at the same place', () => {
  assert.is(name(m('GET', '/a')), 'a');
  assert.is(name(m('GET', '/true')), 'flag');
  assert.is(name(m('POST', '/a')), 'methodNotAllowed', 'POST /a is a 405 from the static route, not a boolean 400');
});

test('a capture that does not decode on a reachable path is a 400 naming it', () => {
  const r = m('GET', '/items/x');
  assert.is(r.kind, 'badCapture');
  if (r.kind === 'badCapture') assert.is(r.name, 'id');
  assert.is(m('PATCH', '/items/x').kind, 'badCapture', 'even for a method the path lacks');
  assert.is(m('GET', '/maybe').kind, 'badCapture');
});

test('a capture failure on a path that leads nowhere is a 404', () => {
  assert.is(m('GET', '/items/x/y').kind, 'notFound');
});

test('captures are decoded to their types', () => {
  const r = m('GET', '/items/42');
  assert.is(r.kind, 'match');
  if (r.kind === 'match') assert.equal(r.captures, { id: 42 });
});

test('deeper static routes are found past a capture sibling', () => {
  const r = m('GET', '/items/by-slug/hello');
  assert.is(name(r), 'itemBySlug');
});

test('405 lists every method of the path, HEAD with GET', () => {
  const r = m('PUT', '/items/1');
  assert.equal(r.kind === 'methodNotAllowed' ? r.allow : [], ['GET', 'HEAD', 'DELETE']);
});

test('HEAD matches GET endpoints', () => {
  assert.is(name(m('HEAD', '/items/1')), 'item');
});

test('rest captures take the remaining segments, at least one', () => {
  const r = m('GET', '/files/a/b.txt');
  assert.equal(r.kind === 'match' ? r.captures : {}, { path: ['a', 'b.txt'] });
  assert.is(m('GET', '/files').kind, 'notFound');
});

test('a final slash is ignored; empty segments never match a capture', () => {
  assert.is(name(m('GET', '/items/1/')), 'item');
  assert.is(m('GET', '/items//').kind, 'notFound');
});

test('cost does not depend on the number of endpoints (a trie, not a scan)', () => {
  const many = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`e${i}`, get(`r${i}`, capture('id', t.int)).returns({ codec: t.int, media: [] })]));
  const big = new Router(walk(api('B', { title: 'big' }, many)));
  const r = big.match('GET', ['r1999', '7']);
  assert.is(r.kind === 'match' ? r.endpoint.name : r.kind, 'e1999');
});

test.run();
