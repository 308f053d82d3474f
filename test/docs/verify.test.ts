// `api-docs --verify` as a user runs it: every reference surface's examples proven by its server
// (in-process, or a running one at --base-url), a lying example caught and named, the proof shown in
// Markdown and OpenAPI only when --verify ran, fixtures as examples, and the usage errors.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBin, spawnServe } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';
import { GOLDEN_DIR } from './golden-files.js';

const PROOFS = 'test/surfaces/examples-verify.ts';
const SURFACES = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10'];
const totals = (stderr: string) => /(\d+) verified, (\d+) failed, (\d+) unverifiable, (\d+) not run/.exec(stderr);

for (const s of SURFACES) {
  test(`api-docs ${s} --verify --require-verified: every example is answered by the server (exit 0)`, () => {
    const r = runBin('api-docs', [s, '--verify', '--require-verified']);
    assert.is(r.code, 0, r.stderr);
    const t = totals(r.stderr);
    assert.ok(t, r.stderr);
    assert.is(Number(t[2]), 0, r.stderr);
    assert.is(Number(t[4]), 0, r.stderr);
    assert.ok(Number(t[1]) > 0, r.stderr);
    // Each verified example says so in the document, naming the request that proved it.
    assert.is(r.stdout.match(/^- Verified against the server: `[A-Z]+ \/[^`]*` answers this\.$/gm)?.length, Number(t[1]));
    // Unverifiable examples say why, in the report and in the document.
    assert.is(r.stdout.match(/^- Not verified against the server: /gm)?.length ?? 0, Number(t[3]));
  });
}

test('a lying example fails --verify, named with its difference; --require-verified exits 1, --verify alone 0', () => {
  const strict = runBin('api-docs', [PROOFS, '--verify', '--require-verified']);
  assert.is(strict.code, 1, strict.stderr);
  assert.match(strict.stderr, /^FAIL +Proofs {2}GET \/lie -> 200, example 1 "a lie" {2}\(GET \/lie\) the server answered differently \(Accept: application\/json;charset=utf-8\): body: expected "what the docs claim", got "what the server says"$/m);
  assert.match(strict.stderr, /^NOT RUN Proofs {2}POST \/echo -> 200, example 1 {2}no request could be derived: the request body has no example/m);
  assert.match(strict.stderr, /^SKIP +Proofs {2}GET \/someday -> 200, example 1 {2}answered only on the first of April$/m);
  assert.match(strict.stderr, /^PASS +Proofs {2}GET \/notes -> 200, example 1 "after one create" {2}\(GET \/notes\)$/m);
  assert.match(strict.stderr, /^Proofs examples: 3 verified, 1 failed, 1 unverifiable, 1 not run$/m);
  assert.match(strict.stderr, /^api-docs: 2 examples failed or could not be run \(--require-verified\)$/m);
  // The document is still written, and says which example the server contradicts.
  assert.match(strict.stdout, /- Not verified against the server \(`GET \/lie`\): the server answered differently/);
  assert.match(strict.stdout, /- Verified against the server: `GET \/honest\/7` answers this\./);
  const loose = runBin('api-docs', [PROOFS, '--verify']);
  assert.is(loose.code, 0, loose.stderr);
  assert.match(loose.stderr, /^FAIL +Proofs {2}GET \/lie/m);
  assert.is(loose.stdout, strict.stdout);
});

test('--require-verified with -o: the document is still written, the failure is exit 1 and a line on stderr', () => {
  const dir = tempDir();
  const out = join(dir, 'API.md');
  try {
    const r = runBin('api-docs', [PROOFS, '--verify', '--require-verified', '-o', out]);
    assert.is(r.code, 1, r.stderr);
    assert.is(r.stdout, '');
    assert.match(r.stderr, /^api-docs: 2 examples failed or could not be run \(--require-verified\)$/m);
    assert.match(readFileSync(out, 'utf8'), /what the docs claim/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an example whose setup request (before) is refused fails, naming that step and its status', () => {
  const r = runBin('api-docs', ['test/surfaces/examples-before-fails.ts', '--verify', '--require-verified']);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /^FAIL\s+Setup\s+GET \/notes -> 200, example 1 "after one create".* the request before it \(1: POST \/notes\) answered 400$/m);
  assert.match(r.stderr, /^Setup examples: 0 verified, 1 failed, 0 unverifiable, 0 not run$/m);
});

test('--format openapi --verify marks each example object x-verified (true with the request, false with why)', () => {
  const r = runBin('api-docs', [PROOFS, '--verify', '-f', 'openapi']);
  assert.is(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout) as { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { examples: Record<string, Record<string, unknown>> }> }> }>> };
  const example = (path: string, method: string) => Object.values(doc.paths[path]![method]!.responses['200']!.content['application/json;charset=utf-8']!.examples)[0]!;
  assert.equal(example('/honest/{n}', 'get'), { summary: 'twice n', value: 14, 'x-verified': true, 'x-verified-request': 'GET /honest/7' });
  assert.is(example('/lie', 'get')['x-verified'], false);
  assert.match(String(example('/lie', 'get')['x-not-verified']), /^failed: the server answered differently/);
  assert.equal(example('/someday', 'get')['x-not-verified'], 'unverifiable: answered only on the first of April');
});

test('--format html --verify shows each example\'s proof under it; without --verify none', () => {
  const r = runBin('api-docs', [PROOFS, '--verify', '-f', 'html']);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /<p class="proof">Verified against the server: <code>GET \/honest\/7<\/code> answers this\.<\/p>/);
  assert.match(r.stdout, /<p class="proof">Not verified against the server: answered only on the first of April<\/p>/);
  assert.match(r.stdout, /<p class="proof">Not verified against the server \(<code>GET \/lie<\/code>\): the server answered differently/);
  assert.not.match(runBin('api-docs', [PROOFS, '-f', 'html']).stdout, /class="proof"/);
});

test('without --verify the documents carry no proof: Markdown and OpenAPI are the golden files', () => {
  const md = runBin('api-docs', ['S4']);
  assert.is(md.stdout, readFileSync(join(GOLDEN_DIR, 'S4.md'), 'utf8'));
  assert.not.match(md.stdout, /verified/i);
  const oa = runBin('api-docs', ['S2', '-f', 'openapi']);
  assert.is(oa.stdout, readFileSync(join(GOLDEN_DIR, 'S2.openapi.json'), 'utf8'));
  assert.not.match(oa.stdout, /x-verified/);
});

test('--base-url: the examples go to a running server (api-serve S2) and verify', async () => {
  const served = await spawnServe(['S2', '--port', '0']);
  try {
    const r = runBin('api-docs', ['S2', '--verify', '--require-verified', '--base-url', served.urls.S2!]);
    assert.is(r.code, 0, r.stderr);
    assert.match(r.stderr, /^S2 examples: 4 verified, 0 failed, 0 unverifiable, 0 not run$/m);
    assert.match(r.stdout, /- Verified against the server: `GET \/hello\?name=Alp` answers this\./);
  } finally {
    await served.stop();
  }
});

test('--base-url where nothing listens: every example is not run, named with why; --require-verified exits 1', () => {
  const r = runBin('api-docs', ['S1', '--verify', '--require-verified', '--base-url', 'http://127.0.0.1:9']);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /^NOT RUN S1 {2}GET \/albert -> 200, example 1 {2}\(GET \/albert\) cannot connect to http:\/\/127\.0\.0\.1:9 \(ECONNREFUSED\)$/m);
  assert.match(r.stderr, /^S1 examples: 0 verified, 0 failed, 0 unverifiable, 3 not run$/m);
});

test('--examples-from: fixtures that replay successfully become examples of their endpoint; a failing one does not', () => {
  const dir = tempDir();
  try {
    const fixtures = join(dir, 'fixtures');
    mkdirSync(fixtures);
    const fixture = (name: string, msg: string) => writeFileSync(join(fixtures, `${name}.json`), JSON.stringify({
      surface: 'S2', name, request: { method: 'GET', path: '/hello?name=Kim' },
      response: { status: 200, headers: { 'content-type': 'application/json;charset=utf-8' }, body: { msg } },
    }));
    fixture('greets Kim', 'Hello, Kim');
    fixture('a wrong record', 'Bonjour, Kim');
    const r = runBin('api-docs', ['S2', '--examples-from', fixtures]);
    assert.is(r.code, 0, r.stderr);
    assert.match(r.stderr, /--examples-from .*: 1 of 2 fixtures of S2 replayed successfully, 1 of them became examples \(the failed ones are not used\)/);
    assert.match(r.stdout, /- greets Kim \(`application\/json;charset=utf-8`\):\n\n```json\n\{"msg":"Hello, Kim"\}\n```\n\n- Recorded exchange \(`.*greets Kim\.json`\): `GET \/hello\?name=Kim`\n/);
    assert.not.match(r.stdout, /Bonjour/);
    assert.not.match(r.stdout, /Verified against/);
    const verified = runBin('api-docs', ['S2', '--examples-from', fixtures, '--verify', '--require-verified']);
    assert.is(verified.code, 0, verified.stderr);
    assert.match(verified.stdout, /- Recorded exchange \(`.*greets Kim\.json`\): `GET \/hello\?name=Kim`\n- Verified against the server: `GET \/hello\?name=Kim` answers this\.\n/);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('bad input is one line on stderr and exit 2, nothing on stdout', () => {
  const cases: [string[], RegExp][] = [
    [['S2', '--verify', '--base-url', 'garbage'], /^api-docs: --base-url: "garbage" is not an http\(s\) URL \(it must start with http:\/\/ or https:\/\/\)$/],
    [['S2', '--verify', '--base-url', 'ftp://x'], /^api-docs: --base-url: "ftp:\/\/x" is not an http\(s\) URL/],
    [['S2', '--verify', '--base-url', 'http://127.0.0.1:9?x=1'], /^api-docs: --base-url: .* \(a query has no place in a base URL\)$/],
    [['S2', '--verify', '--base-url', 'http://127.0.0.1:'], /^api-docs: --base-url: .* \(the port after ":" is empty\)$/],
    [['S2', '--verify', '--base-url', 'http://127.0.0.1:0'], /^api-docs: --base-url: .* \(port 0 names no server\)$/],
    [['S2', '--base-url', 'http://127.0.0.1:9'], /^api-docs: --base-url needs --verify or --examples-from/],
    [['S2', '--require-verified'], /^api-docs: --require-verified needs --verify$/],
    [['S2', '--examples-from', 'test/no-such-dir'], /^api-docs: --examples-from: no such directory test\/no-such-dir$/],
  ];
  for (const [args, pattern] of cases) {
    const r = runBin('api-docs', args);
    assert.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.is(r.stdout, '', args.join(' '));
    assert.is(r.stderr.trim().split('\n').length, 1, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr.trim(), pattern);
  }
});

test('--examples-from over a fixture that is not JSON, or not a fixture: one line naming the file, exit 2, nothing on stdout', () => {
  const dir = tempDir();
  try {
    const cases: [string, RegExp][] = [
      ['{not json', /^api-docs: --examples-from: .*broken\.json: not valid JSON \(/],
      ['{"request":{"method":"GET"}}', /^api-docs: --examples-from: .*broken\.json at \/request: missing key "path"$/],
    ];
    for (const [text, pattern] of cases) {
      writeFileSync(join(dir, 'broken.json'), text);
      const r = runBin('api-docs', ['S2', '--examples-from', dir]);
      assert.is(r.code, 2, r.stderr);
      assert.is(r.stdout, '');
      assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.match(r.stderr.trim(), pattern);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a surface without handlers (an OpenAPI document) cannot be verified in-process: exit 2, --base-url named', () => {
  const r = runBin('api-docs', ['test/openapi/docs/features.yaml', '--verify']);
  assert.is(r.code, 2, r.stderr);
  assert.is(r.stdout, '');
  // The import's own warnings come first; the refusal is the last line.
  assert.match(r.stderr.trim().split('\n').at(-1)!, /^api-docs: test\/openapi\/docs\/features\.yaml has no handlers to send examples to here: give --base-url URL of a server that serves it$/);
});

test.run();
