// Password hashing cannot starve the process: a flood of wrong Basic passwords leaves bearer
// requests and static files (served by another surface in the same process) answered while the
// hashes are still pending, and past the gate's queue a login is a 503 with Retry-After.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { handlers as s6 } from '../../specs/S6.js';
import { handlers as s8 } from '../../specs/S8.js';
import { HashGate } from '../../src/server/auth/hash-gate.js';
import { type Exchange, type Running, call, start } from '../helpers/server.js';

const SECRET = 'a hash-gate test secret of more than 32 bytes';
const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

const gate = suite('HashGate');

gate('runs at most `concurrency` checks, queues `queue` more, and turns the next away busy', async () => {
  const g = new HashGate(2, 3);
  const releases: (() => void)[] = [];
  const started: number[] = [];
  const check = (i: number) => () => new Promise<number>((resolve) => { started.push(i); releases.push(() => resolve(i)); });
  const runs = [0, 1, 2, 3, 4, 5].map((i) => g.run(check(i)));
  await new Promise((r) => setImmediate(r));
  assert.equal(started, [0, 1], 'two run at once');
  assert.equal(g.load, { running: 2, waiting: 3 });
  assert.equal(await runs[5], { kind: 'busy' }, 'the sixth finds the queue full');
  releases[0]!();
  await runs[0];
  await new Promise((r) => setImmediate(r));
  assert.equal(started, [0, 1, 2], 'a freed slot goes to the first in line');
  for (let i = 1; i < 5; i++) { releases[i]!(); await runs[i]; await new Promise((r) => setImmediate(r)); }
  assert.equal(await Promise.all(runs.slice(0, 5)), [0, 1, 2, 3, 4].map((value) => ({ kind: 'done', value })));
  assert.equal(g.load, { running: 0, waiting: 0 });
});

gate('a check that throws frees its slot', async () => {
  const g = new HashGate(1, 0);
  await g.run(() => Promise.reject(new Error('store unreadable'))).catch(() => undefined);
  assert.equal(await g.run(async () => 7), { kind: 'done', value: 7 });
});

gate.run();

const flood = suite<{ auth?: Running; files?: Running }>('password hashing under a flood of wrong passwords', {});
flood.before(async (ctx) => {
  ctx.auth = await start(s6, { options: { jwtSecret: SECRET } });
  ctx.files = await start(s8);
  mkdirSync(join(ctx.files.dataDir, 'static'), { recursive: true });
  writeFileSync(join(ctx.files.dataDir, 'static', 'page.txt'), 'a static page');
});
flood.after(async (ctx) => { await ctx.auth?.close(); await ctx.files?.close(); });

flood('100 concurrent wrong Basic passwords: a bearer request and a static file are answered while most hashes are still pending', async ({ auth, files }) => {
  const token = await new SignJWT({ dat: { auID: 1, auOrgID: 1 } }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode(SECRET));
  // Counts the checks that finished (401s); the logins turned away at once (503s) hashed nothing.
  let basicsAnswered = 0;
  let firstAnswered!: () => void;
  const first = new Promise<void>((resolve) => { firstAnswered = resolve; });
  const logins = Array.from({ length: 100 }, (_, i) => call(auth!.url, 'GET', '/bar', { headers: { authorization: basic('user', `wrong-${i}`) } })
    .then((r) => { if (r.status === 401) basicsAnswered++; firstAnswered(); return r; }));
  // Once hashing is under way (an answer came back), the other requests arrive behind the flood.
  await first;
  const at = (p: Promise<Exchange>) => p.then((r) => ({ r, basicsAnswered }));
  const [bearer, file] = await Promise.all([
    at(call(auth!.url, 'GET', '/bar', { headers: { authorization: `Bearer ${token}` } })),
    at(call(files!.url, 'GET', '/static/page.txt')),
  ]);
  const answers = await Promise.all(logins);
  assert.is(bearer.r.status, 200);
  assert.is(file.r.status, 200);
  assert.is(file.r.text, 'a static page');
  assert.ok(bearer.basicsAnswered < 30, `the bearer request waited for ${bearer.basicsAnswered} password checks to finish`);
  assert.ok(file.basicsAnswered < 30, `the static file waited for ${file.basicsAnswered} password checks to finish`);
  // Every login is answered: refused (401), or turned away busy past the queue (503 + Retry-After).
  const statuses = answers.map((r) => r.status);
  assert.ok(statuses.every((s) => s === 401 || s === 503), JSON.stringify(statuses));
  for (const r of answers.filter((x) => x.status === 503)) {
    assert.is(r.headers['retry-after'], '1');
    assert.match(r.text, /too many password checks/);
  }
  assert.ok(statuses.includes(503), 'past the queue of 64, logins are turned away');
  // And the gate lets a good login through once the flood is over.
  assert.is((await call(auth!.url, 'GET', '/bar', { headers: { authorization: basic('user', 'pass') } })).status, 200);
});

flood.run();
