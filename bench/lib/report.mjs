// Turns the raw runs into medians and same-run ratios, prints the tables and the targets, and
// builds the JSON written to bench/results/.
import { fmt1, fmtInt, fmtPct, fmtRatio, median, pairedRatio, spread, table } from './stats.mjs';

const METRICS = ['rps', 'p50', 'p99', 'cpu', 'rss'];
const series = (cell, m) => cell.byRound.map((r) => (r ? r[m] : NaN));

/** The baseline cell of a workload (routing rows compare with the 10-endpoint surface). */
function baselineCell(w, workloads) {
  if (w.group === 'routing') return workloads.find((x) => x.id === 'routing-10')?.cells[0];
  return w.cells.find((c) => c.contender === w.baseline && !c.invalid);
}

export function summarize(workloads) {
  return workloads.map((w) => {
    const base = baselineCell(w, workloads);
    const cells = w.cells.filter((c) => !c.invalid && c.byRound.some(Boolean)).map((c) => {
      const med = Object.fromEntries(METRICS.map((m) => [m, median(series(c, m))]));
      const ratio = base ? Object.fromEntries(METRICS.map((m) => [m, pairedRatio(series(c, m), series(base, m))])) : {};
      return {
        contender: c.contender, median: med, ratio, rpsSpread: spread(series(c, 'rps')),
        rounds: c.byRound.map((r) => r ?? null), ...(c.differs ? { differs: c.differs } : {}),
      };
    });
    return { id: w.id, label: w.label, group: w.group, baseline: w.group === 'routing' ? 'routing-10' : w.baseline, cells };
  });
}

export function printTables(summary, out = console.log) {
  const header = ['workload / contender', 'req/s', 'x base', 'p50 ms', 'x base', 'p99 ms', 'x base', 'CPU us/req', 'x base', 'RSS MiB', 'x base', 'spread'];
  for (const group of ['main', 's4', 'routing']) {
    const rows = [];
    for (const w of summary.filter((s) => s.group === group)) {
      rows.push([w.label, ...header.slice(1).map(() => '')]);
      for (const c of w.cells) {
        rows.push([`  ${c.contender}${c.differs ? ' (differs)' : ''}`, fmtInt(c.median.rps), fmtRatio(c.ratio.rps), fmt1(c.median.p50), fmtRatio(c.ratio.p50),
          fmt1(c.median.p99), fmtRatio(c.ratio.p99), fmt1(c.median.cpu), fmtRatio(c.ratio.cpu), fmt1(c.median.rss), fmtRatio(c.ratio.rss), fmtPct(c.rpsSpread)]);
      }
    }
    if (rows.length === 0) continue;
    const title = { main: 'Workloads (baseline: node:http)', s4: 'S4 CRUD (baseline: json-server)', routing: 'Routing scale (baseline: 10 endpoints)' }[group];
    out(`\n${title}\n${table(header, rows)}`);
  }
}

const rpsOf = (c) => c.rounds.map((r) => (r ? r.rps : NaN));
const cpuOf = (c) => c.rounds.map((r) => (r ? r.cpu : NaN));
/** Throughput a over b as CPU time per answer predicts it (b's CPU/req over a's). */
const byCpu = (a, b) => (a && b ? pairedRatio(cpuOf(b), cpuOf(a)) : NaN);
const cellOf = (summary, id, contender) => summary.find((w) => w.id === id)?.cells.find((c) => c.contender === contender);

/** Each target of the issue with the figure measured and a verdict (noise: typical spread). */
export function targets(summary, startup, noise) {
  const out = [];
  const within = (v, floor) => (!Number.isFinite(v) ? 'not measured' : v >= floor ? 'met' : v >= floor - noise ? 'within noise' : 'missed');
  for (const id of ['s2-position', 's2-hello', 's2-marketing']) {
    const api = cellOf(summary, id, 'api-serve');
    const polka = cellOf(summary, id, 'polka');
    const node = cellOf(summary, id, 'node:http');
    out.push({ target: `${id}: api-serve >= 0.85x node:http req/s`, value: api?.ratio.rps, byCpu: byCpu(api, node), verdict: within(api?.ratio.rps, 0.85) });
    const vsPolka = api && polka ? pairedRatio(rpsOf(api), rpsOf(polka)) : NaN;
    out.push({ target: `${id}: api-serve >= polka req/s (within noise)`, value: vsPolka, byCpu: byCpu(api, polka), verdict: within(vsPolka, 1) });
  }
  const pos = cellOf(summary, 's2-position', 'api-serve');
  const fast = cellOf(summary, 's2-position', 'fastify');
  const vsFastify = pos && fast ? pairedRatio(rpsOf(pos), rpsOf(fast)) : NaN;
  out.push({ target: 's2-position: api-serve ahead of fastify', value: vsFastify, byCpu: byCpu(pos, fast), verdict: !Number.isFinite(vsFastify) ? 'not measured' : vsFastify > 1 ? 'met' : vsFastify >= 1 - noise ? 'within noise' : 'missed' });
  for (const id of ['s4-create', 's4-get']) {
    const v = cellOf(summary, id, 'api-serve')?.ratio.rps;
    out.push({ target: `${id}: api-serve >= 1.5x json-server`, value: v, byCpu: byCpu(cellOf(summary, id, 'api-serve'), cellOf(summary, id, 'json-server')), verdict: within(v, 1.5) });
  }
  for (const w of summary.filter((s) => s.group === 'main')) {
    const v = cellOf(summary, w.id, 'api-serve')?.ratio.p99;
    out.push({ target: `${w.id}: api-serve p99 <= 2x node:http`, value: v, verdict: !Number.isFinite(v) ? 'not measured' : v <= 2 ? 'met' : v <= 2 + 2 * noise ? 'within noise' : 'missed' });
  }
  const routing = cellOf(summary, 'routing-1000', 'api-serve')?.ratio.rps;
  const r10 = cellOf(summary, 'routing-10', 'api-serve');
  out.push({ target: 'routing: 1000 endpoints >= 0.9x of 10', value: routing, byCpu: byCpu(cellOf(summary, 'routing-1000', 'api-serve'), r10), verdict: within(routing, 0.9) });
  if (startup) {
    out.push({ target: 'start-up (spawn to first 200) < 300 ms', value: startup.apiServeMs, unit: 'ms', verdict: startup.apiServeMs < 300 ? 'met' : 'missed' });
  }
  return out;
}

export function printTargets(list, out = console.log) {
  out('\nTargets');
  out(table(['target', 'measured', 'by CPU/req', 'verdict'],
    list.map((t) => [t.target, t.unit === 'ms' ? `${Math.round(t.value)} ms` : fmtRatio(t.value), fmtRatio(t.byCpu), t.verdict])));
  out('(by CPU/req: the same ratio predicted from server CPU time per answer, which other load on the machine disturbs far less)');
}
