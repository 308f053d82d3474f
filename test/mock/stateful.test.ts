// Stateful mocking: collection-shaped endpoints keep their items. Created items are listed and
// read back, updates change them, deleted ones answer the declared 404, ids follow the id codec,
// the list example seeds the collection, nested collections keep apart, POST <prefix>reset reseeds.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { api, body, capture, del, get, group, json, patch, post, put } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { mock } from '../../src/mock/index.js';
import { findCollections } from '../../src/mock/collections.js';
import { type CollectionStore, memoryCollectionStore } from '../../src/mock/collection-store.js';
import { walk } from '../../src/dsl/index.js';
import { registry } from '../../specs/index.js';
import { call, withServer } from '../helpers/server.js';
import { runBin, spawnServe } from '../helpers/cli.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const JSON_HEADERS = { 'content-type': 'application/json' };

test('S4 --mock --stateful: create, list, get, delete then 404, ids increasing and never reused', async () => {
  const { surface } = await registry.S4!.load();
  await withServer(mock(surface, { stateful: true }), async (s) => {
    const seeded = (await call(s.url, 'GET', '/person')).json() as { Id: number; name: string }[];
    const a = (await call(s.url, 'POST', '/person', { headers: JSON_HEADERS, body: '{"name":"Ann","age":"34"}' })).json() as { Id: number; name: string };
    const b = (await call(s.url, 'POST', '/person', { headers: JSON_HEADERS, body: '{"name":"Bob","age":"40"}' })).json() as { Id: number; name: string };
    assert.is(a.name, 'Ann');
    assert.ok(b.Id > a.Id && seeded.every((p) => p.Id < a.Id), 'fresh ids above every id seen');
    const listed = (await call(s.url, 'GET', '/person')).json() as { Id: number }[];
    assert.equal(listed.map((p) => p.Id), [...seeded.map((p) => p.Id), a.Id, b.Id]);
    assert.equal((await call(s.url, 'GET', `/person/${a.Id}`)).json(), a);
    assert.is((await call(s.url, 'DELETE', `/person/${a.Id}`)).status, 200);
    const gone = await call(s.url, 'GET', `/person/${a.Id}`);
    assert.is(gone.status, 404, 'a deleted item answers the declared 404');
    const c = (await call(s.url, 'POST', '/person', { headers: JSON_HEADERS, body: '{"name":"Cy","age":"1"}' })).json() as { Id: number };
    assert.ok(c.Id > b.Id, 'a deleted id is not reused');
  });
});

test('replace, update (merge), nested collections kept apart, uuid ids, reset reseeds', async () => {
  const Post = t.object('Post', { postId: t.uuid, title: t.text, likes: t.int });
  const NewPost = t.object('NewPost', { title: t.text, likes: t.optional(t.int) });
  const posts = capture('uid', t.int);
  const postId = capture('postId', t.uuid);
  const surface = api('Blog', { title: 'blog' }, {
    posts: group(['users', posts, 'posts'], {
      list: get().returns(json(t.array(Post))),
      create: post(body(NewPost)).returns(json(Post), { status: 201 }),
      get: get(postId).returns(json(Post)).responds(404, json(t.text), { examples: [{ value: 'no such post' }] }),
      replace: put(postId, body(NewPost)).returns(json(Post)),
      update: patch(postId, body(t.object('PostPatch', { likes: t.optional(t.int), title: t.optional(t.text) }))).returns(json(Post)),
      remove: del(postId).noContent(),
    }),
  });
  assert.equal(findCollections(walk(surface)).map((c) => [c.path, c.idField]), [['/users/{uid}/posts', 'postId']]);
  await withServer(mock(surface, { stateful: true }), async (s) => {
    const made = await call(s.url, 'POST', '/users/1/posts', { headers: JSON_HEADERS, body: '{"title":"Hello","likes":2}' });
    assert.is(made.status, 201);
    const p = made.json() as { postId: string; title: string; likes: number };
    assert.match(p.postId, /^[0-9a-f-]{36}$/);
    assert.equal((await call(s.url, 'GET', '/users/2/posts')).json(), [], 'another user\'s posts are another collection');
    const patched = (await call(s.url, 'PATCH', `/users/1/posts/${p.postId}`, { headers: JSON_HEADERS, body: '{"likes":5}' })).json();
    assert.equal(patched, { ...p, likes: 5 }, 'an update merges');
    const replaced = (await call(s.url, 'PUT', `/users/1/posts/${p.postId}`, { headers: JSON_HEADERS, body: '{"title":"New"}' })).json() as { title: string; likes: number };
    assert.is(replaced.title, 'New');
    assert.equal((await call(s.url, 'GET', `/users/1/posts/${p.postId}`)).json(), replaced);
    assert.is((await call(s.url, 'POST', '/__api-serve/reset')).status, 204);
    const after = await call(s.url, 'GET', `/users/1/posts/${p.postId}`);
    assert.is(after.status, 404);
    assert.is(after.json(), 'no such post', 'the declared 404 with its example');
  });
});

test('--seed-data starts a collection with the file\'s items; one that does not fit is one line with its JSON pointer, exit 2', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'api-serve-seed-'));
  try {
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ '/person': [{ Id: 7, name: 'Zoe', age: '30' }] }));
    const s = await spawnServe(['S4:0', '--mock', '--seed-data', good, '--data', dir]);
    try {
      assert.equal((await call(s.urls.S4!, 'GET', '/person')).json(), [{ Id: 7, name: 'Zoe', age: '30' }]);
      assert.is(((await call(s.urls.S4!, 'POST', '/person', { headers: JSON_HEADERS, body: '{"name":"A","age":"1"}' })).json() as { Id: number }).Id, 8);
    } finally { await s.stop(); }
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ '/person': [{ Id: 7, name: 'Zoe', age: 30 }] }));
    for (const [file, message] of [
      [bad, /--seed-data .*bad\.json: at \/~1person\/0\/age: expected text, got number 30/],
      [join(dir, 'missing.json'), /--seed-data .*missing\.json: no such file/],
    ] as const) {
      const r = runBin('api-serve', ['S4', '--mock', '--port', '0', '--seed-data', file, '--data', dir]);
      assert.is(r.code, 2, r.stderr);
      assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, message);
    }
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('the surface\'s `collections` option names the id field, leaves a path out, and refuses a path that is no collection', async () => {
  const Note = t.object('Note', { key: t.text, ref: t.int, text: t.text });
  const notes = (collections?: Record<string, false | { idField: string }>) => api('Notes', { title: 'notes', ...(collections ? { collections } : {}) }, {
    list: get('notes').returns(json(t.array(Note))),
    create: post('notes', body(Note)).returns(json(Note)),
    get: get('notes', capture('n', t.text)).returns(json(Note)),
  });
  // By shape alone no field is the id (not the capture's name, not `id`, none ending in Id or _id).
  assert.equal(findCollections(walk(notes())).map((c) => c.idField), []);
  assert.equal(findCollections(walk(notes()), { surface: 'Notes', paths: { '/notes': { idField: 'key' } } }).map((c) => [c.path, c.idField]), [['/notes', 'key']]);
  await withServer(mock(notes({ '/notes': { idField: 'key' } }), { stateful: true }), async (s) => {
    // A text key the client gives is kept (docs/mocking.md "Stateful collections"); the item's sample fills the rest.
    const made = (await call(s.url, 'POST', '/notes', { headers: JSON_HEADERS, body: '{"key":"mine","ref":1,"text":"hi"}' })).json() as { key: string };
    assert.is(made.key, 'mine', 'the client\'s text key is kept');
    assert.equal((await call(s.url, 'GET', '/notes/mine')).json(), { key: 'mine', ref: 1, text: 'hi' });
    const numbered = (await call(s.url, 'POST', '/notes', { headers: JSON_HEADERS, body: '{"key":"","ref":2,"text":"ho"}' })).json() as { key: string };
    assert.is(numbered.key, '2', 'an empty text key gets numbered text (every create takes the next number)');
  });
  const { surface } = await registry.S4!.load();
  const s4 = { ...surface, meta: { ...surface.meta, collections: { '/person': false as const } } };
  assert.equal(findCollections(walk(s4), { surface: 'S4', paths: s4.meta.collections }), []);
  assert.throws(() => findCollections(walk(notes()), { surface: 'Notes', paths: { '/nope': false } }), /Notes: collections\["\/nope"\]: no collection here/);
  assert.throws(() => findCollections(walk(notes()), { surface: 'Notes', paths: { '/notes': { idField: 'id' } } }), /the item Note has no field "id" \(fields: key, ref, text\)/);
});

test('POST <prefix>reset when the store cannot be written: 500 saying so, the reason logged, the items as they were', async () => {
  const { surface } = await registry.S4!.load();
  const inner = memoryCollectionStore();
  let failing = false;
  const store: CollectionStore = { ...inner, reset: (items, atStart) => (failing ? Promise.reject(new Error('disk full')) : inner.reset(items, atStart)) };
  const lines: string[] = [];
  await withServer(mock(surface, { stateful: true, store: () => Promise.resolve(store) }), async (s) => {
    const made = (await call(s.url, 'POST', '/person', { headers: JSON_HEADERS, body: '{"name":"Ann","age":"34"}' })).json() as { Id: number };
    failing = true;
    const r = await call(s.url, 'POST', '/__api-serve/reset');
    assert.equal([r.status, r.text], [500, 'Internal Server Error: the reset failed; the server log has details']);
    assert.ok(lines.some((l) => l === 'S4: POST /__api-serve/reset failed: disk full'), lines.join('\n'));
    assert.ok(((await call(s.url, 'GET', '/person')).json() as { Id: number }[]).some((p) => p.Id === made.Id), 'nothing was reset');
    failing = false;
    assert.is((await call(s.url, 'POST', '/__api-serve/reset')).status, 204);
    assert.is((await call(s.url, 'GET', `/person/${made.Id}`)).status, 404);
  }, { log: (l) => lines.push(l) });
});

test.run();
