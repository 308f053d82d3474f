#!/usr/bin/env node
// `npm run bench`: every contender in its own process on loopback, driven by autocannon from a
// separate process in interleaved rounds; prints medians and same-run ratios, writes JSON.
// Flags: --quick, --rounds N, --duration S, --connections N, --budget S, --only ID,ID (workload ids
// or prefixes: s2, s4-get, routing; `--only startup` runs the start-up probe alone, `--only hashing`
// the password-hashing flood scenario alone, bench/lib/hashing.mjs; `--only openapi` the 1,000-operation
// OpenAPI document to first answer, bench/lib/openapi-load.mjs, `--before DIR` against another build;
// `--only validator` the compiled validator against ajv, bench/lib/validator-vs-ajv.mjs; `--only client`
// api-serve/client against hand-written fetch calls and the fetch handler against HTTP, bench/lib/client.mjs; `--only prism-startup`
// spawn to first answer of `api-serve <doc> --mock` and `prism mock <doc>` on the shared corpus, bench/lib/prism-startup.mjs), --startup-runs N,
// --v8-defaults, --no-build, --no-pin.
//
// Every contender runs with `--no-memory-reducer` unless --v8-defaults: between its short bursts a
// server idles for tens of seconds here, and V8's memory reducer then shrinks the heap and collects
// right as the next burst starts, which is nothing like a server under steady load and costs the
// more allocating servers (api-serve, fastify) 15-35% of their figure. Same flag for all of them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { PERSON, makePlan } from './lib/plan.mjs';
import { canPin, cpuMicros, getContenderFlags, isPinned, rssMiB, setContenderFlags, setPinning, startContender, startLoadGenerator, stopAll } from './lib/procs.mjs';
import { checkSameWork, request, seedPersons } from './lib/prepare.mjs';
import { printTables, printTargets, summarize, targets } from './lib/report.mjs';
import { measureStartup } from './lib/startup.mjs';
import { findPostgres, startCluster } from '../scripts/pg-cluster.mjs';
import pg from 'pg';
import { markdown } from './lib/markdown.mjs';
import { median } from './lib/stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const t0 = Date.now();
const elapsed = () => (Date.now() - t0) / 1000;
const log = (line) => process.stderr.write(`[bench ${elapsed().toFixed(0).padStart(3)}s] ${line}\n`);

function options(argv) {
  const quick = argv.includes('--quick');
  const num = (flag, dflt) => {
    const i = argv.indexOf(flag);
    if (i < 0) return dflt;
    const v = Number(argv[i + 1]);
    if (!Number.isFinite(v) || v <= 0) { process.stderr.write(`bench: ${flag} needs a positive number\n`); process.exit(2); }
    return v;
  };
  return {
    quick,
    rounds: num('--rounds', quick ? 1 : 5),
    duration: num('--duration', quick ? 0.5 : 0.8),
    warmup: quick ? 0.4 : 0.8,
    connections: num('--connections', 64),
    createAmount: quick ? 200 : 500,
    seed: 50,
    startupRuns: num('--startup-runs', quick ? 2 : 5),
    // The full run's five rounds of every row (the S4 rows on lowdb and PostgreSQL, the mock rows) take about six minutes.
    budget: num('--budget', quick ? 60 : 420),
    build: !argv.includes('--no-build'),
    pin: !argv.includes('--no-pin'),
    v8Defaults: argv.includes('--v8-defaults'),
    only: argv.includes('--only') ? String(argv[argv.indexOf('--only') + 1] ?? '').split(',').filter(Boolean) : undefined,
  };
}

function build(notes) {
  log('building dist/ (tsc -p tsconfig.json)');
  const r = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: root, encoding: 'utf8', timeout: 120000 });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.split('\n').filter((l) => /error TS/.test(l));
  if (out.length > 0) notes.push(`tsc reported ${out.length} error(s) (work in progress elsewhere?); first: ${out[0]}`);
  return out;
}

/** Whether a reference surface can be benchmarked: its source exists and compiled cleanly. */
function surfaceReady(name, tscErrors) {
  if (!existsSync(join(root, `specs/${name}.ts`))) return `specs/${name}.ts does not exist yet`;
  if (!existsSync(join(root, `dist/specs/${name}.js`))) return `dist/specs/${name}.js is missing (not compiled)`;
  const err = tscErrors.find((l) => l.startsWith(`specs/${name}.ts`));
  return err ? `specs/${name}.ts does not compile: ${err}` : undefined;
}

function colorsFile() {
  const dir = join(root, 'data');
  const f = existsSync(dir) ? readdirSync(dir).find((n) => /^colou?rs.*\.json$/i.test(n)) : undefined;
  return f ? join(dir, f) : undefined;
}

/** Plan order in even rounds, reversed in odd ones: neighbours stay neighbours, no one always goes first. */
const inRoundOrder = (xs, round) => (round % 2 ? [...xs].reverse() : xs);
const expectedCount = (w, codes) => Object.entries(codes).reduce((n, [k, v]) => n + ((w.expect === '2xx' ? k.startsWith('2') : Number(k) === w.expect) ? v : 0), 0);

async function main() {
  const opt = options(process.argv.slice(2));
  setPinning(opt.pin);
  setContenderFlags(opt.v8Defaults ? [] : ['--no-memory-reducer']);
  const notes = [];
  const skipped = [];
  const tscErrors = opt.build ? build(notes) : [];
  if (!existsSync(join(root, 'dist/src/index.js'))) throw new Error('dist/ is missing: run `npx tsc -p tsconfig.json` first');
  if (opt.only?.length && opt.only.every((o) => o === 'startup')) return startupOnly(opt);
  if (opt.only?.length && opt.only.every((o) => o === 'hashing')) return hashingOnly(opt);
  if (opt.only?.length && opt.only.every((o) => o === 'fuzz')) return fuzzOnly(opt);
  if (opt.only?.length && opt.only.every((o) => o === 'openapi')) return openApiOnly(opt);
  if (opt.only?.length && opt.only.every((o) => o === 'validator')) return validatorOnly(opt);
  if (opt.only?.length && opt.only.every((o) => o === 'client')) return clientOnly(opt);
  if (opt.only?.length && opt.only.every((o) => o === 'prism-startup')) return prismStartupOnly(opt);
  let s7Why = surfaceReady('S7', tscErrors);
  const s4Why = surfaceReady('S4', tscErrors);
  const colors = colorsFile();
  if (!s7Why && !colors) s7Why = 'no colour data file found in data/';
  if (s7Why) skipped.push({ row: 'S7 GET /colors', why: s7Why });
  if (s4Why) skipped.push({ row: 'S4 CRUD vs json-server', why: s4Why });

  const tmp = (scratch = mkdtempSync(join(os.tmpdir(), 'api-serve-bench-')));
  const procs = new Map();
  let load;
  try {
    let s7 = !s7Why;
    const s4 = !s4Why;
    for (const f of ['js-read.json', 'js-write.json']) writeFileSync(join(tmp, f), '{"person": []}\n');
    // api-serve first: its S7 Accept-Ranges tells the bare contenders the field order.
    let apiMain;
    try {
      apiMain = await startContender('api-serve', join(root, 'bench/contenders/api-serve.mjs'), s7 ? ['S2', 'S7', 'orders', 'mock:S2'] : ['S2', 'orders', 'mock:S2']);
    } catch (err) {
      if (!s7) throw err;
      skipped.push({ row: 'S7 GET /colors', why: `api-serve could not serve S7: ${err.message.split('\n')[0]}` });
      s7 = false;
      apiMain = await startContender('api-serve', join(root, 'bench/contenders/api-serve.mjs'), ['S2', 'orders', 'mock:S2']);
    }
    const colorFields = s7 ? String((await request(apiMain.ports.S7, { path: '/colors' })).headers['accept-ranges'] ?? 'name') : '';
    const pgUrls = s4 ? await throwawayDatabases(skipped, log) : undefined;
    const plan = makePlan({ s7, s4, tmp, colorsFile: colors, colorFields, pg: pgUrls });
    procs.set('api-serve', apiMain);
    for (const p of plan.processes) {
      if (procs.has(p.id)) continue;
      try {
        procs.set(p.id, await startContender(p.id, p.script, p.args, p.env));
      } catch (err) {
        notes.push(`${p.id} did not start: ${err.message}`);
      }
    }
    const portOf = (cell) => procs.get(cell.proc)?.ports?.[cell.port];
    let workloads = opt.only ? plan.workloads.filter((w) => opt.only.some((o) => w.id.startsWith(o))) : plan.workloads;
    for (const w of workloads) for (const c of w.cells) { c.byRound = []; if (portOf(c) === undefined) c.invalid = 'its process is not running'; }
    if (s4) {
      // Same records in every S4 store, created over HTTP; `get` asks for the first one.
      for (const [id, p] of procs) {
        if (!id.endsWith(' read') && !id.endsWith(' write') && !id.endsWith(' mix')) continue;
        const first = await seedPersons(p.ports.S4, PERSON, opt.seed);
        for (const w of workloads) for (const c of w.cells) {
          if (c.proc === id && (w.id === 's4-get' || w.id === 'mock-stateful-get')) c.path = `/person/${first}`;
          if (c.proc === id && w.mix) c.getPath = `/person/${first}`;
        }
      }
    }
    await checkSameWork(workloads, portOf, notes);
    workloads = workloads.filter((w) => w.cells.some((c) => !c.invalid));

    load = await startLoadGenerator(join(root, 'bench/lib/load.mjs'));
    // A mix alternates the workload's request (a create) and a get of the cell's path.
    const mixed = (w, c) => (w.mix ? { requests: [{ method: w.method, path: w.path, headers: w.headers, body: w.body }, { method: 'GET', path: c.getPath }] } : {});
    const loadOpts = (w, c, seconds) => ({
      url: `http://127.0.0.1:${portOf(c)}${c.path ?? w.path}`, method: w.method, headers: w.headers ?? {}, body: w.body, ...mixed(w, c),
      connections: opt.connections, ...(w.fixedAmount ? { amount: Math.round(opt.createAmount * seconds / opt.duration) } : { duration: seconds }),
    });
    const reserve = opt.startupRuns * 1.5 + 5;
    let roundsDone = 0;
    let outOfTime = false;
    for (let round = 0; round < opt.rounds && !outOfTime; round++) {
      const started = elapsed();
      log(`round ${round + 1}/${opt.rounds}`);
      for (const w of workloads) {
        if (round > 0 && elapsed() + reserve > opt.budget) {
          notes.push(`round ${round + 1} cut short at ${w.id} to stay within the ${opt.budget} s budget`);
          outOfTime = true;
          break;
        }
        for (const c of inRoundOrder(w.cells.filter((x) => !x.invalid), round)) {
          const timeout = 30000 + opt.duration * 2000;
          if (!c.warmed) { await load.run(loadOpts(w, c, opt.warmup), timeout); c.warmed = true; }
          const { pid } = procs.get(c.proc);
          const cpu0 = cpuMicros(pid);
          const r = await load.run(loadOpts(w, c, opt.duration), timeout);
          // CPU time per answer is far steadier than req/s on a shared machine (see docs/benchmark.md).
          r.cpu = (cpuMicros(pid) - cpu0) / Math.max(1, r.completed);
          r.rss = rssMiB(pid);
          const good = expectedCount(w, r.statusCodes);
          if (r.errors > 0 || good < 0.99 * r.completed) notes.push(`${w.id} ${c.contender} round ${round + 1}: ${r.errors} errors, statuses ${JSON.stringify(r.statusCodes)}`);
          c.byRound[round] = r;
        }
      }
      if (outOfTime) break;
      roundsDone++;
      const took = elapsed() - started;
      if (round + 1 < opt.rounds && elapsed() + took + reserve > opt.budget) {
        notes.push(`stopped after ${roundsDone} of ${opt.rounds} rounds to stay within the ${opt.budget} s budget`);
        break;
      }
    }
    await load.stop();
    for (const p of procs.values()) await p.stop();

    log('start-up');
    const st = await measureStartup(join(root, 'bin/api-serve.js'), opt.startupRuns);
    const startup = { apiServeMs: median(st.apiServe), nodeMs: median(st.node), ratio: median(st.apiServe) / median(st.node), samples: st };

    const summary = summarize(workloads);
    const spreads = summary.flatMap((w) => w.cells.map((c) => c.rpsSpread)).filter(Number.isFinite);
    printTables(summary);
    console.log(`\nStart-up: api-serve S2 spawn -> first 200 ${startup.apiServeMs.toFixed(0)} ms; node -e "" ${startup.nodeMs.toFixed(0)} ms; ratio ${startup.ratio.toFixed(2)}x`);
    const t = targets(summary, startup);
    printTargets(t);
    const noiseLine = spreads.length ? `req/s of one cell varied by ${Math.round(median(spreads) * 100)}% (median) / ${Math.round(Math.max(...spreads) * 100)}% (max) between rounds (max-min over median)` : 'one round only, no spread measured';
    console.log(`\nNoise: ${noiseLine}; load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}.`);
    for (const s of skipped) console.log(`Skipped: ${s.row}: ${s.why}`);
    for (const n of notes) console.log(`Note: ${n}`);

    const result = {
      when: new Date().toISOString(), seconds: Math.round(elapsed()), command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
      machine: { cpu: os.cpus()[0]?.model, cpus: os.cpus().length, memGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, os: `${os.type()} ${os.release()}`, loadavg: os.loadavg(), pinned: isPinned(), taskset: canPin(), contenderFlags: getContenderFlags() },
      options: opt, roundsDone, noise: { medianSpread: median(spreads), maxSpread: Math.max(0, ...spreads) }, skipped, notes, startup, targets: t, workloads: summary,
    };
    const dir = join(root, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${result.when.replace(/[:.]/g, '-')}${opt.quick ? '-quick' : ''}.json`);
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(file.replace(/\.json$/, '.md'), markdown(result));
    console.log(`\nWrote ${file.slice(root.length)} and its .md ratio tables (${Math.round(elapsed())} s in all)`);
  } finally {
    await load?.stop().catch(() => {});
    await stopAll();
    removeScratch();
  }
}

/**
 * A throwaway PostgreSQL cluster (scripts/pg-cluster.mjs) with four empty databases for the S4 rows
 * on PostgreSQL; undefined (and the rows skipped, saying why) when no server is installed.
 */
async function throwawayDatabases(skipped, say) {
  const found = findPostgres();
  if (!found.bin) { skipped.push({ row: 'S4 on PostgreSQL', why: found.missing }); return undefined; }
  say('starting a throwaway PostgreSQL cluster');
  const c = await startCluster();
  const client = new pg.Client({ connectionString: c.url });
  await client.connect();
  try {
    for (const db of ['bench_read', 'bench_write', 'bench_mix1', 'bench_mix2']) await client.query(`CREATE DATABASE ${db}`);
  } finally {
    await client.end();
  }
  return { read: c.urlOf('bench_read'), write: c.urlOf('bench_write'), mix1: c.urlOf('bench_mix1'), mix2: c.urlOf('bench_mix2') };
}

/** `--only startup`: the start-up probe alone (no contenders, no load), each sample printed. */
async function startupOnly(opt) {
  log(`start-up only: ${opt.startupRuns} alternating pairs`);
  const st = await measureStartup(join(root, 'bin/api-serve.js'), opt.startupRuns);
  const range = (xs) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;
  const pairs = st.apiServe.map((a, i) => a / st.node[i]);
  console.log(`Start-up: api-serve S2 spawn -> first 200 ${median(st.apiServe).toFixed(0)} ms (${range(st.apiServe)}); node -e "" ${median(st.node).toFixed(0)} ms (${range(st.node)}); ratio ${(median(st.apiServe) / median(st.node)).toFixed(2)}x (pairs ${Math.min(...pairs).toFixed(2)}-${Math.max(...pairs).toFixed(2)}); load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  await stopAll();
}

/** The fields every single-scenario result starts with: when, the command as typed, the machine. */
const runHeader = () => ({
  when: new Date().toISOString(), command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`,
});

/** Prints a single-scenario result's table and writes it beside its JSON in bench/results/. */
function writeScenario(result, md, tag, quick) {
  console.log(md);
  const dir = join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${result.when.replace(/[:.]/g, '-')}-${tag}${quick ? '-quick' : ''}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(file.replace(/\.json$/, '.md'), md);
  console.log(`Wrote ${file.slice(root.length)} and its .md`);
}

/** `--only hashing`: bearer and static latency while wrong Basic passwords flood S6, gate on and off. */
async function hashingOnly(opt) {
  const { hashingScenario, hashingMarkdown } = await import('./lib/hashing.mjs');
  const rounds = opt.quick ? 1 : Math.min(opt.rounds, 3);
  const seconds = opt.quick ? 3 : 5;
  const { rows, samples } = await hashingScenario({ root, rounds, seconds, log });
  const header = runHeader();
  const result = { ...header, rounds, seconds, machine: `${header.machine}, api-serve pinned: ${isPinned()}`, rows, samples };
  writeScenario(result, hashingMarkdown(result), 'hashing', opt.quick);
  await stopAll();
}

/** `--only fuzz`: api-check fuzz S2 in-process, generated requests per second (target >= 2,000). */
async function fuzzOnly(opt) {
  const { fuzzScenario } = await import('./lib/fuzz.mjs');
  const rounds = opt.quick ? 3 : 5;
  const runs = opt.quick ? 3000 : 10000;
  const { samples, medianPerSecond } = await fuzzScenario({ root, rounds, runs, log });
  const result = {
    ...runHeader(), rounds, runs,
    row: 'api-check fuzz S2 in-process: generated requests per second (generation, prediction, checks and the server\'s answer)', target: 2000, medianPerSecond, samples,
  };
  const md = `| row | median req/s | rounds (req/s) | target |\n|---|---|---|---|\n| ${result.row} | ${medianPerSecond.toFixed(0)} | ${samples.map((s) => s.perSecond.toFixed(0)).join(', ')} | >= 2,000 |\n\n${result.machine}\n`;
  writeScenario(result, md, 'fuzz', opt.quick);
}

/**
 * `--only openapi`: a generated 1,000-operation OpenAPI document, spawn to first answer (target
 * < 1.5 s). `--before DIR` runs a second build (another checkout, built) alternately, for a paired comparison.
 */
async function openApiOnly(opt) {
  const { measureOpenApiLoad } = await import('./lib/openapi-load.mjs');
  const runs = opt.quick ? 3 : 5;
  const dir = (scratch = mkdtempSync(join(os.tmpdir(), 'api-serve-bench-')));
  const beforeDir = process.argv.includes('--before') ? process.argv[process.argv.indexOf('--before') + 1] : undefined;
  const { samples, beforeSamples } = await measureOpenApiLoad({ bin: join(root, 'bin/api-serve.js'), ...(beforeDir ? { before: join(beforeDir, 'bin/api-serve.js') } : {}), dir, runs, log });
  const wall = (xs) => median(xs.map((x) => x.wallMs));
  const cpu = (xs) => median(xs.map((x) => x.cpuMs));
  const result = {
    ...runHeader(), runs,
    row: 'api-serve big-openapi.json (1,000 operations, OpenAPI 3.1): spawn to first answer', targetMs: 1500,
    medianWallMs: wall(samples), medianCpuMs: cpu(samples), samples,
    ...(beforeDir ? { before: beforeDir, beforeMedianWallMs: wall(beforeSamples), beforeMedianCpuMs: cpu(beforeSamples), beforeSamples } : {}),
  };
  const cell = (xs) => `${(wall(xs) / 1000).toFixed(2)} s wall, ${(cpu(xs) / 1000).toFixed(2)} s CPU | ${xs.map((s) => `${s.wallMs.toFixed(0)}/${s.cpuMs.toFixed(0)}`).join(', ')}`;
  const md = `| row | median | runs (wall/CPU ms) | target |\n|---|---|---|---|\n| ${result.row} | ${cell(samples)} | < 1.5 s |\n${beforeDir ? `| the same, build in ${beforeDir} (run alternately) | ${cell(beforeSamples)} | |\n` : ''}\n${result.machine}\n`;
  writeScenario(result, md, 'openapi', opt.quick);
  removeScratch();
}

/**
 * `--only validator`: api-serve's body check against ajv on the same schemas and values (the JSON
 * Schema suite's draft 2020-12 groups, the corpus's request bodies), in one process, bench/lib/validator-vs-ajv.mjs.
 */
async function validatorOnly(opt) {
  const { validatorScenario, validatorMarkdown } = await import('./lib/validator-vs-ajv.mjs');
  const rounds = opt.quick ? 3 : 9;
  const sliceMs = opt.quick ? 100 : 200;
  const found = await validatorScenario({ root, rounds, sliceMs, log });
  const result = { ...runHeader(), rounds, sliceMs, ...found };
  writeScenario(result, validatorMarkdown(result), 'validator', opt.quick);
}

/**
 * `--only client`: api-serve/client's CPU per call against a hand-written fetch call on S2's rows
 * (the server in a child process), and the fetch handler's CPU per answer against HTTP on loopback
 * (both in this process), bench/lib/client.mjs.
 */
async function clientOnly(opt) {
  const { clientScenario, clientMarkdown } = await import('./lib/client.mjs');
  // Sized for 2 cores: about two minutes on a quiet machine (24 sides of rows, each 7 slices and
  // its warm-up); `--rounds N` for more where the per-round ratios spread wide.
  const rounds = opt.quick ? 3 : process.argv.includes('--rounds') ? opt.rounds : 7;
  const sliceMs = opt.quick ? 100 : 150;
  const inFlight = 4;
  const found = await clientScenario({ root, rounds, sliceMs, inFlight, startContender, log });
  const result = { ...runHeader(), rounds, sliceMs, inFlight, ...found };
  writeScenario(result, clientMarkdown(result), 'client', opt.quick);
  await stopAll();
}

/**
 * `--only prism-startup`: spawn to first answer, `api-serve <doc> --mock --port 0` against Prism's
 * `prism mock <doc> -p <port>`, on each document of the shared corpus, bench/lib/prism-startup.mjs.
 */
async function prismStartupOnly(opt) {
  const { prismStartupScenario, prismStartupMarkdown } = await import('./lib/prism-startup.mjs');
  const runs = opt.quick ? 3 : 5;
  const timeoutMs = 60000;
  const loadavgAtStart = os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const found = await prismStartupScenario({ root, runs, timeoutMs, log });
  const result = { ...runHeader(), loadavgAtStart, pinned: isPinned(), runs, timeoutMs, ...found };
  writeScenario(result, prismStartupMarkdown(result), 'prism-startup', opt.quick);
  await stopAll();
}

let scratch;
const removeScratch = () => { if (scratch) rmSync(scratch, { recursive: true, force: true }); };
for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => { stopAll().finally(() => { removeScratch(); process.exit(130); }); });
main().catch(async (err) => {
  process.stderr.write(`bench: ${err?.stack ?? err}\n`);
  await stopAll();
  process.exit(1);
});
