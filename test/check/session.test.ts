// One api-check invocation in-process: exit codes, selection, --list, reporters and --output,
// the live view only on a TTY outside CI, NO_COLOR, lint; servers started through the starter.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { type SessionOptions, checkFixtures } from '../../src/check/session.js';
import type { Starter } from '../../src/check/run.js';
import { registry } from '../../specs/index.js';
import { ROOT } from '../helpers/cli.js';
import { start, tempDir } from '../helpers/server.js';

interface Captured { text: string; isTTY?: boolean; write(s: string): boolean }
const sink = (isTTY = false): Captured => ({ text: '', isTTY, write(s: string) { this.text += s; return true; } });

const starter = (name: string): Starter | undefined => {
  if (!Object.hasOwn(registry, name)) return undefined;
  return async () => {
    const s = await start((await registry[name]!.load()).handlers);
    return { url: s.url, close: s.close };
  };
};

async function session(o: Partial<SessionOptions> & { paths: string[] }) {
  const stdout = o.stdout as Captured | undefined ?? sink();
  const stderr = sink();
  const code = await checkFixtures({ cwd: ROOT, timeoutMs: 5000, concurrency: 4, reporter: 'plain', startSurface: starter, env: { NO_COLOR: '1' }, ...o, stdout, stderr });
  return { code, stdout: stdout.text, stderr: stderr.text };
}
const last = (text: string) => text.trimEnd().split('\n').pop();

test('all passing is exit 0 with one line per case and the totals line last', async () => {
  const r = await session({ paths: ['test/fixtures/S3'] });
  assert.is(r.code, 0);
  assert.match(last(r.stdout)!, /^\d+ passed, 0 failed$/);
  assert.is(r.stdout.split('\n').filter((l) => l.startsWith('PASS ')).length, Number(/^(\d+)/.exec(last(r.stdout)!)![1]));
});

test('fixture problems are exit 2, listed with file and pointer, before any server starts', async () => {
  const dir = tempDir('api-check-session-');
  let started = 0;
  try {
    writeFileSync(join(dir, 'a.json'), JSON.stringify({ surface: 'S2', request: { method: 'GET', path: '/hello', body: 1, text: 'x' }, response: { status: 200 } }));
    writeFileSync(join(dir, 'b.json'), JSON.stringify({ surface: 'S2', request: { method: 'GET', path: '/hello' }, response: { status: 200 } }));
    const r = await session({ paths: [dir], cwd: dir, startSurface: () => async () => { started++; return { url: 'http://127.0.0.1:9' }; } });
    assert.is(r.code, 2);
    assert.is(r.stderr, 'api-check: a.json at /request/text: give one of body, text, base64 (this one has body and text)\napi-check: 1 fixture problem; nothing was sent\n');
    assert.is(r.stdout, '0 passed, 1 failed\n', 'the output still ends with the totals; a bad fixture counts as failed');
    assert.is(started, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('nothing to run is exit 2: no fixtures, a path that is not there, a selection that matches nothing, an unknown surface', async () => {
  const dir = tempDir('api-check-session-');
  try {
    mkdirSync(join(dir, 'empty'));
    const empty = await session({ paths: [join(dir, 'empty')] });
    assert.is(empty.code, 2);
    assert.is(empty.stdout, '0 passed, 0 failed\n');
    const junit = await session({ paths: [join(dir, 'empty')], reporter: 'junit' });
    assert.is(junit.stdout, '', 'stdout belongs to the JUnit document');
    assert.match(junit.stderr, /0 passed, 0 failed\n$/);
    assert.is((await session({ paths: [join(dir, 'missing')] })).stderr, `api-check: ${join(dir, 'missing')}: no such file or directory\napi-check: 1 fixture problem; nothing was sent\n`);
    assert.is((await session({ paths: ['test/fixtures/S2'], grep: /no such case/ })).code, 2);
    writeFileSync(join(dir, 'x.json'), JSON.stringify({ surface: 'S99', request: { method: 'GET', path: '/' }, response: { status: 200 } }));
    const unknown = await session({ paths: [dir] });
    assert.is(unknown.code, 2);
    assert.match(unknown.stderr, /S99 is not a known surface, so it cannot be started here; give --base-url URL/);
    const perSurface = await session({ paths: [dir], baseUrl: { S2: 'http://127.0.0.1:9' } });
    assert.match(perSurface.stderr, /no --base-url for S99/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--list prints every selected case and starts nothing', async () => {
  const r = await session({ paths: ['test/fixtures'], list: true, surfaces: ['s4'], startSurface: () => { throw new Error('started'); } });
  assert.is(r.code, 0);
  const lines = r.stdout.trimEnd().split('\n');
  assert.ok(lines.slice(0, -1).every((l) => l.startsWith('S4  ')));
  assert.match(r.stdout, /^S4  GET \/person\/\$\{id\} -> 404  GET \/person\/\{id\} after the delete is the JSON 404  \(test\/fixtures\/S4\/person-lifecycle\.json step 4\)$/m);
  const grep = await session({ paths: ['test/fixtures'], list: true, grep: /capital/i });
  assert.is(last(grep.stdout), '3 cases in 3 files');
});

test('--grep on one step runs its whole scenario (later steps need its captures)', async () => {
  const r = await session({ paths: ['test/fixtures/S4'], grep: /after the delete/ });
  assert.is(r.code, 0);
  assert.is(last(r.stdout), '4 passed, 0 failed');
});

test('--reporter junit --output FILE writes parseable JUnit; the plain lines still go to stdout', async () => {
  const dir = tempDir('api-check-session-');
  try {
    const out = join(dir, 'junit.xml');
    const r = await session({ paths: ['test/fixtures/S1'], reporter: 'junit', output: out });
    assert.is(r.code, 0);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(out, 'utf8')) as { testsuites: { tests: string; failures: string; testsuite: { name: string } } };
    assert.is(doc.testsuites.failures, '0');
    assert.is(doc.testsuites.testsuite.name, 'S1');
    assert.is(last(r.stdout), `${doc.testsuites.tests} passed, 0 failed`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--reporter json to stdout: stdout is the document alone, the totals line on stderr', async () => {
  const r = await session({ paths: ['test/fixtures/S1'], reporter: 'json' });
  const doc = JSON.parse(r.stdout) as { totals: { passed: number } };
  assert.is(last(r.stderr), `${doc.totals.passed} passed, 0 failed`);
});

test('--output with the plain reporter writes the report without colour', async () => {
  const dir = tempDir('api-check-session-');
  try {
    const out = join(dir, 'report.txt');
    await session({ paths: ['test/fixtures/S1/albert.json'], output: out, env: { FORCE_COLOR: '1' } });
    assert.is(readFileSync(out, 'utf8'), 'PASS  S1  GET /albert -> 200  GET /albert answers Albert Einstein  (test/fixtures/S1/albert.json)\n1 passed, 0 failed\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the live view is used on a TTY outside CI only; NO_COLOR keeps the text plain', async () => {
  let mounted = 0;
  const liveView = async () => { mounted++; return { update() {}, stop() {} }; };
  const tty = await session({ paths: ['test/fixtures/S1/albert.json'], reporter: 'pretty', liveView, stdout: sink(true), env: {} });
  assert.is(mounted, 1);
  assert.not.match(tty.stdout, /PASS/); // the view showed the cases
  const ci = await session({ paths: ['test/fixtures/S1/albert.json'], reporter: 'pretty', liveView, stdout: sink(true), env: { CI: 'true' } });
  assert.is(mounted, 1);
  assert.match(ci.stdout, /^\x1b\[32mPASS/m); // plain lines, coloured on a terminal
  const noColor = await session({ paths: ['test/fixtures/S1/albert.json'], reporter: 'plain', stdout: sink(true), env: { NO_COLOR: '1' } });
  assert.not.match(noColor.stdout, /\x1b\[/);
});

test('--lint needs no server: problems are exit 1, a clean set exit 0', async () => {
  const load = async (n: string) => (Object.hasOwn(registry, n) ? (await registry[n]!.load()).surface : undefined);
  const clean = await session({ paths: ['test/fixtures/S5'], lint: true, loadSurface: load, startSurface: () => { throw new Error('started'); } });
  assert.is(clean.code, 0);
  assert.match(clean.stdout, /^S5: 12 of 12 endpoints/m);
  const dir = tempDir('api-check-session-');
  try {
    writeFileSync(join(dir, 'x.json'), JSON.stringify({ surface: 'S5', request: { method: 'GET', path: '/users/1' }, response: { status: 200, body: { username: 'a', age: 'ten' } } }));
    const bad = await session({ paths: [dir], cwd: dir, lint: true, loadSurface: load });
    assert.is(bad.code, 1);
    assert.match(bad.stdout, /^x\.json at \/response\/body\/age: expected integer, got string "ten" \(the declared type of GET \/users\/\{id\} 200\)$/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
