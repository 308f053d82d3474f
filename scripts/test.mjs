// The test command: build, type-check (including the type tests), run every uvu suite, replay the
// fixtures with api-check, and end with the line CI reads, `N passed, N failed` (uvu itself prints
// no failed count).
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

// The fixture folder is itself a conformance suite: replay it (every surface in-process) and count
// its cases too. Skipped when a pattern narrows the run to some suites.
if (args[0] === undefined) {
  const fixtures = step('fixtures', process.execPath, ['bin/api-check.js', 'test/fixtures', '--reporter', 'plain'], { NO_COLOR: '1', CI: '1' });
  const m = /^(\d+) passed, (\d+) failed$/m.exec(fixtures.out.trimEnd().split('\n').pop() ?? '');
  if (!m) {
    failed++;
    console.log('✘ api-check test/fixtures ended without its totals line');
  } else {
    passed += Number(m[1]);
    failed += Number(m[2]);
    if (!fixtures.ok && m[2] === '0') { failed++; console.log('✘ api-check exited non-zero'); }
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
