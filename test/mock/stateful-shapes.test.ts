// Stateful shapes of real APIs (`--stateful` over an imported document): envelope listings
// (`{ data, total, next_cursor }`, `{ items, total_count }`) filled with the collection, keys the
// client chooses (username, slug) kept as the id, limit/cursor and page/per_page applied to
// listings, `Prefer` honoured on collection endpoints, and a taken key's 409 in the declared error format.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { fileURLToPath } from 'node:url';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { mock } from '../../src/mock/index.js';
import { call, withServer } from '../helpers/server.js';

const doc = await loadDocument(fileURLToPath(new URL('./docs/stateful-shapes.yaml', import.meta.url)));
const { surface } = importSurface(doc, 'stateful-shapes');
const JSON_HEADERS = { 'content-type': 'application/json' };
const post = (url: string, path: string, value: unknown) => call(url, 'POST', path, { headers: JSON_HEADERS, body: JSON.stringify(value) });

test('an allOf envelope lists what was created, totals set, limit and the handed-out cursor page it', async () => {
  await withServer(mock(surface, { stateful: true }), async (s) => {
    for (const name of ['a', 'b', 'c']) assert.is((await post(s.url, '/items', { name })).status, 201);
    const all = (await call(s.url, 'GET', '/items')).json() as { data: { name: string }[]; total: number; next_cursor: string | null };
    assert.equal(all.data.map((x) => x.name), ['a', 'b', 'c']);
    assert.is(all.total, 3);
    assert.ok(all.next_cursor == null, 'no more items: no cursor (an optional field: null is written as absent)');
    const first = (await call(s.url, 'GET', '/items?limit=2')).json() as typeof all;
    assert.equal(first.data.map((x) => x.name), ['a', 'b']);
    assert.is(first.total, 3, 'the total counts the whole collection');
    assert.type(first.next_cursor, 'string');
    const second = (await call(s.url, 'GET', `/items?limit=2&cursor=${first.next_cursor}`)).json() as typeof all;
    assert.equal(second.data.map((x) => x.name), ['c']);
    assert.ok(second.next_cursor == null);
    const skipped = (await call(s.url, 'GET', '/items?limit=1&offset=1')).json() as typeof all;
    assert.equal(skipped.data.map((x) => x.name), ['b'], 'an offset skips items');
    assert.is((await call(s.url, 'GET', '/items?offset=-1')).status, 400, 'a paging parameter its schema refuses is a 400, as any query parameter');
  });
});

test('a bare envelope with page and per_page (defaults 1 and 2) pages the listing', async () => {
  await withServer(mock(surface, { stateful: true }), async (s) => {
    for (const slug of ['one', 'two', 'three']) assert.is((await post(s.url, '/books', { slug, title: slug.toUpperCase() })).status, 200);
    const p1 = (await call(s.url, 'GET', '/books')).json() as { items: { slug: string }[]; total_count: number };
    assert.equal(p1.items.map((b) => b.slug), ['one', 'two'], 'the declared default per_page applies');
    assert.is(p1.total_count, 3);
    const p2 = (await call(s.url, 'GET', '/books?page=2')).json() as typeof p1;
    assert.equal(p2.items.map((b) => b.slug), ['three']);
    const wide = (await call(s.url, 'GET', '/books?per_page=10')).json() as typeof p1;
    assert.is(wide.items.length, 3);
  });
});

test('keys the client chooses are kept: POST /user {"username":"bob"} is GET /user/bob; a taken one is a 409', async () => {
  await withServer(mock(surface, { stateful: true }), async (s) => {
    const made = await post(s.url, '/user', { username: 'bob', email: 'bob@example.com' });
    assert.is(made.status, 200);
    assert.is((made.json() as { username: string }).username, 'bob', 'the client\'s key, not a generated one');
    const read = await call(s.url, 'GET', '/user/bob');
    assert.is(read.status, 200);
    assert.equal(read.json(), { username: 'bob', email: 'bob@example.com' });
    const again = await post(s.url, '/user', { username: 'bob' });
    assert.is(again.status, 409);
    assert.match(again.text, /already has an item with username "bob"/);
    assert.is((await call(s.url, 'GET', '/books/my-book')).status, 404);
    await post(s.url, '/books', { slug: 'my-book', title: 'Mine' });
    assert.equal((await call(s.url, 'GET', '/books/my-book')).json(), { slug: 'my-book', title: 'Mine' });
    const taken = await post(s.url, '/books', { slug: 'my-book', title: 'Again' });
    assert.is(taken.status, 409);
    assert.equal(taken.json(), { message: 'slug taken' }, 'a declared 409 answers with its example');
    assert.equal((await call(s.url, 'GET', '/books/my-book')).json(), { slug: 'my-book', title: 'Mine' }, 'the item kept is the first');
  });
});

test('Prefer works on stateful endpoints: code=404 answers the declared 404, a malformed one is a 400', async () => {
  await withServer(mock(surface, { stateful: true }), async (s) => {
    await post(s.url, '/user', { username: 'ann' });
    assert.is((await call(s.url, 'GET', '/user/ann')).status, 200);
    const preferred = await call(s.url, 'GET', '/user/ann', { headers: { prefer: 'code=404' } });
    assert.is(preferred.status, 404);
    assert.equal(preferred.json(), { message: 'no such user' });
    assert.is((await call(s.url, 'GET', '/user/ann', { headers: { prefer: 'code=abc' } })).status, 400);
    assert.is((await call(s.url, 'GET', '/user/ann', { headers: { prefer: 'code=418' } })).status, 422);
    assert.is((await call(s.url, 'GET', '/user/ann', { headers: { prefer: 'respond-async' } })).status, 200, 'a preference the mock does not know leaves the stateful answer');
  });
});

const conflicts = await loadDocument(fileURLToPath(new URL('./docs/stateful-conflict.yaml', import.meta.url)));
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema(conflicts.document as object, 'doc');
/** Why `body` is not a Problem of the document ('' when it is one). */
const notProblem = (body: unknown): string => {
  const v = ajv.getSchema('doc#/components/schemas/Problem')!;
  return v(body) ? '' : ajv.errorsText(v.errors);
};

test('a taken key is a 409 in the document\'s error format: application/problem+json valid against its Problem, whether declared for 409 or as default', async () => {
  const imported = importSurface(conflicts, 'stateful-conflict');
  assert.equal(imported.warnings.map((w) => w.message), []);
  await withServer(mock(imported.surface, { stateful: true }), async (s) => {
    for (const [path, key, declared] of [['/accounts', 'handle', '409'], ['/teams', 'slug', 'default']] as const) {
      assert.is((await post(s.url, path, { [key]: 'bob', name: 'Bob' })).status, 201, path);
      const taken = await post(s.url, path, { [key]: 'bob', name: 'Other' });
      assert.is(taken.status, 409, `${path}: ${taken.text}`);
      assert.is(String(taken.headers['content-type']).split(';')[0], 'application/problem+json', `${path} (${declared}): ${taken.text}`);
      assert.is(notProblem(taken.json()), '', `${path} (${declared}): ${taken.text}`);
      // Filled with what went wrong, not a sample of the schema (which said `status: 400`).
      assert.is((taken.json() as { status?: unknown }).status, 409, `${path} (${declared}): ${taken.text}`);
      assert.equal((await call(s.url, 'GET', `${path}/bob`)).json(), { [key]: 'bob', name: 'Bob' }, 'the item kept is the first');
    }
    // Only `default` declared: the mock's own message fills the problem.
    const team = (await post(s.url, '/teams', { slug: 'bob', name: 'Again' })).json() as Record<string, unknown>;
    assert.equal([team.status, team.title], [409, 'Conflict']);
    assert.match(String(team.detail), /\/teams already has an item with slug "bob"/);
  });
});

test.run();
