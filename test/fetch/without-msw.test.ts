// msw is an optional peer dependency: importing the fetch handler (and api-serve itself) loads no
// msw module, and with msw made unresolvable, as where it is not installed, api-serve and its fetch
// handler still work; only the MSW entry fails, naming the missing package.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'api-serve-no-msw-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const src = (path: string) => JSON.stringify(pathToFileURL(join(ROOT, path)).href);

/** Makes a fetch handler for S2, answers one request, then tries the MSW entry; prints what it saw. */
const SCRIPT = `
const { fetchHandler } = await import(${src('src/fetch/index.ts')});
await import(${src('src/index.ts')});
const { handlers } = await import(${src('specs/S2.ts')});
const h = await fetchHandler(handlers, { log: () => {} });
const res = await h.handle(new Request('http://api.test/hello?name=Alp'));
console.log('answer ' + res.status + ' ' + await res.text());
await h.close();
if (process.env.TRY_MSW) {
  try { await import(${src('src/fetch/msw/index.ts')}); console.log('msw entry loaded'); }
  catch (err) { console.log('msw entry:', err.code, err.message.split('\\n')[0]); }
}
`;

/** A resolve hook for which msw does not exist, as where it is not installed. */
const NO_MSW = `
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';
if (isMainThread) register(import.meta.url);
export async function resolve(specifier, context, next) {
  if (specifier === 'msw' || specifier.startsWith('msw/')) throw Object.assign(new Error("Cannot find package 'msw' imported from " + context.parentURL), { code: 'ERR_MODULE_NOT_FOUND' });
  return next(specifier, context);
}
`;

function run(imports: readonly string[], env: Record<string, string>): string {
  const script = join(dir, 'script.mjs');
  writeFileSync(script, SCRIPT);
  const r = spawnSync(process.execPath, [...imports.flatMap((i) => ['--import', i]), script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } });
  assert.is(r.status, 0, r.stderr);
  return r.stdout;
}

test('importing the fetch handler and answering through it loads no msw module', () => {
  const log = join(dir, 'modules.log');
  const out = run(['tsx', pathToFileURL(join(ROOT, 'test/helpers/module-log.mjs')).href], { MODULE_LOG: log });
  assert.match(out, /answer 200 \{"msg":"Hello, Alp"\}/);
  const loaded = readFileSync(log, 'utf8').split('\n');
  assert.ok(loaded.some((m) => m.includes('/src/fetch/fetch-handler.ts')), 'the log sees the fetch handler (it works)');
  assert.equal(loaded.filter((m) => /node_modules\/(msw|@mswjs)\//.test(m)), []);
});

test('with msw not installed, api-serve and the fetch handler work; the MSW entry fails naming msw', () => {
  const hook = join(dir, 'no-msw.mjs');
  writeFileSync(hook, NO_MSW);
  const out = run(['tsx', pathToFileURL(hook).href], { TRY_MSW: '1' });
  assert.match(out, /answer 200 \{"msg":"Hello, Alp"\}/);
  assert.match(out, /msw entry: ERR_MODULE_NOT_FOUND Cannot find package 'msw'/);
});

test.run();
