// `api-serve S2 --record DIR` then `api-check DIR`: a session against the real command becomes a
// replayable suite.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, rmSync } from 'node:fs';
import { checkFixtures } from '../../src/check/session.js';
import { registry } from '../../specs/index.js';
import { spawnServe } from '../helpers/cli.js';
import { call, start, tempDir } from '../helpers/server.js';

test('api-serve --record writes one fixture per exchange; api-check replays them green', async () => {
  const dir = tempDir('api-serve-record-');
  const data = tempDir('api-serve-data-');
  try {
    const served = await spawnServe(['S2:0', '--record', dir, '--data', data]);
    try {
      await call(served.urls.S2!, 'GET', '/hello?name=Alp');
      await call(served.urls.S2!, 'GET', '/position/1/x');
    } finally {
      assert.is(await served.stop(), 0);
    }
    assert.equal(readdirSync(dir).sort(), ['0001-S2-get-hello.json', '0002-S2-get-position-1-x.json']);
    let out = '';
    const code = await checkFixtures({
      paths: [dir], timeoutMs: 5000, concurrency: 2, reporter: 'plain', env: { NO_COLOR: '1' },
      startSurface: () => async () => { const s = await start((await registry.S2!.load()).handlers); return { url: s.url, close: s.close }; },
      stdout: { write: (s: string) => { out += s; return true; } }, stderr: { write: () => true },
    });
    assert.is(code, 0, out);
    assert.match(out, /\n2 passed, 0 failed\n$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  }
});

test.run();
