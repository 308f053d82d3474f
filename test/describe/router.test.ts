// The router against the shared table of routing cases, plus what only the router itself shows:
// decoded captures, and that matching walks a trie rather than scanning the endpoints.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { api, capture, get, json, walk } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import type { Codec } from '../../src/codec/index.js';
import { Router, type PathRoute } from '../../src/describe/router.js';
import { routeCases, routeSurface, type RouteExpect } from './route-cases.js';

const router = new Router(walk(routeSurface));

const outcome = (r: PathRoute): RouteExpect =>
  r.kind === 'match' ? { endpoint: r.endpoint.name }
  : r.kind === 'notFound' ? { notFound: true }
  : r.kind === 'methodNotAllowed' ? { methodNotAllowed: r.allow }
  : r.kind === 'badCapture' ? { badCapture: r.name }
  : { badUrl: true };

for (const c of routeCases) {
  test(`router: ${c.name} (${c.method} ${c.path})`, () => {
    assert.equal(outcome(router.route(c.method, c.path)), c.expect);
  });
}

test('captures reach the handler decoded to their types; a rest capture as its segments', () => {
  const item = router.route('GET', '/items/42');
  assert.equal(item.kind === 'match' ? item.captures : {}, { id: 42 });
  const files = router.route('GET', '/files/a%20b/c.txt');
  assert.equal(files.kind === 'match' ? files.captures : {}, { path: ['a b', 'c.txt'] });
});

test('a captures object holds its own endpoint\'s names only, after branches that captured and failed; any name', () => {
  const odd = 'a "quoted"-name\\';
  const r = new Router(walk(api('C', { title: 'captures' }, {
    byId: get(capture('id', t.int), 'foo').returns(json(t.int)),
    byName: get(capture('name', t.text), 'bar').returns(json(t.int)),
    twice: get(capture('x', t.int), capture(odd, t.int)).returns(json(t.int)),
  })));
  const m = r.route('GET', '/5/bar');
  assert.is(m.kind === 'match' && m.endpoint.name, 'byName');
  assert.equal(m.kind === 'match' ? m.captures : {}, { name: '5' }, 'the id branch captured 5 first and failed on "bar"');
  const two = r.route('GET', '/1/2');
  assert.equal(two.kind === 'match' ? two.captures : {}, { x: 1, [odd]: 2 });
  assert.equal(Object.keys(two.kind === 'match' ? two.captures : {}), ['x', odd], 'in path order');
});

test('a capture named __proto__ reaches the handler as its own field (it did not: it set the prototype)', () => {
  const r = new Router(walk(api('P', { title: 'proto' }, { e: get('x', capture('__proto__', t.int)).returns(json(t.int)) })));
  const m = r.route('GET', '/x/5');
  const captures = m.kind === 'match' ? m.captures : {};
  assert.ok(Object.hasOwn(captures, '__proto__'), 'an own field');
  assert.is(Object.getOwnPropertyDescriptor(captures, '__proto__')?.value, 5);
  assert.is(Object.getPrototypeOf(captures), Object.prototype);
});

test('a placeholder segment (a fixture\'s ${id}) fits any capture without being decoded', () => {
  const r = router.route('GET', '/items/${id}', { placeholder: (s) => s.startsWith('${') });
  assert.is(r.kind === 'match' && r.endpoint.name, 'item');
  assert.is(router.route('GET', '/items/${id}').kind, 'badCapture', 'without the option it is just a bad integer');
});

test('matching decodes a shared capture once, whatever the number of endpoints behind it (a trie, not a scan)', () => {
  let decoded = 0;
  const counting: Codec<number> = { ...t.int, parseText: (raw) => { decoded++; return t.int.parseText(raw); } };
  const id = capture('id', counting);
  const many = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`e${i}`, get(id, `r${i}`).returns(json(t.int))]));
  const big = new Router(walk(api('B', { title: 'big' }, many)));
  const r = big.route('GET', '/7/r1999');
  assert.is(r.kind === 'match' ? r.endpoint.name : r.kind, 'e1999');
  assert.is(decoded, 1, 'a linear scan would decode the capture once per endpoint');
});

test.run();
