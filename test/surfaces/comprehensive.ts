// A surface that uses every combinator of the DSL and every codec (servant's "comprehensive API"):
// its Markdown and OpenAPI are golden files, so a change in how any part is documented shows up.
// The handlers are minimal, only so the surface can also be served.
import {
  HttpError, RANGE_HEADERS, api, auth, basicAuth, bearerAuth, body, capture, content, del, flag, get, group, header,
  implement, json, paginate, patch, plainText, post, put, query, queryList, range, rangeFields, reply, rest,
} from '../../src/dsl/index.js';
import type { Formatters } from '../../src/dsl/index.js';
import { escapeHtml, media, t } from '../../src/codec/index.js';

const Kind = t.describe(t.oneOf(['book', 'game', 'tool']), 'What an item is.');
const Dimensions = t.object('Dimensions', { width: t.number, height: t.number, depth: t.optional(t.number) });
const Item = t.examples(t.object('Item', {
  id: t.int,
  name: t.text,
  kind: Kind,
  tags: t.array(t.text),
  dimensions: Dimensions,
  released: t.optional(t.date),
  inStock: t.bool,
  extra: t.optional(t.json),
}, { description: 'A thing the shop sells.' }), [
  { title: 'A book', value: { id: 1, name: 'Dune', kind: 'book', tags: ['sf'], dimensions: { width: 13, height: 20 }, released: '1965-08-01', inStock: true } },
]);
type Item = t.Infer<typeof Item>;
const NewItem = t.object('NewItem', { name: t.text, kind: Kind, tags: t.array(t.text), price: t.optional(t.int) });
const Receipt = t.object('Receipt', { id: t.int, lines: t.array(t.object('ReceiptLine', { itemId: t.int, quantity: t.int })), total: t.number });
const Problem = t.object('Problem', { error: t.text, combinator: t.text });

const dune: Item = { id: 1, name: 'Dune', kind: 'book', tags: ['sf'], dimensions: { width: 13, height: 20 }, released: '1965-08-01', inStock: true };
const chess: Item = { id: 2, name: 'Chess', kind: 'game', tags: [], dimensions: { width: 40, height: 40, depth: 5 }, inStock: false };

/** Items as an HTML list (the `html` media of `content`). */
const itemList = (items: readonly Item[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i.name)}</li>`).join('')}</ul>`;
/** Items as JSON, an HTML list, or text (the codec's own text form: the items' JSON, comma-separated). */
const Items = content(t.array(Item), [media.json, media.html(itemList), media.text]);

export const itemRanges = rangeFields(Item, {
  name: { type: 'string', from: (i) => i.name },
  id: { type: 'integer', from: (i) => i.id, limit: 10, order: 'asc' },
});

const formatters: Partial<Formatters> = {
  bodyParse: (failure) => reply({ status: 400, body: { error: failure.message, combinator: failure.combinator } }),
  urlParse: (failure) => reply({ status: 400, raw: `bad ${failure.combinator} ${failure.name ?? ''}: ${failure.message}`, headers: { 'content-type': 'text/plain;charset=utf-8' } }),
  headerParse: (failure) => reply({ status: 400, raw: `bad header ${failure.name ?? ''}: ${failure.message}`, headers: { 'content-type': 'text/plain;charset=utf-8' } }),
  notFound: (req) => reply({ status: 404, raw: `nothing at ${req.path}`, headers: { 'content-type': 'text/plain;charset=utf-8' } }),
};

const shopId = capture('shopId', t.int, '(integer) the shop');
const itemId = capture('itemId', t.int, '(integer) the item');

export const surface = api('comprehensive', {
  title: 'Every combinator of the DSL',
  intro: { title: 'Comprehensive', paragraphs: ['Every combinator, codec and media type the DSL has, once.', 'Generated docs of this surface are golden files.'] },
  formatters,
}, {
  root: get().returns(plainText(t.text), { examples: [{ value: 'ok' }] }).summarize('A static root answering text.'),
  search: get('search',
    query('q', t.describe(t.text, 'Words to look for.'), { values: ['dune', 'chess'], description: 'The search words.' }),
    query('limit', t.int, { values: ['10'] }),
    flag('inStock', { description: 'Only items in stock.' }),
    queryList('kind', Kind, { values: ['book', 'game'], description: 'Any of these kinds.' }),
    header('X-Request-Id', t.text, { description: 'Echoed in logs.' }),
  ).returns(Items, { examples: [{ title: 'Two items', value: [dune, chess] }, { title: 'Nothing found', value: [] }] })
    .summarize('Search items; JSON, HTML or text by Accept.'),
  files: get('files', rest('path', 'the file path, any depth'))
    .returns(content(t.bytes, [media.octet]), { description: 'The file\'s bytes.' })
    .responds(404, plainText(t.text), { examples: [{ value: 'nothing at /files/x' }] }),
  shop: group(['shops', shopId], {
    items: get('items', range(itemRanges))
      .returns(json(t.array(Item)), { status: 206, headers: RANGE_HEADERS, examples: [{ title: 'Range: id; limit 2', value: [dune, chess] }] }),
    item: get('items', itemId)
      .returns(json(Item), { headers: { 'X-Stock': t.describe(t.int, 'Units in stock.'), 'Last-Modified': t.text } })
      .responds(404, json(Problem), { description: 'No such item.', examples: [{ value: { error: 'no item 9', combinator: 'Capture' } }] }),
    create: post('items', body(NewItem, [media.json, media.form], [{ title: 'A game', value: { name: 'Go', kind: 'game', tags: ['board'] } }]))
      .returns(json(Item), { status: 201, headers: { Location: t.text }, examples: [{ value: chess }], description: 'The item as stored.' })
      .responds(409, undefined, { description: 'An item of that name exists.' }),
    rename: patch('items', itemId, body(t.text, [media.text], [{ value: 'New name' }])).noContent({ description: 'Renamed.' }),
    replace: put('items', itemId, body(NewItem)).empty(202, { description: 'Accepted; stored later.' }),
    remove: del('items', itemId).noContent(),
    feed: get('feed').streams(json(Item), { description: 'Every item as one JSON line.' }),
  }),
  account: group([auth(['Basic', 'Bearer'], 'comprehensive')], {
    receipts: get('receipts', query('since', t.date)).returns(json(t.array(Receipt)), { examples: [{ value: [{ id: 7, lines: [{ itemId: 1, quantity: 2 }], total: 19.5 }] }] }),
    upload: post('uploads', body(t.bytes, [media.octet])).empty(),
  }),
  basic: get('basic', basicAuth('basic only')).returns(json(t.int)),
  bearer: del('bearer', bearerAuth('bearer only')).noContent(),
  page: get('page').returns(content(t.text, [media.html((s: string) => `<p>${escapeHtml(s)}</p>`)]), { examples: [{ value: 'Hello' }] }),
  retired: group(['retired'], {}),
});

const noop = () => undefined;

export const handlers = implement(surface, {
  root: () => 'ok',
  search: ({ q }) => (q === undefined ? [dune, chess] : [dune, chess].filter((i) => i.name.toLowerCase().includes(q.toLowerCase()))),
  files: ({ path }) => Buffer.from(path.join('/')),
  shop: {
    items: ({ range: r }) => {
      const page = paginate(itemRanges, r, [dune, chess]);
      return reply({ body: page.items, headers: page.headers });
    },
    item: ({ itemId: id }) => (id === 1 ? dune : HttpError.json(404, { error: `no item ${id}`, combinator: 'Capture' })),
    create: () => reply({ status: 201, body: chess, headers: { Location: '/shops/1/items/2' } }),
    rename: noop,
    replace: noop,
    remove: noop,
    feed: async function* () { yield dune; yield chess; },
  },
  account: {
    receipts: () => [],
    upload: noop,
  },
  basic: ({ user }) => user.auID,
  bearer: noop,
  page: () => 'Hello',
  retired: {},
});
