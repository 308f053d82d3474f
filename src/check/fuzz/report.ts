// Fuzz reports for machines, as replay has them: JSON (totals, seed, every failure with its
// shrunk request or sequence) and JUnit XML (one <testsuite> for the surface, a <testcase> per
// endpoint and check that failed, plus one that stands for the requests that passed).
import { xmlEscape } from '../report-junit.js';
import type { FuzzResult, Unreached } from './run.js';
import { describeSteps } from './stateful.js';

export interface FuzzMeta {
  readonly surface: string;
  readonly seed: number;
  readonly seconds: number;
}

const totals = (r: FuzzResult) => {
  const failed = r.failures.length + (r.stateful?.failures.length ?? 0);
  return { passed: r.passed + (r.stateful?.passed ?? 0), failed };
};

export function fuzzJson(r: FuzzResult, m: FuzzMeta): string {
  return `${JSON.stringify({
    surface: m.surface, seed: m.seed, totals: totals(r), ...(r.unreachable === undefined ? {} : { unreachable: r.unreachable }),
    failures: r.failures.map((f) => ({
      endpoint: f.probe.endpoint, fault: f.probe.fault, request: f.probe.request, status: f.actual.status,
      expected: f.prediction.kind === 'handler' ? 'a declared response' : f.prediction.status, checks: f.failures,
    })),
    unreached: r.unreached.map((u) => ({ endpoint: u.endpoint, operation: u.operation, statuses: u.statuses })),
    stateful: r.stateful === undefined ? undefined : {
      collections: r.stateful.collections, passed: r.stateful.passed,
      failures: r.stateful.failures.map((f) => ({ collection: f.collection, check: f.check, message: f.message, steps: f.steps })),
    },
  }, null, 2)}\n`;
}

/** `GET /a: no request reached the handler (every answer was 401)`. */
export const unreachedLine = (u: Unreached) =>
  `${u.operation}: no request reached the handler (${u.statuses.length === 1 ? `every answer was ${u.statuses[0]}` : `answers were ${u.statuses.join(', ')}`})`;

const attrs = (o: Record<string, string | number>) => Object.entries(o).map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`).join('');

export function fuzzJunit(r: FuzzResult, m: FuzzMeta): string {
  const t = totals(r);
  const cases: string[] = [`    <testcase${attrs({ name: `${t.passed} generated requests answered as described`, classname: m.surface, time: m.seconds.toFixed(3) })}/>`];
  for (const f of r.failures) {
    const req = f.probe.request;
    const first = f.failures[0]!;
    const details = [`${req.method} ${req.path} -> ${f.actual.status} (${f.probe.fault === 'valid' ? 'valid request' : `fault: ${f.probe.fault}`})`, ...f.failures.map((x) => `${x.check}: ${x.message}`)].join('\n');
    cases.push(`    <testcase${attrs({ name: `${f.probe.endpoint} ${first.check}`, classname: m.surface, time: '0' })}>\n      <failure${attrs({ message: `${first.check}: ${first.message}`, type: first.check })}>${xmlEscape(details)}</failure>\n    </testcase>`);
  }
  for (const f of r.stateful?.failures ?? []) {
    cases.push(`    <testcase${attrs({ name: `stateful ${f.collection} ${f.check}`, classname: m.surface, time: '0' })}>\n      <failure${attrs({ message: `${f.check}: ${f.message}`, type: f.check })}>${xmlEscape(describeSteps(f.steps).join('\n'))}</failure>\n    </testcase>`);
  }
  for (const u of r.unreached) cases.push(`    <testcase${attrs({ name: `${u.operation} reached`, classname: m.surface, time: '0' })}>\n      <skipped${attrs({ message: unreachedLine(u) })}/>\n    </testcase>`);
  if (r.unreachable !== undefined) cases.push(`    <testcase${attrs({ name: 'the server', classname: m.surface, time: '0' })}>\n      <error${attrs({ message: r.unreachable, type: 'unreachable' })}/>\n    </testcase>`);
  const errors = r.unreachable === undefined ? 0 : 1;
  const suite = attrs({ name: `api-check fuzz ${m.surface} (seed ${m.seed})`, tests: cases.length, failures: t.failed, errors, skipped: r.unreached.length, time: m.seconds.toFixed(3) });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${attrs({ name: 'api-check fuzz', tests: cases.length, failures: t.failed, errors, time: m.seconds.toFixed(3) })}>\n  <testsuite${suite}>\n${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`;
}
