// What each command loads: a command loads only what it needs (issue 13), so `--help` loads no
// interpreter and serving a surface loads no docs, checker, Ink or HTTP client.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, bin } from '../helpers/cli.js';

const HOOK = join(ROOT, 'test/helpers/module-log.mjs');
const dir = mkdtempSync(join(tmpdir(), 'api-serve-modules-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

/** Module URLs, as paths relative to the repository or `npm:NAME` for a dependency. */
function names(log: string): string[] {
  return [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean).map((url) => {
    const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    return npm ? `npm:${npm[1]}` : url.replace(/^file:\/\//, '').replace(ROOT, '');
  }))];
}

let runs = 0;
function loadedBy(name: 'api-serve' | 'api-docs' | 'api-check', args: string[]): string[] {
  const log = join(dir, `run-${++runs}.log`);
  const r = spawnSync(process.execPath, ['--import', HOOK, bin(name), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000, env: { ...process.env, MODULE_LOG: log, CI: '1' } });
  assert.is(r.status, 0, r.stderr);
  return names(log);
}

/** Starts `api-serve` with the hook, waits for its listening line, stops it. */
async function loadedByServing(args: string[]): Promise<string[]> {
  const log = join(dir, `run-${++runs}.log`);
  const child = spawn(process.execPath, ['--import', HOOK, bin('api-serve'), ...args], { cwd: ROOT, env: { ...process.env, MODULE_LOG: log }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error('no listening line within 10 s')), 10_000);
      child.stdout.on('data', (d: Buffer) => { out += d; if (/listening on/.test(out)) { clearTimeout(timer); resolve(); } });
      child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`exited with ${code}`)); });
    });
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return names(log);
}

const matching = (loaded: readonly string[], patterns: readonly RegExp[]) => loaded.filter((m) => patterns.some((p) => p.test(m)));
const INTERPRETERS = [/^dist\/src\/(server|docs|check|store)\//, /^dist\/specs\/S/];
const HEAVY = [/^npm:(ink|react|undici|jose|lowdb|polka|mrmime|negotiator|pg|tsx|esbuild)$/];
/** The TypeScript loader: only a TypeScript surface path loads it. */
const TYPESCRIPT = /^npm:(tsx|esbuild|@esbuild\/.*)$/;

for (const name of ['api-serve', 'api-docs', 'api-check'] as const) {
  test(`${name} --help loads commander and no interpreter (nor the TypeScript loader)`, () => {
    const loaded = loadedBy(name, ['--help']);
    assert.ok(loaded.includes('npm:commander'), 'commander is loaded (the log works)');
    assert.equal(matching(loaded, [...INTERPRETERS, ...HEAVY]), []);
  });
}

test('api-serve S2 loads no docs (HTML, OpenAPI, diff), docs pages, checker, store, auth runtime (jose), static files (mrmime), recorder, journal, CORS, injector, generator (fast-check), Ink, React or HTTP client', async () => {
  const loaded = await loadedByServing(['S2', '--port', '0', '--data', join(dir, 'data')]);
  assert.ok(loaded.includes('dist/src/server/serve.js'), 'the server is loaded (the log works)');
  assert.equal(matching(loaded, [/^dist\/src\/(docs|check|store|cli\/(tls|check|docs|users))/, /^dist\/src\/server\/(auth\/runtime|auth\/jwt|static|record|docs-pages|journal|cors|inject|index)/, /^npm:(ink|react|undici|lowdb|jose|mrmime|light-my-request|fast-check|tsx|esbuild)$/, /^dist\/src\/(generate|mock)\//, /^dist\/src\/codec\/(sample|arbitrary|near-miss)/]), []);
});

test('api-serve S2 --docs loads the HTML renderer and the docs pages (only with the flag)', async () => {
  const loaded = await loadedByServing(['S2', '--port', '0', '--docs', '--data', join(dir, 'data-docs')]);
  assert.ok(loaded.includes('dist/src/docs/html.js'), loaded.join('\n'));
  assert.ok(loaded.includes('dist/src/server/docs-pages.js'));
  assert.equal(matching(loaded, [/^dist\/src\/docs\/diff\//, /^dist\/src\/check\//]), []);
});

test('api-docs diff loads the breaking-change gate and no server, HTML renderer or TypeScript loader', () => {
  const loaded = loadedBy('api-docs', ['diff', 'S2', 'S2']);
  assert.ok(loaded.includes('dist/src/docs/diff/compare.js'));
  assert.equal(matching(loaded, [/^dist\/src\/server\//, /^dist\/src\/docs\/html/, /^dist\/src\/check\//, TYPESCRIPT]), []);
});

const MODULE = (from: string) => `import { api, get, implement, json, t } from '${from}';
export const surface = api('Mine', { title: 'mine' }, { ping: get('ping').returns(json(t.text)) });
export const handlers = implement(surface, { ping: () => 'pong' });\n`;

test('api-serve ./api.mjs (JavaScript) loads no TypeScript loader (tsx, esbuild)', async () => {
  const file = join(dir, 'api.mjs');
  writeFileSync(file, MODULE(join(ROOT, 'dist/src/index.js')));
  const loaded = await loadedByServing([file, '--port', '0', '--data', join(dir, 'data-js')]);
  assert.ok(loaded.includes(file), 'the module is loaded (the log works)');
  assert.equal(matching(loaded, [TYPESCRIPT]), []);
});

test('api-serve ./api.ts loads tsx (the TypeScript loader), and the surface through it', async () => {
  const file = join(dir, 'api.ts');
  writeFileSync(file, MODULE(join(ROOT, 'dist/src/index.js')));
  const loaded = await loadedByServing([file, '--port', '0', '--data', join(dir, 'data-ts')]);
  assert.ok(loaded.includes('npm:tsx'), loaded.join('\n'));
  assert.ok(loaded.some((m) => m.startsWith(file)), 'the .ts module is loaded');
});

test('api-serve S4 on its embedded store loads lowdb and not the PostgreSQL client', async () => {
  const loaded = await loadedByServing(['S4', '--port', '0', '--data', join(dir, 'data-s4')]);
  assert.ok(loaded.includes('npm:lowdb'), 'the embedded store is loaded (the log works)');
  assert.equal(matching(loaded, [/^npm:pg(-.*)?$/, /^dist\/src\/store\/(pg-|postgres)/, /^dist\/src\/cli\/workers/]), []);
});

test('api-docs S2 loads the docs interpreter and no server, checker or TypeScript loader', () => {
  const loaded = loadedBy('api-docs', ['S2']);
  assert.ok(loaded.includes('dist/src/docs/index.js'));
  assert.equal(matching(loaded, [/^dist\/src\/(server|check)\//, /^npm:(ink|react|undici|jose|polka)$/, TYPESCRIPT]), []);
});

test('api-check --list loads the checker and neither the server, Ink nor the TypeScript loader', () => {
  const loaded = loadedBy('api-check', ['test/fixtures', '--list', '--surface', 'S2']);
  assert.ok(loaded.includes('dist/src/check/index.js'));
  assert.equal(matching(loaded, [/^dist\/src\/server\//, /^npm:(ink|react|jose|polka)$/, TYPESCRIPT]), []);
});

test.run();
