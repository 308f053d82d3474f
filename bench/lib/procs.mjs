// Child processes of the benchmark: contenders pinned to one CPU, the load generator to the other,
// every child tracked so that all of them are killed at the end, on error, or on a signal.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

const children = new Set();
const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
let pinning = hasTaskset;

let contenderFlags = [];

export const canPin = () => hasTaskset;
/** Node flags given to every contender alike (see run.mjs: --no-memory-reducer). */
export function setContenderFlags(flags) { contenderFlags = flags; }
export const getContenderFlags = () => contenderFlags;
export function setPinning(on) { pinning = on && hasTaskset; }
export const isPinned = () => pinning;

/** CPU 1 for servers, CPU 0 for the load generator (when pinning is on). */
function command(cpu, args) {
  return pinning ? ['taskset', ['-c', String(cpu), process.execPath, ...args]] : [process.execPath, args];
}

function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Spawns a pinned child process (node args), tracked for the final clean-up. */
export function spawnPinned(cpu, args, options = {}) {
  const [file, argv] = command(cpu, args);
  return track(spawn(file, argv, options));
}

/**
 * Starts a contender script and waits for its `{"ready":true,"ports":...}` line.
 * Resolves to { name, pid, ports, stop() }; rejects with its stderr when it fails or times out.
 */
export function startContender(name, script, args = [], env = {}, timeoutMs = 20000) {
  const child = spawnPinned(1, [...contenderFlags, script, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production', ...env } });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-4000); });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => fail(`did not announce its port within ${timeoutMs} ms`), timeoutMs);
    const fail = (why) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${name}: ${why}${stderr ? `\n${stderr.trim()}` : ''}`));
    };
    const early = (code, signal) => fail(`exited early (${signal ?? code})`);
    child.once('exit', early);
    child.stdout.on('data', (d) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl < 0) return;
      let msg;
      try { msg = JSON.parse(out.slice(0, nl)); } catch { fail(`printed ${JSON.stringify(out.slice(0, nl))}`); return; }
      clearTimeout(timer);
      child.off('exit', early);
      child.stdout.resume();
      resolve({ name, pid: child.pid, ports: msg.ports, stderr: () => stderr, stop: () => stopChild(child) });
    });
  });
}

/** SIGTERM, then SIGKILL after a grace period; resolves when the child is gone. */
export function stopChild(child, graceMs = 1500) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => { clearTimeout(timer); resolve(); });
    child.kill('SIGTERM');
  });
}

export const stopAll = () => Promise.all([...children].map((c) => stopChild(c)));

/** Last resort on exit: nothing outlives the benchmark. */
process.on('exit', () => { for (const c of children) { try { c.kill('SIGKILL'); } catch { /* already gone */ } } });

/** `pid` and its child processes (a contender serving with cluster workers counts them all). */
function withChildren(pid) {
  const kids = [];
  try {
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        if (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === String(pid)) kids.push(Number(d));
      } catch { /* gone meanwhile */ }
    }
  } catch { /* no /proc */ }
  return [pid, ...kids];
}

/** Resident set size of a process (and its children) in MiB (Linux /proc), NaN where unavailable. */
export function rssMiB(pid) {
  try {
    return withChildren(pid).reduce((sum, p) => {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      return sum + (m ? Number(m[1]) / 1024 : NaN);
    }, 0);
  } catch { return NaN; }
}

/** The load generator process, driven over IPC: run(opts) -> summary. */
export async function startLoadGenerator(script) {
  const child = spawnPinned(0, [script], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((resolve, reject) => {
    const early = (code) => reject(new Error(`load generator exited (${code})`));
    child.once('exit', early);
    child.once('message', (m) => {
      child.off('exit', early);
      if (m?.ready) resolve(); else reject(new Error('load generator: unexpected first message'));
    });
  });
  let next = 0;
  const pending = new Map();
  child.on('message', ({ id, result, error }) => {
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    if (error) p.reject(new Error(error)); else p.resolve(result);
  });
  child.on('exit', () => { for (const p of pending.values()) p.reject(new Error('load generator exited')); pending.clear(); });
  return {
    run: (opts, timeoutMs) => new Promise((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => { pending.delete(id); reject(new Error(`load run timed out after ${timeoutMs} ms`)); }, timeoutMs);
      pending.set(id, { resolve: (r) => { clearTimeout(timer); resolve(r); }, reject: (e) => { clearTimeout(timer); reject(e); } });
      child.send({ id, opts });
    }),
    stop: () => { if (child.connected) child.disconnect(); return stopChild(child); },
  };
}

/** CPU time a process and its children have used so far (user + system), in microseconds; NaN where unavailable. */
export function cpuMicros(pid) {
  try {
    return withChildren(pid).reduce((sum, p) => {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return sum + ((Number(f[11]) + Number(f[12])) * 1e6) / CLOCK_TICKS;
    }, 0);
  } catch { return NaN; }
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
