// `api-serve` as a user runs it: the real bin, its listening lines, exit codes and signals.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runBin, spawnServe } from '../helpers/cli.js';
import { call } from '../helpers/server.js';

const cli = suite('api-serve CLI');
const data = mkdtempSync(join(tmpdir(), 'api-serve-cli-'));
cli.after(() => rmSync(data, { recursive: true, force: true }));

cli('api-serve S2 --port 0 prints one listening line, serves, and stops cleanly on SIGTERM', async () => {
  const s = await spawnServe(['S2', '--port', '0', '--data', data]);
  try {
    assert.match(s.urls.S2!, /^http:\/\/127\.0\.0\.1:\d+$/);
    const r = await call(s.urls.S2!, 'GET', '/position/3/14');
    assert.equal(r.json(), { xCoord: 3, yCoord: 14 });
  } finally {
    assert.is(await s.stop('SIGTERM'), 0);
  }
});

cli('api-serve S1 S2 S3 S5 serves all four on distinct ports, SIGINT stops them', async () => {
  const s = await spawnServe(['S1', 'S2', 'S3', 'S5', '--data', data], 4);
  try {
    const ports = new Set(Object.values(s.urls).map((u) => new URL(u).port));
    assert.is(ports.size, 4);
    assert.is((await call(s.urls.S1!, 'GET', '/isaac')).status, 200);
    assert.is((await call(s.urls.S3!, 'GET', '/hello/x')).status, 200);
    assert.is((await call(s.urls.S5!, 'GET', '/x/1')).text, '1');
  } finally {
    assert.is(await s.stop('SIGINT'), 0);
  }
});

cli('NAME:PORT chooses each port', async () => {
  const s = await spawnServe(['S2:0', 'S5:0', '--data', data], 2);
  try {
    assert.ok(s.urls.S2 && s.urls.S5 && s.urls.S2 !== s.urls.S5);
  } finally { await s.stop(); }
});

cli('a surface given as a module path is served', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'api-serve-mod-'));
  try {
    const mod = join(dir, 'my-api.mjs');
    writeFileSync(mod, `import { api, get, implement, json, t } from '${ROOT}dist/src/index.js';
export const surface = api('Mine', { title: 'mine' }, { ping: get('ping').returns(json(t.text)) });
export const handlers = implement(surface, { ping: () => 'pong' });\n`);
    const s = await spawnServe([`${mod}:0`, '--data', data]);
    try {
      assert.is((await call(s.urls.Mine!, 'GET', '/ping')).text, '"pong"');
    } finally { await s.stop(); }
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

cli('a module with a surface but no handlers is documented, and served by the mock; plain handlers are refused', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'api-serve-mod-'));
  try {
    const mod = join(dir, 'described.mjs');
    writeFileSync(mod, `import { api, get, json, t } from '${ROOT}dist/src/index.js';
export const surface = api('Described', { title: 'described only' }, { ping: get('ping').returns(json(t.text), { examples: [{ value: 'pong' }] }) });\n`);
    const docs = runBin('api-docs', [mod]);
    assert.is(docs.code, 0, docs.stderr);
    assert.match(docs.stdout, /## GET \/ping/);
    const s = await spawnServe([`${mod}:0`, '--data', data]);
    try {
      assert.match(s.stdout(), /Described listening on http:\/\/127\.0\.0\.1:\d+ \(mocked: every endpoint \(1\)\)/);
      assert.is((await call(s.urls.Described!, 'GET', '/ping')).text, '"pong"', 'the declared example answers');
    } finally { await s.stop(); }
    writeFileSync(mod, `import { api, get, json, t } from '${ROOT}dist/src/index.js';
export const surface = api('Described', { title: 'described only' }, { ping: get('ping').returns(json(t.text)) });
export const handlers = { ping: () => 'pong' };\n`);
    const plain = runBin('api-serve', [mod, '--port', '0', '--data', data]);
    assert.is(plain.code, 2);
    assert.match(plain.stderr, /`handlers` must be the value of implement\(surface, handlers\), not a plain object/);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

cli('no surface lists the surfaces with their titles', () => {
  const r = runBin('api-serve', []);
  assert.is(r.code, 0);
  assert.match(r.stdout, /S2\s+Position lookup, greeting, and marketing-email generation/);
});

cli('an unknown surface is one line on stderr and exit 2', () => {
  const r = runBin('api-serve', ['S99']);
  assert.is(r.code, 2);
  assert.match(r.stderr, /^api-serve: unknown surface "S99"/);
  assert.is(r.stderr.trim().split('\n').length, 1);
});

cli('a bad flag is one line with the command\'s prefix and exit 2, commander\'s suggestion kept, in every command', () => {
  for (const [name, args, line] of [
    ['api-serve', ['S2', '--prot', '1'], "api-serve: unknown option '--prot' (did you mean --port?)\n"],
    ['api-serve', ['S2', '--no-such-flag'], "api-serve: unknown option '--no-such-flag'\n"],
    ['api-docs', ['S2', '--formt', 'openapi'], "api-docs: unknown option '--formt' (did you mean --format?)\n"],
    ['api-docs', ['S2', '--format', 'yaml'], "api-docs: option '-f, --format <format>' argument 'yaml' is invalid. Allowed choices are markdown, openapi, html.\n"],
    ['api-check', ['--lnt'], "api-check: unknown option '--lnt' (did you mean --lint?)\n"],
  ] as const) {
    const r = runBin(name, [...args]);
    assert.is(r.code, 2, `${name} ${args.join(' ')}`);
    assert.is(r.stderr, line);
  }
});

cli('S2:abc is a bad port (one line, exit 2), not an unknown surface', () => {
  const r = runBin('api-serve', ['S2:abc']);
  assert.is(r.code, 2);
  assert.is(r.stderr, 'api-serve: S2:abc: "abc" is not a port (0 to 65535)\n');
  const high = runBin('api-serve', ['./api.ts:70000']);
  assert.is(high.stderr, 'api-serve: ./api.ts:70000: "70000" is not a port (0 to 65535)\n');
});

cli('bad timeouts or hash limits are one line and exit 2', () => {
  const longer = runBin('api-serve', ['S2', '--port', '0', '--headers-timeout', '40000']);
  assert.is(longer.code, 2);
  assert.match(longer.stderr, /^api-serve: the headers timeout \(40000 ms\) cannot be longer than the request timeout \(30000 ms\)\n$/);
  for (const args of [['--request-timeout', '0'], ['--keep-alive-timeout', 'soon'], ['--hash-concurrency', '0'], ['--hash-queue', '-1']]) {
    const r = runBin('api-serve', ['S2', '--port', '0', ...args]);
    assert.is(r.code, 2, args.join(' '));
    assert.match(r.stderr, new RegExp(`${args[0]}`), args.join(' '));
  }
});

cli('--request-timeout 2000 alone starts: the head timeout is lowered with it; with a longer --headers-timeout it is refused', async () => {
  for (const args of [['--request-timeout', '2000'], ['--request-timeout', '2000', '--headers-timeout', '1000']]) {
    const s = await spawnServe(['S2', '--port', '0', '--data', data, ...args]);
    try {
      assert.equal((await call(s.urls.S2!, 'GET', '/position/3/14')).json(), { xCoord: 3, yCoord: 14 }, args.join(' '));
    } finally {
      await s.stop('SIGTERM');
    }
  }
  const both = runBin('api-serve', ['S2', '--port', '0', '--request-timeout', '2000', '--headers-timeout', '3000']);
  assert.is(both.code, 2);
  assert.is(both.stderr, 'api-serve: the headers timeout (3000 ms) cannot be longer than the request timeout (2000 ms)\n');
});

cli('--port with several surfaces is exit 2', () => {
  const r = runBin('api-serve', ['S1', 'S2', '--port', '0']);
  assert.is(r.code, 2);
  assert.match(r.stderr, /NAME:PORT/);
});

cli('a port in use is one clear line and exit 2', async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const port = (blocker.address() as { port: number }).port;
  try {
    const r = runBin('api-serve', ['S2', '--port', String(port), '--data', data]);
    assert.is(r.code, 2);
    assert.match(r.stderr, new RegExp(`port ${port} is in use`));
  } finally { blocker.close(); }
});

cli('--max-body limits request bodies (413)', async () => {
  const s = await spawnServe(['S2', '--port', '0', '--max-body', '100', '--data', data]);
  try {
    const r = await call(s.urls.S2!, 'POST', '/marketing', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pad: 'x'.repeat(200) }) });
    assert.is(r.status, 413);
  } finally { await s.stop(); }
});

cli.run();
