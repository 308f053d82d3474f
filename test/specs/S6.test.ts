// S6 over real HTTP: every way to get a 401, basic and bearer happy paths, the cookies a basic
// login sets, and the tokens the server must refuse.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SignJWT, decodeJwt } from 'jose';
import { parseSetCookie } from 'cookie';
import { handlers } from '../../specs/S6.js';
import { type Running, call, startInProcess} from '../helpers/server.js';

const SECRET = 'an S6 test secret of more than 32 bytes';
const KEY = new TextEncoder().encode(SECRET);
const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

function sign(claims: Record<string, unknown>, options: { key?: Uint8Array; alg?: string; exp?: number | null } = {}) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: options.alg ?? 'HS256' }).setIssuedAt();
  if (options.exp !== null) jwt.setExpirationTime(options.exp ?? now() + 600);
  return jwt.sign(options.key ?? KEY);
}
const user1 = { dat: { auID: 1, auOrgID: 1 } };

const s6 = suite<{ server?: Running }>('S6', {});
s6.before(async (ctx) => { ctx.server = await startInProcess(handlers, { options: { jwtSecret: SECRET } }); });
s6.after(async (ctx) => { await ctx.server?.close(); });

const get = (ctx: { server?: Running }, path: string, headers: Record<string, string> = {}, method = 'GET') => call(ctx.server!.url, method, path, { headers });

function challenges(h: string | string[] | undefined): string[] {
  return h === undefined ? [] : Array.isArray(h) ? h : [h];
}

/** The 401 every failure gets: empty body and a challenge naming both schemes and the realm. */
function assert401(r: Awaited<ReturnType<typeof call>>, what: string): string[] {
  assert.is(r.status, 401, `${what}: ${r.status} ${r.text}`);
  assert.is(r.text, '', `${what}: empty body`);
  const c = challenges(r.headers['www-authenticate']);
  assert.is(c.length, 2, `${what}: one challenge per scheme`);
  assert.match(c[0]!, /^Bearer realm="test"/, what);
  assert.match(c[1]!, /^Basic realm="test"/, what);
  assert.is(r.headers['set-cookie'], undefined, `${what}: no cookies`);
  return c;
}

const unauthorized: [string, Record<string, string>][] = [
  ['no Authorization header', {}],
  ['an unknown login', { authorization: basic('nobody', 'pass') }],
  ['a wrong password', { authorization: basic('user', 'wrong') }],
  ["user2's password for user", { authorization: basic('user', 'pass2') }],
  ['a login in the wrong case', { authorization: basic('User', 'pass') }],
  ['an empty password', { authorization: basic('user', '') }],
  ['Basic without credentials', { authorization: 'Basic' }],
  ['Basic with bad base64', { authorization: 'Basic !!!not-base64' }],
  ['Basic credentials without a colon', { authorization: `Basic ${Buffer.from('userpass').toString('base64')}` }],
  ['Basic credentials that are not UTF-8', { authorization: `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0x41]).toString('base64')}` }],
  ['an unknown scheme', { authorization: 'Digest username="user"' }],
  ['Bearer without a token', { authorization: 'Bearer ' }],
  ['a Bearer token that is not a JWT', { authorization: 'Bearer not-a-jwt' }],
  ['a Bearer value with spaces', { authorization: 'Bearer a b c' }],
  ['the JWT cookie alone (cookies do not authenticate)', { cookie: 'JWT-Cookie=whatever' }],
];
for (const [what, headers] of unauthorized) {
  s6(`GET /foo/1 with ${what} -> 401 with WWW-Authenticate: Bearer, Basic realm="test"`, async (ctx) => {
    assert401(await get(ctx, '/foo/1', headers), what);
  });
}

s6('GET /bar without credentials -> 401', async (ctx) => { assert401(await get(ctx, '/bar'), 'GET /bar'); });

s6('the Basic challenge announces UTF-8 credentials', async (ctx) => {
  const c = assert401(await get(ctx, '/bar'), 'GET /bar');
  assert.is(c[1], 'Basic realm="test", charset="UTF-8"');
  assert.is(c[0], 'Bearer realm="test"');
});

s6('method and capture errors keep precedence over 401', async (ctx) => {
  const r405 = await get(ctx, '/bar', {}, 'POST');
  assert.is(r405.status, 405);
  assert.is(r405.headers.allow, 'GET, HEAD');
  assert.is((await get(ctx, '/foo/abc')).status, 400);
  assert.is((await get(ctx, '/nope')).status, 404);
  assert.is((await get(ctx, '/foo/1', { authorization: basic('user', 'wrong') }, 'DELETE')).status, 405);
});

s6('GET /foo/42 with user:pass -> 200 [] and two Secure, SameSite=Lax cookies', async (ctx) => {
  const r = await get(ctx, '/foo/42', { authorization: basic('user', 'pass') });
  assert.is(r.status, 200);
  assert.is(r.text, '[]');
  const lines = r.headers['set-cookie'] as string[];
  assert.is(lines.length, 2);
  const [xsrf, jwt] = lines.map((l) => parseSetCookie(l));
  assert.is(xsrf!.name, 'XSRF-TOKEN');
  assert.match(xsrf!.value!, /^[A-Za-z0-9_-]{43}$/, '32 random bytes');
  assert.is(xsrf!.path, '/');
  assert.is(xsrf!.secure, true);
  assert.is(xsrf!.httpOnly, undefined, 'scripts can read the XSRF token');
  assert.is(xsrf!.sameSite, 'lax');
  assert.is(jwt!.name, 'JWT-Cookie');
  assert.is(jwt!.path, '/');
  assert.is(jwt!.secure, true);
  assert.is(jwt!.httpOnly, true);
  assert.is(jwt!.sameSite, 'lax');
  for (const c of [xsrf!, jwt!]) assert.ok(c.expires === undefined && c.maxAge === undefined, 'session cookies');
  assert.match(lines[0]!, /^XSRF-TOKEN=[^;]+; Path=\/; Secure; SameSite=Lax$/);
  assert.match(lines[1]!, /^JWT-Cookie=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
});

s6('the JWT cookie carries the user and expires in an hour; it works as a bearer token', async (ctx) => {
  const r = await get(ctx, '/foo/1', { authorization: basic('user2', 'pass2') });
  const token = parseSetCookie((r.headers['set-cookie'] as string[])[1]!).value!;
  const claims = decodeJwt(token);
  assert.equal(claims.dat, { auID: 2, auOrgID: 1 });
  assert.is(claims.exp! - claims.iat!, 3600);
  const b = await get(ctx, '/bar', { authorization: `Bearer ${token}` });
  assert.is(b.status, 200);
  assert.is(b.text, '[]');
  assert.is(b.headers['set-cookie'], undefined, 'a bearer request gets no new cookies');
});

s6('two basic logins get different XSRF tokens', async (ctx) => {
  const cookieOf = async () => parseSetCookie(((await get(ctx, '/bar', { authorization: basic('user', 'pass') })).headers['set-cookie'] as string[])[0]!).value;
  assert.is.not(await cookieOf(), await cookieOf());
});

s6('the scheme name is case-insensitive', async (ctx) => {
  const creds = Buffer.from('user:pass').toString('base64');
  assert.is((await get(ctx, '/bar', { authorization: `basic ${creds}` })).status, 200);
  assert.is((await get(ctx, '/bar', { authorization: `bearer ${await sign(user1)}` })).status, 200);
});

s6('HEAD /bar with credentials -> 200 without a body', async (ctx) => {
  const r = await get(ctx, '/bar', { authorization: basic('user', 'pass') }, 'HEAD');
  assert.is(r.status, 200);
  assert.is(r.text, '');
});

s6('a token signed by the server key for user 1 -> 200', async (ctx) => {
  assert.is((await get(ctx, '/foo/7', { authorization: `Bearer ${await sign(user1)}` })).status, 200);
});

const badTokens: [string, () => Promise<string>, RegExp][] = [
  ['a tampered payload', async () => {
    const [h, , sig] = (await sign(user1)).split('.');
    return `${h}.${b64url({ dat: { auID: 2, auOrgID: 1 }, exp: now() + 600 })}.${sig}`;
  }, /not valid/],
  ['a tampered signature', async () => `${(await sign(user1)).slice(0, -4)}AAAA`, /not valid/],
  ['alg: none', async () => `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...user1, exp: now() + 600 })}.`, /not valid/],
  ['alg: HS512 with the right key', () => sign(user1, { alg: 'HS512' }), /not valid/],
  ['another key', () => sign(user1, { key: new TextEncoder().encode('some other secret of at least thirty-two bytes') }), /not valid/],
  ['an expired token', () => sign(user1, { exp: now() - 60 }), /expired/],
  ['no expiry', () => sign(user1, { exp: null }), /not valid/],
  ['no user in it', () => sign({ sub: '1' }), /not valid/],
  ['a user that is not integers', () => sign({ dat: { auID: '1', auOrgID: 1 } }), /not valid/],
];
for (const [what, make, description] of badTokens) {
  s6(`a bearer token with ${what} -> 401 with error="invalid_token"`, async (ctx) => {
    const c = assert401(await get(ctx, '/foo/1', { authorization: `Bearer ${await make()}` }), what);
    assert.match(c[0]!, /^Bearer realm="test", error="invalid_token", error_description="/);
    assert.match(c[0]!, description);
  });
}

s6.run();
