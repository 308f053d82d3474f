// `api-check fuzz` through the real bin: every reference surface passes a bounded run in-process
// (a failure here is a bug in the server or the description), a deliberately broken server in
// front of S2 is caught (each fault by the check named for it, with a shrunk request saved as a
// fixture plain api-check replays), and bad command lines exit 2 with one line.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { request as httpRequest, type Server } from 'node:http';
import { breakingProxy } from '../helpers/breaking-proxy.js';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registry } from '../../specs/index.js';
import { ROOT, runBin, runBinAsync } from '../helpers/cli.js';
import { call, start, withInProcess } from '../helpers/server.js';
import { predict } from '../../src/describe/index.js';
import { judge } from '../../src/check/fuzz/index.js';
import { importSurface, loadDocument } from '../../src/openapi/index.js';

const SURFACES = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10'];
/** S6 checks a password per request (a slow hash by design): fewer requests keep it bounded. */
const RUNS: Record<string, number> = { S6: 60 };

for (const name of SURFACES) {
  test(`api-check fuzz ${name} (seed 7) finds nothing wrong with the reference server`, () => {
    const r = runBin('api-check', ['fuzz', name, '--seed', '7', '--runs', String(RUNS[name] ?? 150)]);
    assert.is(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^api-check fuzz \S+ \(in-process\): seed 7,/);
    assert.match(r.stdout, /seed 7 \(reproduce with --seed 7\)\n\d+ passed, 0 failed\n$/);
  });
}

const runAsync = (args: string[]) => runBinAsync('api-check', args);

/**
 * S2 behind a proxy that breaks five things: a 500 for x > 100 on /position, an undeclared field
 * in /hello's body, a wrong Content-Type on /marketing's 200, 400 where 415 is due, and no Allow
 * on a 405.
 */
function brokenS2(upstream: string): Promise<Server> {
  return breakingProxy(upstream, (req, url, a) => {
    if (url.startsWith('/hello') && a.status === 200 && req.method === 'GET') a.body = Buffer.from(JSON.stringify({ ...JSON.parse(a.body.toString()) as object, debug: true }));
    if (url.startsWith('/marketing') && a.status === 200) a.headers['content-type'] = 'text/plain';
    if (a.status === 415) a.status = 400;
    if (a.status === 405) delete a.headers.allow;
  }, (req, url) => {
    const m = /^\/position\/(-?\d+)\//.exec(url);
    return (req.method === 'GET' || req.method === 'HEAD') && m && Number(m[1]) > 100 ? { status: 500, headers: { 'content-type': 'text/plain' }, body: Buffer.from('boom') } : undefined;
  });
}

test('a broken server is caught, each fault by its check, shrunk and saved as fixtures api-check replays', async () => {
  const good = await start((await registry.S2!.load()).handlers);
  const broken = await brokenS2(good.url);
  const dir = mkdtempSync(join(tmpdir(), 'fuzz-failures-'));
  try {
    const address = broken.address() as { port: number };
    const url = `http://127.0.0.1:${address.port}`;
    const r = await runAsync(['fuzz', 'S2', '--base-url', url, '--seed', '11', '--runs', '400', '--save-failures', dir]);
    assert.is(r.code, 1, r.stdout + r.stderr);
    const out = r.stdout;
    // Each fault, named by the check that catches it, on the endpoint that has it.
    assert.match(out, /FAIL {2}S2 {2}GET \/position\/101\/0 -> 500 .*\n {4}not_a_server_error: 500 answered/);
    assert.match(out, /FAIL {2}S2 {2}GET \/hello\S* -> 200 .*\n {4}response_schema: body \/debug: undeclared key "debug"/);
    assert.match(out, /FAIL {2}S2 {2}POST \/marketing -> 200 .*\n {4}content_type: Content-Type text\/plain is not declared for 200/);
    assert.match(out, /predicted_status: expected 415 \(unsupportedMediaType\), got 400/);
    assert.match(out, /allow_header: 405 without Allow \(expected Allow: /);
    // Nothing else: the checks named are exactly the five faults (a missing Allow on each path).
    const checks = new Set([...out.matchAll(/^ {4}(\w+): /gm)].map((x) => x[1]).filter((c) => c !== 'request' && c !== 'saved'));
    assert.equal([...checks].sort(), ['allow_header', 'content_type', 'not_a_server_error', 'predicted_status', 'response_schema'], out);
    const failed = Number(/\d+ passed, (\d+) failed\n$/.exec(out)?.[1]);
    const files = readdirSync(dir).sort();
    assert.is(files.length, failed, files.join(', '));
    // The 500 shrinks to the smallest x over 100 and y 0: one request, nothing else.
    const crash = JSON.parse(readFileSync(join(dir, 'S2-position-not_a_server_error.json'), 'utf8')) as { request: unknown; response: { status: number } };
    assert.equal(crash.request, { method: 'GET', path: '/position/101/0' });
    assert.is(crash.response.status, 200);
    // Plain replay: the saved fixtures fail against the broken server and pass against a sound one.
    const againstBroken = await runAsync([dir, '--base-url', url, '--reporter', 'plain']);
    assert.is(againstBroken.code, 1, againstBroken.stdout + againstBroken.stderr);
    assert.match(againstBroken.stdout, new RegExp(`0 passed, ${failed} failed\n$`));
    const againstGood = await runAsync([dir, '--base-url', good.url, '--reporter', 'plain']);
    assert.is(againstGood.code, 0, againstGood.stdout + againstGood.stderr);
    assert.match(againstGood.stdout, new RegExp(`${failed} passed, 0 failed\n$`));
  } finally {
    await new Promise((resolve) => broken.close(resolve));
    await good.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the same seed reproduces the same run', () => {
  const a = runBin('api-check', ['fuzz', 'S3', '--seed', '42', '--runs', '40']);
  const b = runBin('api-check', ['fuzz', 'S3', '--seed', '42', '--runs', '40']);
  assert.is(a.code, 0, a.stderr);
  assert.is(a.stdout, b.stdout);
});

test('--time bounds a run that --runs alone would make long', () => {
  const r = runBin('api-check', ['fuzz', 'S2', '--seed', '3', '--runs', '1000000', '--time', '1s']);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /up to 1000000 requests or 1s\n/);
  const passed = Number(/(\d+) passed, 0 failed\n$/.exec(r.stdout)?.[1]);
  assert.ok(passed > 0 && passed < 1000000, r.stdout);
});

test('an unreachable server: one line on stderr, exit 3', () => {
  const r = runBin('api-check', ['fuzz', 'S2', '--base-url', 'http://127.0.0.1:9', '--seed', '1', '--runs', '20']);
  assert.is(r.code, 3, r.stdout + r.stderr);
  assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
  assert.match(r.stderr, /^api-check: S2: cannot connect to http:\/\/127\.0\.0\.1:9/);
});

test('--reporter json: the document alone on stdout (seed, totals, failures), the lines on stderr', () => {
  const r = runBin('api-check', ['fuzz', 'S1', '--seed', '4', '--runs', '30', '--reporter', 'json']);
  assert.is(r.code, 0, r.stdout + r.stderr);
  const doc = JSON.parse(r.stdout) as { surface: string; seed: number; totals: { passed: number; failed: number }; failures: unknown[] };
  assert.is(doc.surface, 'S1');
  assert.is(doc.seed, 4);
  assert.equal(doc.totals, { passed: 30, failed: 0 });
  assert.equal(doc.failures, []);
  assert.match(r.stderr, /seed 4 \(reproduce with --seed 4\)\n30 passed, 0 failed\n$/);
});

test('an unreachable server with --reporter junit: an <error type="unreachable">, exit 3', () => {
  const r = runBin('api-check', ['fuzz', 'S2', '--base-url', 'http://127.0.0.1:9', '--seed', '1', '--runs', '20', '--reporter', 'junit']);
  assert.is(r.code, 3, r.stdout + r.stderr);
  assert.match(r.stdout, /^<\?xml/);
  assert.match(r.stdout, /<error message="cannot connect to http:\/\/127\.0\.0\.1:9 \(ECONNREFUSED\)" type="unreachable"\/>/);
});

// Bugs the fuzzer found, each held by a test of its own.

test('in-process, a dot segment reaches the server as sent, as over HTTP (DELETE /greet/. on S3 -> 200, not 405)', async () => {
  const { handlers } = await registry.S3!.load();
  const overHttp = await start(handlers);
  try {
    // node:http sends the target as written (undici and fetch resolve dot segments first).
    const { port } = new URL(overHttp.url);
    const live = await new Promise<number>((resolve, reject) => {
      const q = httpRequest({ host: '127.0.0.1', port, path: '/greet/.', method: 'DELETE' }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode ?? 0)); });
      q.on('error', reject);
      q.end();
    });
    assert.is(live, 200);
    await withInProcess(handlers, async (s) => {
      const r = await call(s.url, 'DELETE', '/greet/.');
      assert.is(r.status, live, r.text);
    });
  } finally {
    await overHttp.close();
  }
});

test('S5: a sum beyond 2^53 - 1 is a 400 its description declares (GET /x/9007199254740991?y=1)', async () => {
  const { surface, handlers } = await registry.S5!.load();
  await withInProcess(handlers, async (s) => {
    const url = '/x/9007199254740991?y=1';
    const r = await call(s.url, 'GET', url);
    assert.is(r.status, 400);
    const failures = judge({
      method: 'GET', prediction: predict(surface, { method: 'GET', url }), durationMs: 0,
      actual: { status: r.status, headers: r.headers, body: Buffer.from(r.text) },
    });
    assert.equal(failures, []);
  });
});

test('a status the document covers only by `default` is declared: its body is judged by that response (petstore: 404 with an Error)', async () => {
  const { surface } = importSurface(await loadDocument(join(ROOT, '..', 'shared', 'openapi-corpus', 'petstore.yaml')), 'petstore');
  const url = '/pets/7';
  const exchange = (body: unknown) => judge({
    method: 'GET', prediction: predict(surface, { method: 'GET', url }), durationMs: 0,
    actual: { status: 404, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(body)) },
  });
  assert.equal(exchange({ code: 404, message: 'no pet 7' }), []);
  assert.equal(exchange({ message: 'no pet 7' }).map((f) => f.check), ['response_schema']);
  const { surface: s2 } = await registry.S2!.load();
  const undeclared = judge({
    method: 'GET', prediction: predict(s2, { method: 'GET', url: '/hello' }), durationMs: 0,
    actual: { status: 404, headers: {}, body: Buffer.alloc(0) },
  });
  assert.equal(undeclared.map((f) => [f.check, f.message]), [['declared_status', '404 is not declared for hello (declared: 200)']]);
});

const BAD: [string, string[], RegExp][] = [
  ['an unknown surface', ['fuzz', 'S99'], /unknown surface "S99"/],
  ['no surface', ['fuzz'], /missing required argument 'surface'/],
  ['--runs 0', ['fuzz', 'S2', '--runs', '0'], /--runs must be a whole number of at least 1/],
  ['--time soon', ['fuzz', 'S2', '--time', 'soon'], /--time: "soon" is not a duration/],
  ['--seed x', ['fuzz', 'S2', '--seed', 'x'], /--seed must be a whole number/],
  ['--base-url ftp://x', ['fuzz', 'S2', '--base-url', 'ftp://x'], /--base-url: "ftp:\/\/x" is not an http\(s\) URL/],
  ['an unknown flag', ['fuzz', 'S2', '--frobnicate'], /unknown option '--frobnicate'/],
  ['--reporter tap', ['fuzz', 'S2', '--reporter', 'tap'], /--reporter: "tap" is not pretty, plain, junit or json/],
];
for (const [what, args, message] of BAD) {
  test(`api-check fuzz with ${what}: one line on stderr, exit 2`, () => {
    const r = runBin('api-check', args);
    assert.is(r.code, 2, r.stdout + r.stderr);
    assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, message);
    assert.is(r.stdout, '');
  });
}

test.run();
