// The client against servers that answer badly (node:http in the test: invalid JSON, an
// undeclared status, a body past maxResponseBody, a body that never ends), against calls that are
// aborted, and against bad options: each is one typed error, never a hang or an unbounded buffer.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { raw, thrown } from './raw-server.js';
import {
  client, ClientAbortError, ConformanceError, NetworkError, ResponseTooLargeError,
} from '../../src/client/index.js';
import { surface as S2 } from '../../specs/S2.js';
import { mock } from '../../src/mock/index.js';

const json = (status: number, text: string) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(text);
};

test('a declared JSON body that is not JSON is a ConformanceError naming it; strict: false returns its text and the issue', async () => {
  await raw(json(200, '{"xCoord": 1,'), async (url) => {
    const err = await thrown(client(S2, { baseUrl: url }).position({ x: 1, y: 2 }));
    assert.instance(err, ConformanceError);
    assert.match((err as ConformanceError).issues[0]!, /^the body is not valid JSON/);
    const loose = await client(S2, { baseUrl: url, strict: false }).position({ x: 1, y: 2 });
    assert.equal([loose.status, loose.body, loose.conformance?.length], [200, '{"xCoord": 1,', 1]);
  });
});

test('an undeclared status (500) is a ConformanceError listing the declared ones', async () => {
  await raw((_req, res) => { res.writeHead(500, { 'content-type': 'text/plain' }).end('boom'); }, async (url) => {
    const err = await thrown(client(S2, { baseUrl: url }).hello());
    assert.instance(err, ConformanceError);
    assert.equal([(err as ConformanceError).status, (err as ConformanceError).issues, (err as ConformanceError).body], [500, ['status 500 is not declared (declared: 200)'], 'boom']);
  });
});

test('an undeclared Content-Type is a ConformanceError', async () => {
  await raw((_req, res) => { res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>'); }, async (url) => {
    const err = await thrown(client(S2, { baseUrl: url }).hello());
    assert.instance(err, ConformanceError);
    assert.match((err as ConformanceError).issues[0]!, /Content-Type text\/html is not declared/);
  });
});

test('a body larger than maxResponseBody is a ResponseTooLargeError, whether announced by Content-Length or streamed', async () => {
  const big = `"${'x'.repeat(64 * 1024)}"`;
  await raw(json(200, big), async (url) => {
    const err = await thrown(client(S2, { baseUrl: url, maxResponseBody: 1024 }).hello());
    assert.instance(err, ResponseTooLargeError);
    assert.is((err as ResponseTooLargeError).limit, 1024);
  });
  // Chunked, no length: the read stops past the limit though the server would go on for ever.
  await raw((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = 'x'.repeat(16 * 1024);
    const timer = setInterval(() => { if (!res.write(chunk)) { /* backpressure: keep trying */ } }, 1);
    res.on('close', () => clearInterval(timer));
  }, async (url) => {
    const err = await thrown(client(S2, { baseUrl: url, maxResponseBody: 100_000, timeout: 20_000 }).hello());
    assert.instance(err, ResponseTooLargeError);
  });
});

test('a body that never ends is cut by the timeout: a ClientAbortError with timedOut', async () => {
  await raw((_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.write('{"msg":'); }, async (url) => {
    const err = await thrown(client(S2, { baseUrl: url, timeout: 300 }).hello());
    assert.instance(err, ClientAbortError);
    assert.is((err as ClientAbortError).timedOut, true);
  });
});

test('an AbortSignal aborts a call waiting for its answer: a ClientAbortError, not timed out; an aborted signal sends nothing', async () => {
  let seen = 0;
  await raw(() => { seen++; /* never answers */ }, async (url) => {
    const c = client(S2, { baseUrl: url });
    const controller = new AbortController();
    const pending = thrown(c.hello(undefined, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 100);
    const err = await pending;
    assert.instance(err, ClientAbortError);
    assert.is((err as ClientAbortError).timedOut, false);
    const before = seen;
    const already = await thrown(c.hello(undefined, { signal: AbortSignal.abort() }));
    assert.instance(already, ClientAbortError);
    assert.is(seen, before);
  });
});

test('nobody listening is a NetworkError', async () => {
  const url = await raw(() => {}, async (u) => u);
  const err = await thrown(client(S2, { baseUrl: url }).hello());
  assert.instance(err, NetworkError);
});

test('client(): a baseUrl that is not an absolute http(s) URL, or a value that is not a surface, is one clear TypeError', () => {
  const bad: [unknown, unknown, RegExp][] = [
    [S2, { baseUrl: 'localhost:8080' }, /baseUrl must be an http or https URL, got "localhost:8080"/],
    [S2, { baseUrl: '/api' }, /baseUrl must be an absolute http\(s\) URL, got "\/api"/],
    [S2, { baseUrl: 'ftp://example.com' }, /http or https/],
    [S2, { baseUrl: 'http://example.com/?v=1' }, /may not have a query or fragment/],
    [S2, {}, /baseUrl must be an absolute http\(s\) URL, got undefined/],
    [S2, { baseUrl: 'http://example.com', timeout: 0 }, /timeout must be a positive number of ms or false, got 0/],
    [S2, { baseUrl: 'http://example.com', retry: -1 }, /retry must be a whole number of retries/],
    [S2, { baseUrl: 'http://example.com', retry: { retries: 2, statuses: [700] } }, /retry.statuses must be HTTP statuses/],
    [{ kind: 'nope' }, { baseUrl: 'http://example.com' }, /expected a surface made by api\(\.\.\.\), got object/],
    [mock(S2), { baseUrl: 'http://example.com' }, /got an implementation \(give its \.surface\)/],
  ];
  for (const [surface, options, message] of bad) {
    assert.throws(() => client(surface as typeof S2, options as { baseUrl: string }), (err: unknown) => err instanceof TypeError && message.test((err as Error).message));
  }
});

test('a base URL with a path prefixes every endpoint\'s path', async () => {
  const paths: string[] = [];
  await raw((req, res) => { paths.push(req.url!); json(200, '{"msg":"hi"}')(req, res); }, async (url) => {
    await client(S2, { baseUrl: `${url}/v1/` }).hello({ name: 'a b' });
    assert.equal(paths, ['/v1/hello?name=a+b']);
  });
});

test.run();
