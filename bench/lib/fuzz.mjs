// The fuzz speed row (issue 18): `api-check fuzz S2` in-process, generated requests per second,
// generation, prediction and checking included (the server answers through the injector, no socket).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function fuzzScenario({ root, rounds, runs, log }) {
  const [{ fuzz }, { injector }, { bodyFor }, { registry }] = await Promise.all([
    import(join(root, 'dist/src/check/fuzz/index.js')), import(join(root, 'dist/src/server/inject.js')),
    import(join(root, 'dist/src/check/replay.js')), import(join(root, 'dist/specs/index.js')),
  ]);
  const { surface, handlers } = await registry.S2.load();
  const maxBody = 64 * 1024;
  const samples = [];
  for (let round = 0; round < rounds; round++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-fuzz-'));
    const inj = await injector(handlers, { dataDir, maxBody, log: () => {} });
    const send = async (r) => {
      const body = bodyFor(r);
      const headers = Object.fromEntries(Object.entries(r.headers ?? {}).filter(([, v]) => typeof v === 'string'));
      const res = await inj.inject({ method: r.method, url: r.path, headers, ...(body === undefined ? {} : { body }) });
      return { ok: true, response: { status: res.status, headers: res.headers, body: res.body } };
    };
    const began = performance.now();
    const result = await fuzz({ surface, send, seed: 1000 + round, runs, maxBody, stateful: false });
    const seconds = (performance.now() - began) / 1000;
    await inj.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (result.failures.length > 0) throw new Error(`fuzz S2 found ${result.failures.length} failures: the row measures a passing run`);
    samples.push({ requests: result.passed, seconds, perSecond: result.passed / seconds });
    log(`fuzz S2 round ${round + 1}: ${result.passed} requests in ${seconds.toFixed(2)} s = ${(result.passed / seconds).toFixed(0)}/s`);
  }
  const sorted = samples.map((s) => s.perSecond).sort((a, b) => a - b);
  return { samples, medianPerSecond: sorted[Math.floor(sorted.length / 2)] };
}
