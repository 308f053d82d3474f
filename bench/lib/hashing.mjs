// `npm run bench -- --only hashing`: does password hashing starve the rest of the process?
// One api-serve process serves S6 and S8; autocannon floods S6 with wrong Basic passwords (100
// connections) while a probe in this process sends bearer requests to S6 and static-file requests
// to S8 one at a time, and times them. Alternating rounds: the gate as shipped (2 hashes at once,
// 64 waiting, 503 past them) against no gate (every check hashed at once, as before issue 14).
import { request as httpRequest, Agent } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SignJWT } from 'jose';
import { startContender, startLoadGenerator } from './procs.mjs';
import { median } from './stats.mjs';

const SECRET = 'a bench secret that is longer than thirty-two bytes';
const CONFIGS = [
  { id: 'gate', label: 'gate as shipped (2 at once, 64 waiting)', options: [] },
  { id: 'no-gate', label: 'no gate (every check at once)', options: ['--option', 'hashConcurrency=1000000', '--option', 'hashQueue=0'] },
];

const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN; };

/** One GET, its latency in ms and status. */
function timed(agent, port, path, headers) {
  return new Promise((resolve) => {
    const t = performance.now();
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
      res.resume();
      res.once('end', () => resolve({ ms: performance.now() - t, status: res.statusCode }));
    });
    req.once('error', () => resolve({ ms: performance.now() - t, status: 0 }));
    req.end();
  });
}

/** Alternating bearer and static requests, one at a time, until `until` (performance.now()). */
async function probe(ports, token, until, agent) {
  const bearer = [];
  const file = [];
  const bad = [];
  while (performance.now() < until) {
    const b = await timed(agent, ports.S6, '/bar', { authorization: `Bearer ${token}` });
    const f = await timed(agent, ports.S8, '/static/hello.txt', {});
    bearer.push(b.ms);
    file.push(f.ms);
    if (b.status !== 200 || f.status !== 200) bad.push(`${b.status}/${f.status}`);
  }
  return { bearer, file, bad };
}

export async function hashingScenario({ root, rounds, seconds, log }) {
  const data = mkdtempSync(join(os.tmpdir(), 'api-serve-bench-hashing-'));
  mkdirSync(join(data, 'static'));
  writeFileSync(join(data, 'static', 'hello.txt'), 'Hello from the static directory.\n');
  const token = await new SignJWT({ dat: { auID: 1, auOrgID: 1 } }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(SECRET));
  const load = await startLoadGenerator(join(root, 'bench/lib/load.mjs'));
  const samples = Object.fromEntries(CONFIGS.map((c) => [c.id, []]));
  try {
    for (let round = 0; round < rounds; round++) {
      for (const config of round % 2 ? [...CONFIGS].reverse() : CONFIGS) {
        log(`hashing round ${round + 1}/${rounds}: ${config.id}`);
        const proc = await startContender(`api-serve ${config.id}`, join(root, 'bench/contenders/api-serve.mjs'), ['S6', 'S8', '--data', data, '--option', `jwtSecret=${SECRET}`, ...config.options]);
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        try {
          const idle = await probe(proc.ports, token, performance.now() + 1000, agent);
          const flooding = load.run({
            url: `http://127.0.0.1:${proc.ports.S6}/bar`, method: 'GET', connections: 100, duration: seconds,
            headers: { authorization: `Basic ${Buffer.from('user:wrong password').toString('base64')}` },
          }, 60_000 + seconds * 2000);
          // Let the flood fill the queue, then probe while it lasts.
          await new Promise((r) => setTimeout(r, 500));
          const busy = await probe(proc.ports, token, performance.now() + (seconds - 1) * 1000, agent);
          const flood = await flooding;
          samples[config.id].push({ idle, busy, flood: { rps: flood.rps, statusCodes: flood.statusCodes, errors: flood.errors, p50: flood.p50, p99: flood.p99 } });
        } finally {
          agent.destroy();
          await proc.stop();
        }
      }
    }
  } finally {
    await load.stop();
    rmSync(data, { recursive: true, force: true });
  }
  const rows = CONFIGS.map((c) => {
    const s = samples[c.id];
    const all = (pick) => s.flatMap(pick);
    const codes = {};
    for (const x of s) for (const [k, v] of Object.entries(x.flood.statusCodes)) codes[k] = (codes[k] ?? 0) + v;
    const logins = Object.values(codes).reduce((a, b) => a + b, 0);
    return {
      id: c.id, label: c.label, rounds: s.length,
      bearerIdleP50: median(all((x) => x.idle.bearer)), bearerP50: pct(all((x) => x.busy.bearer), 0.5), bearerP99: pct(all((x) => x.busy.bearer), 0.99),
      staticIdleP50: median(all((x) => x.idle.file)), staticP50: pct(all((x) => x.busy.file), 0.5), staticP99: pct(all((x) => x.busy.file), 0.99),
      probes: all((x) => x.busy.bearer).length, probeFailures: all((x) => x.busy.bad),
      loginsPerSecond: median(s.map((x) => x.flood.rps)), loginP99: median(s.map((x) => x.flood.p99)), statusCodes: codes, share503: logins ? (codes['503'] ?? 0) / logins : 0,
      floodErrors: s.reduce((n, x) => n + x.flood.errors, 0),
    };
  });
  return { rows, samples };
}

const ms = (x) => (Number.isFinite(x) ? `${x < 10 ? x.toFixed(1) : x.toFixed(0)} ms` : 'n/a');

export function hashingMarkdown(result) {
  const lines = [
    `# Password hashing under a flood (${result.when})`, '',
    `\`${result.command}\`: one api-serve process serving S6 and S8; autocannon (100 connections, ${result.seconds} s per round) sends wrong Basic passwords to S6 \`/bar\`; a probe sends bearer requests (S6 \`/bar\`) and static files (S8 \`/static/hello.txt\`) one at a time. ${result.rounds} alternating rounds per configuration. Machine: ${result.machine}.`, '',
    '| configuration | bearer p50 idle | bearer p50 / p99 in the flood | static p50 idle | static p50 / p99 in the flood | logins answered/s | 503 share | probes |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...result.rows.map((r) => `| ${r.label} | ${ms(r.bearerIdleP50)} | ${ms(r.bearerP50)} / ${ms(r.bearerP99)} | ${ms(r.staticIdleP50)} | ${ms(r.staticP50)} / ${ms(r.staticP99)} | ${Math.round(r.loginsPerSecond)} | ${(r.share503 * 100).toFixed(0)}% | ${r.probes}${r.probeFailures.length ? ` (${r.probeFailures.length} failed)` : ''} |`),
    '',
  ];
  return lines.join('\n');
}
