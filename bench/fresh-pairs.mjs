// Paired CPU per answer over several fresh process pairs: how much one contender process's figure
// varies from one start to the next. X and Y are pinned to CPU 1 and loaded one after the other
// (order alternating per round); autocannon runs in this process, so pin it to the other core:
//   taskset -c 0 node bench/fresh-pairs.mjs PAIRS ROUNDS PATH "X SPEC" "Y SPEC"
// A SPEC is a contender script and its arguments: `api-serve S2 S7 orders mock:S2` (the bench's
// api-serve process), `node-http`, or an absolute path to another build's contender script.
// MIX=1 warms each process with every bench row's traffic first (as a full run does).
// PATH is one of the keys of ROWS below (`/marketing`, `/position/3/14`, ...). Build first.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [pairs, rounds, path, xs, ys] = process.argv.slice(2);
const usage = 'usage: taskset -c 0 node bench/fresh-pairs.mjs PAIRS ROUNDS PATH "X SPEC" "Y SPEC"';
if (!(Number(pairs) > 0 && Number(rounds) > 0 && path && xs && ys)) { process.stderr.write(`${usage}\n`); process.exit(2); }

const CLIENT = JSON.stringify({ clientName: 'Alp', clientEmail: 'alp@foo.com', clientAge: 26, clientInterestedIn: ['haskell', 'mathematics'] });
const json = { 'content-type': 'application/json' };
/** Every bench row's request, by the port (surface) it goes to in the api-serve process. */
const ROWS = {
  '/marketing': { surface: 'S2', method: 'POST', headers: json, body: CLIENT },
  '/position/3/14': { surface: 'S2' },
  '/hello?name=John%20Doe': { surface: 'S2' },
  '/position/abc/1': { surface: 'S2' },
  '/orders': { surface: 'orders', method: 'POST', headers: json, body: readFileSync(join(root, 'bench/order-body.json'), 'utf8') },
  '/colors': { surface: 'S7', headers: { range: 'name green; limit 10; order asc' } },
  'mock /position/3/14': { surface: 'mock:S2', path: '/position/3/14' },
};
if (!ROWS[path]) { process.stderr.write(`fresh-pairs: PATH must be one of ${Object.keys(ROWS).join(', ')}\n`); process.exit(2); }
const dataDir = join(root, 'data');
const colors = existsSync(dataDir) ? readdirSync(dataDir).find((n) => /^colou?rs.*\.json$/i.test(n)) : undefined;

/** Starts a contender pinned to CPU 1 (flags as the bench's), resolved with its ports once it announces them. */
const start = (spec) => new Promise((resolve, reject) => {
  const [script, ...args] = spec.split(' ');
  const file = script.startsWith('/') ? script : join(root, `bench/contenders/${script}.mjs`);
  const p = spawn('taskset', ['-c', '1', process.execPath, '--no-memory-reducer', file, ...args], {
    cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...(colors ? { BENCH_COLORS: join(dataDir, colors) } : {}) },
  });
  let out = '';
  p.once('exit', (code) => reject(new Error(`${spec} exited (${code}) before announcing its ports`)));
  p.stdout.on('data', (d) => {
    out += d;
    const m = out.match(/\{"ready".*\}/);
    if (m) resolve({ p, ports: JSON.parse(m[0]).ports });
  });
});
const cpuMicros = (s) => {
  const f = readFileSync(`/proc/${s.p.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10000;
};
/** Loads one row for `seconds` (32 connections); the answers counted, 0 when the process lacks its port. */
const load = (s, key, seconds) => {
  const r = ROWS[key];
  const port = s.ports[r.surface] ?? s.ports.main;
  if (port === undefined) return Promise.resolve(0);
  return new Promise((resolve, reject) => autocannon({
    url: `http://127.0.0.1:${port}${r.path ?? key}`, connections: 32, duration: seconds, method: r.method ?? 'GET', headers: r.headers, body: r.body,
  }, (err, x) => (err ? reject(err) : resolve(x.requests.total))));
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const all = [];
for (let pair = 0; pair < Number(pairs); pair++) {
  const X = await start(xs);
  const Y = await start(ys);
  for (const s of [X, Y]) {
    if (process.env.MIX === '1') for (const key of Object.keys(ROWS)) await load(s, key, 0.8);
    else await load(s, path, 0.8);
  }
  const ratios = [];
  const one = async (s) => { const c0 = cpuMicros(s); const n = await load(s, path, 2); return (cpuMicros(s) - c0) / Math.max(1, n); };
  for (let round = 0; round < Number(rounds); round++) {
    let x;
    let y;
    if (round % 2) { y = await one(Y); x = await one(X); } else { x = await one(X); y = await one(Y); }
    ratios.push(x / y);
  }
  all.push(...ratios);
  console.log(`pair ${pair + 1}: median ${median(ratios).toFixed(3)} rounds ${ratios.map((v) => v.toFixed(2)).join(' ')}`);
  for (const s of [X, Y]) { s.p.removeAllListeners('exit'); s.p.kill('SIGTERM'); }
  await new Promise((r) => setTimeout(r, 300));
}
console.log(`all rounds median ${median(all).toFixed(3)} (X over Y: ${xs} / ${ys})`);
