// `api-docs` as a user runs it: the document alone on stdout, diagnostics on stderr, exit 2 on
// usage errors, --intro, -o, --format openapi; byte-identical runs.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBin } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';
import { GOLDEN_DIR } from './golden-files.js';

const golden = (file: string) => readFileSync(join(GOLDEN_DIR, file), 'utf8');

test('api-docs S2 prints the Markdown alone on stdout, nothing on stderr', () => {
  const r = runBin('api-docs', ['S2']);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stderr, '');
  assert.is(r.stdout, golden('S2.md'));
});

test('api-docs s2 --format openapi prints the OpenAPI JSON (names are case-insensitive)', () => {
  const r = runBin('api-docs', ['s2', '--format', 'openapi']);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, golden('S2.openapi.json'));
  assert.is((JSON.parse(r.stdout) as { openapi: string }).openapi, '3.1.0');
});

test('--server-url URL is the OpenAPI document\'s server (a final slash dropped)', () => {
  const r = runBin('api-docs', ['S6', '-f', 'openapi', '--server-url', 'https://api.example.org/v1/']);
  assert.is(r.code, 0, r.stderr);
  assert.equal((JSON.parse(r.stdout) as { servers: unknown }).servers, [{ url: 'https://api.example.org/v1' }]);
});

test('two runs give the same bytes (Markdown and OpenAPI)', () => {
  assert.is(runBin('api-docs', ['S7']).stdout, runBin('api-docs', ['S7']).stdout);
  assert.is(runBin('api-docs', ['S6', '-f', 'openapi']).stdout, runBin('api-docs', ['S6', '-f', 'openapi']).stdout);
});

test('--intro FILE puts its sections first; the result is S9\'s document', () => {
  const dir = tempDir();
  try {
    const intro = join(dir, 'intro.md');
    writeFileSync(intro, "## Welcome\n\nThis is our super webservice's API.\n\nEnjoy!\n");
    const r = runBin('api-docs', ['S2', '--intro', intro]);
    assert.is(r.code, 0, r.stderr);
    assert.ok(r.stdout.startsWith("## Welcome\n\nThis is our super webservice's API.\n\nEnjoy!\n\n## GET /hello\n"));
    assert.is(r.stdout, golden('S9.md'));
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('-o FILE writes the document there; stdout stays empty', () => {
  const dir = tempDir();
  try {
    const out = join(dir, 'API.md');
    const r = runBin('api-docs', ['S2', '-o', out]);
    assert.is(r.code, 0, r.stderr);
    assert.is(r.stdout, '');
    assert.is(readFileSync(out, 'utf8'), golden('S2.md'));
    assert.match(r.stderr, `wrote ${out}`);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('an unknown surface: one line on stderr, exit 2, nothing on stdout', () => {
  const r = runBin('api-docs', ['S99']);
  assert.is(r.code, 2);
  assert.is(r.stdout, '');
  assert.match(r.stderr, /^api-docs: unknown surface "S99" \(known: S1, S2/);
  assert.is(r.stderr.trim().split('\n').length, 1);
});

test('usage errors exit 2: no surface, a bad format, a port, a missing or malformed intro file', () => {
  const dir = tempDir();
  try {
    const bad = join(dir, 'bad.md');
    writeFileSync(bad, 'no title here\n');
    for (const [args, pattern] of [
      [[], /missing required argument 'surface'/],
      [['S2', '--format', 'xml'], /Allowed choices are markdown, openapi/],
      [['S2:9001'], /without a port/],
      [['S2', '--intro', join(dir, 'nope.md')], /--intro: cannot read .*ENOENT/],
      [['S2', '--intro', bad], /line 1: an intro file starts with a "## Title" line/],
      [['S2', '-f', 'openapi', '--server-url', 'not a url'], /--server-url: "not a url" is not an absolute URL/],
      [['S2', '-f', 'openapi', '--server-url', 'ftp://host/x'], /--server-url: "ftp:\/\/host\/x" is not an http or https URL/],
      [['S2', '-f', 'openapi', '--server-url', 'https://h/x?y=1'], /has a query or fragment/],
      [['S2', '--server-url', 'https://api.example.org'], /--server-url applies to --format openapi only/],
    ] as const) {
      const r = runBin('api-docs', [...args]);
      assert.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.is(r.stdout, '');
      assert.match(r.stderr, pattern);
      assert.is(r.stderr.trim().split('\n').length, 1, `${args.join(' ')}: one line`);
    }
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('a module path documents a surface outside the registry', () => {
  const r = runBin('api-docs', ['specs/S5.ts'], { env: { NODE_OPTIONS: '--import tsx' } });
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stdout, golden('S5.md'));
});

test('--help goes to stdout and exits 0', () => {
  const r = runBin('api-docs', ['--help']);
  assert.is(r.code, 0);
  assert.match(r.stdout, 'Usage: api-docs [options] <surface>');
  assert.match(r.stdout, '--format <format>');
});

test.run();
