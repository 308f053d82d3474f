// `api-serve --record DIR --scenario NAME`: a session becomes one scenario in which the id the
// server generated is captured and reused, so it replays against a fresh server and against the
// one it was recorded on (which has handed that id out already); replaying the folder into its
// own recorder is refused with one line.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { runBin, runBinAsync, spawnServe } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const stepsIn = (dir: string) => {
  try { return (JSON.parse(readFileSync(join(dir, 'person-lifecycle.json'), 'utf8')) as { steps: unknown[] }).steps.length; } catch { return 0; }
};
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
}

test('a recorded S4 session replays as a scenario against a fresh server and the used one; its own replay is not recorded', async () => {
  const dir = tempDir('api-serve-scenario-');
  const data = tempDir('api-serve-scenario-data-');
  const server = await spawnServe(['S4', '--port', '0', '--data', data, '--record', dir, '--scenario', 'Person lifecycle']);
  try {
    const url = server.urls.S4!;
    const created = await request(`${url}/person`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Ann","age":"30"}' });
    const { Id } = await created.body.json() as { Id: number };
    for (const [method, path] of [['GET', '/person'], ['GET', `/person/${Id}`], ['DELETE', `/person/${Id}`], ['GET', `/person/${Id}`]] as const) {
      await (await request(url + path, { method })).body.text();
    }
    // The recorder writes once the answer has gone: wait for the fifth step to be there.
    await until(() => stepsIn(dir) === 5);
    assert.equal(readdirSync(dir), ['person-lifecycle.json']);
    const scenario = JSON.parse(readFileSync(join(dir, 'person-lifecycle.json'), 'utf8')) as { steps: { request: { path: string }; capture?: unknown; response: { body?: unknown } }[] };
    assert.equal(scenario.steps.map((s) => s.request.path), ['/person', '/person', '/person/${id}', '/person/${id}', '/person/${id}']);
    assert.equal(scenario.steps[0]!.capture, { id: { pointer: '/Id' } });
    assert.equal(scenario.steps[2]!.response.body, { Id: '${id}', name: 'Ann', age: '30' });
    // A fresh server (in-process), then twice the one it was recorded on: it hands out new ids now.
    const fresh = runBin('api-check', [dir, '--reporter', 'plain']);
    assert.is(fresh.code, 0, fresh.stdout + fresh.stderr);
    for (let i = 0; i < 2; i++) {
      const used = await runBinAsync('api-check', [dir, '--reporter', 'plain', '--base-url', url]);
      assert.is(used.code, 0, used.stdout + used.stderr);
      assert.match(used.stdout, /5 passed, 0 failed\n$/);
    }
    // The replays went to the recording server: refused, said once, the scenario untouched.
    assert.equal(readdirSync(dir), ['person-lifecycle.json']);
    assert.is(JSON.parse(readFileSync(join(dir, 'person-lifecycle.json'), 'utf8')).steps.length, 5);
    const refusals = server.stderr().split('\n').filter((l) => l.startsWith('api-serve: not recording'));
    assert.is(refusals.length, 1, server.stderr());
    assert.match(refusals[0]!, /these requests are api-check replaying .* itself \(person-lifecycle\.json\); record into another folder$/);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  }
});

const BAD: [string, string[], RegExp][] = [
  ['--scenario without --record', ['S4', '--port', '0', '--scenario', 'x'], /--scenario needs --record DIR/],
  ['--scenario over two surfaces', ['S4:0', 'S2:0', '--record', '/tmp/never-written', '--scenario', 'x'], /--scenario records one surface/],
];
for (const [what, args, message] of BAD) {
  test(`api-serve with ${what}: one line on stderr, exit 2`, () => {
    const r = runBin('api-serve', args);
    assert.is(r.code, 2, r.stdout + r.stderr);
    assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, message);
  });
}

test.run();
