// Requests pipelined ahead of a malformed one, all in one socket write (issue 32): each valid one
// is answered, in order, the 400 comes last and the connection closes, whether the handlers answer
// at once or later (a microtask, a turn of the event loop, after reading a body).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { api, body, get, implement, json, post } from '../../src/dsl/index.js';
import { media, t } from '../../src/codec/index.js';
import { handlers as S2 } from '../../specs/S2.js';
import { type Running, start } from '../helpers/server.js';
import { portOf, rawSend, statuses } from '../helpers/raw.js';

const surface = api('P', { title: 'pipelining' }, {
  now: get('now').returns(json(t.text)),
  later: get('later').returns(json(t.text)),
  tick: get('tick').returns(json(t.text)),
  echo: post('echo', body(t.bytes, [media.octet])).returns(json(t.int)),
});
const impl = implement(surface, {
  now: () => 'now',
  // Answered asynchronously, never by waiting a set time: once a microtask has run...
  later: async () => { await Promise.resolve(); return 'later'; },
  // ...or after a turn of the event loop (the parse error is seen by then).
  tick: () => new Promise<string>((resolve) => setImmediate(() => resolve('tick'))),
  echo: ({ body: bytes }) => bytes.length,
});

const get1 = (target: string) => `GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`;

/** The bodies of the responses in a byte stream, in order (each framed by its Content-Length). */
function bodiesOf(text: string): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length;) {
    const end = text.indexOf('\r\n\r\n', at);
    if (end < 0) break;
    const length = Number(/^content-length:\s*(\d+)/im.exec(text.slice(at, end))?.[1] ?? 0);
    out.push(text.slice(end + 4, end + 4 + length));
    at = end + 4 + length;
  }
  return out;
}

/** The malformed requests that end a pipeline, as docs/errors.md "Beneath the requests: the connection" lists them; `post` reads a body. */
const BROKEN: Record<string, (post: string) => string> = {
  'method FOO': () => 'FOO / HTTP/1.1\r\nHost: x\r\n\r\n',
  'a garbled request line': () => 'GET/ HTTP1.1 nonsense\r\n\r\n',
  'a control byte in a header': () => 'GET /hello HTTP/1.1\r\nHost: x\r\nX-A: a\x01b\r\n\r\n',
  'two Content-Lengths': (post) => `${post}\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab`,
  // Broken in its body: the request has started (its handler waits for the body) when parsing fails.
  'a bad chunk size': (post) => `${post}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n`,
};

/** Pipelines of valid requests, and the bodies their two answers carry, in order. */
interface Pipeline { readonly surface: 'S2' | 'P'; readonly name: string; readonly requests: string; readonly bodies: readonly string[] }
const PIPELINES: readonly Pipeline[] = [
  { surface: 'S2', name: 'GET /hello twice (answered at once)', requests: get1('/hello?name=a') + get1('/hello?name=b'), bodies: ['{"msg":"Hello, a"}', '{"msg":"Hello, b"}'] },
  { surface: 'P', name: 'two answered at once', requests: get1('/now') + get1('/now'), bodies: ['"now"', '"now"'] },
  { surface: 'P', name: 'a microtask, then a turn of the event loop', requests: get1('/later') + get1('/tick'), bodies: ['"later"', '"tick"'] },
  { surface: 'P', name: 'a turn of the event loop, then at once', requests: get1('/tick') + get1('/now'), bodies: ['"tick"', '"now"'] },
  { surface: 'P', name: 'a body read, then a microtask', requests: 'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 3\r\n\r\nabc' + get1('/later'), bodies: ['3', '"later"'] },
];

/** A request head (without its blank line) to an endpoint of each surface that reads its body. */
const POST = {
  S2: 'POST /marketing HTTP/1.1\r\nHost: x\r\nContent-Type: application/json',
  P: 'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream',
};

const s = suite<{ servers: Partial<Record<Pipeline['surface'], Running>> }>('pipelining', { servers: {} });
s.before(async (ctx) => {
  ctx.servers.S2 = await start(S2);
  ctx.servers.P = await start(impl);
});
s.after(async (ctx) => {
  await ctx.servers.S2?.close();
  await ctx.servers.P?.close();
});

for (const p of PIPELINES) {
  s(`${p.name}, then a malformed request, in one write -> 200, 200, 400 in order, then the connection is closed`, async ({ servers }) => {
    const port = portOf(servers[p.surface]!.url);
    for (const [broken, bytes] of Object.entries(BROKEN).map(([k, f]) => [k, f(POST[p.surface])] as const)) {
      // A few rounds: the order must not depend on how the writes happen to interleave.
      for (let round = 0; round < (process.env.API_SERVE_ROBUST_LONG === '1' ? 30 : 3); round++) {
        const r = await rawSend(port, p.requests + bytes, 5000);
        const at = `${broken}, round ${round}: ${JSON.stringify(r.text)}`;
        assert.equal(statuses(r.text), [200, 200, 400], at);
        const bodies = bodiesOf(r.text);
        assert.equal(bodies.slice(0, 2), p.bodies, at);
        assert.match(bodies[2] ?? '', /^Bad Request: the request is not valid HTTP\/1\.1 \(HPE_[A-Z_]+\)$/, at);
        assert.is(r.ending, 'end', `the server closed the connection: ${at}`);
      }
    }
  });
}

s('a request answered before its body was read, whose chunked body is then broken -> that answer only, no 400 after it', async ({ servers }) => {
  // S2 has no POST /echo: the 404 goes out without reading the body; the broken chunk comes later.
  const r = await rawSend(portOf(servers.S2!.url), `${get1('/hello?name=a')}POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n`, 5000);
  assert.equal(statuses(r.text), [200, 404], r.text);
  assert.is(r.ending, 'end');
});

s('the servers still answer after all of that', async ({ servers }) => {
  const r = await rawSend(portOf(servers.P!.url), 'GET /now HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  assert.equal(statuses(r.text), [200]);
});

s.run();
