// The error order as a user meets it: one request wrong in every way, fixed one fault at a time;
// each answer names the first fault left, in STAGES order, and is the registry's kind for it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { api, body, capture, header, HttpError, implement, json, post, query } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { ERRORS, STAGES, type ErrorKind } from '../../src/server/index.js';
import { call, withInProcess} from '../helpers/server.js';

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

test('a request wrong in every way reports one fault at a time, in order', async () => {
  const big = 'x'.repeat(2048);
  let req = {
    method: 'GET', path: '/thingz/abc?n=x',
    headers: { accept: 'text/html', 'content-type': 'text/plain', 'x-count': 'many' } as Record<string, string>,
    body: `{"name":"${big}"}`,
  };
  // The kind each step must meet; `handler` once every protocol check passes.
  const steps: [string, () => void, ErrorKind | 'handler', number, RegExp][] = [
    ['no route', () => {}, 'notFound', 404, /Not found/],
    ['bad capture (before the method)', () => { req.path = '/things/abc?n=x'; }, 'badCapture', 400, /capture id/],
    ['wrong method', () => { req.path = '/things/1?n=x'; }, 'methodNotAllowed', 405, /not allowed/],
    ['Accept not satisfiable', () => { req.method = 'POST'; }, 'notAcceptable', 406, /Not Acceptable/],
    ['Content-Type not declared', () => { req.headers.accept = 'application/json'; }, 'unsupportedMediaType', 415, /Unsupported Media Type/],
    ['body over the limit', () => { req.headers['content-type'] = 'application/json'; }, 'payloadTooLarge', 413, /Payload Too Large/],
    ['bad query parameter', () => { req.body = '{"name":1}'; }, 'badQuery', 400, /query parameter n/],
    ['bad header', () => { req.path = '/things/1?n=2'; }, 'badHeader', 400, /header X-Count/],
    ['bad body', () => { req.headers['x-count'] = '3'; }, 'badBody', 400, /Error in \$\.name/],
    ['handler error', () => { req.body = '{"name":"taken"}'; }, 'handler', 409, /name taken/],
    ['all fixed', () => { req.body = '{"name":"ok"}'; }, 'handler', 200, /"ok"/],
  ];
  const met: string[] = [];
  await withInProcess(impl, async (s) => {
    for (const [what, fix, kind, status, text] of steps) {
      fix();
      const r = await call(s.url, req.method, req.path, { headers: req.headers, body: req.body });
      assert.is(r.status, status, `${what}: got ${r.status} ${r.text}`);
      assert.match(r.text, text, what);
      if (kind !== 'handler') assert.is(ERRORS[kind].status, status, `${what}: the registry's status for ${kind}`);
      const stage = kind === 'handler' ? 'handler' : ERRORS[kind].stage;
      if (met.at(-1) !== stage) met.push(stage);
    }
  }, { maxBody: 1024 });
  // Every stage but auth (this endpoint has none) was met, in the order STAGES names.
  assert.equal(met, STAGES.filter((s) => s !== 'auth'));
});

test.run();
