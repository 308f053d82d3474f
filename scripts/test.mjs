// The test command: build, type-check (including the type tests), run every uvu suite, replay the
// fixtures with api-check, and end with the line CI reads, `N passed, N failed` (their sum; uvu
// prints no failed count). Every earlier total is relabelled `... (partial): ...`.
import { spawn, spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const pattern = args[0] ?? '\\.test\\.tsx?$';
let passed = 0;
let failed = 0;

/** Runs one step; its stdout is returned (not printed) so its totals can be relabelled first. */
// A step that has not ended after this long is stopped and counted as failed: a test that leaves a
// server open after a failure would otherwise hold CI until its own limit, with nothing said.
const STEP_LIMIT_MS = 25 * 60 * 1000;

function step(label, cmd, cmdArgs, env = {}) {
  const r = spawnSync(cmd, cmdArgs, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env }, timeout: STEP_LIMIT_MS, maxBuffer: 256 * 1024 * 1024 });
  if (r.error?.code === 'ETIMEDOUT') console.log(`✘ ${label} did not end within ${STEP_LIMIT_MS / 60000} minutes and was stopped (a test left something open?)`);
  return { ok: r.status === 0, out: (r.stdout ?? Buffer.alloc(0)).toString(), label };
}

/**
 * Like `step`, for the uvu run: while it goes, one line per test file as that file finishes (its
 * name, passed, failed, seconds), so a long run is never silent; its whole output is returned.
 * uvu writes a file's name on a line of its own, then a line of marks per suite: • passed, ✘ failed.
 */
function streamedStep(label, cmd, cmdArgs, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
    const chunks = [];
    let pending = '';
    let current;
    const began = Date.now();
    const finishFile = () => {
      if (current === undefined) return;
      const seconds = ((Date.now() - current.began) / 1000).toFixed(1);
      console.log(`${current.failed === 0 ? '✓' : '✘'} ${current.name}: ${current.passed} passed, ${current.failed} failed (${seconds} s)`);
      current = undefined;
    };
    child.stdout.on('data', (d) => {
      chunks.push(d);
      pending += d.toString().replace(/\x1b\[[0-9;]*m/g, '');
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) {
        if (/^[\w./-]+\.test\.tsx?$/.test(line)) { finishFile(); current = { name: line, passed: 0, failed: 0, began: Date.now() }; continue; }
        if (/^\s*Total:/.test(line)) { finishFile(); continue; }
        // A line of marks, after the suite's name if it has one; failure details never start so.
        const marks = /^(?:[^•✘]*\s)?((?:[•✘] )+)(?:\s*\(\d+ \/ \d+\))?\s*$/.exec(line);
        if (current !== undefined && marks) {
          current.passed += (marks[1].match(/•/g) ?? []).length;
          current.failed += (marks[1].match(/✘/g) ?? []).length;
        }
      }
    });
    const timer = setTimeout(() => { console.log(`✘ ${label} did not end within ${STEP_LIMIT_MS / 60000} minutes and was stopped (a test left something open?)`); child.kill('SIGKILL'); }, STEP_LIMIT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      finishFile();
      console.log(`${label}: ran for ${((Date.now() - began) / 1000).toFixed(0)} s`);
      resolve({ ok: code === 0, out: Buffer.concat(chunks).toString(), label });
    });
  });
}

// The precompiled OpenAPI schemas (src/openapi/*.generated.ts, not committed) before tsc reads src/.
const generate = spawnSync(process.execPath, ['scripts/generate-document-schemas.mjs'], { stdio: 'inherit' });
const build = generate.status === 0 ? step('build', 'npx', ['tsc', '-p', 'tsconfig.json']) : { ok: false, out: '', label: 'build (generating src/openapi/*.generated.ts failed)' };
const types = step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.test.json']);
let checksPassed = 0;
for (const s of [build, types]) {
  process.stdout.write(s.out);
  if (s.ok) { passed++; checksPassed++; }
  else { failed++; console.log(`✘ ${s.label} failed`); }
}
console.log(`build and typecheck (partial): ${checksPassed} passed, ${2 - checksPassed} failed`);

const uvu = await streamedStep('uvu', process.execPath, ['--import', 'tsx', 'node_modules/uvu/bin.js', 'test', pattern, '-i', '^helpers', '-i', '^fixtures', '-i', '^golden', '-i', '\\.(ya?ml|json)$'], { NO_COLOR: '1', FORCE_COLOR: '0' });
const plain = uvu.out.replace(/\x1b\[[0-9;]*m/g, '');
// uvu's own summary block (Total, Passed, Skipped, Duration) becomes one line labelled as partial.
const SUMMARY = /^[ \t]*Total:[ \t]+(\d+)\n[ \t]*Passed:[ \t]+(\d+)\n[ \t]*Skipped:[ \t]+(\d+)\n[ \t]*Duration:[ \t]+(\S+)[ \t]*$/m;
const summary = SUMMARY.exec(plain);
const total = Number(summary?.[1] ?? NaN);
const ok = Number(summary?.[2] ?? NaN);
process.stdout.write(summary
  ? plain.replace(SUMMARY, `uvu suites (partial): ${ok} passed, ${total - ok} failed (${summary[3]} skipped, ${summary[4]})`)
  : plain);
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
  const lines = fixtures.out.trimEnd().split('\n');
  const m = /^(\d+) passed, (\d+) failed$/.exec(lines[lines.length - 1] ?? '');
  if (!m) {
    process.stdout.write(fixtures.out);
    failed++;
    console.log('✘ api-check test/fixtures ended without its totals line');
  } else {
    // api-check's closing line is a partial here: relabelled so it is not read as the verdict.
    lines[lines.length - 1] = `fixtures (partial): ${m[1]} passed, ${m[2]} failed`;
    process.stdout.write(`${lines.join('\n')}\n`);
    passed += Number(m[1]);
    failed += Number(m[2]);
    if (!fixtures.ok && m[2] === '0') { failed++; console.log('✘ api-check exited non-zero'); }
  }
} else {
  console.log(`fixtures (partial): not replayed (the pattern ${JSON.stringify(args[0])} narrows the run)`);
}

// The OpenAPI corpus (../shared/openapi-corpus, read in place) counts too when it is present.
if (args[0] === undefined) {
  const corpus = step('corpus', process.execPath, ['scripts/corpus.mjs']);
  const lines = corpus.out.trimEnd().split('\n');
  const m = /^(\d+) passed, (\d+) failed$/.exec(lines[lines.length - 1] ?? '');
  if (!m) { process.stdout.write(corpus.out); failed++; console.log('✘ the corpus run ended without its totals line'); }
  else {
    lines[lines.length - 1] = `openapi corpus (partial): ${m[1]} passed, ${m[2]} failed`;
    process.stdout.write(`${lines.join('\n')}\n`);
    passed += Number(m[1]);
    failed += Number(m[2]);
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
