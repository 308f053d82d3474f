// The web fetch handler (api-serve/browser's webFetchHandler: the pipeline alone, nothing from Node)
// answers as the Node fetch handler does: the same Requests get the same status, reason, headers
// (but Date) and body bytes, for S2 with its handlers and mocked, refusals included. What needs the
// Node server (a stateful mock, `auth`, a file reply) is refused with the way out named.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { setupServer } from 'msw/node';
import type { Implementation } from '../../src/dsl/index.js';
import { api, get, implement, json, sendFile } from '../../src/dsl/index.js';
import { bearerAuth } from '../../src/dsl/auth.js';
import { t } from '../../src/codec/index.js';
import { handlers as s2, surface as s2Surface } from '../../specs/S2.js';
import { mock } from '../../src/mock/index.js';
import { fetchHandler } from '../../src/fetch/index.js';
import { webFetchHandler } from '../../src/browser/index.js';
import { mswHandlers } from '../../src/fetch/msw/browser/index.js';
import { REASON_PHRASES } from '../../src/describe/reason-phrases.js';

interface Row {
  readonly method: string;
  readonly url: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | URLSearchParams | Uint8Array;
  readonly status: number;
}

const MAX_BODY = 256;
const JSON_HEADERS = { 'content-type': 'application/json' };
const alp = JSON.stringify({ clientName: 'Alp', clientEmail: 'alp@foo.com', clientAge: 26, clientInterestedIn: ['haskell'] });

const ROWS: readonly Row[] = [
  { method: 'GET', url: '/hello', status: 200 },
  { method: 'GET', url: '/hello?name=Alp%20B', status: 200 },
  { method: 'HEAD', url: '/hello', status: 200 },
  { method: 'GET', url: '/position/3/14', status: 200 },
  { method: 'GET', url: '/position/x/14', status: 400 },
  { method: 'GET', url: '/position/%zz/14', status: 400 },
  { method: 'GET', url: '/nowhere', status: 404 },
  { method: 'PUT', url: '/hello', status: 405 },
  { method: 'GET', url: '/hello', headers: { accept: 'text/html' }, status: 406 },
  { method: 'POST', url: '/marketing', headers: JSON_HEADERS, body: alp, status: 200 },
  { method: 'POST', url: '/marketing', body: new URLSearchParams({ clientName: 'Alp', clientEmail: 'alp@foo.com', clientAge: '26', clientInterestedIn: 'haskell' }), status: 200 },
  { method: 'POST', url: '/marketing', headers: JSON_HEADERS, body: new TextEncoder().encode(alp), status: 200 },
  { method: 'POST', url: '/marketing', headers: JSON_HEADERS, body: new Uint8Array([0x7b, 0xff, 0x7d]), status: 400 },
  { method: 'POST', url: '/marketing', headers: JSON_HEADERS, body: '{"clientName":', status: 400 },
  { method: 'POST', url: '/marketing', headers: JSON_HEADERS, body: '{"clientName":"Alp"}', status: 400 },
  { method: 'POST', url: '/marketing', headers: { 'content-type': 'text/plain' }, body: alp, status: 415 },
  { method: 'POST', url: '/marketing', headers: JSON_HEADERS, body: JSON.stringify({ clientName: 'x'.repeat(MAX_BODY * 4) }), status: 413 },
];

const requestOf = (row: Row) => new Request(`http://api.test${row.url}`, { method: row.method, ...(row.headers ? { headers: row.headers } : {}), ...(row.body === undefined ? {} : { body: row.body }) });

async function seen(res: Response) {
  const headers = [...res.headers].filter(([name]) => name !== 'date').sort(([a], [b]) => a.localeCompare(b));
  return { status: res.status, statusText: res.statusText, headers, body: Buffer.from(await res.arrayBuffer()).toString('base64'), dated: res.headers.has('date') };
}

async function sameAsNode(impl: () => Implementation): Promise<void> {
  const node = await fetchHandler(impl(), { maxBody: MAX_BODY, log: () => {} });
  const web = await webFetchHandler(impl(), { maxBody: MAX_BODY, log: () => {} });
  try {
    for (const row of ROWS) {
      const name = `${row.method} ${row.url}`;
      const [a, b] = [await seen(await node.handle(requestOf(row))), await seen(await web.handle(requestOf(row)))];
      assert.is(b.status, row.status, `${name}: ${Buffer.from(b.body, 'base64').toString()}`);
      assert.equal(b, a, `${name}: as the Node fetch handler answers`);
    }
  } finally {
    await node.close();
    await web.close();
  }
}

test('S2 with its handlers: seventeen requests, refusals included, answered as by the Node fetch handler', async () => {
  await sameAsNode(() => s2);
});

test('S2 mocked (examples and samples): the same requests answered as by the Node fetch handler', async () => {
  await sameAsNode(() => mock(s2Surface));
});

test('the web handler\'s reason phrases are node:http\'s', async () => {
  const { STATUS_CODES } = await import('node:http');
  assert.equal(REASON_PHRASES, STATUS_CODES);
});

test('what needs the Node server is refused when the handler is made, naming the way out', async () => {
  const cases: [string, () => Implementation, RegExp][] = [
    ['a stateful mock', () => mock(s2Surface, { stateful: true }), /S2: a stateful mock needs Node .*fetchHandler from api-serve\/fetch/],
    ['auth', () => {
      const guarded = api('Guarded', { title: 'guarded' }, { me: get('me', bearerAuth('guarded')).returns(json(t.text)) });
      return implement(guarded, { me: () => 'me' });
    }, /"auth" credentials are verified by the Node server .*fetchHandler from api-serve\/fetch/],
  ];
  for (const [name, make, message] of cases) {
    try {
      await webFetchHandler(make(), { log: () => {} });
      assert.unreachable(`${name} is refused`);
    } catch (err) {
      assert.match((err as Error).message, message, name);
    }
  }
});

test('a file reply is a logged 500 saying it needs the Node server', async () => {
  const files = api('Files', { title: 'files' }, { logo: get('logo').empty(200, { file: true }) });
  const logged: string[] = [];
  const h = await webFetchHandler(implement(files, { logo: () => sendFile('data/static', ['logo.png']) }), { log: (l) => logged.push(l) });
  try {
    const res = await h.handle(new Request('http://api.test/logo'));
    assert.is(res.status, 500);
    assert.match(await res.text(), /needs the Node server/);
    assert.match(logged.join('\n'), /a file reply .*needs the Node server/);
  } finally { await h.close(); }
});

test('the browser MSW adapter (api-serve/fetch/msw/browser) answers S2 under a prefixed base URL, also in Node', async () => {
  const mocked = await mswHandlers(s2, { baseUrl: 'https://s2.test/v1', log: () => {} });
  const server = setupServer(...mocked.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    assert.equal(await (await fetch('https://s2.test/v1/hello?name=Alp')).json(), { msg: 'Hello, Alp' });
    const bad = await fetch('https://s2.test/v1/position/x/14');
    assert.is(bad.status, 400);
    assert.is(await bad.text(), 'Error parsing capture x failed: "x" is not an integer');
    const made = await fetch('https://s2.test/v1/marketing', { method: 'POST', headers: JSON_HEADERS, body: alp });
    assert.is((await made.json() as { to: string }).to, 'alp@foo.com');
  } finally {
    server.close();
    await mocked.close();
  }
});

test.run();
