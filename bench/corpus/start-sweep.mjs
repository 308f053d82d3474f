// `node bench/corpus/start-sweep.mjs [--count N] [--seed S] [--all] [--lenient]`: does each public
// definition start as `api-serve doc.json --mock` would (load, import, the warnings' verdict, the
// mock built and listening on port 0)? A start-only pass over many more documents than the
// measurement's (about 0.3 s a document on 2 cores), printing each one refused and why, then the
// totals. Reads the compiled dist/ (`npx tsc -p tsconfig.json` first).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { directorySample } from './directory-sample.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const num = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
for (let i = 0; i < argv.length; i++) {
  if (['--count', '--seed'].includes(argv[i])) { i++; continue; }
  if (!['--all', '--lenient'].includes(argv[i])) {
    process.stderr.write(`start-sweep: unknown argument ${argv[i]} (--count N, --seed S, --all, --lenient)\n`);
    process.exit(2);
  }
}
if (!existsSync(join(ROOT, 'dist/src/openapi/index.js'))) {
  process.stderr.write('start-sweep: no dist/ here: run npx tsc -p tsconfig.json first\n');
  process.exit(2);
}
const lenient = flag('--lenient');
const dist = (p) => import(join(ROOT, 'dist/src', p));
const [oa, { mock }, { serve }] = await Promise.all([dist('openapi/index.js'), dist('mock/index.js'), dist('server/index.js')]);
// Every definition (3/4 of the sample OpenAPI 3.x at origin, 1/4 Swagger 2.0, as the measurement draws them).
const list = directorySample(flag('--all') ? 100_000 : num('--count', 400), num('--seed', 2));
const data = mkdtempSync(join(tmpdir(), 'api-serve-start-sweep-'));
const failed = [];
let started = 0;
try {
  for (const e of list) {
    let stage = 'load';
    const t0 = Date.now();
    try {
      const loaded = await oa.loadDocument(e.file, { lenient });
      stage = 'import';
      const imported = oa.importSurface(loaded, basename(e.file, extname(e.file)));
      const said = oa.documentWarnings('api-serve', e.id, imported.warnings, lenient);
      if ('refusal' in said) throw new Error(said.refusal);
      stage = 'serve';
      const served = await serve(mock(imported.surface), { port: 0, host: '127.0.0.1', log: () => {}, dataDir: data });
      await served.close();
      started++;
    } catch (err) {
      failed.push({ id: e.id, stage });
      console.log(`refused at ${stage}: ${e.id} (${Date.now() - t0} ms): ${String(err?.message ?? err).split('\n')[0].slice(0, 300)}`);
    }
  }
} finally {
  rmSync(data, { recursive: true, force: true });
}
const by = (s) => failed.filter((f) => f.stage === s).length;
console.log(`${started} of ${list.length} started (${(100 * started / Math.max(1, list.length)).toFixed(1)}%); refused at load ${by('load')}, import ${by('import')}, serve ${by('serve')}${lenient ? ' (--lenient)' : ''}`);
