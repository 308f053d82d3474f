// Start-up as a user meets it, on each document of the shared OpenAPI corpus: from spawning
// `api-serve <doc> --mock --port 0`, or Prism's `prism mock <doc> -p <port>`, to the first HTTP answer.
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { basename, join } from 'node:path';
import { cpuMicros, spawnPinned, stopChild } from './procs.mjs';
import { installPrismCli, PRISM_CLI_VERSION } from './prism-cli.mjs';
import { fmtInt, fmtRatio, median } from './stats.mjs';

const now = () => Number(process.hrtime.bigint()) / 1e6;

/** A port nothing listens on right now: Prism needs a concrete one (it has no `--port 0`). */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

/** Any answer counts, whatever its status: the question is when the server answers at all. */
function anyAnswer(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => { res.resume(); res.once('end', () => resolve(res.statusCode)); });
    req.once('error', reject);
  });
}

/**
 * Spawns `node args` pinned to CPU 1, waits for `listening` (a regex whose group 1 is the base URL)
 * on stdout or stderr, then for an answer to GET /; stops it. Wall ms from spawn to that answer and
 * the CPU ms the child used by then; rejects (with its output's tail) on exit or after `timeoutMs`.
 */
async function spawnToAnswer(args, listening, timeoutMs) {
  const t0 = now();
  const child = spawnPinned(1, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let timer;
  try {
    const answered = (async () => {
      const url = await new Promise((resolve, reject) => {
        const seen = (d) => {
          out = (out + d).slice(-4000);
          // ANSI colour codes stripped: Prism's logger may colour its lines.
          const m = listening.exec(out.replace(/\x1b\[[0-9;]*m/g, ''));
          if (m) resolve(m[1]);
        };
        child.stdout.on('data', seen);
        child.stderr.on('data', seen);
        child.once('exit', (code, signal) => reject(new Error(`exited (${signal ?? code}) before listening`)));
      });
      const status = await anyAnswer(`${url}/`);
      return { wallMs: now() - t0, cpuMs: cpuMicros(child.pid) / 1000, status };
    })();
    answered.catch(() => {}); // when the timeout wins, the stopped child's exit rejects it later
    const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs); });
    return await Promise.race([answered, late]);
  } catch (err) {
    const tail = out.replace(/\x1b\[[0-9;]*m/g, '').trim().split('\n').slice(-3).join(' / ');
    throw new Error(`${err.message}${tail ? `: ${tail}` : ''}`);
  } finally {
    clearTimeout(timer);
    await stopChild(child, 500);
  }
}

const SIDES = {
  'api-serve': async ({ bin }, doc, timeoutMs) => spawnToAnswer([bin, doc, '--mock', '--port', '0'], /listening on (http:\/\/[^\s/]+)/, timeoutMs),
  prism: async ({ prism }, doc, timeoutMs) => spawnToAnswer([prism, 'mock', doc, '-p', String(await freePort())], /Prism is listening on (http:\/\/[^\s/]+)/, timeoutMs),
};

/** The shared corpus's documents, as bench/corpus/measure.mjs finds them (beside the repository). */
export function corpusDocuments(root) {
  const dir = join(root, '..', 'shared', 'openapi-corpus');
  if (!existsSync(dir)) throw new Error(`${dir} is not present (the shared OpenAPI corpus)`);
  return readdirSync(dir).filter((f) => /\.(ya?ml|json)$/.test(f)).sort().map((f) => join(dir, f));
}

/**
 * `runs` runs per side per document, sides alternating (api-serve, prism, api-serve, ...), after one
 * unmeasured start of each side (the file cache). A side whose first run on a document fails is
 * not tried again there and is reported with why; a later failure is kept as a failed sample.
 */
export async function prismStartupScenario({ root, runs, timeoutMs, log }) {
  const ctx = { bin: join(root, 'bin/api-serve.js'), prism: installPrismCli() };
  const docs = corpusDocuments(root);
  log(`prism-startup: ${docs.length} documents, ${runs} runs per side, Prism CLI ${PRISM_CLI_VERSION}`);
  for (const side of Object.keys(SIDES)) await SIDES[side](ctx, docs[0], timeoutMs).catch(() => {});
  const rows = [];
  for (const doc of docs) {
    const sides = Object.fromEntries(Object.keys(SIDES).map((s) => [s, { samples: [], failures: [] }]));
    for (let i = 0; i < runs; i++) {
      for (const [name, s] of Object.entries(sides)) {
        if (s.error) continue;
        try {
          s.samples.push(await SIDES[name](ctx, doc, timeoutMs));
        } catch (err) {
          if (i === 0) s.error = err.message; else s.failures.push(err.message);
        }
      }
    }
    for (const s of Object.values(sides)) {
      s.medianWallMs = median(s.samples.map((x) => x.wallMs));
      s.medianCpuMs = median(s.samples.map((x) => x.cpuMs));
    }
    const a = sides['api-serve'];
    const p = sides.prism;
    const row = { document: basename(doc), 'api-serve': a, prism: p, wallRatio: a.medianWallMs / p.medianWallMs, cpuRatio: a.medianCpuMs / p.medianCpuMs };
    log(`prism-startup: ${row.document}: api-serve ${fmtInt(a.medianWallMs)} ms (${a.error ?? `${fmtInt(a.medianCpuMs)} ms CPU`}), prism ${fmtInt(p.medianWallMs)} ms (${p.error ?? `${fmtInt(p.medianCpuMs)} ms CPU`})`);
    rows.push(row);
  }
  // Over the documents both sides started, so the total's ratio compares the same documents.
  const both = rows.filter((r) => Number.isFinite(r['api-serve'].medianWallMs) && Number.isFinite(r.prism.medianWallMs));
  const over = (side, key) => median(both.map((r) => r[side][key]));
  const total = {
    documents: both.length,
    'api-serve': { medianWallMs: over('api-serve', 'medianWallMs'), medianCpuMs: over('api-serve', 'medianCpuMs') },
    prism: { medianWallMs: over('prism', 'medianWallMs'), medianCpuMs: over('prism', 'medianCpuMs') },
  };
  total.wallRatio = total['api-serve'].medianWallMs / total.prism.medianWallMs;
  total.cpuRatio = total['api-serve'].medianCpuMs / total.prism.medianCpuMs;
  return { prismCli: PRISM_CLI_VERSION, rows, total };
}

/** The result's table: one row per document, the total, failures, the machine and its load. */
export function prismStartupMarkdown(result) {
  const cell = (s, key) => (s.error ? 'did not start' : fmtInt(s[key]));
  const out = [
    `Spawn to the first answer to GET / (any status): \`api-serve <doc> --mock --port 0\` against \`prism mock <doc> -p <port>\` (@stoplight/prism-cli ${result.prismCli}), ${result.runs} runs per side per document, alternating; medians in ms.`,
    '',
    '| document | api-serve wall | Prism wall | wall ratio | api-serve CPU | Prism CPU | CPU ratio |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of result.rows) {
    out.push(`| ${r.document} | ${cell(r['api-serve'], 'medianWallMs')} | ${cell(r.prism, 'medianWallMs')} | ${fmtRatio(r.wallRatio)} | ${cell(r['api-serve'], 'medianCpuMs')} | ${cell(r.prism, 'medianCpuMs')} | ${fmtRatio(r.cpuRatio)} |`);
  }
  const t = result.total;
  out.push(`| **total** (median over the ${t.documents} documents both started) | ${fmtInt(t['api-serve'].medianWallMs)} | ${fmtInt(t.prism.medianWallMs)} | **${fmtRatio(t.wallRatio)}** | ${fmtInt(t['api-serve'].medianCpuMs)} | ${fmtInt(t.prism.medianCpuMs)} | **${fmtRatio(t.cpuRatio)}** |`, '');
  for (const r of result.rows) {
    for (const side of ['api-serve', 'prism']) {
      const s = r[side];
      if (s.error) out.push(`- ${side} did not start on ${r.document}: ${s.error}`);
      for (const f of s.failures) out.push(`- ${side} on ${r.document}, one run failed: ${f}`);
    }
  }
  out.push('', `${result.machine}; load average at the start ${result.loadavgAtStart}. Both sides pinned to one CPU: ${result.pinned}.`, '');
  return out.join('\n');
}
