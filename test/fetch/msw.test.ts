// The MSW adapter in Node (msw/node's setupServer): a plain fetch to the mocked base URL gets the
// surface's answers, its refusals with their exact messages, a stateful mock's state, and a base URL
// with a path prefix; a request elsewhere goes on to MSW's next handler.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { handlers as s2 } from '../../specs/S2.js';
import { registry } from '../../specs/index.js';
import { mock } from '../../src/mock/index.js';
import { mswHandlers } from '../../src/fetch/msw/index.js';

const JSON_HEADERS = { 'content-type': 'application/json' };

test('S2 under https://s2.test: answers, the 400 with its exact message, 405 with Allow, 404', async () => {
  const mocked = await mswHandlers(s2, { baseUrl: 'https://s2.test', log: () => {} });
  const server = setupServer(...mocked.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const hello = await fetch('https://s2.test/hello?name=Alp');
    assert.is(hello.status, 200);
    assert.equal(await hello.json(), { msg: 'Hello, Alp' });
    const bad = await fetch('https://s2.test/position/x/14');
    assert.is(bad.status, 400);
    assert.is(await bad.text(), 'Error parsing capture x failed: "x" is not an integer');
    const put = await fetch('https://s2.test/hello', { method: 'PUT' });
    assert.is(put.status, 405);
    assert.is(put.headers.get('allow'), 'GET, HEAD');
    assert.is((await fetch('https://s2.test/nowhere')).status, 404);
    const made = await fetch('https://s2.test/marketing', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ clientName: 'Alp', clientEmail: 'alp@foo.com', clientAge: 26, clientInterestedIn: ['haskell'] }) });
    assert.is(made.status, 200);
    assert.is((await made.json() as { to: string }).to, 'alp@foo.com');
  } finally {
    server.close();
    await mocked.close();
  }
});

test('S4 mocked statefully under http://localhost:8080/api: a created person is read back under the prefix, reset reseeds', async () => {
  const { surface } = await registry.S4!.load();
  const mocked = await mswHandlers(mock(surface, { stateful: true }), { baseUrl: 'http://localhost:8080/api/', log: () => {} });
  const server = setupServer(...mocked.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const made = await fetch('http://localhost:8080/api/person', { method: 'POST', headers: JSON_HEADERS, body: '{"name":"Ann","age":"34"}' });
    assert.is(made.status, 200);
    const ann = await made.json() as { Id: number; name: string };
    assert.is(ann.name, 'Ann');
    assert.equal(await (await fetch(`http://localhost:8080/api/person/${ann.Id}`)).json(), ann);
    assert.is((await fetch('http://localhost:8080/api/__api-serve/reset', { method: 'POST' })).status, 204);
    assert.is((await fetch(`http://localhost:8080/api/person/${ann.Id}`)).status, 404, 'gone after the reset');
  } finally {
    server.close();
    await mocked.close();
  }
});

test('a request outside the base URL (another host, or beside the prefix) is not the surface\'s: it goes on to the next handler', async () => {
  const mocked = await mswHandlers(s2, { baseUrl: 'http://s2.test/v1', log: () => {} });
  const passedOn: string[] = [];
  // After the surface's handler, one answering whatever it left (no request reaches the network).
  const rest = http.all('*', ({ request }) => { passedOn.push(request.url); return new Response('not the surface', { status: 418 }); });
  const server = setupServer(...mocked.handlers, rest);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    assert.is((await fetch('http://s2.test/v1/hello')).status, 200);
    const elsewhere = ['http://s2.test/hello', 'http://s2.test/v10/hello', 'http://other.test/v1/hello'];
    for (const url of elsewhere) assert.is((await fetch(url)).status, 418, url);
    assert.equal(passedOn, elsewhere);
  } finally {
    server.close();
    await mocked.close();
  }
});

test('a baseUrl that is not an http(s) origin with an optional path is refused before anything starts', async () => {
  for (const [baseUrl, message] of [['s2.test', /is not a URL/], ['ftp://s2.test', /not http or https/], ['http://s2.test/?x=1', /query or fragment/]] as const) {
    try {
      await mswHandlers(s2, { baseUrl, log: () => {} });
      assert.unreachable(`${baseUrl} is refused`);
    } catch (err) {
      assert.match((err as Error).message, message);
    }
  }
});

test.run();
