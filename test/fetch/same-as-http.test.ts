// The fetch handler answers as the HTTP server does: the same Requests sent through `fetchHandler` and
// with fetch to a real server on port 0 get the same status, headers (but the connection's own and
// Date) and body bytes, for S2 with its handlers and for S4 mocked statefully, refusals included.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rmSync } from 'node:fs';
import type { Implementation } from '../../src/dsl/index.js';
import { handlers as s2 } from '../../specs/S2.js';
import { registry } from '../../specs/index.js';
import { mock } from '../../src/mock/index.js';
import { fetchHandler } from '../../src/fetch/index.js';
import { tempDir, withServer } from '../helpers/server.js';

interface Row {
  readonly name: string;
  readonly method: string;
  readonly url: string;
  readonly headers?: Record<string, string>;
  /** Text as it is; `form` sends URLSearchParams, `bytes` the text as a Uint8Array. */
  readonly body?: string | { readonly form: Record<string, string> } | { readonly bytes: string };
  readonly status: number;
}

const MAX_BODY = 256;
const JSON_HEADERS = { 'content-type': 'application/json' };
const alp = JSON.stringify({ clientName: 'Alp', clientEmail: 'alp@foo.com', clientAge: 26, clientInterestedIn: ['haskell'] });
const oversized = JSON.stringify({ clientName: 'x'.repeat(MAX_BODY * 4), clientEmail: 'a@b', clientAge: 1, clientInterestedIn: [] });

function requestOf(base: string, row: Row): Request {
  const b = row.body;
  const body = b === undefined ? undefined : typeof b === 'string' ? b : 'form' in b ? new URLSearchParams(b.form) : new TextEncoder().encode(b.bytes);
  return new Request(`${base}${row.url}`, { method: row.method, ...(row.headers ? { headers: row.headers } : {}), ...(body === undefined ? {} : { body }) });
}

/** What is compared: status, reason, headers but the connection's own and Date, and the body bytes. */
async function seen(res: Response): Promise<{ status: number; statusText: string; headers: [string, string][]; body: string }> {
  const headers = [...res.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)).sort(([a], [b]) => a.localeCompare(b));
  return { status: res.status, statusText: res.statusText, headers, body: Buffer.from(await res.arrayBuffer()).toString('base64') };
}

/** Runs the rows in order through a real server and through a fetch handler, each on a fresh instance. */
async function sameAnswers(make: () => Implementation, rows: readonly Row[]): Promise<void> {
  const over: Awaited<ReturnType<typeof seen>>[] = [];
  await withServer(make(), async (s) => {
    for (const row of rows) over.push(await seen(await fetch(requestOf(s.url, row))));
  }, { maxBody: MAX_BODY });
  const dataDir = tempDir();
  const h = await fetchHandler(make(), { maxBody: MAX_BODY, dataDir, log: () => {} });
  try {
    for (const [i, row] of rows.entries()) {
      const got = await seen(await h.handle(requestOf('http://api.test', row)));
      assert.is(got.status, row.status, `${row.name}: the status the row expects (${Buffer.from(got.body, 'base64').toString()})`);
      assert.equal(got, over[i], `${row.name}: the same answer as over HTTP`);
    }
  } finally {
    await h.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const S2_ROWS: readonly Row[] = [
  { name: 'GET /hello', method: 'GET', url: '/hello', status: 200 },
  { name: 'GET /hello?name=Alp%20B (query decoded)', method: 'GET', url: '/hello?name=Alp%20B', status: 200 },
  { name: 'HEAD /hello: the headers of GET, no body', method: 'HEAD', url: '/hello', status: 200 },
  { name: 'GET /position/3/14', method: 'GET', url: '/position/3/14', status: 200 },
  { name: 'GET /position/x/14 -> 400 naming the capture', method: 'GET', url: '/position/x/14', status: 400 },
  { name: 'GET /nowhere -> 404', method: 'GET', url: '/nowhere', status: 404 },
  { name: 'PUT /hello -> 405 with Allow', method: 'PUT', url: '/hello', status: 405 },
  { name: 'GET /hello Accept: text/html -> 406', method: 'GET', url: '/hello', headers: { accept: 'text/html' }, status: 406 },
  { name: 'POST /marketing JSON text', method: 'POST', url: '/marketing', headers: JSON_HEADERS, body: alp, status: 200 },
  { name: 'POST /marketing form (URLSearchParams)', method: 'POST', url: '/marketing', body: { form: { clientName: 'Alp', clientEmail: 'alp@foo.com', clientAge: '26', clientInterestedIn: 'haskell' } }, status: 200 },
  { name: 'POST /marketing JSON as bytes', method: 'POST', url: '/marketing', headers: JSON_HEADERS, body: { bytes: alp }, status: 200 },
  { name: 'POST /marketing malformed JSON -> 400', method: 'POST', url: '/marketing', headers: JSON_HEADERS, body: '{"clientName":', status: 400 },
  { name: 'POST /marketing missing field -> 400', method: 'POST', url: '/marketing', headers: JSON_HEADERS, body: '{"clientName":"Alp"}', status: 400 },
  { name: 'POST /marketing text/plain -> 415', method: 'POST', url: '/marketing', headers: { 'content-type': 'text/plain' }, body: alp, status: 415 },
  { name: 'POST /marketing over --max-body -> 413', method: 'POST', url: '/marketing', headers: JSON_HEADERS, body: oversized, status: 413 },
];

test('S2: fifteen requests, refusals included, answered as over HTTP', async () => {
  await sameAnswers(() => s2, S2_ROWS);
});

const S4_ROWS: readonly Row[] = [
  { name: 'GET /person: the seeded list', method: 'GET', url: '/person', status: 200 },
  { name: 'POST /person creates Id 2', method: 'POST', url: '/person', headers: JSON_HEADERS, body: '{"name":"Ann","age":"34"}', status: 200 },
  { name: 'GET /person/2 reads it back', method: 'GET', url: '/person/2', status: 200 },
  { name: 'GET /person lists both', method: 'GET', url: '/person', status: 200 },
  { name: 'DELETE /person/2', method: 'DELETE', url: '/person/2', status: 200 },
  { name: 'GET /person/2 after the delete -> 404', method: 'GET', url: '/person/2', status: 404 },
  { name: 'POST /person with a wrong field type -> 400', method: 'POST', url: '/person', headers: JSON_HEADERS, body: '{"name":1,"age":"3"}', status: 400 },
  { name: 'GET /person/abc -> 400', method: 'GET', url: '/person/abc', status: 400 },
  { name: 'PATCH /person -> 405', method: 'PATCH', url: '/person', status: 405 },
  { name: 'POST /person text/plain -> 415', method: 'POST', url: '/person', headers: { 'content-type': 'text/plain' }, body: 'Ann', status: 415 },
  { name: 'GET /person Accept: application/xml -> 406', method: 'GET', url: '/person', headers: { accept: 'application/xml' }, status: 406 },
  { name: 'POST /person over --max-body -> 413', method: 'POST', url: '/person', headers: JSON_HEADERS, body: JSON.stringify({ name: 'x'.repeat(MAX_BODY * 4), age: '1' }), status: 413 },
  { name: 'GET /nowhere -> 404', method: 'GET', url: '/nowhere', status: 404 },
  { name: 'POST /__api-serve/reset -> 204', method: 'POST', url: '/__api-serve/reset', status: 204 },
  { name: 'GET /person after the reset: the seeded list again', method: 'GET', url: '/person', status: 200 },
];

test('S4 mocked statefully: a sequence of creates, reads, deletes and refusals answered as over HTTP', async () => {
  const { surface } = await registry.S4!.load();
  await sameAnswers(() => mock(surface, { stateful: true }), S4_ROWS);
});

test.run();
