// Start-up time: from spawning `api-serve S2 --port 0` to its first 200, against spawning
// `node -e ""` to its exit. Runs alternate, each bounded by a timeout.
import http from 'node:http';
import { cpuMicros, spawnPinned, stopChild } from './procs.mjs';

const now = () => Number(process.hrtime.bigint()) / 1e6;

function get200(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.once('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
    });
    req.once('error', reject);
  });
}

/**
 * Spawns `bin args` pinned to CPU 1, waits for its listening line, then for a 200 on `path`; stops
 * it. Resolves to the ms from spawn to that answer and the CPU ms the server used by then.
 */
export async function spawnToFirstAnswer(bin, args, path, timeoutMs) {
  const t0 = now();
  const child = spawnPinned(1, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no listening line within ${timeoutMs} ms`)), timeoutMs);
      child.stdout.on('data', (d) => {
        out += d;
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) { clearTimeout(timer); resolve(m[1]); }
      });
      child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`api-serve exited (${code})`)); });
    });
    await get200(`${url}${path}`);
    return { wallMs: now() - t0, cpuMs: cpuMicros(child.pid) / 1000 };
  } finally {
    await stopChild(child, 500);
  }
}

/** ms from spawn to the first 200 on /position/1/2. */
async function apiServeOnce(bin, timeoutMs) {
  return (await spawnToFirstAnswer(bin, ['S2', '--port', '0'], '/position/1/2', timeoutMs)).wallMs;
}

/** ms from spawn to exit of an empty script. */
function emptyNodeOnce(timeoutMs) {
  const t0 = now();
  const child = spawnPinned(1, ['-e', ''], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error('node -e "" timed out')); }, timeoutMs);
    child.once('exit', () => { clearTimeout(timer); resolve(now() - t0); });
  });
}

/** `runs` alternating pairs; returns the raw samples in ms. */
export async function measureStartup(bin, runs, timeoutMs = 10000) {
  const apiServe = [];
  const node = [];
  for (let i = 0; i < runs; i++) {
    node.push(await emptyNodeOnce(timeoutMs));
    apiServe.push(await apiServeOnce(bin, timeoutMs));
  }
  return { apiServe, node };
}
