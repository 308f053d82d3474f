// Constrained codecs on a live server: captures, query values in every OpenAPI style (a list in
// one value, an object as key,value pairs, a deepObject), headers and JSON bodies are refused with
// a 400 naming the part and the broken keyword; valid ones reach the handler typed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { api, body, capture, get, header, implement, json, post, query, queryObject } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { call, withServer } from '../helpers/server.js';
import { predictor } from '../../src/describe/index.js';

const Filter = t.object('Filter', { color: t.enumOf(['red', 'blue']), size: t.optional(t.constrain(t.int, { minimum: 1 })) });
const Order = t.object('Order', {
  sku: t.constrain(t.text, { pattern: '^[A-Z]{3}-[0-9]{4}$' }), qty: t.constrain(t.int, { minimum: 1, maximum: 99 }),
  email: t.email, notes: t.nullable(t.constrain(t.text, { maxLength: 20 })),
});
const surface = api('Shop', { title: 'shop' }, {
  item: get('items', capture('id', t.constrain(t.int, { exclusiveMinimum: 0 })), query('ids', t.array(t.int, { maxItems: 3 })),
    query('box', Filter), queryObject('filter', Filter), header('X-Trace', t.uuid)).returns(json(t.json)),
  order: post('orders', body(Order)).returns(json(Order)),
});
const impl = implement(surface, {
  item: ({ id, ids, box, filter }) => ({ id, ids: ids ?? null, box: box ?? null, filter: filter ?? null }),
  order: ({ body: o }) => o,
});

test('valid values in each style reach the handler typed', () => withServer(impl, async (s) => {
  const r = await call(s.url, 'GET', '/items/7?ids=1,2,3&box=color,red,size,2&filter[color]=blue&filter[size]=5', { headers: { 'x-trace': '123e4567-e89b-12d3-a456-426614174000' } });
  assert.is(r.status, 200, r.text);
  assert.equal(r.json(), { id: 7, ids: [1, 2, 3], box: { color: 'red', size: 2 }, filter: { color: 'blue', size: 5 } });
}));

test('each broken rule is a 400 naming the part and the keyword, as the predictor says', () => withServer(impl, async (s) => {
  const predict = predictor(surface);
  const cases: [string, Record<string, string>, RegExp][] = [
    ['/items/0', {}, /^Error parsing capture id failed: "0" must be greater than 0 \(exclusiveMinimum 0\)$/],
    ['/items/1?ids=1,2,3,4', {}, /^Error parsing query parameter ids failed: "1,2,3,4" must have at most 3 items \(maxItems 3\)$/],
    ['/items/1?box=color,green', {}, /^Error parsing query parameter box failed: key "color": "green" is not one of "red", "blue"$/],
    ['/items/1?box=color', {}, /^Error parsing query parameter box failed: "color" is not key,value pairs/],
    ['/items/1?filter[size]=2', {}, /^Error parsing query parameter filter failed: key "color" not found$/],
    ['/items/1?filter[color]=red&filter[size]=0', {}, /^Error parsing query parameter filter failed: key "size": "0" must be at least 1 \(minimum 1\)$/],
    ['/items/1?filter[color]=red&filter[shape]=round', {}, /unexpected key "shape"/],
    ['/items/1', { 'x-trace': 'not-a-uuid' }, /^Error parsing header X-Trace failed: "not-a-uuid" is not a UUID \(format uuid\)$/],
  ];
  for (const [path, headers, message] of cases) {
    const r = await call(s.url, 'GET', path, { headers });
    assert.is(r.status, 400, path);
    assert.match(r.text, message, path);
    const p = await predict({ method: 'GET', url: path, headers });
    assert.is(p.kind === 'handler' ? 'handler' : p.status, 400, `the predictor agrees on ${path}`);
    assert.is(p.kind !== 'handler' && String(p.body), r.text, `the predictor's message for ${path}`);
  }
}));

test('a JSON body breaking one rule is a 400 naming the JSON path and the rule', () => withServer(impl, async (s) => {
  const good = { sku: 'ABC-1234', qty: 2, email: 'ann@example.com', notes: null };
  const ok = await call(s.url, 'POST', '/orders', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(good) });
  assert.is(ok.status, 200, ok.text);
  assert.equal(ok.json(), good);
  const cases: [object, RegExp][] = [
    [{ ...good, sku: 'abc-1234' }, /^Error in \$\.sku: must match \/\^\[A-Z\]\{3\}-\[0-9\]\{4\}\$\/ \(pattern\), got string "abc-1234"$/],
    [{ ...good, qty: 100 }, /^Error in \$\.qty: must be at most 99 \(maximum 99\), got number 100$/],
    [{ ...good, email: 'ann' }, /^Error in \$\.email: is not an email address \(format email\)/],
    [{ ...good, notes: 'x'.repeat(21) }, /^Error in \$\.notes: must be at most 20 characters long \(maxLength 20\)/],
  ];
  for (const [bad, message] of cases) {
    const r = await call(s.url, 'POST', '/orders', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(bad) });
    assert.is(r.status, 400);
    assert.match(r.text, message);
  }
}));

test.run();
