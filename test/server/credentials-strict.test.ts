// Credentials read strictly (S6): an `Authorization` header sent more than once is a 400 naming it,
// whichever copy is right, in its place in the error order (after 404/405, before 406); a Basic
// user-id or password holding a control character is a 401 with the challenge, so `pass\0` is not `pass`.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { handlers } from '../../specs/S6.js';
import { parseAuthorization } from '../../src/dsl/credentials.js';
import { type Running, call, start } from '../helpers/server.js';
import { portOf, rawSend } from '../helpers/raw.js';
import { surface as S6 } from '../../specs/S6.js';
import { predictor } from '../../src/describe/index.js';
import { mock } from '../../src/mock/mock.js';
import { imported } from '../openapi/load.js';

const basic = (creds: string) => `Basic ${Buffer.from(creds, 'utf8').toString('base64')}`;
const RIGHT = basic('user:pass');
const WRONG = basic('user:nope');
const CHALLENGE = ['Bearer realm="test"', 'Basic realm="test", charset="UTF-8"'];

const parse = suite('parseAuthorization');

parse('a list of one value is that value; of several, repeated with its count; of none, no credentials', () => {
  assert.equal(parseAuthorization([RIGHT]), { kind: 'basic', login: 'user', password: 'pass' });
  assert.equal(parseAuthorization([RIGHT, RIGHT]), { kind: 'repeated', count: 2 });
  assert.equal(parseAuthorization([RIGHT, WRONG, 'Bearer x']), { kind: 'repeated', count: 3 });
  assert.equal(parseAuthorization([]), { kind: 'none' });
});

parse('a control character anywhere in a Basic user-id or password is malformed', () => {
  for (const creds of ['user:pass\0', 'user:pa\u0001ss', 'us\ter:pass', 'user\u007f:pass', 'user:pass\u0085', '\u001buser:pass', 'user:pass\n']) {
    assert.equal(parseAuthorization(basic(creds)), { kind: 'malformed' }, JSON.stringify(creds));
  }
  // Not controls: a space, a colon in the password, letters beyond ASCII.
  assert.equal(parseAuthorization(basic('us er:pa:ss é')), { kind: 'basic', login: 'us er', password: 'pa:ss é' });
});

const http = suite<{ server?: Running }>('S6 over HTTP', {});
http.before(async (ctx) => { ctx.server = await start(handlers); });
http.after(async (ctx) => { await ctx.server?.close(); });

/** A request written byte for byte (a client library would merge or refuse repeated headers). */
async function rawRequest(server: Running, head: string): Promise<{ status: number; headers: string; body: string }> {
  const r = await rawSend(portOf(server.url), `${head}\r\nHost: x\r\nConnection: close\r\n\r\n`);
  const end = r.text.indexOf('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(r.text)?.[1] ?? 0), headers: r.text.slice(0, end), body: r.text.slice(end + 4) };
}

const repeated: { name: string; head: string; status: number; body?: string }[] = [
  { name: 'GET /bar, one right Basic header -> 200 (the control)', head: `GET /bar HTTP/1.1\r\nAuthorization: ${RIGHT}`, status: 200 },
  { name: 'GET /bar, the right header twice -> 400 naming it', head: `GET /bar HTTP/1.1\r\nAuthorization: ${RIGHT}\r\nAuthorization: ${RIGHT}`, status: 400, body: 'Error parsing header Authorization failed: sent 2 times' },
  { name: 'GET /bar, right then wrong -> 400, not the first silently', head: `GET /bar HTTP/1.1\r\nAuthorization: ${RIGHT}\r\nAuthorization: ${WRONG}`, status: 400, body: 'Error parsing header Authorization failed: sent 2 times' },
  { name: 'GET /bar, wrong then right -> 400', head: `GET /bar HTTP/1.1\r\nAuthorization: ${WRONG}\r\nAuthorization: ${RIGHT}`, status: 400, body: 'Error parsing header Authorization failed: sent 2 times' },
  { name: 'GET /foo/1, three copies in mixed case -> 400 counting three', head: `GET /foo/1 HTTP/1.1\r\nauthorization: ${RIGHT}\r\nAUTHORIZATION: Bearer abc\r\nAuthorization: ${RIGHT}`, status: 400, body: 'Error parsing header Authorization failed: sent 3 times' },
  { name: 'GET /bar, twice and Accept: text/html -> 400 (the auth stage comes before 406)', head: `GET /bar HTTP/1.1\r\nAccept: text/html\r\nAuthorization: ${RIGHT}\r\nAuthorization: ${RIGHT}`, status: 400, body: 'Error parsing header Authorization failed: sent 2 times' },
  { name: 'POST /bar, twice -> 405 (the method is checked before credentials)', head: `POST /bar HTTP/1.1\r\nContent-Length: 0\r\nAuthorization: ${RIGHT}\r\nAuthorization: ${RIGHT}`, status: 405 },
  { name: 'GET /nope, twice -> 404', head: `GET /nope HTTP/1.1\r\nAuthorization: ${RIGHT}\r\nAuthorization: ${RIGHT}`, status: 404 },
];
for (const c of repeated) {
  http(c.name, async (ctx) => {
    const r = await rawRequest(ctx.server!, c.head);
    assert.is(r.status, c.status, `${r.headers}\n${r.body}`);
    if (c.body !== undefined) assert.is(r.body, c.body);
    if (c.status !== 200) assert.not.match(r.headers, /set-cookie/i, 'no session for a refused request');
  });
}

http('a Basic password with a control character -> 401 with the challenge; the right one still logs in', async (ctx) => {
  for (const creds of ['user:pass\0', 'user:pass\u0000\u0000', 'user:\u0000pass', 'user\u0000:pass', 'user:pass\u0007', 'user:pass\u007f', 'user:pass\u0085']) {
    const r = await call(ctx.server!.url, 'GET', '/bar', { headers: { authorization: basic(creds) } });
    assert.is(r.status, 401, JSON.stringify(creds));
    assert.equal(r.headers['www-authenticate'], CHALLENGE);
    assert.is(r.headers['set-cookie'], undefined);
  }
  const ok = await call(ctx.server!.url, 'GET', '/bar', { headers: { authorization: RIGHT } });
  assert.is(ok.status, 200);
});

http('the predictor says the same: a repeated Authorization is the 400, once is the handler', () => {
  const predict = predictor(S6);
  const twice = predict({ method: 'GET', url: '/bar', headers: { authorization: [RIGHT, RIGHT] } });
  assert.is(twice.kind !== 'handler' && twice.status, 400);
  assert.is(twice.kind !== 'handler' && String(twice.body), 'Error parsing header Authorization failed: sent 2 times');
  assert.is(predict({ method: 'GET', url: '/bar', headers: { authorization: [RIGHT] } }).kind, 'handler');
});

const doc = suite<{ server?: Running }>('an imported document with http security (features.yaml showPet: basic or bearer)', {});
doc.before(async (ctx) => {
  const { surface } = await imported('features.yaml');
  ctx.server = await start(mock(surface));
});
doc.after(async (ctx) => { await ctx.server?.close(); });

doc('one Bearer header -> 200; two -> 400 naming the header, not the first copy silently', async (ctx) => {
  assert.is((await rawRequest(ctx.server!, 'GET /pets/7 HTTP/1.1\r\nAuthorization: Bearer abc')).status, 200);
  const twice = await rawRequest(ctx.server!, 'GET /pets/7 HTTP/1.1\r\nAuthorization: Bearer abc\r\nAuthorization: Basic dTpw');
  assert.is(twice.status, 400, twice.headers);
  assert.is(twice.body, 'Error parsing header Authorization failed: sent 2 times');
});

parse.run();
http.run();
doc.run();
