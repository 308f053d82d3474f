// HAR import: a recording in the shape browsers' developer tools export becomes fixtures that
// replay green; noise headers are dropped, bodies keep their form, non-HTTP entries are skipped.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { request } from 'undici';
import { HarError, harToFixtures, importHar } from '../../src/check/har.js';
import { setCookieMatcher } from '../../src/fixture/set-cookie.js';
import { loadFixtures } from '../../src/check/fixture.js';
import { run } from '../../src/check/run.js';
import { matches } from '../../src/check/matchers.js';
import { handlers as S2 } from '../../specs/S2.js';
import { handlers as S8 } from '../../specs/S8.js';
import { tempDir, withServer } from '../helpers/server.js';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Makes a real exchange and writes it down as Chrome's HAR export does. */
async function entry(base: string, method: string, path: string, init: { headers?: Record<string, string>; body?: string; params?: [string, string][]; base64?: boolean } = {}) {
  const res = await request(base + path, { method: method as 'GET', headers: init.headers ?? {}, ...(init.body === undefined ? {} : { body: init.body }) });
  const bytes = Buffer.from(await res.body.arrayBuffer());
  const url = new URL(base + path);
  const reqHeaders = [
    { name: 'Accept', value: init.headers?.accept ?? '*/*' },
    { name: 'Accept-Encoding', value: 'gzip, deflate, br, zstd' },
    { name: 'Accept-Language', value: 'en-GB,en;q=0.9' },
    { name: 'Connection', value: 'keep-alive' },
    { name: 'Host', value: url.host },
    { name: 'Referer', value: `${url.origin}/` },
    { name: 'Sec-Fetch-Dest', value: 'empty' },
    { name: 'Sec-Fetch-Mode', value: 'cors' },
    { name: 'User-Agent', value: UA },
    ...Object.entries(init.headers ?? {}).filter(([k]) => k !== 'accept').map(([name, value]) => ({ name: name.replace(/^./, (c) => c.toUpperCase()), value })),
  ];
  const resHeaders = [
    ...Object.entries(res.headers).flatMap(([name, v]) => (Array.isArray(v) ? v : [v as string]).map((value) => ({ name, value }))),
    { name: 'Date', value: 'Sun, 22 Nov 2026 01:00:00 GMT' },
  ];
  const mimeType = String(res.headers['content-type'] ?? 'x-unknown');
  return {
    _initiator: { type: 'script' }, _priority: 'High', _resourceType: 'fetch', cache: {}, connection: '4711', pageref: 'page_1',
    request: {
      method, url: url.href, httpVersion: 'HTTP/1.1', headers: reqHeaders,
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })), cookies: [], headersSize: -1, bodySize: init.body?.length ?? 0,
      ...(init.body === undefined ? {} : { postData: { mimeType: init.headers?.['content-type'] ?? '', text: init.body, ...(init.params ? { params: init.params.map(([name, value]) => ({ name, value })) } : {}) } }),
    },
    response: {
      status: res.statusCode, statusText: '', httpVersion: 'HTTP/1.1', headers: resHeaders, cookies: [],
      content: { size: bytes.length, mimeType, ...(init.base64 ? { text: bytes.toString('base64'), encoding: 'base64' } : { text: bytes.toString('utf8') }) },
      redirectURL: '', headersSize: -1, bodySize: -1, _transferSize: bytes.length + 200, _error: null,
    },
    serverIPAddress: '127.0.0.1', startedDateTime: '2026-11-22T01:00:00.000Z', time: 2.5,
    timings: { blocked: 0.5, dns: -1, ssl: -1, connect: -1, send: 0.1, wait: 1.5, receive: 0.4, _blocked_queueing: 0.3 },
  };
}

test('a browser-shaped HAR of an S2 session imports to fixtures that replay green', async () => {
  const dir = tempDir('api-check-har-');
  try {
    await withServer(S2, async (s) => {
      const entries = [
        await entry(s.url, 'GET', '/hello?name=Alp', { headers: { accept: 'application/json' } }),
        await entry(s.url, 'POST', '/marketing', { headers: { 'content-type': 'application/json' }, body: '{"clientName":"A","clientEmail":"a@b","clientAge":3,"clientInterestedIn":["x"]}' }),
        await entry(s.url, 'POST', '/marketing', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'clientName=A&clientEmail=a%40b&clientAge=3&clientInterestedIn=x', params: [['clientName', 'A'], ['clientEmail', 'a%40b'], ['clientAge', '3'], ['clientInterestedIn', 'x']] }),
        await entry(s.url, 'GET', '/favicon.ico', { base64: true }),
        { request: { method: 'GET', url: 'data:image/png;base64,iVBORw0KGgo=', headers: [] }, response: { status: 200, headers: [], content: { size: 0, mimeType: 'image/png' } } },
        { request: { method: 'GET', url: `${s.url}/hello`, headers: [] }, response: { status: 0, headers: [], content: { size: 0, mimeType: 'x-unknown' }, _error: 'net::ERR_BLOCKED_BY_CLIENT' } },
      ];
      const har = { log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, pages: [{ startedDateTime: '2026-11-22T01:00:00.000Z', id: 'page_1', title: s.url, pageTimings: {} }], entries } };
      const file = join(dir, 'session.har');
      writeFileSync(file, JSON.stringify(har));
      const out = join(dir, 'fixtures');
      const r = importHar(file, out, { surface: 'S2' });
      assert.is(r.written.length, 4);
      assert.equal(r.skipped.map((x) => x.split(':')[0]), ['entry 4', 'entry 5']);

      const first = JSON.parse(readFileSync(r.written[0]!, 'utf8')) as { surface: string; request: { path: string; headers: Record<string, string> }; response: { headers: Record<string, string>; body: unknown } };
      assert.is(first.surface, 'S2');
      assert.is(first.request.path, '/hello?name=Alp');
      assert.equal(first.request.headers, { accept: 'application/json' });
      assert.equal(Object.keys(first.response.headers), ['content-type']);
      assert.equal(first.response.body, { msg: 'Hello, Alp' });
      const fourth = JSON.parse(readFileSync(r.written[3]!, 'utf8')) as { response: { status: number; text: string } };
      assert.is(fourth.response.status, 404);
      assert.is(fourth.response.text, 'Not found: GET /favicon.ico');

      const loaded = loadFixtures([out]);
      assert.equal(loaded.problems, []);
      const replay = await run({ files: loaded.files, start: async () => ({ url: s.url }), timeoutMs: 5000, concurrency: 2 });
      assert.equal(replay.results.map((x) => x.outcome), ['passed', 'passed', 'passed', 'passed']);

      // A second import into the same folder adds after the first, overwriting nothing.
      const again = importHar(file, out, { surface: 'S2' });
      assert.equal(again.written.map((w) => basename(w).slice(0, 4)), ['0005', '0006', '0007', '0008']);
      assert.is(readdirSync(out).length, 8);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without --surface, fixtures name the recorded host', () => {
  const r = harToFixtures({ log: { entries: [{ request: { method: 'GET', url: 'http://api.example:8080/x' }, response: { status: 204, content: { size: 0, mimeType: 'x-unknown', text: '' } } }] } });
  assert.is(r.fixtures[0]!.fixture.surface, 'api.example:8080');
  assert.is(r.fixtures[0]!.name, '0001-get-x.json');
});

test('credentials: request Authorization/Cookie redacted, Set-Cookie kept as a matcher of name and attributes', () => {
  const r = harToFixtures({ log: { entries: [{
    request: { method: 'GET', url: 'http://h/bar', headers: [{ name: 'Authorization', value: 'Basic dXNlcjpwYXNz' }, { name: 'Cookie', value: 'a=b' }] },
    response: { status: 200, headers: [{ name: 'Set-Cookie', value: 'JWT-Cookie=eyJabc; Path=/; Expires=Sun, 22 Nov 2026 01:00:00 GMT; HttpOnly' }], content: { size: 2, mimeType: 'application/json', text: '[]' } },
  }] } });
  const fx = r.fixtures[0]!.fixture;
  assert.equal(fx.request.headers, { authorization: { $redacted: true }, cookie: { $redacted: true } });
  const [m] = fx.response.headers!['set-cookie'] as [{ $match: string }];
  assert.ok(matches(m, 'JWT-Cookie=other; Path=/; Expires=Mon, 23 Nov 2026 01:00:00 GMT; HttpOnly'));
  assert.not.ok(matches(m, 'JWT-Cookie=other; Path=/; Expires=x'));
  assert.not.ok(matches(setCookieMatcher('A=1; Secure'), 'A=1'));
});

test('a revalidation the browser recorded (If-None-Match -> 304) keeps its condition and replays green', async () => {
  // The importer used to drop If-None-Match as browser noise: the 304 could then never replay.
  const data = tempDir('api-serve-data-');
  try {
    mkdirSync(join(data, 'static'));
    writeFileSync(join(data, 'static', 'hello.txt'), 'Hello from the static directory.\n');
    await withServer(S8, async (s) => {
      const etag = String((await request(`${s.url}/static/hello.txt`)).headers.etag);
      const revalidated = await entry(s.url, 'GET', '/static/hello.txt', { headers: { 'if-none-match': etag } });
      assert.is(revalidated.response.status, 304);
      const r = harToFixtures({ log: { entries: [revalidated] } }, { surface: 'S8' });
      assert.is(r.fixtures[0]!.fixture.request.headers?.['if-none-match'], etag);
      const replay = await run({ files: [{ file: 'x.json', surface: 'S8', scenario: false, cases: [{ ...r.fixtures[0]!.fixture, file: 'x.json', pointer: '', index: 0, label: 'x' }] }], start: async () => ({ url: s.url }), timeoutMs: 5000, concurrency: 1 });
      assert.equal(replay.results.map((x) => x.outcome), ['passed'], JSON.stringify(replay.results.map((x) => x.differences)));
    }, { dataDir: data });
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
});

const one = (request: object, response: object = { status: 200 }) => harToFixtures({ log: { entries: [{ request: { method: 'POST', url: 'http://h/x', ...request }, response }] } }).fixtures[0]!.fixture;

test('a request the browser sent chunked imports without Transfer-Encoding (a replay could not send it)', () => {
  const fx = one({ headers: [{ name: 'Transfer-Encoding', value: 'chunked' }, { name: 'Accept', value: 'text/plain' }], postData: { mimeType: 'text/plain', text: 'hi' } });
  assert.equal(fx.request.headers, { accept: 'text/plain', 'content-type': 'text/plain' });
  assert.is(fx.request.text, 'hi');
});

test('a request header recorded twice keeps both values, as the server received them', () => {
  const fx = one({ headers: [{ name: 'Accept', value: 'text/html' }, { name: 'accept', value: 'application/json' }] });
  assert.is(fx.request.headers?.accept, 'text/html, application/json');
});

test('a body that is not UTF-8 stays bytes whatever its type says, instead of being decoded wrongly', () => {
  const latin1 = Buffer.from('caf\xe9', 'latin1').toString('base64');
  const fx = one({}, { status: 200, content: { mimeType: 'text/plain; charset=iso-8859-1', text: latin1, encoding: 'base64' } });
  assert.is(fx.response.base64, latin1);
  assert.is(fx.response.text, undefined);
});

test('an endpoint lookup given to the importer names each fixture\'s endpoint', () => {
  const seen: string[] = [];
  const r = harToFixtures({ log: { entries: [
    { request: { method: 'get', url: 'http://h/hello?name=A' }, response: { status: 200 } },
    { request: { method: 'GET', url: 'http://h/nowhere' }, response: { status: 404 } },
  ] } }, { endpoint: ({ method, path }) => { seen.push(`${method} ${path}`); return path.startsWith('/hello') ? 'hello' : undefined; } });
  assert.equal(seen, ['GET /hello?name=A', 'GET /nowhere']);
  assert.equal(r.fixtures.map((f) => f.fixture.endpoint), ['hello', undefined]);
  assert.not.ok('endpoint' in r.fixtures[1]!.fixture);
});

test('a file that is not a HAR is a clear error', () => {
  assert.throws(() => harToFixtures({ version: 1 }), (e: unknown) => e instanceof HarError && /log.entries/.test((e as Error).message));
});

test.run();
