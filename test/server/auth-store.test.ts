// The user store and the signing key as a server operator meets them: files under --data, no
// clear passwords, tokens that survive a restart, and keys that are refused.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { handlers } from '../../specs/S6.js';
import { UserStore, UserStoreError } from '../../src/store/users.js';
import { call, startInProcess, tempDir } from '../helpers/server.js';
import { injector } from '../../src/server/index.js';

const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
const tokenFrom = (setCookie: unknown) => /JWT-Cookie=([^;]+)/.exec((setCookie as string[])[1]!)![1]!;

const store = suite<{ dir: string }>('user store', { dir: '' });
store.before.each((ctx) => { ctx.dir = tempDir(); });
store.after.each((ctx) => { rmSync(ctx.dir, { recursive: true, force: true }); });

store('a fresh store holds the demo users, hashed, in a 0600 file without any clear password', async ({ dir }) => {
  const s = await UserStore.open(dir);
  assert.equal((await s.list()).map(({ login, auID, auOrgID }) => ({ login, auID, auOrgID })), [
    { login: 'user', auID: 1, auOrgID: 1 },
    { login: 'user2', auID: 2, auOrgID: 1 },
  ]);
  const text = readFileSync(join(dir, 'users.json'), 'utf8');
  assert.not.match(text, /"pass"|"pass2"|:pass|pass2"/);
  assert.not.match(text, /password/i);
  const hashes = [...text.matchAll(/"hash": "(scrypt\$[^"]+)"/g)].map((m) => m[1]);
  assert.is(hashes.length, 2);
  assert.is.not(hashes[0]!.split('$')[2], hashes[1]!.split('$')[2], 'each user has its own salt');
  assert.is(statSync(join(dir, 'users.json')).mode & 0o777, 0o600);
});

store('verify: right password yields the user; a wrong password and an unknown login yield nothing', async ({ dir }) => {
  const s = await UserStore.open(dir);
  assert.equal(await s.verify('user2', 'pass2'), { auID: 2, auOrgID: 1 });
  assert.is(await s.verify('user2', 'pass'), undefined);
  assert.is(await s.verify('ghost', 'pass2'), undefined);
});

store('add and remove persist; a duplicate login, a login with ":" and an empty password are refused', async ({ dir }) => {
  const s = await UserStore.open(dir);
  await s.add({ login: 'alice', password: 'wonder land', auID: 3, auOrgID: 7 });
  const again = await UserStore.open(dir);
  assert.equal(await again.verify('alice', 'wonder land'), { auID: 3, auOrgID: 7 });
  assert.not.match(readFileSync(again.path, 'utf8'), /wonder/);
  for (const bad of [
    { login: 'alice', password: 'x', auID: 4, auOrgID: 1 },
    { login: 'a:b', password: 'x', auID: 4, auOrgID: 1 },
    { login: 'bob', password: '', auID: 4, auOrgID: 1 },
  ]) {
    try { await s.add(bad); assert.unreachable(`accepted ${JSON.stringify(bad)}`); } catch (err) { assert.instance(err, UserStoreError); }
  }
  assert.is(await again.remove('alice'), true);
  assert.is(await again.remove('alice'), false);
  assert.is(await s.verify('alice', 'wonder land'), undefined, 'the other handle sees the removal');
});

store('a corrupt store file is a clear error naming the file', async ({ dir }) => {
  writeFileSync(join(dir, 'users.json'), '{"users": [{"login": "x", "auID": 1, "auOrgID": 1, "hash": "plaintext"}]}');
  try { await UserStore.open(dir); assert.unreachable('opened'); } catch (err) {
    assert.instance(err, UserStoreError);
    assert.match((err as Error).message, /users\.json.*hash/);
  }
});

store('concurrent adds and removes through separate store handles lose no user (as parallel `users add` runs)', async ({ dir }) => {
  const [a, b, c] = await Promise.all([UserStore.open(dir), UserStore.open(dir), UserStore.open(dir)]);
  const handles = [a!, b!, c!];
  await Promise.all([1, 2, 3, 4, 5, 6].map((i) => handles[i % 3]!.add({ login: `u${i}`, auID: 10 + i, auOrgID: 1, password: `pw${i}` })));
  await Promise.all([handles[0]!.remove('user2'), handles[1]!.add({ login: 'late', auID: 99, auOrgID: 1, password: 'x' })]);
  const fresh = await UserStore.open(dir);
  assert.equal((await fresh.list()).map((u) => u.login).sort(), ['late', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'user']);
  assert.ok(await fresh.verify('u4', 'pw4'));
  assert.not.ok(existsSync(join(dir, 'users.json.edit-lock')), 'no edit lock is left behind');
});

store.run();

const key = suite<{ dir: string }>('JWT signing key', { dir: '' });
key.before.each((ctx) => { ctx.dir = tempDir(); });
key.after.each((ctx) => { rmSync(ctx.dir, { recursive: true, force: true }); });

key('without a configured key one is generated in --data with mode 0600, and a restart keeps tokens valid', async ({ dir }) => {
  let token: string;
  const first = await startInProcess(handlers, { dataDir: dir });
  try {
    token = tokenFrom((await call(first.url, 'GET', '/bar', { headers: { authorization: basic('user', 'pass') } })).headers['set-cookie']);
  } finally { await first.close(); }
  const st = statSync(join(dir, 'jwt-secret'));
  assert.is(st.mode & 0o777, 0o600);
  assert.ok(st.size >= 32);
  const second = await startInProcess(handlers, { dataDir: dir });
  try {
    assert.is((await call(second.url, 'GET', '/foo/1', { headers: { authorization: `Bearer ${token}` } })).status, 200);
  } finally { await second.close(); }
});

key('a secret file (jwtSecretFile) signs the tokens: another server with the same file accepts them, one with another key refuses', async ({ dir }) => {
  const file = join(dir, 'secret.txt');
  writeFileSync(file, `${'k'.repeat(40)}\n`);
  const a = await startInProcess(handlers, { options: { jwtSecretFile: file } });
  const b = await startInProcess(handlers, { options: { jwtSecret: 'k'.repeat(40) } });
  const c = await startInProcess(handlers, { options: { jwtSecret: 'c'.repeat(40) } });
  try {
    const token = tokenFrom((await call(a.url, 'GET', '/bar', { headers: { authorization: basic('user', 'pass') } })).headers['set-cookie']);
    const bearer = { authorization: `Bearer ${token}` };
    assert.is((await call(a.url, 'GET', '/bar', { headers: bearer })).status, 200);
    assert.is((await call(b.url, 'GET', '/bar', { headers: bearer })).status, 200, 'the trailing line break is not part of the key');
    assert.is((await call(c.url, 'GET', '/bar', { headers: bearer })).status, 401);
  } finally { await Promise.all([a.close(), b.close(), c.close()]); }
});

key('a key shorter than 32 bytes, or an unreadable key file, stops the server from starting', async ({ dir }) => {
  const short = join(dir, 'short');
  writeFileSync(short, 'too short\n');
  for (const options of [{ jwtSecretFile: short }, { jwtSecret: 'x'.repeat(31) }, { jwtSecretFile: join(dir, 'missing') }]) {
    try {
      const s = await startInProcess(handlers, { options });
      await s.close();
      assert.unreachable(`started with ${JSON.stringify(options)}`);
    } catch (err) {
      assert.match((err as Error).message, /JWT secret/);
    }
  }
});

key('a bad token TTL stops the server from starting; a short one shows in the token', async ({ dir }) => {
  try {
    const s = await startInProcess(handlers, { dataDir: dir, options: { tokenTtl: 'soon' } });
    await s.close();
    assert.unreachable('started');
  } catch (err) { assert.match((err as Error).message, /--token-ttl/); }
  const s = await startInProcess(handlers, { dataDir: dir, options: { tokenTtl: '15m' } });
  try {
    const token = tokenFrom((await call(s.url, 'GET', '/bar', { headers: { authorization: basic('user', 'pass') } })).headers['set-cookie']);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
    assert.is(claims.exp - claims.iat, 900);
  } finally { await s.close(); }
});

key('a group-readable generated key is used but reported', async ({ dir }) => {
  writeFileSync(join(dir, 'jwt-secret'), 'g'.repeat(64));
  chmodSync(join(dir, 'jwt-secret'), 0o644);
  const lines: string[] = [];
  const s = await startInProcess(handlers, { dataDir: dir, log: (l) => lines.push(l) });
  await s.close();
  assert.ok(lines.some((l) => /jwt-secret is readable by others/.test(l)), lines.join('\n'));
});

key('a user added to the store while the server runs can log in at once; a removed one cannot', async ({ dir }) => {
  const s = await startInProcess(handlers, { dataDir: dir });
  try {
    const headers = { authorization: basic('carol', 's3cret') };
    assert.is((await call(s.url, 'GET', '/bar', { headers })).status, 401);
    const us = await UserStore.open(dir);
    await us.add({ login: 'carol', password: 's3cret', auID: 9, auOrgID: 2 });
    assert.is((await call(s.url, 'GET', '/bar', { headers })).status, 200);
    await us.remove('carol');
    assert.is((await call(s.url, 'GET', '/bar', { headers })).status, 401);
  } finally { await s.close(); }
});

key.run();

const directory = suite('user directory');

directory('served without a user directory, no Basic login is valid (401 with the challenge), and a user directory that fails is a 401 and a log line', async () => {
  const dir = tempDir();
  const lines: string[] = [];
  // `serve`/`injector` itself, not the test helper (which gives users.json as the commands do).
  const none = await injector(handlers, { dataDir: dir, options: { jwtSecret: 'k'.repeat(40) }, log: () => {} });
  const failing = await injector(handlers, {
    dataDir: dir, options: { jwtSecret: 'k'.repeat(40) }, log: (l) => lines.push(l),
    users: { verify: async () => { throw new Error('directory offline'); } },
  });
  try {
    for (const inj of [none, failing]) {
      const r = await inj.inject({ method: 'GET', url: '/bar', headers: { authorization: basic('user', 'pass') } });
      assert.is(r.status, 401);
      assert.match(String(r.headers['www-authenticate']), /Basic realm="test"/);
    }
    assert.ok(lines.some((l) => /could not be checked: directory offline/.test(l)), lines.join('\n'));
    assert.not.ok(existsSync(join(dir, 'users.json')), 'the server opened no user store of its own');
  } finally {
    await none.close();
    await failing.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

directory.run();
