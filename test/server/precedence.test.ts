// The error order as a user meets it: one request wrong in every way, fixed one fault at a time;
// each answer names the first fault left, in ERROR_PRECEDENCE order.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { api, body, capture, header, HttpError, implement, json, post, query } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { ERROR_PRECEDENCE } from '../../src/server/index.js';
import { call, withServer } from '../helpers/server.js';

const Thing = t.object('Thing', { name: t.text });
const surface = api('P', { title: 'precedence' }, {
  make: post('things', capture('id', t.int), query('n', t.int), header('X-Count', t.int), body(Thing)).returns(json(Thing)),
});
const impl = implement(surface, {
  make: ({ body: thing }) => {
    if (thing.name === 'taken') throw HttpError.text(409, 'name taken');
    return thing;
  },
});

test('ERROR_PRECEDENCE lists the checks in servant order', () => {
  assert.equal([...ERROR_PRECEDENCE], ['route', 'method', 'auth', 'accept', 'content-type', 'query', 'header', 'body', 'handler']);
});

test('a request wrong in every way reports one fault at a time, in order', async () => {
  const big = 'x'.repeat(2048);
  let req = {
    method: 'GET', path: '/thingz/abc?n=x',
    headers: { accept: 'text/html', 'content-type': 'text/plain', 'x-count': 'many' } as Record<string, string>,
    body: `{"name":"${big}"}`,
  };
  const steps: [string, () => void, number, RegExp][] = [
    ['no route', () => {}, 404, /Not found/],
    ['bad capture (before the method)', () => { req.path = '/things/abc?n=x'; }, 400, /capture id/],
    ['wrong method', () => { req.path = '/things/1?n=x'; }, 405, /not allowed/],
    ['Accept not satisfiable', () => { req.method = 'POST'; }, 406, /Not Acceptable/],
    ['Content-Type not declared', () => { req.headers.accept = 'application/json'; }, 415, /Unsupported Media Type/],
    ['body over the limit', () => { req.headers['content-type'] = 'application/json'; }, 413, /Payload Too Large/],
    ['bad query parameter', () => { req.body = '{"name":1}'; }, 400, /query parameter n/],
    ['bad header', () => { req.path = '/things/1?n=2'; }, 400, /header X-Count/],
    ['bad body', () => { req.headers['x-count'] = '3'; }, 400, /Error in \$\.name/],
    ['handler error', () => { req.body = '{"name":"taken"}'; }, 409, /name taken/],
    ['all fixed', () => { req.body = '{"name":"ok"}'; }, 200, /"ok"/],
  ];
  await withServer(impl, async (s) => {
    for (const [what, fix, status, text] of steps) {
      fix();
      const r = await call(s.url, req.method, req.path, { headers: req.headers, body: req.body });
      assert.is(r.status, status, `${what}: got ${r.status} ${r.text}`);
      assert.match(r.text, text, what);
    }
  }, { maxBody: 1024 });
});

test.run();
