// `api-serve users` and the S6 flags as an operator uses them: the real bin, passwords on stdin,
// then logging in to `api-serve S6` (over HTTP with a warning, or HTTPS with a certificate).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { SignJWT } from 'jose';
import { bin, runBin, spawnServe } from '../helpers/cli.js';
import { call, tempDir } from '../helpers/server.js';
import { selfSigned } from '../helpers/self-signed.js';

const basic = (login: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` });

const cli = suite<{ data: string }>('api-serve users', { data: '' });
cli.before((ctx) => { ctx.data = tempDir('api-serve-users-'); });
cli.after((ctx) => { rmSync(ctx.data, { recursive: true, force: true }); });

cli('users add reads the password from stdin; the user then logs in to S6; the file keeps only a hash', async ({ data }) => {
  const add = runBin('api-serve', ['users', 'add', 'alice', '--id', '3', '--org', '7', '--data', data], { input: 'wonder land\n' });
  assert.is(add.code, 0, add.stderr);
  assert.match(add.stdout, /added alice \(auID 3, auOrgID 7\)/);
  assert.not.match(readFileSync(join(data, 'users.json'), 'utf8'), /wonder/);
  const s = await spawnServe(['S6', '--port', '0', '--data', data]);
  try {
    const r = await call(s.urls.S6!, 'GET', '/foo/1', { headers: basic('alice', 'wonder land') });
    assert.is(r.status, 200);
    const token = /JWT-Cookie=([^;]+)/.exec((r.headers['set-cookie'] as string[])[1]!)![1]!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { dat: unknown };
    assert.equal(claims.dat, { auID: 3, auOrgID: 7 });
    assert.is((await call(s.urls.S6!, 'GET', '/foo/1', { headers: basic('alice', 'wonder land\n') })).status, 401, 'the line break is not part of it');
    assert.is((await call(s.urls.S6!, 'GET', '/bar', { headers: basic('user', 'pass') })).status, 200, 'the demo users were seeded');

    const removed = runBin('api-serve', ['users', 'remove', 'alice', '--data', data]);
    assert.is(removed.code, 0, removed.stderr);
    assert.is((await call(s.urls.S6!, 'GET', '/foo/1', { headers: basic('alice', 'wonder land') })).status, 401, 'the running server sees the removal');
    assert.match(s.stderr(), /warning: S6 is served over plain HTTP/);
  } finally {
    assert.is(await s.stop(), 0);
  }
});

cli('users list shows logins and ids, never a hash', ({ data }) => {
  const r = runBin('api-serve', ['users', 'list', '--data', data]);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /^login\s+auID\s+auOrgID\nuser\s+1\s+1\nuser2\s+2\s+1\n/);
  assert.not.match(r.stdout, /scrypt/);
});

cli('users add refuses: no password on stdin, a password on the command line, a duplicate, a bad login, a bad id', ({ data }) => {
  const cases: [string[], string, number, RegExp][] = [
    [['add', 'bob', '--id', '4', '--org', '1'], '', 2, /no password on stdin/],
    [['add', 'bob', 'hunter2', '--id', '4', '--org', '1'], 'x', 2, /too many arguments|unknown/i],
    [['add', 'user', '--id', '4', '--org', '1'], 'x', 1, /exists already/],
    [['add', 'bo:b', '--id', '4', '--org', '1'], 'x', 2, /may not contain ":"/],
    [['add', 'bob', '--id', 'four', '--org', '1'], 'x', 2, /not an integer/],
    [['add', 'bob', '--org', '1'], 'x', 2, /--id/],
    [['add', 'bob', '--id', '4', '--org', '1'], 'two\nlines\n', 2, /one line/],
    [['remove', 'nobody'], '', 1, /no user "nobody"/],
  ];
  for (const [args, input, code, message] of cases) {
    const r = runBin('api-serve', ['users', ...args, '--data', data], { input });
    assert.is(r.code, code, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message, args.join(' '));
  }
});

cli('S6 over HTTPS from the command line: https URL, no plain-HTTP warning', async ({ data }) => {
  const pki = selfSigned(data);
  const s = await spawnServe(['S6', '--port', '0', '--data', data, '--tls-cert', pki.certFile, '--tls-key', pki.keyFile]);
  const dispatcher = pki.agent();
  try {
    assert.match(s.urls.S6!, /^https:\/\/127\.0\.0\.1:\d+$/);
    const r = await request(`${s.urls.S6!}/bar`, { headers: basic('user2', 'pass2'), dispatcher });
    assert.is(r.statusCode, 200);
    await r.body.dump();
    assert.not.match(s.stderr(), /plain HTTP/);
  } finally {
    await dispatcher.close();
    assert.is(await s.stop(), 0);
  }
});

cli('API_SERVE_JWT_SECRET signs and verifies tokens', async ({ data }) => {
  const secret = 'an environment secret that is long enough';
  const s = await spawnServe(['S6', '--port', '0', '--data', data], 1, { env: { API_SERVE_JWT_SECRET: secret } });
  try {
    const token = await new SignJWT({ dat: { auID: 1, auOrgID: 1 } }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1m').sign(new TextEncoder().encode(secret));
    assert.is((await call(s.urls.S6!, 'GET', '/bar', { headers: { authorization: `Bearer ${token}` } })).status, 200);
  } finally {
    assert.is(await s.stop(), 0);
  }
});

cli('ten `users add` processes at once: every one reports success and every user is stored', async () => {
  const dir = tempDir('api-serve-users-race-');
  try {
    const add = (i: number) => new Promise<number>((resolve) => {
      const child = spawn(process.execPath, [bin('api-serve'), 'users', 'add', `racer${i}`, '--id', String(100 + i), '--org', '1', '--data', dir], { stdio: ['pipe', 'ignore', 'ignore'] });
      child.stdin.end(`pw${i}\n`);
      child.once('exit', (code) => resolve(code ?? -1));
    });
    const codes = await Promise.all(Array.from({ length: 10 }, (_, i) => add(i)));
    assert.equal(codes, Array(10).fill(0));
    const list = runBin('api-serve', ['users', 'list', '--data', dir]);
    for (let i = 0; i < 10; i++) assert.match(list.stdout, new RegExp(`^racer${i} `, 'm'), `racer${i} was lost`);
    assert.equal(readdirSync(dir).sort(), ['users.json'], 'no lock or temp file is left behind');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

cli('bad S6 settings are one line on stderr and exit 2', ({ data }) => {
  const short = join(data, 'short-secret');
  writeFileSync(short, 'short');
  const a = selfSigned(mkdtempSync(join(data, 'a-')));
  const b = selfSigned(mkdtempSync(join(data, 'b-')));
  const cases: [string[], RegExp][] = [
    [['--tls-cert', a.keyFile, '--tls-key', a.certFile], /--tls-cert: .*key\.pem is not a PEM certificate/],
    [['--tls-cert', a.certFile, '--tls-key', b.keyFile], /--tls-cert .*cert\.pem and --tls-key .*key\.pem do not belong together/],
    [['--token-ttl', 'soon'], /--token-ttl/],
    [['--jwt-secret-file', short], /at least 32/],
    [['--tls-cert', join(data, 'cert.pem')], /--tls-cert and --tls-key go together/],
    [['--tls-cert', join(data, 'none.pem'), '--tls-key', join(data, 'none.pem')], /--tls-cert: cannot read/],
  ];
  for (const [args, message] of cases) {
    const r = runBin('api-serve', ['S6', '--port', '0', '--data', data, ...args]);
    assert.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message, args.join(' '));
  }
});

cli.run();
