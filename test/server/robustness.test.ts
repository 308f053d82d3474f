// What users meet when things go wrong on the server side: crashes, oversized bodies, odd requests.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { get as httpGet, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { api, body, get, HttpError, implement, json, post } from '../../src/dsl/index.js';
import { media, t } from '../../src/codec/index.js';
import { call, start, type Running } from '../helpers/server.js';

const surface = api('R', { title: 'robustness' }, {
  boom: get('boom').returns(json(t.int)),
  asyncBoom: get('async-boom').returns(json(t.int)),
  badValue: get('bad-value').returns(json(t.int)),
  ok: get('ok').returns(json(t.int)),
  echo: post('echo', body(t.bytes, [media.octet])).returns(json(t.int)),
  shout: post('shout', body(t.text, [media.text])).returns({ codec: t.text, media: [media.text] }),
  teapot: get('teapot').returns(json(t.int)),
});
const logs: string[] = [];
const impl = implement(surface, {
  boom: () => { throw new Error('kaboom'); },
  asyncBoom: async () => { await Promise.resolve(); throw new TypeError('async kaboom'); },
  badValue: () => 1n as unknown as number,
  ok: () => 1,
  echo: ({ body: bytes }) => bytes.length,
  shout: ({ body: text }) => text.toUpperCase(),
  teapot: () => new HttpError(418, 'short and stout', { reason: 'I Am A Teapot', headers: { 'x-spout': 'yes' } }),
});

const s = suite<{ server?: Running }>('robustness', {});
s.before(async (ctx) => { ctx.server = await start(impl, { maxBody: 1024, log: (l) => logs.push(l) }); });
s.after(async (ctx) => { await ctx.server?.close(); });

s('a handler that throws -> 500 with a generic body, a log line, and the server keeps serving', async ({ server }) => {
  const r = await call(server!.url, 'GET', '/boom');
  assert.is(r.status, 500);
  assert.not.match(r.text, /kaboom/, 'the error detail stays in the log');
  assert.ok(logs.some((l) => l.includes('kaboom') && l.includes('boom')), 'the log names the handler and the error');
  assert.is((await call(server!.url, 'GET', '/ok')).status, 200);
});

s('an async handler that rejects -> 500, server alive', async ({ server }) => {
  assert.is((await call(server!.url, 'GET', '/async-boom')).status, 500);
  assert.is((await call(server!.url, 'GET', '/ok')).status, 200);
});

s('a reply that cannot be encoded -> 500, server alive', async ({ server }) => {
  assert.is((await call(server!.url, 'GET', '/bad-value')).status, 500);
  assert.is((await call(server!.url, 'GET', '/ok')).status, 200);
});

s('a body at the limit is accepted', async ({ server }) => {
  const r = await call(server!.url, 'POST', '/echo', { headers: { 'content-type': 'application/octet-stream' }, body: Buffer.alloc(1024) });
  assert.is(r.status, 200);
  assert.is(r.text, '1024');
});

s('a body over the limit with Content-Length -> 413 and the server keeps serving', async ({ server }) => {
  const r = await call(server!.url, 'POST', '/echo', { headers: { 'content-type': 'application/octet-stream' }, body: Buffer.alloc(4096) });
  assert.is(r.status, 413);
  assert.match(r.text, /exceeds 1024 bytes/);
  assert.is((await call(server!.url, 'GET', '/ok')).status, 200);
});

s('a chunked body over the limit -> 413 without reading it all', async ({ server }) => {
  async function* chunks() { for (let i = 0; i < 64; i++) yield Buffer.alloc(512); }
  const r = await request(`${server!.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: Readable.from(chunks()) }).catch((e: Error) => e);
  if (r instanceof Error) assert.match(r.message, /closed|reset|socket/i, 'the server may cut the upload short');
  else { assert.is(r.statusCode, 413); await r.body.text(); }
  assert.is((await call(server!.url, 'GET', '/ok')).status, 200);
});

s('a missing Content-Type is accepted where octet-stream is', async ({ server }) => {
  const r = await call(server!.url, 'POST', '/echo', { body: 'abc' });
  assert.is(r.status, 200);
  assert.is(r.text, '3');
});

s('OPTIONS on a known path -> 405 with Allow', async ({ server }) => {
  const r = await call(server!.url, 'OPTIONS', '/ok');
  assert.is(r.status, 405);
  assert.is(r.headers.allow, 'GET, HEAD');
});

s('a path with a malformed escape -> 400, not a crash', async ({ server }) => {
  const r = await call(server!.url, 'GET', '/ok%');
  assert.is(r.status, 400);
  assert.match(r.text, /malformed percent-encoding/);
});

/** One raw HTTP/1.1 exchange over a socket, for request targets no client library sends. */
function raw(url: string, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(url);
    const sock = connect(Number(port), '127.0.0.1', () => sock.end(`${head}\r\nHost: x\r\nConnection: close\r\n\r\n`));
    let out = '';
    sock.setEncoding('utf8');
    sock.on('data', (d) => { out += d; });
    sock.once('end', () => resolve(out));
    sock.once('error', reject);
  });
}

s('an absolute-form target is served as its path; OPTIONS * and other targets -> 400, never a 500', async ({ server }) => {
  const before = logs.length;
  const absolute = await raw(server!.url, 'GET http://example.test/ok HTTP/1.1');
  assert.match(absolute, /^HTTP\/1\.1 200 /);
  assert.match(absolute, /\r\n\r\n1$/);
  const star = await raw(server!.url, 'OPTIONS * HTTP/1.1');
  assert.match(star, /^HTTP\/1\.1 400 /);
  assert.match(star, /the request target "\*" is not a path/);
  assert.match(await raw(server!.url, 'GET http://example.test HTTP/1.1'), /^HTTP\/1\.1 404 /);
  assert.is(logs.length, before, 'nothing was logged as a failure');
});

s('Expect: 100-continue with a body over the limit -> 413 at once, never a 100 that would invite the upload', async ({ server }) => {
  const r = await raw(server!.url, 'POST /echo HTTP/1.1\r\nContent-Type: application/octet-stream\r\nContent-Length: 5000000\r\nExpect: 100-continue');
  assert.match(r, /^HTTP\/1\.1 413 /);
  assert.not.match(r, /100 Continue/);
});

s('Expect: 100-continue with a body that fits -> 100, then the body is read and answered', async ({ server }) => {
  const { status, text, continued } = await new Promise<{ status: number; text: string; continued: boolean }>((resolve, reject) => {
    let continued = false;
    const req = httpRequest(`${server!.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'content-length': '3', expect: '100-continue' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { text += d; });
      res.once('end', () => resolve({ status: res.statusCode!, text, continued }));
    });
    req.once('continue', () => { continued = true; req.end('abc'); });
    req.setTimeout(3000, () => req.destroy(new Error('no answer: the server never said 100 Continue')));
    req.once('error', reject);
  });
  assert.ok(continued);
  assert.is(status, 200);
  assert.is(text, '3');
});

s('text/plain bodies reach the handler as text and answer as text', async ({ server }) => {
  const r = await call(server!.url, 'POST', '/shout', { headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'héllo' });
  assert.is(r.status, 200);
  assert.is(r.text, 'HÉLLO');
  assert.is(r.headers['content-type'], 'text/plain;charset=utf-8');
});

s('an error value carries its status, reason phrase, body and headers', async ({ server }) => {
  const { status, reason, header, text } = await new Promise<{ status?: number; reason?: string; header?: string; text: string }>((resolve, reject) => {
    httpGet(`${server!.url}/teapot`, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => { text += d.toString(); });
      res.on('end', () => resolve({ status: res.statusCode, reason: res.statusMessage, header: res.headers['x-spout'] as string, text }));
    }).on('error', reject);
  });
  assert.equal([status, reason, header, text], [418, 'I Am A Teapot', 'yes', 'short and stout']);
});

s.run();
