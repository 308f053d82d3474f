// The machine-readable report: totals, then every case with its outcome and differences.
import type { RunResult } from './run.js';
import { originOf, totalsOf } from './report.js';

export function jsonReport(result: RunResult): string {
  const doc = {
    totals: totalsOf(result.results),
    unreachable: result.unreachable,
    cases: result.results.map((r) => ({
      surface: r.case.surface,
      file: r.case.file,
      step: r.case.pointer === '' ? undefined : r.case.index + 1,
      origin: originOf(r),
      name: r.case.name,
      endpoint: r.case.endpoint,
      request: { method: r.case.request.method, path: r.case.request.path },
      sent: r.sent,
      outcome: r.outcome,
      reason: r.reason,
      expectedStatus: r.case.response.status,
      actualStatus: r.actual?.status,
      differences: r.differences,
      conformance: r.conformance ?? [],
      durationMs: Math.round(r.durationMs * 1000) / 1000,
    })),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
