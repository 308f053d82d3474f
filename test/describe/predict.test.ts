// The predictor against the shared routing table, and against live servers: thousands of
// generated requests (good and broken in every part) for all ten reference surfaces, each sent
// to the real server and predicted from the description alone; status and Allow must agree.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { predictor, type Prediction } from '../../src/describe/index.js';
import { routeCases, routeSurface, statusOf } from './route-cases.js';
import { surface as S10 } from '../../specs/S10.js';
import { docModel, renderOpenApi } from '../../src/docs/index.js';

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

test('predictor: a capture whose rules wait for the method (S10 userId) is a 405 on a wrong method, a 400 on the right one, and a type error is a 400 before either', () => {
  const predict = predictor(S10);
  const status = (method: string, url: string) => { const p = predict({ method, url }); return p.kind === 'handler' ? 200 : p.status; };
  assert.equal([status('GET', '/user/10'), status('DELETE', '/user/10'), status('POST', '/user/10'), status('POST', '/user/5001'), status('GET', '/user/abc')], [405, 405, 400, 200, 400]);
  const refused = predict({ method: 'POST', url: '/user/5000' });
  assert.is(refused.kind, 'badCapture');
  assert.is(refused.kind !== 'handler' && String(refused.body), 'userId is too small');
});

test('OpenAPI: the rule checked after the method is still documented on the capture (exclusiveMinimum: 5000)', () => {
  const doc = renderOpenApi(docModel(S10)) as unknown as { paths: Record<string, Record<string, { parameters: { name: string; schema: Record<string, unknown> }[] }>> };
  const param = doc.paths['/user/{userId}']!.post!.parameters.find((p) => p.name === 'userId')!;
  assert.is(param.schema.exclusiveMinimum, 5000);
});

test.run();
