// The connection under the requests, over raw sockets: server timeouts (408 and a close, never a
// socket held for minutes), CONNECT, pipelined requests answered in order when a later one is
// malformed, transfer codings the server does not implement, and a 413 that reaches a client still
// uploading (no TCP reset).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Socket } from 'node:net';
import { api, body, get, implement, json, post } from '../../src/dsl/index.js';
import { media, t } from '../../src/codec/index.js';
import { DEFAULT_TIMEOUTS } from '../../src/server/index.js';
import { timeoutsOf, timeoutsProblem } from '../../src/server/connection.js';
import { type Prediction, predict } from '../../src/describe/index.js';
import { type Running, start } from '../helpers/server.js';
import { portOf, rawExchange, rawSend, sleep, statuses } from '../helpers/raw.js';

const surface = api('C', { title: 'connections' }, {
  ok: get('ok').returns(json(t.int)),
  later: get('later').returns(json(t.text)),
  echo: post('echo', body(t.bytes, [media.octet])).returns(json(t.int)),
});
const impl = implement(surface, {
  ok: () => 1,
  // Answers after a turn of the event loop (never a set time), so a request pipelined behind it
  // is parsed while it is pending.
  later: () => new Promise<string>((resolve) => setImmediate(() => resolve('later'))),
  echo: ({ body: bytes }) => bytes.length,
});

const s = suite<{ server?: Running; port: number }>('connections', { port: 0 });
s.before(async (ctx) => {
  ctx.server = await start(impl, { maxBody: 1024, timeouts: { headers: 300, request: 600, keepAlive: 300 } });
  ctx.port = portOf(ctx.server.url);
});
s.after(async (ctx) => { await ctx.server?.close(); });

s('the documented default timeouts: 10 s for the head, 30 s for the request, 5 s idle', () => {
  assert.equal(DEFAULT_TIMEOUTS, { headers: 10_000, request: 30_000, keepAlive: 5_000 });
});

s('a request timeout shorter than the head default lowers the head timeout with it; a head timeout given stays and is checked', () => {
  assert.equal(timeoutsOf({}), DEFAULT_TIMEOUTS);
  assert.equal(timeoutsOf({ request: 2000 }), { headers: 2000, request: 2000, keepAlive: 5000 });
  assert.equal(timeoutsOf({ request: 60_000 }), { headers: 10_000, request: 60_000, keepAlive: 5000 });
  assert.equal(timeoutsOf({ request: 2000, headers: 1000 }), { headers: 1000, request: 2000, keepAlive: 5000 });
  assert.is(timeoutsProblem(timeoutsOf({ request: 2000 })), undefined);
  assert.is(timeoutsProblem(timeoutsOf({ request: 2000, headers: 3000 })), 'the headers timeout (3000 ms) cannot be longer than the request timeout (2000 ms)');
  assert.match(timeoutsProblem(timeoutsOf({ request: 0 })) ?? '', /the request timeout must be a positive number/);
});

s('a request head sent a byte at a time and never finished -> 408, then the connection is closed', async ({ port }) => {
  const r = await rawExchange(port, async (sock) => {
    for (const ch of 'GET /ok HTTP/1.1\r\nHost: x\r\nX-Slow: ') {
      if (sock.destroyed) return;
      sock.write(ch);
      await sleep(20);
    }
    for (let i = 0; i < 500 && !sock.destroyed; i++) { sock.write('a'); await sleep(20); }
  });
  assert.equal(statuses(r.text), [408], r.text);
  assert.is(r.ending, 'end', 'the server closed the connection');
});

s('a body that trickles in slower than the request timeout -> 408, then the connection is closed', async ({ port }) => {
  const r = await rawExchange(port, async (sock) => {
    sock.write('POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000\r\n\r\n');
    for (let i = 0; i < 1000 && !sock.destroyed; i++) { sock.write('a'); await sleep(20); }
  });
  assert.equal(statuses(r.text), [408], r.text);
  assert.is(r.ending, 'end');
});

s('an idle keep-alive connection is closed by the server after its answer', async ({ port }) => {
  const r = await rawSend(port, 'GET /ok HTTP/1.1\r\nHost: x\r\n\r\n');
  assert.equal(statuses(r.text), [200]);
  assert.is(r.ending, 'end');
});

s('CONNECT -> 501 Not Implemented with a body saying why, then the connection is closed', async ({ port }) => {
  const r = await rawSend(port, 'CONNECT example.test:443 HTTP/1.1\r\nHost: example.test:443\r\n\r\n');
  assert.equal(statuses(r.text), [501], JSON.stringify(r.text));
  assert.match(r.text, /Not Implemented: CONNECT \(this server is not a proxy\)$/);
  assert.is(r.ending, 'end');
});

s('a malformed request pipelined after valid ones -> their answers first, in order, then the 400', async ({ port }) => {
  // One answered later, one at once (the case that lost both answers, issue 32), in both orders;
  // pipelining.test.ts covers the other malformed requests and handlers.
  for (const [first, second] of [['later', 'ok'], ['ok', 'later'], ['ok', 'ok']] as const) {
    const r = await rawSend(port, `GET /${first} HTTP/1.1\r\nHost: x\r\n\r\nGET /${second} HTTP/1.1\r\nHost: x\r\n\r\nGET /ok HTTP/1.1\r\nHost x\r\n\r\n`);
    assert.equal(statuses(r.text), [200, 200, 400], r.text);
    const bodies = [...r.text.matchAll(/\r\n\r\n(1|"later")/g)].map((m) => m[1]);
    assert.equal(bodies, [first, second].map((e) => (e === 'ok' ? '1' : '"later"')), r.text);
    assert.match(r.text, /Bad Request: the request is not valid HTTP\/1\.1 \(HPE_/);
    assert.is(r.ending, 'end');
  }
});

const chunked = (te: string) => `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: ${te}\r\n\r\n3\r\nabc\r\n0\r\n\r\n`;

s('Transfer-Encoding: gzip, chunked -> 501 (a coding the server does not implement), never read as chunked', async ({ port }) => {
  const r = await rawSend(port, chunked('gzip, chunked'));
  assert.equal(statuses(r.text), [501], r.text);
  assert.match(r.text, /Not Implemented: Transfer-Encoding "gzip, chunked" \(only chunked is understood\)$/);
  assert.is(r.ending, 'end');
});

s('Transfer-Encoding: gzip (chunked not last) -> 400, the body has no knowable end; chunked alone -> 200', async ({ port }) => {
  for (const te of ['gzip', 'identity']) {
    const r = await rawSend(port, chunked(te));
    assert.equal(statuses(r.text), [400], `${te}: ${r.text}`);
  }
  const ok = await rawSend(port, `${chunked('chunked')}`.replace('Host: x', 'Host: x\r\nConnection: close'));
  assert.equal(statuses(ok.text), [200], ok.text);
  assert.match(ok.text, /\r\n\r\n3$/);
});

s('the predictor answers CONNECT and transfer codings as the server does', () => {
  const status = (p: Prediction) => ('status' in p ? p.status : p.kind);
  assert.is(status(predict(surface, { method: 'CONNECT', url: 'example.test:443' })), 501);
  assert.is(status(predict(surface, { method: 'POST', url: '/echo', headers: { 'transfer-encoding': 'gzip, chunked' } })), 501);
  assert.is(status(predict(surface, { method: 'POST', url: '/echo', headers: { 'transfer-encoding': 'gzip' } })), 400);
  assert.is(predict(surface, { method: 'POST', url: '/echo', headers: { 'transfer-encoding': 'chunked' }, body: 'abc' }).kind, 'handler');
});

/**
 * A client that declares a 2 MB body and sends all of it before it reads anything (as simple
 * clients do: write the request, then read the answer), with a pause after the first 64 KiB (a
 * slow network): the answers it read, and whether the connection ended cleanly or was reset under
 * it (a reset destroys an answer the client has not read yet).
 */
function uploader(port: number, head: string, isChunked: boolean): Promise<{ statuses: number[]; ending: string; error?: string }> {
  const data = Buffer.alloc(64 * 1024, 97);
  const block = isChunked ? Buffer.concat([Buffer.from('10000\r\n'), data, Buffer.from('\r\n')]) : data;
  return rawExchange(port, async (sock: Socket) => {
    sock.pause();
    sock.write(head);
    for (let sent = 0; sent < 2 * 1024 * 1024 && !sock.destroyed; sent += data.length) {
      if (sent === data.length) await sleep(100);
      if (!sock.write(block)) await new Promise((resolve) => { sock.once('drain', resolve); sock.once('close', resolve); });
    }
    if (sock.destroyed) return;
    sock.resume();
    sock.end(isChunked ? '0\r\n\r\n' : '');
  }).then((r) => ({ statuses: statuses(r.text), ending: r.ending, ...(r.error === undefined ? {} : { error: r.error }) }));
}

s('a 413 reaches every client still sending its 2 MB body: the connection is closed cleanly, never reset', async ({ port }) => {
  const heads = [
    'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 2097152\r\n\r\n',
    'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n',
  ];
  const results = await Promise.all(Array.from({ length: 16 }, (_, i) => uploader(port, heads[i % 2]!, i % 2 === 1)));
  const lost = results.filter((r) => r.statuses[0] !== 413 || r.ending !== 'end');
  assert.equal(lost, [], `${lost.length} of ${results.length} clients did not read their 413 on a cleanly closed connection`);
});

s('a GET on a connection that closes after it, from a client still sending: its 200 is read, never reset', async ({ port }) => {
  const head = 'GET /ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
  const results = await Promise.all(Array.from({ length: 8 }, () => uploader(port, head, false)));
  const lost = results.filter((r) => r.statuses[0] !== 200 || r.ending !== 'end');
  assert.equal(lost, [], `${lost.length} of ${results.length} clients did not read their 200 on a cleanly closed connection`);
});

s('the server still answers after all of that', async ({ port }) => {
  const r = await rawSend(port, 'GET /ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  assert.equal(statuses(r.text), [200]);
});

s.run();
