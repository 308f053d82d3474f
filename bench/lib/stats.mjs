// Small statistics and formatting helpers: medians, paired ratios, spread, table cells.

export function median(xs) {
  const v = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/** (max - min) / median: how far repeated runs of one cell wandered. */
export function spread(xs) {
  const v = xs.filter((x) => Number.isFinite(x));
  if (v.length < 2) return NaN;
  return (Math.max(...v) - Math.min(...v)) / median(v);
}

/** The median of same-round ratios a[i] / b[i] (both measured in round i). */
export function pairedRatio(a, b) {
  const r = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (Number.isFinite(a[i]) && Number.isFinite(b[i]) && b[i] > 0) r.push(a[i] / b[i]);
  return median(r);
}

export const fmtInt = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '-');
export const fmt1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
export const fmtRatio = (x) => (Number.isFinite(x) ? `${x.toFixed(2)}x` : '-');
export const fmtPct = (x) => (Number.isFinite(x) ? `${Math.round(x * 100)}%` : '-');

/** A plain-text table with right-aligned numbers. */
export function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
