// Type tests (checked by `tsc -p tsconfig.test.json` in `npm test`): the client of a surface is
// typed from it alone: inputs from the parts, answers narrowed by status. Each @ts-expect-error
// must stay an error.
import {
  api, auth, body, capture, flag, get, group, header, json, plainText, post, query, queryList, queryObject, rest, t, media,
} from '../../src/index.js';
import { cookie } from '../../src/dsl/cookie.js';
import { client, type ClientInputOf, type Nonconforming } from '../../src/client/index.js';

type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends (<X>() => X extends B ? 1 : 2) ? true : false;
const expectType = <T extends true>(_: T) => {};

const Item = t.object('Item', { id: t.int, name: t.text });
const Problem = t.object('Problem', { code: t.int });
const Filter = t.object('Filter', { kind: t.optional(t.text) });

const surface = api('Typed', { title: 'a typed client' }, {
  item: group(['items', capture('id', t.int)], {
    read: get().returns(json(Item), { headers: { 'X-Count': t.int } }).responds(404, json(Problem)).responds(410),
    rename: post(body(t.text, [media.text])).noContent(),
  }),
  search: get('search', query('q', t.text, { required: true }), query('page', t.int), flag('all'), queryList('tag', t.text), queryObject('filter', Filter),
    header('X-Trace', t.text), cookie('theme', t.text)).returns(json(t.array(Item))),
  maybe: post('maybe', body(Item, [media.json], { required: false })).returns(plainText(t.text)),
  files: get('files', rest('path')).returns(plainText(t.text)),
  me: get('me', auth(['Bearer'], 'typed')).returns(json(t.object('Me', { auID: t.int }))),
  lines: get('lines').streams(json(Item)),
  // As an imported document declares them: a range and `default`, each with a representative status.
  pets: get('pets').returns(json(t.array(Item))).responds(404, json(Problem)).responds(400, json(Filter), { key: '4XX' })
    .responds(500, json(t.object('Failure', { message: t.text })), { key: 'default' }),
});

const c = client(surface, { baseUrl: 'http://localhost:8080' });

// Inputs: the handler's input, relaxed where sending differs from receiving.
type SearchInput = ClientInputOf<[...(typeof surface.tree.search.parts)]>;
expectType<Equal<SearchInput, {
  q: string; page?: number | undefined; all?: boolean | undefined; tag?: readonly string[] | undefined;
  filter?: { kind?: string | undefined } | undefined; 'X-Trace'?: string | undefined; theme?: string | undefined;
}>>(true);
// The auth part asks the caller for nothing: credentials come from the client's options.
type MeInput = ClientInputOf<[...(typeof surface.tree.me.parts)]>;
expectType<Equal<MeInput, { readonly [k: string]: never }>>(true);

async function calls() {
  await c.item.read({ id: 1 });
  // @ts-expect-error a capture of the wrong type
  await c.item.read({ id: '1' });
  // @ts-expect-error a capture left out
  await c.item.read({});
  await c.search({ q: 'x' });
  // @ts-expect-error a required query parameter left out
  await c.search({ page: 2 });
  // @ts-expect-error a query parameter of the wrong type
  await c.search({ q: 'x', page: 'two' });
  await c.maybe();
  await c.maybe({ body: { id: 1, name: 'x' } });
  // @ts-expect-error a body of the wrong type
  await c.maybe({ body: { id: 1 } });
  // @ts-expect-error a required body left out
  await c.item.rename({ id: 1 });
  await c.files({ path: ['a', 'b'] });
  await c.me();
  await c.me({});
  // @ts-expect-error a parameter the endpoint does not declare, on one that takes none
  await c.me({ colour: 'red' });
  await c.item.read({ id: 1 }, { signal: AbortSignal.timeout(10), timeout: 5, headers: { 'x-a': 'b' } });

  // Answers: a union by declared status, narrowed by `status`.
  const r = await c.item.read({ id: 1 });
  // @ts-expect-error the body is an Item only once the status says 200
  r.body.name;
  if (r.status === 200) {
    expectType<Equal<typeof r.body, { id: number; name: string }>>(true);
    expectType<Equal<typeof r.headers['x-count'], number | undefined>>(true);
  } else if (r.status === 404) {
    expectType<Equal<typeof r.body, { code: number }>>(true);
  } else {
    expectType<Equal<typeof r.status, 410>>(true);
    expectType<Equal<typeof r.body, undefined>>(true);
  }
  // @ts-expect-error 418 is not a declared status
  if (r.status === 418) return;
  const renamed = await c.item.rename({ id: 1, body: 'new' });
  expectType<Equal<typeof renamed.status, 204>>(true);
  const lines = await c.lines();
  expectType<Equal<typeof lines.body, AsyncIterable<{ id: number; name: string }>>>(true);

  // A range stands for its statuses not declared for themselves, `default` for every status left.
  const p = await c.pets();
  if (p.status === 200) expectType<Equal<typeof p.body, { id: number; name: string }[]>>(true);
  if (p.status === 404) expectType<Equal<typeof p.body, { code: number }>>(true);
  if (p.status === 409) expectType<Equal<typeof p.body, { kind?: string | undefined }>>(true);
  if (p.status === 418) expectType<Equal<typeof p.body, { kind?: string | undefined }>>(true);
  if (p.status === 503 || p.status === 302) expectType<Equal<typeof p.body, { message: string }>>(true);
  // @ts-expect-error 600 is no HTTP status
  if (p.status === 600) return;

  // strict: false adds the nonconforming answer, told apart by `conformance`.
  const loose = client(surface, { baseUrl: 'http://localhost:8080', strict: false });
  const l = await loose.item.read({ id: 1 });
  if (l.conformance !== undefined) expectType<Equal<typeof l, Nonconforming>>(true);
  else if (l.status === 200) l.body.name;
}
void calls;
