// The OpenAPI corpus run: the uvu files test/corpus/*.corpus.ts over ../shared/openapi-corpus
// (absent: nothing to run, said on stderr). Ends with `N passed, N failed` as every test command.
// With --measure it runs the corpus measure instead (docs/openapi-in.md "Measuring against public definitions").
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

// `--measure`: the measurement of real public definitions (bench/corpus/measure.mjs), not the tests.
if (process.argv.includes('--measure')) {
  const m = spawnSync(process.execPath, ['bench/corpus/measure.mjs', ...process.argv.slice(2)], { stdio: 'inherit', cwd: new URL('..', import.meta.url) });
  process.exit(m.status ?? 1);
}

if (!existsSync(new URL('../../shared/openapi-corpus', import.meta.url))) {
  console.error('corpus: ../shared/openapi-corpus is not present; nothing to run');
  console.log('0 passed, 0 failed');
  process.exit(0);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', 'node_modules/uvu/bin.js', 'test/corpus', '\\.corpus\\.ts$'], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NO_COLOR: '1', } });
const out = r.stdout.toString().replace(/\x1b\[[0-9;]*m/g, '');
process.stdout.write(out.replace(/^[ \t]*Total:[\s\S]*?Duration:.*$/m, ''));
const total = Number(/Total:\s+(\d+)/.exec(out)?.[1] ?? NaN);
const ok = Number(/Passed:\s+(\d+)/.exec(out)?.[1] ?? NaN);
if (Number.isNaN(total) || Number.isNaN(ok) || total === 0) {
  console.log('✘ the corpus run crashed before its summary');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
console.log(`${ok} passed, ${total - ok} failed`);
process.exit(total === ok && r.status === 0 ? 0 : 1);
