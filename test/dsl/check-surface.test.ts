// Load-time validation: surfaces that cannot be served as written fail with a SurfaceError
// naming the endpoint, before any port is opened.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { api, body, capture, get, implement, json, post, query, SurfaceError, checkSurface, group } from '../../src/dsl/index.js';
import { t, withExamples } from '../../src/codec/index.js';
import { serve } from '../../src/server/index.js';

const throwsSurfaceError = (fn: () => unknown, pattern: RegExp) => {
  try { fn(); } catch (e) {
    assert.instance(e, SurfaceError);
    assert.match((e as Error).message, pattern);
    return;
  }
  assert.unreachable('expected a SurfaceError');
};

test('a duplicate route names both endpoints', () => {
  const s = api('D', { title: 'd' }, {
    one: get('a', capture('x', t.int)).returns(json(t.int)),
    two: get('a', capture('y', t.text)).returns(json(t.int)),
  });
  throwsSurfaceError(() => checkSurface(s), /D: GET \/a\/\{y\} \(two\): duplicate route: GET \/a\/\{x\} \(one\)/);
});

test('a capture name used twice (also through a group prefix)', () => {
  const s = api('D', { title: 'd' }, { g: group([capture('id', t.int)], { e: get('x', capture('id', t.int)).returns(json(t.int)) }) });
  throwsSurfaceError(() => checkSurface(s), /g\.e.*capture name "id" used twice/);
});

test('a query parameter clashing with a capture', () => {
  const s = api('D', { title: 'd' }, { e: get(capture('id', t.int), query('id', t.int)).returns(json(t.int)) });
  throwsSurfaceError(() => checkSurface(s), /query parameter name "id" used twice/);
});

test('an example its type rejects', () => {
  const s = api('D', { title: 'd' }, { e: get('x').returns(json(t.int), { examples: [{ title: 'bad', value: 'one' as unknown as number }] }) });
  throwsSurfaceError(() => checkSurface(s), /response 200 example "bad" is not an integer/);
  const C = withExamples(t.object('C', { n: t.int }), [{ value: { n: 'x' } as unknown as { n: number } }]);
  const s2 = api('D', { title: 'd' }, { e: post('x', body(C)).empty() });
  throwsSurfaceError(() => checkSurface(s2), /request example.*\$\.n/);
});

test('a missing handler is a SurfaceError at serve time, naming the endpoint', async () => {
  const s = api('D', { title: 'd' }, { a: get('a').returns(json(t.int)), b: get('b').returns(json(t.int)) });
  const impl = implement(s, { a: () => 1 } as never);
  try {
    await serve(impl, { port: 0, dataDir: '/tmp/api-serve-check-surface' });
    assert.unreachable('should not serve');
  } catch (e) {
    assert.instance(e, SurfaceError);
    assert.match((e as Error).message, /D: GET \/b \(b\): no handler implements this endpoint/);
  }
});

test.run();
