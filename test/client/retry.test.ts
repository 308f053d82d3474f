// Retries only when asked: idempotent calls tried again on a "later" status or a broken
// connection, as many times as asked, a Retry-After honoured or (past maxDelay) ending them; and a
// client without a timeout (`timeout: false`) still aborted by the caller's signal.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { client, ClientAbortError, ConformanceError, NetworkError } from '../../src/client/index.js';
import { surface as S2 } from '../../specs/S2.js';
import { raw, thrown } from './raw-server.js';

const SAMPLE = { clientName: 'Alp', clientEmail: 'alp@foo.com', clientAge: 26, clientInterestedIn: ['haskell'] };
const EMAIL = JSON.stringify({ from: 'a', to: 'b', subject: 'c', body: 'd' });

/** Answers the first `failing` requests with `status` (and `headers`), then 200 with `body`; counts requests. */
function flaky(failing: number, status: number, body: string, headers: Record<string, string> = {}) {
  const seen = { requests: 0 };
  const answer = (_req: IncomingMessage, res: ServerResponse) => {
    seen.requests++;
    if (seen.requests <= failing) res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end('later');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  };
  return { seen, answer };
}

test('without retry, a 503 is asked once and is the answer (S2 declares only 200: a ConformanceError)', async () => {
  const { seen, answer } = flaky(1, 503, '{"msg":"hi"}');
  await raw(answer, async (url) => {
    const err = await thrown(client(S2, { baseUrl: url }).hello({ name: 'a' }));
    assert.instance(err, ConformanceError);
    assert.equal([(err as ConformanceError).status, seen.requests], [503, 1]);
  });
});

test('retry: a GET answered 503 twice is asked three times and returns the 200 that came', async () => {
  const { seen, answer } = flaky(2, 503, '{"msg":"hi"}', { 'retry-after': '0' });
  await raw(answer, async (url) => {
    const r = await client(S2, { baseUrl: url, retry: { retries: 2, delay: 0 } }).hello({ name: 'a' });
    assert.equal([r.status, r.body, seen.requests], [200, { msg: 'hi' }, 3]);
  });
});

test('retries run out: the last answer is the result', async () => {
  const { seen, answer } = flaky(10, 502, '{"msg":"hi"}');
  await raw(answer, async (url) => {
    const err = await thrown(client(S2, { baseUrl: url, retry: { retries: 2, delay: 0 } }).hello());
    assert.equal([(err as ConformanceError).status, seen.requests], [502, 3]);
  });
});

test('a POST is not retried unless retry.methods lists it', async () => {
  const once = flaky(1, 503, EMAIL);
  await raw(once.answer, async (url) => {
    const err = await thrown(client(S2, { baseUrl: url, retry: { retries: 3, delay: 0 } }).marketing({ body: SAMPLE }));
    assert.equal([(err as ConformanceError).status, once.seen.requests], [503, 1]);
  });
  const listed = flaky(1, 503, EMAIL);
  await raw(listed.answer, async (url) => {
    const r = await client(S2, { baseUrl: url, retry: { retries: 3, delay: 0, methods: ['POST'] } }).marketing({ body: SAMPLE });
    assert.equal([r.status, listed.seen.requests], [200, 2]);
  });
});

test('a status not in retry.statuses (404 by default) is not retried', async () => {
  const { seen, answer } = flaky(1, 404, '{"msg":"hi"}');
  await raw(answer, async (url) => {
    const err = await thrown(client(S2, { baseUrl: url, retry: { retries: 3, delay: 0 } }).hello());
    assert.equal([(err as ConformanceError).status, seen.requests], [404, 1]);
  });
});

test('a Retry-After longer than maxDelay ends the retries: the 429 is the answer', async () => {
  const { seen, answer } = flaky(1, 429, '{"msg":"hi"}', { 'retry-after': '3600' });
  await raw(answer, async (url) => {
    const err = await thrown(client(S2, { baseUrl: url, retry: { retries: 3, delay: 0 } }).hello());
    assert.equal([(err as ConformanceError).status, seen.requests], [429, 1]);
  });
});

test('a connection broken before any answer is a NetworkError, or with retry asked again', async () => {
  let broken = 0;
  await raw((req) => { broken++; req.socket.destroy(); }, async (url) => {
    assert.instance(await thrown(client(S2, { baseUrl: url }).hello()), NetworkError);
    assert.is(broken, 1);
  });
  let requests = 0;
  await raw((req, res) => {
    if (++requests === 1) { req.socket.destroy(); return; }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"msg":"again"}');
  }, async (url) => {
    const r = await client(S2, { baseUrl: url, retry: { retries: 1, delay: 0 } }).hello();
    assert.equal([r.body, requests], [{ msg: 'again' }, 2]);
  });
});

test('a call\'s retry replaces the client\'s', async () => {
  const { seen, answer } = flaky(1, 503, '{"msg":"hi"}');
  await raw(answer, async (url) => {
    const err = await thrown(client(S2, { baseUrl: url, retry: { retries: 3, delay: 0 } }).hello({}, { retry: 0 }));
    assert.equal([(err as ConformanceError).status, seen.requests], [503, 1]);
  });
});

test('timeout: false: no timer, and the caller\'s signal still aborts a call that gets no answer', async () => {
  const controller = new AbortController();
  await raw(() => { controller.abort(); }, async (url) => {
    const err = await thrown(client(S2, { baseUrl: url, timeout: false }).hello({}, { signal: controller.signal }));
    assert.instance(err, ClientAbortError);
    assert.is((err as ClientAbortError).timedOut, false);
  });
  const { answer } = flaky(0, 200, '{"msg":"hi"}');
  await raw(answer, async (url) => {
    assert.equal((await client(S2, { baseUrl: url, timeout: false }).hello()).body, { msg: 'hi' });
  });
});

test('the caller\'s signal aborting during a retry\'s wait ends the call at once with a ClientAbortError', async () => {
  const controller = new AbortController();
  const { seen, answer } = flaky(10, 503, '{"msg":"hi"}');
  await raw((req, res) => { answer(req, res); setImmediate(() => controller.abort()); }, async (url) => {
    const err = await thrown(client(S2, { baseUrl: url, retry: { retries: 3, delay: 60_000, maxDelay: 60_000 }, timeout: 120_000 }).hello({}, { signal: controller.signal }));
    assert.instance(err, ClientAbortError);
    assert.equal([(err as ClientAbortError).timedOut, seen.requests], [false, 1]);
  });
});

test('a call\'s bad timeout or retry is a TypeError naming the endpoint', async () => {
  const c = client(S2, { baseUrl: 'http://127.0.0.1:9' });
  assert.match(String(await thrown(c.hello({}, { timeout: -5 }))), /TypeError: hello\(\): timeout must be a positive number of ms or false, got -5/);
  assert.match(String(await thrown(c.hello({}, { retry: { retries: 1.5 } }))), /TypeError: hello\(\): retry must be a whole number of retries/);
});

test.run();
