// `api-check` as a user runs it: exit codes 0/1/2/3, plain output ending with the totals line,
// a readable diff against a server that breaks a rule, reporters, selection, HAR import, lint.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { ROOT, bin } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

interface Ran { code: number | null; stdout: string; stderr: string }

/** Runs api-check without blocking this process (the test's own servers must keep answering). */
function check(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  const child = spawn(process.execPath, [bin('api-check'), ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', CI: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** A server that counts requests and answers what `answer` says. */
async function fake(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  let count = 0;
  const server = http.createServer((req, res) => { count++; answer(req, res); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => count,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** S2 with one broken rule: the greeting word is "Hi" instead of "Hello". */
const wrongS2 = (req: http.IncomingMessage, res: http.ServerResponse) => {
  const url = new URL(req.url ?? '/', 'http://x');
  res.setHeader('content-type', 'application/json;charset=utf-8');
  if (url.pathname === '/hello') res.end(JSON.stringify({ msg: `Hi, ${url.searchParams.get('name') ?? 'anonymous coward'}` }));
  else { res.statusCode = 404; res.end(); }
};

const last = (text: string) => text.trimEnd().split('\n').pop();
const s = suite('api-check CLI');

s('our S2 fixtures pass in-process: one plain line per case, exit 0, the totals line last', async () => {
  const r = await check(['test/fixtures/S2']);
  assert.is(r.code, 0, r.stderr);
  const files = readdirSync(join(ROOT, 'test/fixtures/S2')).length;
  assert.is(r.stdout.split('\n').filter((l) => l.startsWith('PASS  S2  ')).length, files);
  assert.is(last(r.stdout), `${files} passed, 0 failed`);
  assert.not.match(r.stdout, /\x1b\[/);
});

s('a server that breaks rule 1 fails with a diff naming the rule and the body pointer (exit 1)', async () => {
  const server = await fake(wrongS2);
  try {
    const r = await check(['test/fixtures/S2', '--grep', 'hello-(name|anonymous)', '--base-url', server.url]);
    assert.is(r.code, 1);
    assert.match(r.stdout, /FAIL  S2  GET \/hello\?name=Alp -> 200  rule 1: with a name, msg is Hello, <name>/);
    assert.match(r.stdout, /    body \/msg: expected "Hello, Alp", got "Hi, Alp"\n/);
    assert.match(r.stdout, /    body \/msg: expected "Hello, anonymous coward", got "Hi, anonymous coward"\n/);
    assert.is(last(r.stdout), '0 passed, 2 failed');
  } finally {
    await server.close();
  }
});

s('a bad fixture is exit 2 with its file and JSON pointer, and nothing is sent', async () => {
  const dir = tempDir('api-check-cli-');
  const server = await fake((_q, res) => res.end());
  try {
    writeFileSync(join(dir, 'good.json'), JSON.stringify({ surface: 'S2', request: { method: 'GET', path: '/hello' }, response: { status: 200 } }));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ surface: 'S2', steps: [{ request: { method: 'GET', path: '/hello' }, response: { status: 'ok' } }] }));
    const r = await check([dir, '--base-url', server.url]);
    assert.is(r.code, 2);
    assert.match(r.stderr, /bad\.json at \/steps\/0\/response\/status: must be integer/);
    assert.match(r.stderr, /nothing was sent/);
    assert.is(server.count(), 0);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

s('a scenario replays in order with its captures (S4 lifecycle, S6 token)', async () => {
  const r = await check(['test/fixtures/S4/person-lifecycle.json', 'test/fixtures/S6/jwt-from-cookie.json']);
  assert.is(r.code, 0, r.stdout);
  assert.is(last(r.stdout), '6 passed, 0 failed');
});

s('an unreachable server (API_CHECK_BASE_URL) is exit 3 and a JUnit <error>; the totals line goes to stderr', async () => {
  const server = await fake((_q, res) => res.end());
  const url = server.url;
  await server.close();
  const r = await check(['test/fixtures/S2/hello-name.json', '--reporter', 'junit'], { API_CHECK_BASE_URL: url });
  assert.is(r.code, 3);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(r.stdout) as { testsuites: { errors: string; testsuite: { testcase: { error: { type: string; message: string } } } } };
  assert.is(doc.testsuites.errors, '1');
  assert.is(doc.testsuites.testsuite.testcase.error.type, 'unreachable');
  assert.match(doc.testsuites.testsuite.testcase.error.message, /ECONNREFUSED/);
  assert.is(last(r.stderr), '0 passed, 1 failed');
});

s('an unreachable server is one line per surface, not a block per case (nor a line per case)', async () => {
  const server = await fake((_q, res) => res.end());
  const url = server.url;
  await server.close();
  const r = await check(['test/fixtures/S2', 'test/fixtures/S4', '--reporter', 'plain'], { API_CHECK_BASE_URL: url });
  assert.is(r.code, 3, r.stdout + r.stderr);
  const errors = r.stdout.split('\n').filter((l) => l.startsWith('ERROR'));
  assert.equal(errors.map((l) => l.replace(/ {2}\(\d+ cases not checked\)$/, '').replace(/127\.0\.0\.1:\d+/, 'HOST')), [
    'ERROR S2  cannot connect to http://HOST (ECONNREFUSED)', 'ERROR S4  cannot connect to http://HOST (ECONNREFUSED)',
  ]);
  assert.not.match(r.stdout, /^(FAIL|PASS|SKIP) /m);
  assert.ok(r.stdout.split('\n').length < 10, r.stdout);
  assert.match(r.stdout, /0 passed, \d+ failed\n$/);
});

s('a 401 on a fixture whose credential is redacted and no -H gave it says so', async () => {
  const dir = tempDir('api-check-redacted-');
  try {
    writeFileSync(join(dir, 'bar.json'), JSON.stringify({
      surface: 'S6', name: 'recorded with credentials', request: { method: 'GET', path: '/bar', headers: { authorization: { $redacted: true } } }, response: { status: 200 },
    }));
    const r = await check([dir, '--reporter', 'plain']);
    assert.is(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /status: expected 200, got 401\n {4}hint: the fixture redacts authorization and no -H gave it: the request went without; replay with -H 'authorization: \.\.\.'\n/);
    const given = await check([dir, '--reporter', 'plain', '-H', 'Authorization: Basic dXNlcjpwYXNz']);
    assert.is(given.code, 0, given.stdout + given.stderr);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

s('-H adds a header to every request; --timeout fails a case the server does not answer in time', async () => {
  let seen: string | undefined;
  const server = await fake((req) => { seen = req.headers['x-trace'] as string; /* never answers */ });
  try {
    const r = await check(['test/fixtures/S2/hello-name.json', '-H', 'X-Trace: abc', '--timeout', '200', '--base-url', server.url]);
    assert.is(r.code, 1);
    assert.is(seen, 'abc');
    assert.match(r.stdout, /timeout: no complete answer within 200 ms/);
  } finally {
    await server.close();
  }
});

s('usage errors are exit 2: an unknown flag, a bad reporter, a --base-url that is not a URL', async () => {
  for (const args of [['--nope'], ['--reporter', 'xml'], ['--base-url', 'localhost:1']]) {
    const r = await check(args);
    assert.is(r.code, 2, args.join(' '));
    assert.match(r.stderr, /api-check|error/);
  }
});

s('import-har writes fixtures naming the endpoint the known surface routes them to; a file that is not HAR is exit 2', async () => {
  const dir = tempDir('api-check-cli-');
  try {
    const har = { log: { version: '1.2', entries: [{ request: { method: 'GET', url: 'http://127.0.0.1:1/hello?name=Alp', headers: [{ name: 'Accept', value: 'application/json' }] }, response: { status: 200, headers: [{ name: 'Content-Type', value: 'application/json;charset=utf-8' }], content: { size: 20, mimeType: 'application/json', text: '{"msg":"Hello, Alp"}' } } }] } };
    writeFileSync(join(dir, 'a.har'), JSON.stringify(har));
    const r = await check(['import-har', join(dir, 'a.har'), '--out', join(dir, 'out'), '--surface', 'S2']);
    assert.is(r.code, 0, r.stderr);
    assert.equal(readdirSync(join(dir, 'out')), ['0001-get-hello.json']);
    assert.is((JSON.parse(readFileSync(join(dir, 'out', '0001-get-hello.json'), 'utf8')) as { endpoint?: string }).endpoint, 'hello');
    const replay = await check([join(dir, 'out')]);
    assert.is(replay.code, 0, replay.stdout);
    writeFileSync(join(dir, 'b.har'), '{}');
    const bad = await check(['import-har', join(dir, 'b.har'), '--out', join(dir, 'out2')]);
    assert.is(bad.code, 2);
    assert.match(bad.stderr, /not a HAR file/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

s.run();
