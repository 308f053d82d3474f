// api-serve/client against real servers on port 0: S2 and S4 (served and mocked), a surface whose
// handlers echo what they decoded, and an imported OpenAPI document. Requests the server would
// refuse are refused by the client with the server's own status and message, and never sent.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { client, ClientRefusal, ConformanceError, InputError } from '../../src/client/index.js';
import type { Implementation, Surface } from '../../src/dsl/index.js';
import { mock } from '../../src/mock/index.js';
import { surface as S2, handlers as S2Handlers } from '../../specs/S2.js';
import { surface as S4, handlers as S4Handlers } from '../../specs/S4.js';
import { withServer, type Running } from '../helpers/server.js';
import { imported } from '../openapi/load.js';
import { echo, echoHandlers } from './echo-surface.js';

/** Serves `impl`, counting the exchanges the server saw. */
async function counted<T>(impl: Implementation, fn: (s: Running, seen: () => number) => Promise<T>, options = {}): Promise<T> {
  let n = 0;
  return withServer(impl, (s) => fn(s, () => n), { ...options, onExchange: () => { n++; } });
}

/** The refusal a call throws (fails the test when it does not throw one). */
async function refusal(p: Promise<unknown>): Promise<ClientRefusal> {
  try { await p; } catch (err) { if (err instanceof ClientRefusal) return err; throw err; }
  throw new Error('expected a ClientRefusal, the call succeeded');
}

test('S2: position, hello (absent and with spaces) and marketing (JSON body) answer typed, decoded bodies', async () => {
  await withServer(S2Handlers, async (s) => {
    const c = client(S2, { baseUrl: s.url });
    const p = await c.position({ x: 3, y: -14 });
    assert.equal([p.status, p.body], [200, { xCoord: 3, yCoord: -14 }]);
    assert.equal((await c.hello()).body, { msg: 'Hello, anonymous coward' });
    assert.equal((await c.hello({ name: 'John Doe & co/+' })).body, { msg: 'Hello, John Doe & co/+' });
    const m = await c.marketing({ body: { clientName: 'Alp', clientEmail: 'alp@foo.com', clientAge: 26, clientInterestedIn: ['haskell'] } });
    assert.is(m.body.to, 'alp@foo.com');
  });
});

test('S2: a request the server would refuse is refused locally with its status and message, and never reaches it', async () => {
  await counted(S2Handlers, async (s, seen) => {
    const c = client(S2, { baseUrl: s.url });
    const capture = await refusal(c.position({ x: 1.5, y: 2 }));
    assert.equal([capture.status, capture.kind, capture.local, capture.message], [400, 'badCapture', true, 'Error parsing capture x failed: "1.5" is not an integer']);
    const badBody = await refusal(c.marketing({ body: { clientName: 'Alp', clientEmail: 'a@b.c', clientAge: 'old', clientInterestedIn: [] } as never }));
    assert.equal([badBody.status, badBody.kind], [400, 'badBody']);
    assert.match(badBody.message, /clientAge/);
    const media = await refusal(c.marketing({ body: { clientName: 'A', clientEmail: 'a', clientAge: 1, clientInterestedIn: [] } }, { headers: { 'content-type': 'text/csv' } }));
    assert.equal([media.status, media.kind], [415, 'unsupportedMediaType']);
    const accept = await refusal(c.position({ x: 1, y: 2 }, { headers: { accept: 'text/html' } }));
    assert.equal([accept.status, accept.kind], [406, 'notAcceptable']);
    assert.is(seen(), 0, 'no refused request reached the server');
    await c.position({ x: 1, y: 2 });
    assert.is(seen(), 1);
  });
});

test('S4: create, read, list and remove through the client; a 404 narrows to its text body', async () => {
  await withServer(S4Handlers, async (s) => {
    const c = client(S4, { baseUrl: `${s.url}/` });
    const made = await c.create({ body: { name: 'Ann', age: '31' } });
    if (made.status !== 200) throw new Error(`expected 200, got ${made.status}`);
    assert.equal(made.body, { Id: 1, name: 'Ann', age: '31' });
    const got = await c.get({ id: made.body.Id });
    if (got.status !== 200) throw new Error(`expected 200, got ${got.status}`);
    assert.is(got.body.name, 'Ann');
    const missing = await c.get({ id: 999 });
    assert.equal([missing.status, missing.body], [404, 'Person with ID not found.']);
    const gone = await c.remove({ id: 1 });
    assert.equal([gone.status, gone.body], [200, undefined]);
    const list = await c.list();
    assert.equal(list.body, []);
  });
});

test('S4 mocked: every answer of the mock conforms to what the client reads; a capture of the wrong type is refused unsent', async () => {
  await counted(mock(S4), async (s, seen) => {
    const c = client(S4, { baseUrl: s.url });
    const got = await c.get({ id: 1 });
    assert.ok(got.status === 200 || got.status === 404 || got.status === 503);
    const list = await c.list();
    assert.ok(list.status === 200 ? Array.isArray(list.body) : typeof list.body === 'string');
    const made = await c.create({ body: { name: 'x', age: '2' } });
    assert.ok(made.status === 200 ? typeof made.body.Id === 'number' : made.body.length > 0);
    const before = seen();
    const r = await refusal(c.get({ id: 'abc' as never }));
    assert.equal([r.status, r.message, seen()], [400, 'Error parsing capture id failed: "abc" is not an integer', before]);
  });
});

test('every request part arrives as given: flag, list, deep object, pipe-delimited, JSON, header, cookie, label and matrix captures, rest, mixed segment', async () => {
  await withServer(echoHandlers, async (s) => {
    const c = client(echo, { baseUrl: s.url });
    const found = await c.find({
      id: 5, cheap: true, tag: ['a b', 'c&d'], filter: { kind: 'x/y', max: 3 }, q: '100% sure', n: 2, nums: [1, 2, 3], where: { R: 1, G: 2 },
      'X-Trace': 'abc', theme: 'dark; blue',
    });
    assert.equal(found.body, {
      id: 5, cheap: true, tag: ['a b', 'c&d'], filter: { kind: 'x/y', max: 3 }, q: '100% sure', n: 2, nums: [1, 2, 3], where: { R: 1, G: 2 },
      'X-Trace': 'abc', theme: 'dark; blue',
    });
    assert.equal((await c.find({ id: 1, n: 0 })).body, { id: 1, n: 0, cheap: false, tag: [] });
    assert.equal((await c.styled({ label: [3, 4], matrix: { R: 100, G: 200 } })).body, { label: [3, 4], matrix: { R: 100, G: 200 } });
    assert.equal((await c.file({ path: ['a b', 'c', 'ü.txt'] })).body, ['a b', 'c', 'ü.txt']);
    assert.equal((await c.named({ name: 'report v2', ext: 'pdf' })).body, { name: 'report v2', ext: 'pdf' });
  });
});

test('bodies in their first declared media type: form, text, an optional JSON body left out', async () => {
  await withServer(echoHandlers, async (s) => {
    const c = client(echo, { baseUrl: s.url });
    assert.equal((await c.form({ body: { a: 'x y=z', n: 4, list: ['p', 'q'] } })).body, { a: 'x y=z', n: 4, list: ['p', 'q'] });
    assert.equal((await c.text({ body: 'hello\nworld' })).body, 'hello\nworld');
    assert.equal((await c.maybe()).body, 'none');
    assert.equal((await c.maybe({ body: { a: 1 } })).body, { a: 1 });
  });
});

test('bytes go and come back as bytes (octet-stream); a stream is given as the async iterable of its checked items', async () => {
  await withServer(echoHandlers, async (s) => {
    const c = client(echo, { baseUrl: s.url });
    const r = await c.bytes({ body: Buffer.from([0, 1, 2, 255]) });
    assert.ok(Buffer.isBuffer(r.body));
    assert.equal([...r.body], [255, 2, 1, 0]);
    const lines = await c.lines({ n: 3 });
    const items = [];
    for await (const item of lines.body) items.push(item);
    assert.equal(items, [{ id: 1, name: 'line 1' }, { id: 2, name: 'line 2' }, { id: 3, name: 'line 3' }]);
  });
});

test('a missing required query parameter is a local 400 naming it; a missing capture or a header that is not Latin-1 an InputError', async () => {
  await counted(echoHandlers, async (s, seen) => {
    const c = client(echo, { baseUrl: s.url });
    const r = await refusal(c.find({ id: 1 } as never));
    assert.equal([r.status, r.message], [400, 'Error parsing query parameter n failed: required, not given']);
    try { await c.find({ n: 1 } as never); assert.unreachable(); } catch (err) { assert.instance(err, InputError); assert.match((err as Error).message, /capture id is required/); }
    try { await c.find({ id: 1, n: 1, 'X-Trace': 'snow ☃' }); assert.unreachable(); } catch (err) { assert.instance(err, InputError); assert.match((err as Error).message, /header X-Trace cannot carry/); }
    assert.is(seen(), 0);
  });
});

test('declared response headers are decoded by their codecs; a group is a nested object; 204 has no body', async () => {
  await withServer(echoHandlers, async (s) => {
    const c = client(echo, { baseUrl: s.url });
    const r = await c.item.read({ id: 7 });
    if (r.status !== 200) throw new Error(`expected 200, got ${r.status}`);
    assert.equal([r.status, r.body, r.headers['x-count']], [200, { id: 7, name: 'seven' }, 3]);
    assert.is(r.raw.get('x-count'), '3');
    const missing = await c.item.read({ id: 8 });
    assert.equal([missing.status, missing.body], [404, 'no item 8']);
    assert.equal(await c.item.remove({ id: 7 }).then((x) => [x.status, x.body]), [204, undefined]);
  });
});

test('an answer its codec refuses is a ConformanceError (strict), or returned with its issues (strict: false)', async () => {
  await withServer(echoHandlers, async (s) => {
    const strict = client(echo, { baseUrl: s.url });
    assert.equal((await strict.odd({ as: 'fine' })).body, { id: 1, name: 'fine' });
    for (const as of ['wrong', 'extra']) {
      try { await strict.odd({ as }); assert.unreachable(); } catch (err) {
        assert.instance(err, ConformanceError);
        assert.is((err as ConformanceError).status, 200);
      }
    }
    const loose = client(echo, { baseUrl: s.url, strict: false });
    const r = await loose.odd({ as: 'wrong' });
    assert.ok(r.conformance !== undefined && /the body at \$\.id/.test(r.conformance[0]!), String(r.conformance));
    assert.equal(r.body, { id: 'one', name: 'x' });
  });
});

test('credentials: Basic where auth asks, a wrong password is the server\'s 401, none a local 401; API keys where declared security puts them', async () => {
  const users = { verify: async (login: string, password: string) => (login === 'ann' && password === 'pässword' ? { auID: 4, auOrgID: 1 } : undefined) };
  await counted(echoHandlers, async (s, seen) => {
    const ok = client(echo, { baseUrl: s.url, credentials: { basic: { user: 'ann', password: 'pässword' } } });
    assert.equal((await ok.me()).body, { auID: 4 });
    const wrong = await refusal(client(echo, { baseUrl: s.url, credentials: { basic: { user: 'ann', password: 'no' } } }).me());
    assert.equal([wrong.status, wrong.local], [401, false]);
    const before = seen();
    const none = await refusal(client(echo, { baseUrl: s.url }).me());
    assert.equal([none.status, none.local, seen()], [401, true, before]);
    const keyed = client(echo, { baseUrl: s.url, credentials: { apiKey: { 'X-Api-Key': 'k1' } } });
    assert.equal((await keyed.keyed()).body, { headerKey: 'k1' });
    const pair = client(echo, { baseUrl: s.url, credentials: { apiKey: { api_key: 'q 1', sid: 'c2' } } });
    assert.equal((await pair.keyed()).body, { queryKey: 'q 1', cookieKey: 'c2' });
    // Credentials go only where asked: the echo of find shows no Authorization reaching a handler's headers.
    assert.equal((await ok.find({ id: 1, n: 1 })).body, { id: 1, n: 1, cheap: false, tag: [] });
  }, { users });
});

test('an imported OpenAPI document (parameter styles) through the client: each value reaches the handler as given', async () => {
  const doc = await imported('parameter-styles.yaml');
  const seen: Record<string, unknown> = {};
  const handlers: Record<string, (input: unknown) => undefined> = {};
  for (const op of doc.operations) handlers[op.name] = (input) => { seen[op.name] = input; return undefined; };
  const impl = { kind: 'implementation', surface: doc.surface, build: async () => handlers } as unknown as Implementation;
  await withServer(impl, async (s) => {
    const c = client(doc.surface as Surface, { baseUrl: s.url }) as Record<string, (input: unknown) => Promise<{ status: number }>>;
    const cases: [string, Record<string, unknown>][] = [
      ['simple', { ids: [3, 4, 5] }], ['simpleExploded', { color: { R: 100, G: 200 } }], ['label', { id: 5 }], ['labelList', { ids: [3, 4] }],
      ['labelExploded', { ids: [3, 4, 5] }], ['matrix', { id: 5 }], ['matrixList', { ids: [3, 4, 5] }], ['matrixExploded', { ids: [3, 4] }],
      ['matrixObject', { color: { R: 100, G: 200 } }],
      ['search', {
        limit: 2, tag: ['a', 'b'], ids: [1, 2], point: { x: 1, y: 2 }, words: ['a', 'b'], nums: [1, 2, 3], filter: { color: 'red' },
        path: '/a/b?c', where: { a: 1 }, 'X-Color': { R: 1, G: 2 }, 'X-Query': { a: 2, b: ['x'] }, session: 'abc',
      }],
    ];
    for (const [name, input] of cases) {
      assert.ok(c[name], `the client has ${name}`);
      assert.is((await c[name]!(input)).status, 200, name);
      assert.equal(seen[name], input, name);
    }
  });
});

test.run();
