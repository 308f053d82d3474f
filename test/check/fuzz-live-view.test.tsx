/** @jsxRuntime automatic @jsxImportSource react */
// The fuzz live view, rendered with ink-testing-library: seed and progress against --runs,
// requests per endpoint and per fault kind, sequences per collection, failures as they are found;
// fed by a real run's events its counts are the run's. The rule for drawing it is replay's.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'ink-testing-library';
import { FuzzView } from '../../src/check/ui/fuzz-view.js';
import { failureFound, initialFuzzProgress, probeDone, sentOf, sequenceDone, type FuzzProgress } from '../../src/check/fuzz/progress.js';
import { liveViewWanted } from '../../src/check/live-wanted.js';
import { fuzz } from '../../src/check/fuzz/index.js';
import { bodyFor } from '../../src/check/replay.js';
import { injector } from '../../src/server/inject.js';
import { registry } from '../../specs/index.js';
import { tempDir } from '../helpers/server.js';

const plain = (frame: string | undefined) => (frame ?? '').replace(/\x1b\[[0-9;]*m/g, '');
const ENDPOINTS = [{ endpoint: 'position', label: 'GET /position/{x}/{y}' }, { endpoint: 'hello', label: 'GET /hello' }];

test('before the first request: the seed, an empty bar against --runs, a row per endpoint', () => {
  const { lastFrame, unmount } = render(<FuzzView progress={initialFuzzProgress('S2', 42, 200, ENDPOINTS)} color={false} barWidth={8} />);
  const lines = plain(lastFrame()).split('\n');
  assert.is(lines[0], 'api-check fuzz S2 ░░░░░░░░ 0/200  0 passed, 0 failed  seed 42');
  assert.is(lines[1], '  GET /position/{x}/{y}  0 valid, 0 with a fault');
  assert.is(lines[2], '  GET /hello             0 valid, 0 with a fault');
  unmount();
});

test('requests counted per endpoint and fault kind, a failure shown as found, sequences per collection', () => {
  let p = initialFuzzProgress('S2', 42, 4, ENDPOINTS);
  p = probeDone(p, { endpoint: 'position', fault: 'valid' }, true);
  p = probeDone(p, { endpoint: 'position', fault: 'capture' }, true);
  p = probeDone(p, { endpoint: 'hello', fault: 'query' }, false);
  p = failureFound(p, 'hello', 'GET /hello?name= -> 500  not_a_server_error');
  p = sequenceDone(p, '/person', 5, true);
  p = sequenceDone(p, '/person', 3, false);
  const { lastFrame, unmount } = render(<FuzzView progress={p} color={false} barWidth={8} />);
  const lines = plain(lastFrame()).split('\n');
  assert.is(lines[0], 'api-check fuzz S2 ██████░░ 3/4  7 passed, 1 failed  seed 42');
  assert.is(lines[1], '  GET /position/{x}/{y}  1 valid, 1 with a fault');
  assert.is(lines[2], '  GET /hello             0 valid, 1 with a fault, 1 failed');
  assert.is(lines[3], '  faults: capture 1, query 1');
  assert.is(lines[4], '  stateful /person: 2 sequences, 8 requests, failed');
  assert.is(lines[5], 'FAIL GET /hello?name= -> 500  not_a_server_error');
  unmount();
});

test('a surface with many endpoints shows the first rows and sums up the rest', () => {
  const many = Array.from({ length: 12 }, (_, i) => ({ endpoint: `e${i}`, label: `GET /e${i}` }));
  const { lastFrame, unmount } = render(<FuzzView progress={initialFuzzProgress('S8', 1, 10, many)} color={false} rows={8} />);
  assert.match(plain(lastFrame()), /^ {2}\.\.\. 4 more endpoints$/m);
  assert.not.match(plain(lastFrame()), /GET \/e8 /);
  unmount();
});

test('without colour no escape sequences are drawn, a failure included', () => {
  const p = failureFound(initialFuzzProgress('S2', 1, 1, ENDPOINTS), 'hello', 'GET /hello -> 500  not_a_server_error');
  const off = render(<FuzzView progress={p} color={false} />);
  assert.not.match(off.lastFrame()!, /\x1b\[3\dm/);
  off.unmount();
});

test('fed by a real run (S4 in-process, seed 3) the view counts what the run reports', async () => {
  const { surface, handlers } = await registry.S4!.load();
  const inj = await injector(handlers, { dataDir: tempDir('fuzz-live-'), maxBody: 65536 });
  try {
    let p: FuzzProgress = initialFuzzProgress('S4', 3, 60, []);
    const result = await fuzz({
      surface, seed: 3, runs: 60, maxBody: 65536,
      send: async (r) => {
        const body = bodyFor(r);
        const headers = Object.fromEntries(Object.entries(r.headers ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
        const res = await inj.inject({ method: r.method, url: r.path, headers, ...(body === undefined ? {} : { body }) });
        return { ok: true, response: { status: res.status, headers: res.headers, body: res.body } };
      },
      onProbe: (probe, passed) => { p = probeDone(p, probe, passed); },
      onFailure: (f) => { p = failureFound(p, f.probe.endpoint, f.probe.endpoint); },
      onSequence: (c, n, passed) => { p = sequenceDone(p, c, n, passed); },
      onStatefulFailure: (f) => { p = failureFound(p, undefined, f.collection); },
    });
    assert.is(result.failures.length + (result.stateful?.failures.length ?? 0), 0);
    assert.is(sentOf(p), 60, 'every generated request counted once');
    assert.is(p.passed, result.passed + (result.stateful?.passed ?? 0));
    assert.is(p.stateful[0]?.collection, '/person');
    assert.ok(p.stateful[0]!.sequences >= 10);
    const { lastFrame, unmount } = render(<FuzzView progress={p} color={false} barWidth={8} />);
    assert.match(plain(lastFrame()), new RegExp(`^api-check fuzz S4 ████████ 60/60  ${p.passed} passed, 0 failed  seed 3\\n`));
    assert.match(plain(lastFrame()), /\n {2}stateful \/person: \d+ sequences, \d+ requests\n?/);
    unmount();
  } finally {
    await inj.close();
  }
});

test('the live view is drawn by the pretty reporter on a terminal outside CI, as replay draws its own', () => {
  assert.ok(liveViewWanted('pretty', { isTTY: true }, {}));
  assert.not.ok(liveViewWanted('pretty', { isTTY: false }, {}), 'not a terminal: lines');
  assert.not.ok(liveViewWanted('pretty', { isTTY: true }, { CI: 'true' }), 'CI: lines');
  assert.ok(liveViewWanted('pretty', { isTTY: true }, { CI: 'false' }));
  assert.not.ok(liveViewWanted('plain', { isTTY: true }, {}), '--reporter plain: lines');
  assert.not.ok(liveViewWanted('json', { isTTY: true }, {}));
});

test.run();
