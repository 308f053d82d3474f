// What a client sees of the response types: only declared fields, in declared order; a reply of
// the wrong type or an undeclared status is a 500 with a log line naming the endpoint, never sent.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { HttpError, api, capture, get, implement, json, plainText, reply } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { call, start, type Running } from '../helpers/server.js';

const Person = t.object('Person', { name: t.text, age: t.int, nick: t.optional(t.text) });
type Person = t.Infer<typeof Person>;
const Missing = t.object('Missing', { id: t.int, reason: t.text });

const surface = api('T', { title: 'typed replies' }, {
  extra: get('extra').returns(json(Person)),
  shuffled: get('shuffled').returns(json(Person)),
  wrongField: get('wrong-field').returns(json(Person)),
  wrongList: get('wrong-list').returns(json(t.array(Person))),
  undeclared: get('undeclared').returns(json(Person)),
  wrongHeader: get('wrong-header').returns(json(Person), { headers: { 'X-Count': t.int } }),
  lowerWrongHeader: get('lower-wrong-header').returns(json(Person), { headers: { 'X-Count': t.int } }),
  oddNames: get('odd-names').returns(json(Person), { headers: { 'X-Count': t.int } }),
  person: get('person', capture('id', t.int)).returns(json(Person), { headers: { 'X-Count': t.int } })
    .responds(404, json(Missing))
    .responds(410, plainText(t.text)),
  teapot: get('teapot').returns(json(Person)),
  thrown: get('thrown', capture('id', t.int)).returns(json(Person)).responds(404, json(Missing)),
});

const ada: Person = { name: 'Ada', age: 36 };
// Values typed loosely on purpose: what a handler built from a wider record or untyped data gives.
const withSecret = { ...ada, password: 'hunter2', internal: { id: 7 } };
const notAnInt = { name: 'Ada', age: '36' } as unknown as Person;

const logs: string[] = [];
const impl = implement(surface, {
  extra: () => withSecret,
  shuffled: () => ({ nick: 'countess', age: 36, name: 'Ada' }),
  wrongField: () => notAnInt,
  wrongList: () => [ada, notAnInt],
  // Untyped code (JavaScript, or a value that went through `any`) can still give any status.
  undeclared: () => reply({ status: 418 as 200, body: ada }),
  wrongHeader: () => reply({ body: ada, headers: { 'X-Count': 'many' as unknown as number } }),
  // The declared header named in another case is still the declared one, checked by its codec.
  lowerWrongHeader: () => reply({ body: ada, headers: { 'x-count': 'many' } as unknown as { 'X-Count': number } }),
  // Names that are also Object.prototype's, and a header inherited from a prototype (not sent).
  oddNames: () => reply({ body: ada, headers: Object.assign(Object.create({ 'X-Inherited': 'no' }) as object, { 'X-COUNT': 2, constructor: 'c', toString: 't' }) as unknown as { 'X-Count': number } }),
  person: ({ id }) => {
    if (id === 0) return reply(404, { id, reason: 'never existed', extra: 'dropped' } as { id: number; reason: string });
    if (id === 1) return reply(410, 'gone');
    return reply({ body: ada, headers: { 'X-Count': 1, Location: `/person/${id}` } });
  },
  teapot: () => new HttpError(418, 'an error value may carry any status'),
  thrown: ({ id }) => {
    // HttpError.json for a declared status is encoded by that status's codec, as reply(404, ...) is.
    if (id === 0) throw HttpError.json(404, { reason: 'never existed', id, extra: 'dropped' });
    if (id === 1) throw HttpError.json(404, { id: 'one', reason: 'a wrong type' });
    throw HttpError.json(418, { any: 'thing' });
  },
});

const s = suite<{ server?: Running }>('typed replies', {});
s.before(async (ctx) => { ctx.server = await start(impl, { log: (l) => logs.push(l) }); });
s.after(async (ctx) => { await ctx.server?.close(); });

const loggedFor = (name: string, path: string, pattern: RegExp) =>
  logs.some((l) => l.startsWith(`api-serve: the reply of ${name} (GET ${path}) could not be encoded: `) && pattern.test(l));

s('GET /extra -> 200 without the fields the handler added beyond Person', async ({ server }) => {
  const r = await call(server!.url, 'GET', '/extra');
  assert.is(r.status, 200);
  assert.is(r.text, '{"name":"Ada","age":36}');
  assert.not.match(r.text, /hunter2|password|internal/);
});

s('GET /shuffled -> 200 with the fields in declared order, not the handler\'s', async ({ server }) => {
  const r = await call(server!.url, 'GET', '/shuffled');
  assert.is(r.text, '{"name":"Ada","age":36,"nick":"countess"}');
});

s('GET /wrong-field -> 500 with a generic body, and a log line naming the endpoint and the field', async ({ server }) => {
  const r = await call(server!.url, 'GET', '/wrong-field');
  assert.is(r.status, 500);
  assert.not.match(r.text, /Ada|36/, 'nothing of the value is sent');
  assert.ok(loggedFor('wrongField', '/wrong-field', /\$\.age: expected integer, got string "36"/), logs.join('\n'));
});

s('GET /wrong-list -> 500, the log line points at the list item', async ({ server }) => {
  const r = await call(server!.url, 'GET', '/wrong-list');
  assert.is(r.status, 500);
  assert.ok(loggedFor('wrongList', '/wrong-list', /\$\[1\]\.age: expected integer/), logs.join('\n'));
});

s('GET /undeclared (a reply with an undeclared status) -> 500 and a log line naming the status', async ({ server }) => {
  const r = await call(server!.url, 'GET', '/undeclared');
  assert.is(r.status, 500);
  assert.not.match(r.text, /Ada/);
  assert.ok(loggedFor('undeclared', '/undeclared', /status 418 is not a declared response \(declared: 200\)/), logs.join('\n'));
});

s('GET /wrong-header (a declared header of the wrong type) -> 500 and a log line naming the header', async ({ server }) => {
  const r = await call(server!.url, 'GET', '/wrong-header');
  assert.is(r.status, 500);
  assert.is(r.headers['x-count'], undefined);
  assert.ok(loggedFor('wrongHeader', '/wrong-header', /header X-Count: expected integer/), logs.join('\n'));
});

s('a declared header named in another case is checked by its codec: GET /lower-wrong-header -> 500', async ({ server }) => {
  const r = await call(server!.url, 'GET', '/lower-wrong-header');
  assert.is(r.status, 500);
  assert.is(r.headers['x-count'], undefined);
  assert.ok(loggedFor('lowerWrongHeader', '/lower-wrong-header', /header x-count: expected integer/), logs.join('\n'));
});

s('reply header names: any case of a declared one is rendered by its codec; constructor and toString are plain headers; an inherited one is not sent', async ({ server }) => {
  const r = await call(server!.url, 'GET', '/odd-names');
  assert.is(r.status, 200, r.text);
  assert.is(r.headers['x-count'], '2');
  assert.is(r.headers.constructor, 'c');
  assert.is(r.headers.tostring, 't');
  assert.is(r.headers['x-inherited'], undefined);
});

s('HttpError.json for a declared status is encoded by its codec: declared fields, declared order, undeclared dropped', async ({ server }) => {
  const r = await call(server!.url, 'GET', '/thrown/0');
  assert.is(r.status, 404);
  assert.is(r.headers['content-type'], 'application/json;charset=utf-8');
  assert.is(r.text, '{"id":0,"reason":"never existed"}');
});

s('HttpError.json with a value the declared codec refuses -> 500 and a log line, never sent', async ({ server }) => {
  const r = await call(server!.url, 'GET', '/thrown/1');
  assert.is(r.status, 500);
  assert.not.match(r.text, /wrong type/);
  assert.ok(loggedFor('thrown', '/thrown/1', /\$\.id: expected integer/), logs.join('\n'));
});

s('HttpError.json for an undeclared status is sent as it is (the escape hatch)', async ({ server }) => {
  const r = await call(server!.url, 'GET', '/thrown/2');
  assert.is(r.status, 418);
  assert.is(r.text, '{"any":"thing"}');
});

s('declared statuses answer with their own content type, body and headers', async ({ server }) => {
  const missing = await call(server!.url, 'GET', '/person/0');
  assert.is(missing.status, 404);
  assert.is(missing.headers['content-type'], 'application/json;charset=utf-8');
  assert.is(missing.text, '{"id":0,"reason":"never existed"}');
  const gone = await call(server!.url, 'GET', '/person/1');
  assert.is(gone.status, 410);
  assert.is(gone.headers['content-type'], 'text/plain;charset=utf-8');
  assert.is(gone.text, 'gone');
  const found = await call(server!.url, 'GET', '/person/2');
  assert.is(found.status, 200);
  assert.is(found.headers['x-count'], '1');
  assert.is(found.headers.location, '/person/2', 'an undeclared header is sent as given');
  assert.is(found.text, '{"name":"Ada","age":36}');
});

s('GET /teapot (an HttpError with an undeclared status) -> answered as the error says', async ({ server }) => {
  const r = await call(server!.url, 'GET', '/teapot');
  assert.is(r.status, 418);
  assert.is(r.text, 'an error value may carry any status');
});

s.run();
