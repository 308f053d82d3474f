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
  for (const group of ['main', 'mock', 's4', 'routing']) {
    const rows = [];
    for (const w of summary.filter((s) => s.group === group)) {
      rows.push([w.label, ...header.slice(1).map(() => '')]);
      for (const c of w.cells) {
        rows.push([`  ${c.contender}${c.differs ? ' (differs)' : ''}`, fmtInt(c.median.rps), fmtRatio(c.ratio.rps), fmt1(c.median.p50), fmtRatio(c.ratio.p50),
          fmt1(c.median.p99), fmtRatio(c.ratio.p99), fmt1(c.median.cpu), fmtRatio(c.ratio.cpu), fmt1(c.median.rss), fmtRatio(c.ratio.rss), fmtPct(c.rpsSpread)]);
      }
    }
    if (rows.length === 0) continue;
    const title = { main: 'Workloads (baseline: node:http)', mock: 'Mock interpreter (baseline: the handled S2; stateful rows: json-server)', s4: 'S4 CRUD (baseline: json-server)', routing: 'Routing scale (baseline: 10 endpoints)' }[group];
    out(`\n${title}\n${table(header, rows)}`);
  }
}

const seriesOf = (c, m) => (c ? c.rounds.map((r) => (r ? r[m] : NaN)) : []);
/** Same-round ratios a[i] / b[i] of one metric. */
function roundRatios(a, b, m) {
  const x = seriesOf(a, m);
  const y = seriesOf(b, m);
  const out = [];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (Number.isFinite(x[i]) && Number.isFinite(y[i]) && y[i] > 0) out.push(x[i] / y[i]);
  return out.sort((p, q) => p - q);
}
const quantile = (sorted, q) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
const cellOf = (summary, id, contender) => summary.find((w) => w.id === id)?.cells.find((c) => c.contender === contender);

/**
 * A target on same-round ratios: met when their median clears it, "within noise" when at least a
 * quarter of the rounds clear it (the rest of the rounds, noise), else missed.
 */
function judge(target, ratios, bound, atMost = false, cpuRatios = []) {
  const value = median(ratios);
  const clears = (v) => (atMost ? v <= bound : v >= bound);
  const share = ratios.filter(clears).length / Math.max(1, ratios.length);
  const verdict = ratios.length === 0 ? 'not measured' : clears(value) ? 'met' : share >= 0.25 ? 'within noise' : 'missed';
  return { target, value, min: ratios[0], max: ratios[ratios.length - 1], byCpu: median(cpuRatios), verdict };
}

/** Each target of the issue with the figure measured, its spread over the rounds, and a verdict. */
export function targets(summary, startup) {
  const out = [];
  // Throughput a over b predicted from CPU time per answer: b's CPU/req over a's.
  const vs = (a, b) => [roundRatios(a, b, 'rps'), roundRatios(b, a, 'cpu')];
  for (const id of ['s2-position', 's2-hello', 's2-marketing']) {
    const api = cellOf(summary, id, 'api-serve');
    const [rn, cn] = vs(api, cellOf(summary, id, 'node:http'));
    out.push(judge(`${id}: api-serve >= 0.85x node:http req/s`, rn, 0.85, false, cn));
    const [rp, cp] = vs(api, cellOf(summary, id, 'polka'));
    out.push(judge(`${id}: api-serve >= polka req/s (within noise)`, rp, 1, false, cp));
  }
  // Body validation: CPU per answer against the same checks written by hand (issue 15).
  for (const id of ['s2-marketing', 'body-20']) {
    const api = cellOf(summary, id, 'api-serve');
    const node = cellOf(summary, id, 'node:http');
    if (api && node) out.push(judge(`${id}: api-serve CPU/answer <= 1.15x node:http (hand-validated)`, roundRatios(api, node, 'cpu'), 1.15, true));
  }
  {
    const [r, c] = vs(cellOf(summary, 'mock-s2', 'api-serve --mock'), cellOf(summary, 'mock-s2', 'api-serve'));
    out.push(judge('mock-s2: S2 --mock >= 0.9x handled S2 req/s', r, 0.9, false, c));
  }
  // The stateful mock on its default store against json-server, which users would otherwise run.
  for (const id of ['mock-stateful-create', 'mock-stateful-get']) {
    const [r, c] = vs(cellOf(summary, id, 'api-serve --mock --stateful'), cellOf(summary, id, 'json-server'));
    if (r.length > 0) out.push(judge(`${id}: stateful mock on lowdb >= 5x json-server req/s`, r, 5, false, c));
  }
  const [rf, cf] = vs(cellOf(summary, 's2-position', 'api-serve'), cellOf(summary, 's2-position', 'fastify'));
  out.push(judge('s2-position: api-serve ahead of fastify', rf, 1, false, cf));
  for (const id of ['s4-create', 's4-get']) {
    const [r, c] = vs(cellOf(summary, id, 'api-serve'), cellOf(summary, id, 'json-server'));
    out.push(judge(`${id}: api-serve >= 1.5x json-server`, r, 1.5, false, c));
  }
  for (const id of ['s4-create', 's4-get']) {
    const [r, c] = vs(cellOf(summary, id, 'api-serve pg'), cellOf(summary, id, 'json-server'));
    if (r.length > 0) out.push(judge(`${id}: api-serve on PostgreSQL >= 3x json-server`, r, 3, false, c));
  }
  const [rm, cm] = vs(cellOf(summary, 's4-mix', 'api-serve pg x2'), cellOf(summary, 's4-mix', 'api-serve pg'));
  if (rm.length > 0) out.push(judge('s4-mix: 2 processes on one database >= 1.5x one', rm, 1.5, false, cm));
  for (const w of summary.filter((s) => s.group === 'main')) {
    out.push(judge(`${w.id}: api-serve p99 <= 2x node:http`, roundRatios(cellOf(summary, w.id, 'api-serve'), cellOf(summary, w.id, 'node:http'), 'p99'), 2, true));
  }
  const [rr, cr] = vs(cellOf(summary, 'routing-1000', 'api-serve'), cellOf(summary, 'routing-10', 'api-serve'));
  out.push(judge('routing: 1000 endpoints >= 0.9x of 10', rr, 0.9, false, cr));
  if (startup) {
    out.push({ target: 'start-up (spawn to first 200) < 300 ms', value: startup.apiServeMs, unit: 'ms', verdict: startup.apiServeMs < 300 ? 'met' : 'missed' });
  }
  return out;
}

export function printTargets(list, out = console.log) {
  out('\nTargets (median of same-round ratios; range over the rounds)');
  out(table(['target', 'measured', 'range', 'by CPU/req', 'verdict'],
    list.map((t) => [t.target, t.unit === 'ms' ? `${Math.round(t.value)} ms` : fmtRatio(t.value),
      Number.isFinite(t.min) ? `${t.min.toFixed(2)}-${t.max.toFixed(2)}` : '-', fmtRatio(t.byCpu), t.verdict])));
  out('(by CPU/req: the same throughput ratio predicted from server CPU time per answer, which other load disturbs less)');
}
