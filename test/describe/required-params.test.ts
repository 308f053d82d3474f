// Required query parameters, headers and cookies (servant's `QueryParam' '[Required]`): a request
// without one is a 400 naming it, in the error order (query stage, then header stage), over HTTP
// and in the predictor alike; with them the handler gets every value.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { api, get, header, implement, json, query, queryList, queryObject } from '../../src/dsl/index.js';
import { cookie } from '../../src/dsl/cookie.js';
import { t } from '../../src/codec/index.js';
import { predictor } from '../../src/describe/index.js';
import { call, withServer } from '../helpers/server.js';

const s = suite('required parameters');

const Filter = t.object('Filter', { color: t.text, size: t.optional(t.int) });

const surface = api('Required', { title: 'required parameters' }, {
  items: get('items',
    query('limit', t.int, { required: true }),
    query('offset', t.int),
    queryList('tag', t.text, { required: true }),
    header('X-Request-Id', t.text, { required: true }),
    header('X-Trace', t.int),
    cookie('session', t.text, { required: true }),
    cookie('theme', t.text, 'the colour scheme'),
  ).returns(json(t.json)),
  filtered: get('filtered', queryObject('filter', Filter, { required: true })).returns(json(t.json)),
});

const handlers = implement(surface, {
  items: (input) => input,
  filtered: (input) => input,
});

const ALL = { 'x-request-id': 'r1', cookie: 'session=abc' };

interface Row { readonly name: string; readonly url: string; readonly headers?: Record<string, string>; readonly status: number; readonly text?: string; readonly json?: unknown }

const ROWS: readonly Row[] = [
  {
    name: 'GET /items with every required part -> 200, each value decoded', url: '/items?limit=5&tag=a&tag=b', headers: ALL, status: 200,
    json: { limit: 5, tag: ['a', 'b'], 'X-Request-Id': 'r1', session: 'abc' },
  },
  { name: 'optional ones given too -> 200', url: '/items?limit=5&offset=2&tag=a', headers: { ...ALL, 'x-trace': '7', cookie: 'theme=dark; session=abc' }, status: 200,
    json: { limit: 5, offset: 2, tag: ['a'], 'X-Request-Id': 'r1', 'X-Trace': 7, session: 'abc', theme: 'dark' } },
  { name: 'no limit -> 400 naming limit', url: '/items?tag=a', headers: ALL, status: 400, text: 'Error parsing query parameter limit failed: required, not given' },
  { name: 'no tag (a required list needs a value) -> 400 naming tag', url: '/items?limit=1', headers: ALL, status: 400, text: 'Error parsing query parameter tag failed: required, not given' },
  { name: 'no X-Request-Id -> 400 naming the header', url: '/items?limit=1&tag=a', headers: { cookie: 'session=abc' }, status: 400, text: 'Error parsing header X-Request-Id failed: required, not given' },
  { name: 'no session cookie -> 400 naming the cookie', url: '/items?limit=1&tag=a', headers: { 'x-request-id': 'r1', cookie: 'theme=dark' }, status: 400, text: 'Error parsing cookie session failed: required, not given' },
  { name: 'nothing at all -> the first query parameter is named (query before headers)', url: '/items', status: 400, text: 'Error parsing query parameter limit failed: required, not given' },
  { name: 'a wrong query value and a missing header -> the query error', url: '/items?limit=abc&tag=a', status: 400, text: 'Error parsing query parameter limit failed: "abc" is not an integer' },
  { name: 'a missing query parameter and a wrong optional header -> the query error', url: '/items?tag=a', headers: { ...ALL, 'x-trace': 'x' }, status: 400, text: 'Error parsing query parameter limit failed: required, not given' },
  { name: 'the query right, a wrong optional header and no required cookie -> the header error (declared headers first)', url: '/items?limit=1&tag=a', headers: { 'x-request-id': 'r1', 'x-trace': 'x' }, status: 400, text: 'Error parsing header X-Trace failed: "x" is not an integer' },
  { name: 'a required deepObject with a key -> 200', url: '/filtered?filter[color]=red', status: 200, json: { filter: { color: 'red' } } },
  { name: 'a required deepObject without any key -> 400 naming it', url: '/filtered?other=1', status: 400, text: 'Error parsing query parameter filter failed: required, not given' },
];

s('each row over HTTP, and the predictor says the same status and body', async () => {
  const predict = predictor(surface);
  await withServer(handlers, async (srv) => {
    for (const row of ROWS) {
      const r = await call(srv.url, 'GET', row.url, { headers: row.headers ?? {} });
      assert.is(r.status, row.status, `${row.name}: ${r.text}`);
      if (row.text !== undefined) assert.is(r.text, row.text, row.name);
      if (row.json !== undefined) assert.equal(r.json(), row.json, row.name);
      const p = predict({ method: 'GET', url: row.url, headers: row.headers ?? {} });
      if (row.status === 200) {
        assert.is(p.kind, 'handler', row.name);
        if (p.kind === 'handler' && row.json !== undefined) assert.equal(JSON.parse(JSON.stringify(p.input)), row.json, `predicted input: ${row.name}`);
      } else {
        assert.is(p.kind === 'handler' ? 200 : p.status, row.status, `predicted: ${row.name}`);
        assert.is(p.kind === 'handler' ? '' : String(p.body), row.text, `predicted body: ${row.name}`);
      }
    }
  });
});

s('the missing answers are badQuery and badHeader in the registry, as the error order says', () => {
  const predict = predictor(surface);
  assert.is(predict({ method: 'GET', url: '/items' }).kind, 'badQuery');
  assert.is(predict({ method: 'GET', url: '/items?limit=1&tag=a' }).kind, 'badHeader');
  assert.is(predict({ method: 'GET', url: '/items?limit=1&tag=a', headers: { 'x-request-id': 'r' } }).kind, 'badHeader');
});

s.run();
