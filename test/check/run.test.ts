// Replaying: scenarios in order with captures, a failed step stops its scenario, --bail, -H and
// redacted headers, and transport outcomes (unreachable, timeout) against real servers.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FixtureFile, parseFixture } from '../../src/check/fixture.js';
import { type Starter, captureFrom, exitCodeOf, run } from '../../src/check/run.js';
import { handlers as S4 } from '../../specs/S4.js';
import { handlers as S6 } from '../../specs/S6.js';
import { handlers as S2 } from '../../specs/S2.js';
import { start, withServer } from '../helpers/server.js';

const file = (name: string, doc: unknown): FixtureFile => {
  const r = parseFixture(name, JSON.stringify(doc));
  if (!r.fixture) throw new Error(JSON.stringify(r.problems));
  return r.fixture;
};
const at = (url: string): Starter => async () => ({ url });
const base = { timeoutMs: 5000, concurrency: 1 };

const lifecycle = file('lifecycle.json', {
  surface: 'S4',
  steps: [
    { request: { method: 'POST', path: '/person', body: { name: 'Ada', age: '36' } }, response: { status: 200, body: { Id: { $type: 'integer' }, name: 'Ada', age: '36' } }, capture: { id: { pointer: '/Id' } } },
    { request: { method: 'GET', path: '/person/${id}' }, response: { status: 200, body: { Id: '${id}', name: 'Ada', age: '36' } } },
    { request: { method: 'DELETE', path: '/person/${id}' }, response: { status: 200, text: '' } },
    { request: { method: 'GET', path: '/person/${id}' }, response: { status: 404, body: 'Person with ID not found.' } },
  ],
});

test('a scenario captures the new Id and uses it in the later steps', async () => {
  await withServer(S4, async (s) => {
    const r = await run({ ...base, files: [lifecycle], start: at(s.url) });
    assert.equal(r.results.map((x) => x.outcome), ['passed', 'passed', 'passed', 'passed']);
    const id = (JSON.parse(r.results[0]!.actual!.body.toString()) as { Id: number }).Id;
    assert.is(r.results[1]!.sent!.url, `${s.url}/person/${id}`);
    assert.is(exitCodeOf(r), 0);
  });
});

test('a failed step stops its scenario: the later steps are reported as not run', async () => {
  const steps = lifecycle.cases.map(({ request, response, capture }) => ({ request, response, ...(capture ? { capture } : {}) }));
  const broken = file('broken.json', { surface: 'S4', steps: [{ ...steps[0]!, response: { status: 201 } }, ...steps.slice(1)] });
  await withServer(S4, async (s) => {
    const r = await run({ ...base, files: [broken], start: at(s.url) });
    assert.equal(r.results.map((x) => x.outcome), ['failed', 'skipped', 'skipped', 'skipped']);
    assert.is(r.results[1]!.reason!.message, 'not run: step 1 failed');
    assert.is(exitCodeOf(r), 1);
  });
});

test('a capture that finds nothing fails its step and says why', async () => {
  const f = file('cap.json', { surface: 'S2', steps: [
    { request: { method: 'GET', path: '/hello' }, response: { status: 200 }, capture: { id: { pointer: '/Id' } } },
    { request: { method: 'GET', path: '/position/${id}/1' }, response: { status: 200 } },
  ] });
  await withServer(S2, async (s) => {
    const r = await run({ ...base, files: [f], start: at(s.url) });
    assert.is(r.results[0]!.outcome, 'failed');
    assert.is(r.results[0]!.reason!.message, 'cannot capture id: the body has nothing at /Id (stopped at (the root))');
  });
});

test('header captures take the first group of their regular expression', () => {
  const res = { status: 200, headers: { 'set-cookie': ['XSRF-TOKEN=x; Path=/', 'JWT-Cookie=abc.def; Path=/'] }, body: Buffer.from('') };
  assert.equal(captureFrom({ header: 'Set-Cookie', match: '^JWT-Cookie=([^;]+)' }, res), { ok: true, value: 'abc.def' });
  assert.equal(captureFrom({ header: 'location' }, res), { ok: false, message: 'the response has no location header' });
});

test('-H sets a header on every request and fills a redacted one', async () => {
  const f = file('auth.json', { surface: 'S6', request: { method: 'GET', path: '/bar', headers: { authorization: { $redacted: true } } }, response: { status: 200, body: [] } });
  await withServer(S6, async (s) => {
    const without = await run({ ...base, files: [f], start: at(s.url) });
    assert.is(without.results[0]!.outcome, 'failed');
    assert.is(without.results[0]!.actual!.status, 401);
    const withAuth = await run({ ...base, files: [f], start: at(s.url), headers: [['Authorization', 'Basic dXNlcjpwYXNz']] });
    assert.is(withAuth.results[0]!.outcome, 'passed');
  });
});

test('--bail stops starting cases after the first failure', async () => {
  const bad = file('a.json', { surface: 'S2', request: { method: 'GET', path: '/hello' }, response: { status: 500 } });
  const good = file('b.json', { surface: 'S2', request: { method: 'GET', path: '/hello' }, response: { status: 200 } });
  await withServer(S2, async (s) => {
    const r = await run({ ...base, files: [bad, good, good], start: at(s.url), bail: true });
    assert.equal(r.results.map((x) => x.outcome), ['failed', 'skipped', 'skipped']);
  });
});

test('files run in parallel up to the concurrency, results in file order', async () => {
  const files = Array.from({ length: 6 }, (_, i) => file(`f${i}.json`, { surface: 'S2', request: { method: 'GET', path: `/position/${i}/0` }, response: { status: 200, body: { xCoord: i, yCoord: 0 } } }));
  await withServer(S2, async (s) => {
    const r = await run({ ...base, concurrency: 3, files, start: at(s.url) });
    assert.equal(r.results.map((x) => x.case.file), files.map((f) => f.file));
    assert.ok(r.results.every((x) => x.outcome === 'passed'));
  });
});

test('a server that cannot be reached is an error and exit code 3', async () => {
  const s = await start(S2);
  const url = s.url;
  await s.close();
  const f = file('x.json', { surface: 'S2', request: { method: 'GET', path: '/hello' }, response: { status: 200 } });
  const r = await run({ ...base, files: [f], start: at(url) });
  assert.is(r.results[0]!.outcome, 'error');
  assert.is(r.results[0]!.reason!.kind, 'unreachable');
  assert.match(r.results[0]!.reason!.message, /ECONNREFUSED/);
  assert.is(exitCodeOf(r), 3);
});

test('a server that does not answer in time is a timeout error (exit 1)', async () => {
  const hang = http.createServer(() => { /* never answers */ });
  await new Promise<void>((resolve) => hang.listen(0, '127.0.0.1', resolve));
  try {
    const f = file('x.json', { surface: 'S2', request: { method: 'GET', path: '/hello' }, response: { status: 200 } });
    const r = await run({ ...base, timeoutMs: 150, files: [f], start: at(`http://127.0.0.1:${(hang.address() as AddressInfo).port}`) });
    assert.is(r.results[0]!.reason!.kind, 'timeout');
    assert.is(r.results[0]!.reason!.message, 'no complete answer within 150 ms');
    assert.is(exitCodeOf(r), 1);
  } finally {
    hang.closeAllConnections();
    await new Promise((resolve) => hang.close(resolve));
  }
});

test('a server that cannot be started is an error for its cases, and is closed after the others', async () => {
  const f = file('x.json', { surface: 'S2', request: { method: 'GET', path: '/hello' }, response: { status: 200 } });
  const r = await run({ ...base, files: [f], start: async () => { throw new Error('boom'); } });
  assert.is(r.results[0]!.outcome, 'error');
  assert.is(r.results[0]!.reason!.message, 'the server for S2 could not be started: boom');
});

test('started servers are closed when the run ends', async () => {
  let closed = 0;
  await withServer(S2, async (s) => {
    const f = file('x.json', { surface: 'S2', request: { method: 'GET', path: '/hello' }, response: { status: 200 } });
    await run({ ...base, files: [f, f], start: async () => ({ url: s.url, close: async () => { closed++; } }) });
  });
  assert.is(closed, 1);
});

test.run();
