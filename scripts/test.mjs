// The test command: build, type-check (including the type tests), run every uvu suite, and end
// with the line CI reads, `N passed, N failed` (uvu itself prints no failed count).
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const pattern = args[0] ?? '\\.test\\.tsx?$';
let passed = 0;
let failed = 0;

function step(label, cmd, cmdArgs, env = {}) {
  const r = spawnSync(cmd, cmdArgs, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const out = r.stdout.toString();
  process.stdout.write(out);
  return { ok: r.status === 0, out, label };
}

const build = step('build', 'npx', ['tsc', '-p', 'tsconfig.json']);
const types = step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.test.json']);
for (const s of [build, types]) {
  if (s.ok) passed++;
  else { failed++; console.log(`✘ ${s.label} failed`); }
}

const uvu = step('uvu', process.execPath, ['--import', 'tsx', 'node_modules/uvu/bin.js', 'test', pattern, '-i', '^helpers', '-i', '^fixtures', '-i', '^golden'], { NO_COLOR: '1', FORCE_COLOR: '0' });
const plain = uvu.out.replace(/\x1b\[[0-9;]*m/g, '');
const total = Number(/Total:\s+(\d+)/.exec(plain)?.[1] ?? NaN);
const ok = Number(/Passed:\s+(\d+)/.exec(plain)?.[1] ?? NaN);
if (Number.isNaN(total) || Number.isNaN(ok) || total === 0) {
  failed++;
  console.log('✘ the test runner ran no test or crashed before its summary');
} else {
  passed += ok;
  failed += total - ok;
  if (!uvu.ok && total === ok) { failed++; console.log('✘ uvu exited non-zero'); }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
