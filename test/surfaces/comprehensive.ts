// A surface that uses every combinator of the DSL and every codec (servant's "comprehensive API"):
// its Markdown and OpenAPI are golden files, so a change in how any part is documented shows up.
// The handlers are minimal, only so the surface can also be served.
import {
  HttpError, RANGE_HEADERS, api, auth, basicAuth, bearerAuth, body, capture, content, del, flag, get, group, header,
  implement, json, paginate, patch, plainText, post, put, query, queryList, queryObject, range, rangeFields, reply, rest, segment,
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

// Every codec of the JSON Schema type language, once (the `catalog` endpoint).
type Category = { name: string; children: Category[] };
const Category = t.recursive<Category>('Category', (self) => t.object('Category', { name: t.constrain(t.text, { minLength: 1, maxLength: 40 }), children: t.array(self) }));
const Cat = t.object('CatPet', { kind: t.constant('cat'), lives: t.constrain(t.int, { minimum: 0, maximum: 9 }) });
const Dog = t.object('DogPet', { kind: t.constant('dog'), good: t.bool });
const Entry = t.object('Entry', {
  id: t.uuid, sku: t.constrain(t.text, { pattern: '^[A-Z]{3}-[0-9]{4}$' }), stock: t.int32, views: t.int64,
  price: t.constrain(t.number, { exclusiveMinimum: 0, multipleOf: 0.5 }), updated: t.dateTime, opens: t.time,
  contact: t.email, site: t.uri, host: t.hostname, v4: t.ipv4, v6: t.ipv6, thumb: t.byte, file: t.binary, secret: t.annotate(t.password, { writeOnly: true }),
  rev: t.annotate(t.int, { readOnly: true, deprecated: true }), grade: t.enumOf([1, 'A', null]),
  pet: t.union([Cat, Dog], { discriminator: 'kind' }), label: t.anyOf([t.int, t.text]),
  named: t.allOf('NamedAged', [t.object('Named', { name: t.text }), t.object('Aged', { age: t.int })]),
  note: t.nullable(t.text), attributes: t.record(t.text), point: t.tuple([t.number, t.number]),
  labels: t.array(t.text, { minItems: 1, uniqueItems: true }), category: Category,
  size: t.optional(t.oneOf(['S', 'M', 'L']), { default: 'M' }),
  // A schema without `type`: a short text, or any other JSON value.
  loose: t.optional(t.untyped(t.constrain(t.text, { maxLength: 8 }))),
  // An applicator keyword (a list holding "new"), and an object open by saying nothing of other keys.
  flags: t.optional(t.keywords(t.array(t.text), { contains: t.constant('new') })),
  meta: t.optional(t.object('Meta', { source: t.text }, { extra: t.unsaid })),
}, { patterns: { '^x-': t.text }, maxProperties: 40 });
const entry: t.Infer<typeof Entry> = {
  id: '123e4567-e89b-12d3-a456-426614174000', sku: 'ABC-1234', stock: 3, views: 9007199254740991, price: 12.5,
  updated: '2026-11-23T10:00:00Z', opens: '09:00:00Z', contact: 'ann@example.com', site: 'https://example.com/a', host: 'example.com',
  v4: '192.0.2.1', v6: '2001:db8::1', thumb: 'aGk=', file: 'raw', secret: 'hunter2', rev: 3, grade: 'A',
  pet: { kind: 'cat', lives: 9 }, label: 7, named: { name: 'Ann', age: 34 }, note: null, attributes: { colour: 'red' }, point: [1, 2],
  labels: ['new'], category: { name: 'Books', children: [{ name: 'SF', children: [] }] }, size: 'L',
};
const Filter = t.object('Filter', { grade: t.optional(t.constrain(t.int, { minimum: 1 })), size: t.optional(t.oneOf(['S', 'M', 'L'])) });

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

export const surface = api('comprehensive', { license: { name: 'MIT', identifier: 'MIT' },
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
    // One segment of a capture, a literal and a capture: `/shops/{shopId}/items/{itemId}.{format}`.
    itemAs: get('items', segment(itemId, '.', capture('format', t.text, 'a file extension'))).returns(plainText(t.text), { examples: [{ value: '1 as txt' }] }),
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
  catalog: post('catalog', capture('shelf', t.int32, 'a shelf number'), queryObject('filter', Filter, { description: 'deepObject: `filter[grade]=1`.' }),
    body(Entry, [media.json], [{ title: 'Every codec', value: entry }]))
    .returns(json(Entry), { examples: [{ value: entry }] }),
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
    itemAs: ({ itemId: id, format }) => `${id} as ${format}`,
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
  catalog: ({ body: e }) => e,
});
