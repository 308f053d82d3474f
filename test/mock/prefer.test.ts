// Choosing a mocked answer: the lowest declared 2xx by default, `Prefer: code=`, `example=`,
// `dynamic=true` (seeded, reproducible), and the 400 / 422 for a preference that cannot be met.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { api, get, json, plainText, post, body, reply } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { mock, readPrefer } from '../../src/mock/index.js';
import { implement } from '../../src/dsl/index.js';
import { call, withServer } from '../helpers/server.js';

const Pet = t.object('Pet', { id: t.constrain(t.int, { minimum: 1 }), name: t.constrain(t.text, { minLength: 2, maxLength: 12 }), tag: t.optional(t.oneOf(['cat', 'dog'])) });
const surface = api('Pets', { title: 'pets' }, {
  list: get('pets').returns(json(t.array(Pet)), { examples: [{ title: 'Two pets', value: [{ id: 1, name: 'Tom' }, { id: 2, name: 'Rex', tag: 'dog' }] }, { title: 'None', value: [] }] })
    .responds(404, plainText(t.text), { examples: [{ value: 'no pets' }] }),
  make: post('pets', body(Pet)).returns(json(Pet), { status: 201, headers: { Location: t.text } }),
});

test('the lowest declared 2xx answers, with its first example or its codec\'s sample and declared headers', () => withServer(mock(surface), async (s) => {
  const list = await call(s.url, 'GET', '/pets');
  assert.is(list.status, 200);
  assert.equal(list.json(), [{ id: 1, name: 'Tom' }, { id: 2, name: 'Rex', tag: 'dog' }]);
  const made = await call(s.url, 'POST', '/pets', { headers: { 'content-type': 'application/json' }, body: '{"id":5,"name":"Kit"}' });
  assert.is(made.status, 201);
  assert.ok(Pet.check(made.json(), '$').ok, made.text);
  assert.type(made.headers.location, 'string');
  const again = await call(s.url, 'POST', '/pets', { headers: { 'content-type': 'application/json' }, body: '{"id":5,"name":"Kit"}' });
  assert.equal(again.json(), made.json(), 'a sample is the same every time');
}));

test('the request is still checked as the real server checks it', () => withServer(mock(surface), async (s) => {
  const bad = await call(s.url, 'POST', '/pets', { headers: { 'content-type': 'application/json' }, body: '{"id":0,"name":"Kit"}' });
  assert.is(bad.status, 400);
  assert.match(bad.text, /\$\.id: must be at least 1 \(minimum 1\)/);
  assert.is((await call(s.url, 'DELETE', '/pets')).status, 405);
}));

test('Prefer: code, example (title or slug) and dynamic choose the answer', () => withServer(mock(surface, { seed: 3 }), async (s) => {
  const nf = await call(s.url, 'GET', '/pets', { headers: { prefer: 'code=404' } });
  assert.is(nf.status, 404);
  assert.is(nf.text, 'no pets');
  assert.equal((await call(s.url, 'GET', '/pets', { headers: { prefer: 'example=None' } })).json(), []);
  assert.is(((await call(s.url, 'GET', '/pets', { headers: { prefer: 'example="two-pets"' } })).json() as unknown[]).length, 2);
  const dyn = await call(s.url, 'GET', '/pets', { headers: { prefer: 'dynamic=true' } });
  assert.is(dyn.status, 200);
  assert.ok(t.array(Pet).check(dyn.json(), '$').ok, dyn.text);
}));

test('--seed reproduces a run of generated answers', async () => {
  const run = () => withServer(mock(surface, { dynamic: true, seed: 42 }), async (s) => {
    const out: unknown[] = [];
    for (let i = 0; i < 4; i++) out.push((await call(s.url, 'GET', '/pets')).json());
    return out;
  });
  const [a, b] = [await run(), await run()];
  assert.equal(a, b);
  assert.ok(new Set(a.map((x) => JSON.stringify(x))).size > 1, 'each answer takes the next seed');
});

test('a Prefer that does not parse is a 400; an undeclared code or example a 422 naming what is declared', () => withServer(mock(surface), async (s) => {
  const bad = await call(s.url, 'GET', '/pets', { headers: { prefer: 'code=abc' } });
  assert.is(bad.status, 400);
  assert.is(bad.text, 'Bad Request: Prefer code=abc is not a status code (100 to 599)');
  const code = await call(s.url, 'GET', '/pets', { headers: { prefer: 'code=418' } });
  assert.is(code.status, 422);
  assert.is(code.text, 'Unprocessable: GET /pets declares no response 418 (declared: 200, 404)');
  const ex = await call(s.url, 'GET', '/pets', { headers: { prefer: 'example=Three' } });
  assert.is(ex.status, 422);
  assert.is(ex.text, 'Unprocessable: response 200 of GET /pets has no example "Three" (examples: "Two pets", "None")');
}));

test('handlers given in base are kept; the rest is mocked', () => withServer(mock(surface, { base: implement(surface, { list: () => [] } as never) }), async (s) => {
  assert.equal((await call(s.url, 'GET', '/pets')).json(), [], 'the given handler answers');
  const made = await call(s.url, 'POST', '/pets', { headers: { 'content-type': 'application/json' }, body: '{"id":5,"name":"Kit"}' });
  assert.is(made.status, 201, 'the endpoint without a handler is mocked');
  assert.ok(Pet.check(made.json(), '$').ok);
}));

test('readPrefer ignores unknown preferences and takes the first of a repeated one', () => {
  assert.equal(readPrefer('respond-async, wait=5, code=404, code=500'), { ok: true, value: { code: 404 } });
  assert.equal(readPrefer(['example=a', 'dynamic=false']), { ok: true, value: { example: 'a', dynamic: false } });
  assert.is(readPrefer('dynamic=maybe').ok, false);
});

test.run();
