// Conformance in replay: api-check judges each live answer against the surface its fixture names
// as well as against the fixture, so a fixture recorded from a wrong server still catches it; the
// failure is its own kind in every reporter, and --no-conformance turns the check off.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import { ROOT, runBinAsync } from '../helpers/cli.js';

/** A described surface, and a fixture recorded from a server whose /greet answers a key the description does not declare. */
function leakyFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'api-check-conformance-'));
  writeFileSync(join(dir, 'leaky.mjs'), `import { api, get, json, t } from '${ROOT}dist/src/index.js';
const Greeting = t.object('Greeting', { msg: t.text });
export const surface = api('Leaky', { title: 'leaky' }, { greet: get('greet').returns(json(Greeting)) });\n`);
  writeFileSync(join(dir, 'greet.json'), JSON.stringify({
    surface: './leaky.mjs', name: 'recorded from the leaky server',
    request: { method: 'GET', path: '/greet' },
    response: { status: 200, body: { msg: 'hi', debug: 'internal' } },
  }));
  return dir;
}

/** The leaky server (anyone's: not ours, whose encoders drop undeclared keys). */
async function leakyServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => { res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end('{"msg":"hi","debug":"internal"}'); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Replays the folder against the leaky server. */
async function replay(extra: string[]) {
  const dir = leakyFolder();
  const server = await leakyServer();
  try { return await runBinAsync('api-check', [dir, '--base-url', server.url, ...extra]); } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('an answer that matches its fixture but not its surface fails as conformance, naming the check and the pointer', async () => {
  const r = await replay(['--reporter', 'plain']);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /FAIL {2}\S*leaky\.mjs {2}GET \/greet -> 200/);
  assert.match(r.stdout, / {4}conformance response_schema: body \/debug: undeclared key "debug"/);
  assert.not.match(r.stdout, /body \/debug: missing/, 'the fixture itself matched');
  assert.match(r.stdout, /0 passed, 1 failed\n$/);
});

test('--no-conformance: the same run compares with the fixture only and passes', async () => {
  const r = await replay(['--reporter', 'plain', '--no-conformance']);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /1 passed, 0 failed\n$/);
});

test('JUnit marks it <failure type="conformance">, JSON lists it under the case\'s conformance', async () => {
  const junit = await replay(['--reporter', 'junit']);
  assert.is(junit.code, 1, junit.stderr);
  assert.match(junit.stdout, /<failure message="response_schema: body \/debug: undeclared key &quot;debug&quot;" type="conformance">/);
  const json = await replay(['--reporter', 'json']);
  const doc = JSON.parse(json.stdout) as { cases: { outcome: string; differences: unknown[]; conformance: { check: string; pointer: string }[] }[] };
  assert.is(doc.cases[0]!.outcome, 'failed');
  assert.equal(doc.cases[0]!.differences, []);
  assert.equal(doc.cases[0]!.conformance.map((f) => [f.check, f.pointer]), [['response_schema', '/debug']]);
});

test.run();
