// The order rule of a replay: the files of one folder one after another in name order (a recorded
// create, delete, then 404 are never raced), folders in parallel up to --concurrency. A recorded
// stateful session replays the same way run after run.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FixtureFile, parseFixture } from '../../src/check/fixture.js';
import { type Starter, run } from '../../src/check/run.js';
import { runBinAsync, spawnServe } from '../helpers/cli.js';
import { call } from '../helpers/server.js';

const file = (name: string, path: string): FixtureFile => {
  const r = parseFixture(name, JSON.stringify({ surface: 'S2', request: { method: 'GET', path }, response: { status: 200 } }));
  if (!r.fixture) throw new Error(JSON.stringify(r.problems));
  return r.fixture;
};

test('files of one folder are sent one after another in name order, whatever order they are given in; folders overlap', async () => {
  // The server holds each answer a moment (so that a file sent while another of its folder is in
  // flight is seen), and notes, per folder, how many of its requests were in flight at once.
  const inFlight = new Map<string, number>();
  const most = new Map<string, number>();
  const arrived: string[] = [];
  let overall = 0;
  let overallMost = 0;
  const server = http.createServer((req, res) => {
    const [, folder, name] = req.url!.split('/');
    arrived.push(`${folder}/${name}`);
    inFlight.set(folder!, (inFlight.get(folder!) ?? 0) + 1);
    most.set(folder!, Math.max(most.get(folder!) ?? 0, inFlight.get(folder!)!));
    overallMost = Math.max(overallMost, ++overall);
    setTimeout(() => { inFlight.set(folder!, inFlight.get(folder!)! - 1); overall--; res.end('ok'); }, 30);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const names = ['0003-c.json', '0001-a.json', '0004-d.json', '0002-b.json'];
    const files = ['one', 'two'].flatMap((folder) => names.map((n) => file(join('fixtures', folder, n), `/${folder}/${n}`)));
    const start: Starter = async () => ({ url });
    const r = await run({ files, start, timeoutMs: 5000, concurrency: 4 });
    assert.ok(r.results.every((x) => x.outcome === 'passed'), JSON.stringify(r.results.map((x) => x.outcome)));
    for (const folder of ['one', 'two']) {
      assert.equal(arrived.filter((a) => a.startsWith(`${folder}/`)), [1, 2, 3, 4].map((i) => `${folder}/${['0001-a.json', '0002-b.json', '0003-c.json', '0004-d.json'][i - 1]}`));
      assert.is(most.get(folder), 1, `${folder}: requests of one folder in flight at once`);
    }
    assert.is(overallMost, 2, 'the two folders ran side by side');
  } finally {
    server.close();
  }
});

test('a recorded stateful session (create, read, delete, then the 404) replays passed 5 of 5 runs with the default concurrency', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'api-serve-order-'));
  try {
    // S4 keeps its persons: the recording is replayed against a fresh S4, as api-check starts it.
    const s = await spawnServe(['S4:0', '--data', join(dir, 'data'), '--record', join(dir, 'checks')]);
    try {
      const base = s.urls.S4!;
      const created = await call(base, 'POST', '/person', { headers: { 'content-type': 'application/json' }, body: '{"name":"Ada","age":"36"}' });
      const id = (created.json() as { Id: number }).Id;
      for (const [method, path] of [['GET', `/person/${id}`], ['DELETE', `/person/${id}`], ['GET', `/person/${id}`], ['POST', '/person'], ['GET', '/person']] as const) {
        await call(base, method, path, method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{"name":"Bo","age":"2"}' } : {});
      }
    } finally {
      await s.stop();
    }
    assert.is(readdirSync(join(dir, 'checks')).length, 6);
    for (let i = 0; i < 5; i++) {
      const r = await runBinAsync('api-check', [join(dir, 'checks'), '--reporter', 'plain']);
      assert.is(r.code, 0, `run ${i + 1}: ${r.stdout}${r.stderr}`);
      assert.match(r.stdout, /\n6 passed, 0 failed\n$/);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
