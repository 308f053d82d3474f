// api-check fuzz's model-based sequences over collections: S4 and a stateful mock of it pass; a
// server that keeps a deleted record, forgets to list one, or hands out an id twice is caught by
// the check named for it, with the shrunk sequence printed request by request and saved as a
// scenario fixture that plain api-check replays: failing against the broken server, passing against S4.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Server } from 'node:http';
import { breakingProxy } from '../helpers/breaking-proxy.js';
import { registry } from '../../specs/index.js';
import { mock } from '../../src/mock/index.js';
import { runBin, runBinAsync } from '../helpers/cli.js';
import { start, tempDir } from '../helpers/server.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { CORPUS } from '../compare/corpus.js';

type Fault = 'leak' | 'unlisted' | 'reused';

/**
 * S4 behind a proxy with one stateful fault: `leak` answers DELETE 200 and keeps the record,
 * `unlisted` lists nothing, `reused` answers every create with Id 1 (the record is stored).
 */
function brokenS4(upstream: string, fault: Fault): Promise<Server> {
  return breakingProxy(upstream, (req, url, a) => {
    if (a.status === 200 && req.method === 'GET' && url === '/person' && fault === 'unlisted') a.body = Buffer.from('[]');
    if (a.status === 200 && req.method === 'POST' && url === '/person' && fault === 'reused') a.body = Buffer.from(JSON.stringify({ ...JSON.parse(a.body.toString()) as object, Id: 1 }));
  }, (req, url) => (fault === 'leak' && req.method === 'DELETE' && /^\/person\/\d+$/.test(url) ? { status: 200, headers: {}, body: Buffer.alloc(0) } : undefined));
}

test('api-check fuzz S4 runs model-based sequences over /person and they pass', () => {
  const r = runBin('api-check', ['fuzz', 'S4', '--seed', '5', '--runs', '20']);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^stateful: \/person: \d+ requests in passing sequences$/m);
  const off = runBin('api-check', ['fuzz', 'S4', '--seed', '5', '--runs', '20', '--no-stateful']);
  assert.is(off.code, 0, off.stdout + off.stderr);
  assert.not.match(off.stdout, /stateful/);
});

test('api-check fuzz S5 says why its generic collections run no sequences (their items carry no id field), and passes', () => {
  const r = runBin('api-check', ['fuzz', 'S5', '--seed', '5', '--runs', '20', '--reporter', 'plain']);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^stateful: not run: \/users \(its items carry no id field\), \/products \(its items carry no id field\)$/m);
  assert.not.match(r.stdout, /^stateful: \//m);
  const off = runBin('api-check', ['fuzz', 'S5', '--seed', '5', '--runs', '20', '--no-stateful', '--reporter', 'plain']);
  assert.not.match(off.stdout, /stateful/, 'with --no-stateful nothing is said about sequences');
});

test('a stateful mock of S4 (api-serve S4 --mock --stateful) passes the sequences; a stateless one keeps nothing and fails them, with a hint, and passes with --no-stateful', async () => {
  const { surface } = await registry.S4!.load();
  for (const stateful of [true, false]) {
    const served = await start(mock(surface, { stateful }));
    try {
      const r = await runBinAsync('api-check', ['fuzz', 'S4', '--base-url', served.url, '--seed', '2', '--runs', '20']);
      if (stateful) {
        assert.is(r.code, 0, r.stdout + r.stderr);
        assert.not.match(r.stdout, /serve with --stateful/);
      } else {
        assert.is(r.code, 1, r.stdout + r.stderr);
        assert.match(r.stdout, /FAIL {2}S4 {2}stateful \/person/);
        assert.match(r.stdout, /against `api-serve --mock`, serve with --stateful or fuzz with --no-stateful/);
        const off = await runBinAsync('api-check', ['fuzz', 'S4', '--base-url', served.url, '--seed', '2', '--runs', '20', '--no-stateful']);
        assert.is(off.code, 0, off.stdout + off.stderr);
      }
    } finally { await served.close(); }
  }
});

test("api-check fuzz petstore-expanded.yaml (a shared corpus document) passes against its stateful mock: the mock's not-found comes in the document's default Error format", async () => {
  const doc = join(CORPUS, 'petstore-expanded.yaml');
  const { surface } = await importSurface(await loadDocument(doc), 'petstore-expanded');
  const served = await start(mock(surface, { stateful: true }));
  try {
    const r = await runBinAsync('api-check', ['fuzz', doc, '--base-url', served.url, '--seed', '3', '--runs', '40']);
    assert.is(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^stateful: \/pets: \d+ requests in passing sequences$/m);
    assert.not.match(r.stdout, /content_type|FAIL/);
  } finally { await served.close(); }
});

const CAUGHT: [Fault, RegExp, RegExp][] = [
  ['leak', /use_after_free: GET \/person\/\d+ (after its DELETE answered 200, expected 404|still lists Id \d+ after its DELETE)/, /DELETE \/person\/\d+ -> 200/],
  ['unlisted', /ensure_resource_availability: GET \/person does not list Id \d+, created and not deleted/, /GET \/person -> 200$/m],
  ['reused', /unique_id: Id 1 was already given to an item created before \(ids are never reused\)/, /POST \/person .* -> 200 \(id 1\)\n {4}2\. POST \/person .* -> 200 \(id 1\)$/m],
];
for (const [fault, check, steps] of CAUGHT) {
  test(`a server with the fault "${fault}" is caught by its check, the sequence shrunk`, async () => {
    const good = await start((await registry.S4!.load()).handlers);
    const broken = await brokenS4(good.url, fault);
    try {
      const { port } = broken.address() as { port: number };
      const report = join(tempDir('fuzz-junit-'), 'report.xml');
      const saved = tempDir('fuzz-saved-');
      const r = await runBinAsync('api-check', ['fuzz', 'S4', '--base-url', `http://127.0.0.1:${port}`, '--seed', '9', '--runs', '20', '--reporter', 'junit', '--output', report, '--save-failures', saved]);
      assert.is(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stdout, /FAIL {2}S4 {2}stateful \/person {2}\((\d+) requests?, shrunk\)/);
      assert.match(r.stdout, check, r.stdout);
      assert.match(r.stdout, steps, r.stdout);
      // Shrunk: no more requests than the fault needs (create, delete, read back at most).
      const n = Number(/stateful \/person {2}\((\d+) request/.exec(r.stdout)?.[1]);
      assert.ok(n <= 3, r.stdout);
      // JUnit: the failure typed by its check, the shrunk sequence as its text.
      const xml = readFileSync(report, 'utf8');
      const named = /^ {4}(\w+): /m.exec(r.stdout.slice(r.stdout.indexOf('stateful /person')))![1]!;
      assert.match(xml, new RegExp(`<testcase name="stateful /person ${named}" classname="S4" time="0">\\n {6}<failure message="${named}: [^"]+" type="${named}">1\\. POST /person`));
      // Saved as a scenario: the created id captured and reused, so plain api-check replays it.
      const file = join(saved, `S4-stateful-person-${named}.json`);
      const scenario = JSON.parse(readFileSync(file, 'utf8')) as { steps: { request: { path: string }; capture?: unknown }[] };
      assert.equal(scenario.steps[0]!.capture, { id: { pointer: '/Id' } });
      assert.is(scenario.steps.length, n);
      assert.ok(scenario.steps.slice(1).some((x) => x.request.path.includes('${id}') || x.request.path === '/person'), JSON.stringify(scenario));
      const again = await runBinAsync('api-check', [saved, '--base-url', `http://127.0.0.1:${port}`]);
      assert.is(again.code, 1, `the broken server fails the saved scenario\n${again.stdout}${again.stderr}`);
      assert.match(again.stdout, new RegExp(`FAIL {2}S4 .*${n}\\. `), again.stdout);
      const fixed = await runBinAsync('api-check', [saved, '--base-url', good.url]);
      assert.is(fixed.code, 0, `the reference server passes it\n${fixed.stdout}${fixed.stderr}`);
    } finally {
      await new Promise((resolve) => broken.close(resolve));
      await good.close();
    }
  });
}

test.run();
