// The auth combinators on a surface of their own: what each accepts, the challenge it sends,
// the user its handlers receive, and where a 401 sits in the error order.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SignJWT } from 'jose';
import { SESSION_COOKIES } from '../../src/dsl/auth.js';
import { api, auth, basicAuth, bearerAuth, body, capture, get, group, implement, json, post, query, walk, authExtension, AuthenticatedUserCodec, type AuthConfig } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { type Running, call, startInProcess} from '../helpers/server.js';

const SECRET = 'a combinator test secret, 32 bytes or more';
const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
const bearer = async (auID: number, auOrgID: number) => `Bearer ${await new SignJWT({ dat: { auID, auOrgID } })
  .setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(new TextEncoder().encode(SECRET))}`;

const Who = t.object('Who', { auID: t.int, auOrgID: t.int, n: t.int });
const Thing = t.object('Thing', { name: t.text });

const surface = api('A', { title: 'auth combinators' }, {
  site: get('site', basicAuth('People\'s "websites"')).returns(json(Who)),
  api: group(['api', auth(['Basic', 'Bearer'], 'api')], {
    me: get('me', capture('n', t.int)).returns(json(Who)),
    make: post('things', capture('id', t.int), query('n', t.int), body(Thing)).returns(json(Thing)),
  }),
  tokenOnly: get('token-only', bearerAuth('tokens')).returns(json(Who)),
  open: get('open').returns(json(t.text)),
});

const impl = implement(surface, {
  site: ({ user }) => ({ ...user, n: 0 }),
  api: {
    me: ({ user, n }) => ({ auID: user.auID, auOrgID: user.auOrgID, n }),
    make: ({ body: thing }) => thing,
  },
  tokenOnly: ({ user }) => ({ ...user, n: 0 }),
  open: () => 'open',
});

const challenges = (h: string | string[] | undefined) => (h === undefined ? [] : Array.isArray(h) ? h : [h]);

const s = suite<{ server?: Running }>('auth combinators', {});
s.before(async (ctx) => { ctx.server = await startInProcess(impl, { options: { jwtSecret: SECRET } }); });
s.after(async (ctx) => { await ctx.server?.close(); });
const go = (ctx: { server?: Running }, method: string, path: string, headers: Record<string, string> = {}, b?: string) =>
  call(ctx.server!.url, method, path, { headers, ...(b === undefined ? {} : { body: b }) });

s('auth() is an extension part the docs can read: the auth descriptor, key "user", schemes Bearer first, realm, the default user type', () => {
  const me = walk(surface).find((e) => e.name === 'api.me')!;
  assert.equal(me.extensions, [{ kind: 'extension', ext: authExtension, key: 'user', config: { schemes: ['Bearer', 'Basic'], realm: 'api', user: AuthenticatedUserCodec } }]);
  assert.equal(authExtension.docs(me.extensions[0]!.config as AuthConfig), { kind: 'auth', schemes: ['Bearer', 'Basic'], realm: 'api', sessionCookies: SESSION_COOKIES });
  const site = walk(surface).find((e) => e.name === 'site')!.extensions[0]!.config as { schemes: unknown; realm: unknown };
  assert.equal([site.schemes, site.realm], [['Basic'], 'People\'s "websites"']);
  assert.is(walk(surface).find((e) => e.name === 'open')!.extensions.length, 0);
});

s('auth() refuses an empty scheme list and a realm with control characters', () => {
  assert.throws(() => auth([], 'x'), /at least one scheme/);
  assert.throws(() => basicAuth('a\r\nb'), /control characters/);
});

s('basicAuth: the handler receives the user; the challenge is Basic only, realm quoted', async (ctx) => {
  const ok = await go(ctx, 'GET', '/site', { authorization: basic('user2', 'pass2') });
  assert.is(ok.status, 200);
  assert.equal(ok.json(), { auID: 2, auOrgID: 1, n: 0 });
  assert.is((ok.headers['set-cookie'] as string[]).length, 2);
  const no = await go(ctx, 'GET', '/site');
  assert.is(no.status, 401);
  assert.equal(challenges(no.headers['www-authenticate']), ['Basic realm="People\'s \\"websites\\"", charset="UTF-8"']);
});

s('basicAuth refuses a valid bearer token', async (ctx) => {
  assert.is((await go(ctx, 'GET', '/site', { authorization: await bearer(1, 1) })).status, 401);
});

s('bearerAuth accepts a token, refuses basic credentials, and challenges with Bearer only', async (ctx) => {
  const ok = await go(ctx, 'GET', '/token-only', { authorization: await bearer(5, 6) });
  assert.equal(ok.json(), { auID: 5, auOrgID: 6, n: 0 });
  const no = await go(ctx, 'GET', '/token-only', { authorization: basic('user', 'pass') });
  assert.is(no.status, 401);
  assert.equal(challenges(no.headers['www-authenticate']), ['Bearer realm="tokens"']);
});

s('a group prefix protects every endpoint under it and nothing else', async (ctx) => {
  assert.is((await go(ctx, 'GET', '/api/me/3')).status, 401);
  assert.is((await go(ctx, 'POST', '/api/things/1?n=1', { 'content-type': 'application/json' }, '{"name":"x"}')).status, 401);
  const me = await go(ctx, 'GET', '/api/me/3', { authorization: await bearer(8, 9) });
  assert.equal(me.json(), { auID: 8, auOrgID: 9, n: 3 });
  assert.is((await go(ctx, 'GET', '/open')).text, '"open"');
});

s('401 sits after 404, the capture 400 and 405, before 406, 415 and the query 400', async (ctx) => {
  const req = { method: 'GET', path: '/api/thingz/abc?n=x', headers: { accept: 'text/html', 'content-type': 'text/plain' } as Record<string, string>, body: '{"name":"x"}' };
  const steps: [string, () => void | Promise<void>, number][] = [
    ['no route', () => {}, 404],
    ['bad capture', () => { req.path = '/api/things/abc?n=x'; }, 400],
    ['wrong method', () => { req.path = '/api/things/1?n=x'; }, 405],
    ['no credentials', () => { req.method = 'POST'; }, 401],
    ['Accept not satisfiable', async () => { req.headers.authorization = basic('user', 'pass'); }, 406],
    ['Content-Type not declared', () => { req.headers.accept = 'application/json'; }, 415],
    ['bad query', () => { req.headers['content-type'] = 'application/json'; }, 400],
    ['all fixed', () => { req.path = '/api/things/1?n=2'; }, 200],
  ];
  for (const [what, fix, status] of steps) {
    await fix();
    const r = await go(ctx, req.method, req.path, req.headers, req.body);
    assert.is(r.status, status, `${what}: got ${r.status} ${r.text}`);
  }
});

s.run();
