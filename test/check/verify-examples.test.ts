// The requests `api-docs --verify` sends for examples: stated ones as written, derived ones from the
// endpoint (capture examples in the path, the request body's example, Accept of the example's media
// type), and none where no request can be derived or the surface says the example is unverifiable.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { docModel } from '../../src/docs/index.js';
import { exampleSites } from '../../src/docs/verification.js';
import { planExample } from '../../src/check/verify-examples.js';
import { api, auth, get, group, json } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { surface as S2 } from '../../specs/S2.js';
import { surface as S4 } from '../../specs/S4.js';
import { surface as S8 } from '../../specs/S8.js';

const plans = (surface: Parameters<typeof docModel>[0]) => exampleSites(docModel(surface)).map((s) => ({ at: `${s.endpoint.method} ${s.endpoint.path} ${s.response.status} ${s.index}`, planned: planExample(s) }));
const planAt = (surface: Parameters<typeof docModel>[0], at: string) => {
  const p = plans(surface).find((x) => x.at === at);
  assert.ok(p, `no example at ${at}`);
  return p.planned;
};

test('a derived request puts the captures\' examples in the path and asks for the example\'s media type', () => {
  const p = planAt(S2, 'GET /position/:x/:y 200 0');
  assert.ok(p.ok);
  assert.equal(p.plan.exchanges.map((x) => x.request), [{ method: 'GET', path: '/position/3/14', headers: { accept: 'application/json;charset=utf-8, */*;q=0.1' } }]);
  assert.equal(p.plan.exchanges[0]!.expected, { status: 200, headers: { 'content-type': 'application/json;charset=utf-8' }, body: { xCoord: 3, yCoord: 14 } });
  assert.is(p.plan.line, 'GET /position/3/14');
});

test('a derived request carries the request body\'s first example in its first media type', () => {
  const p = planAt(S2, 'POST /marketing 200 0');
  assert.ok(p.ok);
  const req = p.plan.exchanges[0]!.request;
  assert.is(req.headers!['content-type'], 'application/json;charset=utf-8');
  assert.equal(JSON.parse(req.text!), { clientName: 'Alp', clientEmail: 'alp@foo.com', clientAge: 26, clientInterestedIn: ['haskell', 'mathematics'] });
});

test('a stated request is sent as written, with its setup requests first', () => {
  const hello = planAt(S2, 'GET /hello 200 0');
  assert.ok(hello.ok);
  assert.is(hello.plan.exchanges[0]!.request.path, '/hello?name=Alp');
  const list = planAt(S4, 'GET /person 200 0');
  assert.ok(list.ok);
  assert.equal(list.plan.before, [{ method: 'POST', path: '/person', headers: {}, body: { name: 'Jake', age: '25' } }]);
});

test('an example shown in two media types is one exchange per type, each with its Accept', () => {
  const p = planAt(S8, 'GET /persons 200 0');
  assert.ok(p.ok);
  assert.equal(p.plan.exchanges.map((x) => x.request.headers!.accept), ['application/json;charset=utf-8, */*;q=0.1', 'text/html;charset=utf-8, */*;q=0.1']);
  assert.equal(p.plan.exchanges[1]!.expected.text, '<table><tr><th>first name</th><th>last name</th></tr><tr><td>Isaac</td><td>Newton</td></tr><tr><td>Albert</td><td>Einstein</td></tr></table>');
  assert.is(p.plan.line, 'GET /persons (once per content type)');
});

test('no request is derived for an endpoint that needs credentials; an unverifiable example is not sent', () => {
  const guarded = api('G', { title: 'guarded' }, { g: group([auth(['Bearer'], 'r')], { secret: get('secret').returns(json(t.text), { examples: [{ value: 'x' }] }) }) });
  const p = planAt(guarded, 'GET /secret 200 0');
  if (p.ok) throw new Error('a request was derived');
  assert.equal(p.verification, { outcome: 'not-run', reason: 'no request could be derived: GET /secret needs credentials (state the example\'s request with an Authorization header)' });
  const store = planAt(S4, 'POST /person 503 0');
  if (store.ok) throw new Error('an unverifiable example was planned');
  assert.is(store.verification.outcome, 'unverifiable');
});

test.run();
