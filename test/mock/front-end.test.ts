// A front-end style session against a stateful mocked S4 through the real command: CORS preflight,
// create, list (with what was created), the request journal, clearing it, reset, a 4xx that still
// carries CORS, one log line per exchange;
// and the tools' bad command lines (one line, exit 2).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBin, spawnServe } from '../helpers/cli.js';
import { call } from '../helpers/server.js';
import { api, get, implement, json } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { serve } from '../../src/server/index.js';

const ORIGIN = 'http://localhost:5173';

test('preflight, create, list, journal, clear, reset, a CORS-marked 404, and the access log', async () => {
  const data = mkdtempSync(join(tmpdir(), 'api-serve-front-'));
  const s = await spawnServe(['S4:0', '--mock', '--stateful', '--data', data, '--cors', ORIGIN, '--journal', '10', '--log']);
  try {
    const base = s.urls.S4!;
    const pre = await call(base, 'OPTIONS', '/person', { headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    assert.is(pre.status, 204);
    assert.is(pre.headers['access-control-allow-origin'], ORIGIN);
    assert.is(pre.headers['access-control-allow-methods'], 'GET, HEAD, POST');
    assert.is(pre.headers['access-control-allow-headers'], 'content-type');
    const made = await call(base, 'POST', '/person', { headers: { origin: ORIGIN, 'content-type': 'application/json' }, body: '{"name":"Ann","age":"34"}' });
    assert.is(made.status, 200, made.text);
    assert.is(made.headers['access-control-allow-origin'], ORIGIN);
    const list = await call(base, 'GET', '/person', { headers: { origin: ORIGIN } });
    assert.is(list.status, 200);
    assert.equal((list.json() as { name: string }[]).map((p) => p.name), ['Jake', 'Ann'], 'the seed, then what the front end created');
    const missing = await call(base, 'GET', '/nothing', { headers: { origin: ORIGIN } });
    assert.is(missing.status, 404);
    assert.is(missing.headers['access-control-allow-origin'], ORIGIN, 'a 4xx is marked too, so the browser shows it');
    const other = await call(base, 'GET', '/person', { headers: { origin: 'http://evil.example' } });
    assert.is(other.headers['access-control-allow-origin'], undefined, 'an origin not listed is not marked');
    const journal = (await call(base, 'GET', '/__api-serve/requests')).json() as { method: string; url: string; body?: string; status: number }[];
    assert.equal(journal.map((j) => `${j.method} ${j.url} ${j.status}`), ['POST /person 200', 'GET /person 200', 'GET /nothing 404', 'GET /person 200']);
    assert.is(journal[0]!.body, '{"name":"Ann","age":"34"}');
    assert.is((await call(base, 'DELETE', '/__api-serve/requests')).status, 204);
    assert.equal((await call(base, 'GET', '/__api-serve/requests')).json(), []);
    assert.is((await call(base, 'POST', '/__api-serve/reset')).status, 204);
    assert.equal(((await call(base, 'GET', '/person')).json() as { name: string }[]).map((p) => p.name), ['Jake'], 'reset: the seed again');
  } finally {
    await s.stop();
    rmSync(data, { recursive: true, force: true });
  }
  assert.match(s.stderr(), /^POST \/person 200 \d+\.\dms mocked$/m);
  assert.match(s.stderr(), /^GET \/nothing 404 \d+\.\dms refused$/m);
  // api-serve's own routes answered them: not refused by the surface, whatever their status.
  assert.match(s.stderr(), /^GET \/__api-serve\/requests 200 \d+\.\dms api-serve$/m);
  assert.match(s.stderr(), /^DELETE \/__api-serve\/requests 204 \d+\.\dms api-serve$/m);
  assert.match(s.stderr(), /^POST \/__api-serve\/reset 204 \d+\.\dms api-serve$/m);
  assert.not.match(s.stderr(), /__api-serve\/\S+ \d+ \S+ refused/);
  assert.match(s.stderr(), /^OPTIONS \/person 204 \d+\.\dms api-serve$/m, 'the preflight CORS answered');
});

test('--delay: the answers still come, a body sent during the wait included', async () => {
  const data = mkdtempSync(join(tmpdir(), 'api-serve-front-'));
  const s = await spawnServe(['S4:0', '--data', data, '--delay', '20-60ms']);
  try {
    const made = await call(s.urls.S4!, 'POST', '/person', { headers: { 'content-type': 'application/json' }, body: '{"name":"Ann","age":"34"}' });
    assert.is(made.status, 200, made.text);
    assert.is((made.json() as { name: string }).name, 'Ann');
  } finally {
    await s.stop();
    rmSync(data, { recursive: true, force: true });
  }
});

test('the journal never shadows a route of the surface: serving one under the prefix is refused', async () => {
  const surface = api('Clash', { title: 'clash' }, { own: get('__api-serve', 'requests').returns(json(t.text)) });
  const impl = implement(surface, { own: () => 'mine' });
  const err = await serve(impl, { port: 0, journal: { limit: 5 }, log: () => {} }).then(async (x) => { await x.close(); return undefined; }, (e: Error) => e);
  assert.ok(err, 'the clash is refused');
  assert.match(err!.message, /reserved prefix \/__api-serve\/; move the prefix with --reserved-prefix/);
  const moved = await serve(impl, { port: 0, journal: { limit: 5 }, reservedPrefix: '/_mock/', log: () => {} });
  try {
    assert.is((await call(moved.url, 'GET', '/__api-serve/requests')).text, '"mine"', 'the surface keeps its route');
    const journal = (await call(moved.url, 'GET', '/_mock/requests')).json() as { url: string }[];
    assert.equal(journal.map((j) => j.url), ['/__api-serve/requests']);
  } finally { await moved.close(); }
});

test('bad tool options are one line on stderr and exit 2', () => {
  for (const [args, message] of [
    [['--delay', 'soon'], /--delay.*"soon" is not a delay/],
    [['--cors', 'localhost'], /"localhost" is not an origin/],
    [['--journal', '0'], /"0" is not a number of requests to keep/],
    [['--reserved-prefix', 'x'], /"x" is not a path prefix/],
    [['--seed', '-1'], /is not a seed/],
  ] as const) {
    const r = runBin('api-serve', ['S2', '--port', '0', ...args]);
    assert.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, message);
  }
});

test.run();
