// `api-check --through fetch`: the reference surfaces' fixtures replayed through each surface's
// fetch handler (api-serve/fetch), no port opened, judged exactly as over HTTP: the same outcome
// for every case, a failing fixture failing with the same differences, and the one kind of case
// the fetch API cannot carry (a GET with a body) an error that says so.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, bin } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

interface Ran { code: number | null; stdout: string; stderr: string }

function check(args: string[]): Promise<Ran> {
  const child = spawn(process.execPath, [bin('api-check'), ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', CI: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

interface JsonCase { file: string; name?: string; outcome: string; sent?: { url: string }; actualStatus?: number; differences: unknown[]; conformance: unknown[]; reason?: { kind: string; message: string } }
interface JsonReport { totals: { total: number; passed: number; failed: number; errors: number; skipped: number }; cases: JsonCase[] }

const report = (r: Ran): JsonReport => JSON.parse(r.stdout) as JsonReport;
const key = (c: JsonCase) => `${c.file} ${c.name ?? ''}`;
/** S8's two fixtures that send a JSON body with GET, which no fetch Request can carry. */
const GET_WITH_BODY = ['test/fixtures/S8/b-bad-body.json', 'test/fixtures/S8/b.json'];

const s = suite('api-check --through fetch');

s('every reference surface\'s fixtures give the same outcome per case through the fetch handler as over HTTP', async () => {
  const [http, fetch] = await Promise.all([
    check(['test/fixtures', '--reporter', 'json']),
    check(['test/fixtures', '--reporter', 'json', '--through', 'fetch']),
  ]);
  assert.is(http.code, 0, http.stderr);
  const overHttp = report(http);
  const through = report(fetch);
  assert.ok(overHttp.totals.total > 100, `only ${overHttp.totals.total} cases`);
  assert.is(through.totals.total, overHttp.totals.total);
  const byKey = new Map(overHttp.cases.map((c) => [key(c), c]));
  for (const c of through.cases) {
    const h = byKey.get(key(c));
    assert.ok(h, `${key(c)} ran through fetch only`);
    // No socket: the Requests are made for http://localhost, whatever port the HTTP run had.
    assert.match(c.sent?.url ?? '', /^http:\/\/localhost\//);
    if (GET_WITH_BODY.includes(c.file)) {
      assert.is(c.outcome, 'error', key(c));
      assert.is(c.reason?.message, 'a GET request with a body cannot be a fetch Request; replay this case over HTTP (without --through fetch)');
      continue;
    }
    assert.is(c.outcome, h.outcome, `${key(c)}: ${JSON.stringify(c.differences)} ${JSON.stringify(c.conformance)} ${JSON.stringify(c.reason)}`);
    assert.is(c.actualStatus, h.actualStatus, key(c));
  }
  // An error counts among the failed too.
  assert.equal(through.totals, { ...overHttp.totals, passed: overHttp.totals.passed - GET_WITH_BODY.length, failed: overHttp.totals.failed + GET_WITH_BODY.length, errors: GET_WITH_BODY.length });
  assert.is(fetch.code, 1);
});

s('a fixture the surface does not meet fails the same way through the fetch handler (the same differences, exit 1)', async () => {
  const dir = tempDir('api-check-through-');
  writeFileSync(join(dir, 'hello-wrong.json'), JSON.stringify({
    surface: 'S2', name: 'a greeting the server does not give',
    request: { method: 'GET', path: '/hello?name=Alp' },
    response: { status: 200, headers: { 'content-type': 'text/plain' }, body: { msg: 'Hi, Alp' } },
  }));
  const [http, fetch] = await Promise.all([check([dir, '--reporter', 'plain']), check([dir, '--reporter', 'plain', '--through', 'fetch'])]);
  assert.is(http.code, 1, http.stderr);
  assert.is(fetch.code, 1, fetch.stderr);
  // The report names the URL sent; everything else is the same, line for line.
  const shown = (r: Ran) => r.stdout.replace(/http:\/\/(127\.0\.0\.1|localhost):\d+/g, 'BASE').replace(/http:\/\/localhost/g, 'BASE');
  assert.match(fetch.stdout, /    body \/msg: expected "Hi, Alp", got "Hello, Alp"\n/);
  assert.match(fetch.stdout, /    header content-type: expected "text\/plain", got "application\/json;charset=utf-8"\n/);
  assert.is(shown(fetch), shown(http));
  assert.match(fetch.stdout, /0 passed, 1 failed\n$/);
});

s('--through fetch with --base-url is a usage error (exit 2): a running server has no fetch handler here', async () => {
  const r = await check(['test/fixtures/S2', '--through', 'fetch', '--base-url', 'http://127.0.0.1:9']);
  assert.is(r.code, 2);
  assert.match(r.stderr, /--through fetch replays through surfaces started here; it cannot reach --base-url/);
  const bad = await check(['test/fixtures/S2', '--through', 'socket']);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /argument 'socket' is invalid\. Allowed choices are http, fetch/);
});

s.run();
