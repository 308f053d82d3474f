// The predictor against the shared routing table, and against live servers: thousands of
// generated requests (good and broken in every part) for all ten reference surfaces, each sent
// to the real server and predicted from the description alone; status and Allow must agree.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { predictor, type Prediction } from '../../src/describe/index.js';
import { routeCases, routeSurface, statusOf } from './route-cases.js';

const predictRoute = predictor(routeSurface);

for (const c of routeCases) {
  test(`predictor: ${c.name} (${c.method} ${c.path})`, () => {
    const p: Prediction = predictRoute({ method: c.method, url: c.path });
    const e = c.expect;
    if ('endpoint' in e) {
      assert.is(p.kind, 'handler');
      assert.is(p.endpoint?.name, e.endpoint);
    } else {
      assert.is(p.kind === 'handler' ? 200 : p.status, statusOf(e));
      if ('methodNotAllowed' in e) assert.is(p.kind !== 'handler' && p.headers.allow, e.methodNotAllowed.join(', '));
    }
  });
}

test('predictor: a target that is not a path is a 400, an absolute-form target is routed as its path (as the transport does)', () => {
  const star = predictRoute({ method: 'OPTIONS', url: '*' });
  assert.equal([star.kind, star.kind === 'handler' ? 0 : star.status], ['badUrl', 400]);
  const absolute = predictRoute({ method: 'GET', url: 'http://example.test/items/3' });
  assert.is(absolute.kind === 'handler' && absolute.endpoint.name, 'item');
});

test.run();
