// Paired CPU per answer over several fresh process pairs: how much one contender process's figure
// varies from one start to the next. X and Y are started as the bench starts its contenders
// (lib/procs.mjs: pinned to CPU 1, the bench's Node flags), loaded one after the other by the
// bench's load generator (CPU 0), order alternating per round, with the requests of the bench's
// own workloads (lib/plan.mjs). Build first.
//   node bench/fresh-pairs.mjs PAIRS ROUNDS WORKLOAD "X SPEC" "Y SPEC"
// WORKLOAD is a bench workload id (s2-marketing, s2-position, s7-colors, mock-s2, ...). A SPEC is a
// contender script and its arguments: `api-serve S2 S7 orders mock:S2` (the bench's api-serve
// process), `node-http`, or an absolute path to another build's contender script. MIX=1 warms each
// process with every main and mock workload first, as a full run does.
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { makePlan } from './lib/plan.mjs';
import { cpuMicros, setContenderFlags, startContender, startLoadGenerator, stopAll } from './lib/procs.mjs';
import { median } from './lib/stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const [pairs, rounds, id, xs, ys] = process.argv.slice(2);
const fail = (line) => { process.stderr.write(`fresh-pairs: ${line}\n`); process.exit(2); };
if (!(Number(pairs) > 0 && Number(rounds) > 0 && id && xs && ys)) fail('usage: node bench/fresh-pairs.mjs PAIRS ROUNDS WORKLOAD "X SPEC" "Y SPEC"');

const data = join(root, 'data');
const colors = existsSync(data) ? readdirSync(data).find((n) => /^colou?rs.*\.json$/i.test(n)) : undefined;
const plan = makePlan({ s7: colors !== undefined, s4: false, tmp: os.tmpdir(), colorsFile: colors && join(data, colors), colorFields: 'name,rgb,hex' });
const rows = plan.workloads.filter((w) => w.group === 'main' || w.group === 'mock');
const row = rows.find((w) => w.id === id) ?? fail(`WORKLOAD must be one of ${rows.map((w) => w.id).join(', ')}`);
// The bare contenders' environment (the colour data) for every process: the others ignore it.
const env = plan.processes.find((p) => p.id === 'node:http').env;
// api-serve serves each row on the port of its surface (the mock row: the mocked one); a bare
// contender serves every row on `main`.
const portKey = (w) => (w.cells.find((c) => c.contender === 'api-serve --mock') ?? w.cells.find((c) => c.proc === 'api-serve')).port;

setContenderFlags(['--no-memory-reducer']);
const start = (spec) => {
  const [script, ...args] = spec.split(' ');
  return startContender(spec, script.startsWith('/') ? script : join(root, `bench/contenders/${script}.mjs`), args, env);
};
const load = await startLoadGenerator(join(root, 'bench/lib/load.mjs'));
/** Loads one workload for `seconds`; the answers counted (0 when the process does not serve it). */
const run = async (p, w, seconds) => {
  const port = p.ports[portKey(w)] ?? p.ports.main;
  if (port === undefined) return 0;
  const r = await load.run({ url: `http://127.0.0.1:${port}${w.path}`, method: w.method, headers: w.headers ?? {}, body: w.body, connections: 32, duration: seconds }, 60_000);
  return r.completed;
};
const cpuPerAnswer = async (p) => {
  const c0 = cpuMicros(p.pid);
  const n = await run(p, row, 2);
  return (cpuMicros(p.pid) - c0) / Math.max(1, n);
};

const all = [];
try {
  for (let pair = 0; pair < Number(pairs); pair++) {
    const x = await start(xs);
    const y = await start(ys);
    for (const p of [x, y]) for (const w of process.env.MIX === '1' ? rows : [row]) await run(p, w, 0.8);
    const ratios = [];
    for (let round = 0; round < Number(rounds); round++) {
      let a;
      let b;
      if (round % 2) { b = await cpuPerAnswer(y); a = await cpuPerAnswer(x); } else { a = await cpuPerAnswer(x); b = await cpuPerAnswer(y); }
      ratios.push(a / b);
    }
    all.push(...ratios);
    console.log(`pair ${pair + 1}: median ${median(ratios).toFixed(3)} rounds ${ratios.map((v) => v.toFixed(2)).join(' ')}`);
    await x.stop();
    await y.stop();
  }
  console.log(`all rounds median ${median(all).toFixed(3)} (X over Y: ${xs} / ${ys})`);
} finally {
  await load.stop();
  await stopAll();
}
