// A surface for the client's tests whose handlers answer the input they decoded, so a test sees
// that what the client wrote is what the server read: every request part, style and body type.
import { api, auth, body, capture, content, del, flag, get, group, header, implement, json, plainText, post, query, queryList, queryObject, reply, rest, segment, t, media } from '../../src/index.js';
import { cookie } from '../../src/dsl/cookie.js';
import { declaredSecurity, type SecurityScheme } from '../../src/dsl/declared-security.js';

const Filter = t.object('Filter', { kind: t.optional(t.text), max: t.optional(t.int) });
const Rgb = t.object('Rgb', { R: t.int, G: t.int });
const Item = t.object('Item', { id: t.int, name: t.text });
const Form = t.object('Form', { a: t.text, n: t.int, list: t.array(t.text) });
const keyInHeader: SecurityScheme = { key: 'headerKey', type: 'apiKey', in: 'header', name: 'X-Api-Key' };
const keyInQuery: SecurityScheme = { key: 'queryKey', type: 'apiKey', in: 'query', name: 'api_key' };
const keyInCookie: SecurityScheme = { key: 'cookieKey', type: 'apiKey', in: 'cookie', name: 'sid' };

export const echo = api('Echo', { title: 'Echo' }, {
  find: get('find', capture('id', t.int), flag('cheap'), queryList('tag', t.text), queryObject('filter', Filter), query('q', t.text),
    query('n', t.int, { required: true }), query('nums', t.array(t.int), { style: 'pipeDelimited' }), query('where', Rgb, { json: true }),
    header('X-Trace', t.text), cookie('theme', t.text)).returns(json(t.json)),
  styled: get('styled', capture('label', t.array(t.int), undefined, { style: 'label' }), capture('matrix', Rgb, undefined, { style: 'matrix', explode: true })).returns(json(t.json)),
  file: get('files', rest('path')).returns(json(t.json)),
  named: get('named', segment(capture('name', t.text), '.', capture('ext', t.text))).returns(json(t.json)),
  form: post('form', body(Form, [media.form])).returns(json(t.json)),
  text: post('text', body(t.text, [media.text])).returns(json(t.json)),
  maybe: post('maybe', body(t.object('Maybe', { a: t.int }), [media.json], { required: false })).returns(json(t.json)),
  item: group(['items', capture('id', t.int)], {
    read: get().returns(json(Item), { headers: { 'X-Count': t.int } }).responds(404, plainText(t.text)),
    remove: del().noContent().responds(404, plainText(t.text)),
  }),
  me: get('me', auth(['Bearer', 'Basic'], 'echo')).returns(json(t.object('Me', { auID: t.int }))),
  keyed: get('keyed', declaredSecurity([[{ scheme: keyInHeader, scopes: [] }], [{ scheme: keyInQuery, scopes: [] }, { scheme: keyInCookie, scopes: [] }]])).returns(json(t.json)),
  bytes: post('bytes', body(t.bytes, [media.octet])).returns(content(t.bytes, [media.octet])),
  lines: get('lines', query('n', t.int, { required: true })).streams(json(Item)),
  // Answers what the test asks for, declared or not, to see how the client reads each.
  odd: get('odd', query('as', t.text, { required: true })).returns(json(Item)),
});

export const echoHandlers = implement(echo, {
  find: (input) => input,
  styled: (input) => input,
  file: ({ path }) => path,
  named: (input) => input,
  form: ({ body: b }) => b,
  text: ({ body: b }) => b,
  maybe: ({ body: b }) => b ?? 'none',
  item: {
    read: ({ id }) => (id === 7 ? reply({ body: { id, name: 'seven' }, headers: { 'X-Count': 3 } }) : reply(404, `no item ${id}`)),
    remove: ({ id }) => (id === 7 ? undefined : reply(404, `no item ${id}`)),
  },
  me: ({ user }) => ({ auID: user.auID }),
  keyed: ({ credentials }) => credentials,
  bytes: ({ body: b }) => Buffer.from([...b].reverse()),
  lines: async function* ({ n }) { for (let id = 1; id <= n; id++) yield { id, name: `line ${id}` }; },
  odd: ({ as }) => (as === 'extra' ? reply({ raw: '{"id":1,"name":"x","extra":true}', headers: { 'content-type': 'application/json' } })
    : as === 'wrong' ? reply({ raw: '{"id":"one","name":"x"}', headers: { 'content-type': 'application/json' } })
    : reply({ status: 200, body: { id: 1, name: 'fine' } })),
});
