// Every option whose value `--help` shows as optional (`--cors [origins]`), typed bare as a user
// would: the option takes its documented default, and the server neither crashes nor keeps
// serving with a weaker behaviour. The list is read from the real `--help`, so a new optional
// option is covered without editing this file.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBin, spawnServe } from '../helpers/cli.js';
import { call } from '../helpers/server.js';

const ORIGIN = 'http://localhost:5173';

/** The `--name [value]` options of one command's help text. */
function bareOptions(help: string): string[] {
  return [...help.matchAll(/^\s+(?:-\w, )?(--[\w-]+) \[[^\]]+\]/gm)].map((m) => m[1]!);
}

test('api-serve --help shows its optional-value options (--cors, --journal), and api-check and api-docs show theirs', () => {
  const serve = bareOptions(runBin('api-serve', ['--help']).stdout);
  assert.ok(serve.includes('--cors') && serve.includes('--journal'), serve.join(' '));
});

for (const option of bareOptions(runBin('api-serve', ['--help']).stdout)) {
  test(`api-serve S4 --mock --stateful ${option} (bare): starts, answers requests carrying an Origin, and stays up`, async () => {
    const data = mkdtempSync(join(tmpdir(), 'api-serve-bare-'));
    const s = await spawnServe(['S4:0', '--mock', '--stateful', '--data', data, option]);
    try {
      const base = s.urls.S4!;
      for (let i = 0; i < 3; i++) {
        const r = await call(base, 'GET', '/person', { headers: { origin: ORIGIN } });
        assert.is(r.status, 200, r.text);
      }
      assert.is(s.child.exitCode, null, s.stderr());
      assert.not.match(s.stderr(), /TypeError|at .*\.js:\d+/);
    } finally {
      await s.stop();
      rmSync(data, { recursive: true, force: true });
    }
  });
}

test('--cors given bare allows any origin (docs/mocking.md: "none: any")', async () => {
  const data = mkdtempSync(join(tmpdir(), 'api-serve-bare-'));
  const s = await spawnServe(['S4:0', '--mock', '--data', data, '--cors']);
  try {
    const r = await call(s.urls.S4!, 'GET', '/person', { headers: { origin: ORIGIN } });
    assert.is(r.status, 200);
    assert.is(r.headers['access-control-allow-origin'], '*');
  } finally {
    await s.stop();
    rmSync(data, { recursive: true, force: true });
  }
});

test('--journal given bare keeps the documented 500 requests, not 1', async () => {
  const data = mkdtempSync(join(tmpdir(), 'api-serve-bare-'));
  const s = await spawnServe(['S4:0', '--mock', '--data', data, '--journal']);
  try {
    for (let i = 0; i < 5; i++) assert.is((await call(s.urls.S4!, 'GET', `/person/${i + 1}`)).status, 200);
    const journal = (await call(s.urls.S4!, 'GET', '/__api-serve/requests')).json() as { url: string }[];
    assert.equal(journal.map((j) => j.url), ['/person/1', '/person/2', '/person/3', '/person/4', '/person/5']);
  } finally {
    await s.stop();
    rmSync(data, { recursive: true, force: true });
  }
});

test.run();
