// What a run looks like to a person: one line per case, then each failed case with expected and
// actual status, differing headers and a body diff by JSON pointer, then `N passed, N failed`.
import type { CaseResult, RunResult } from './run.js';
import type { Paint } from './color.js';
import { differenceWhere } from './compare.js';

export interface Totals {
  readonly total: number;
  readonly passed: number;
  /** Mismatches and errors (no usable answer) together: what CI counts as failed. */
  readonly failed: number;
  readonly errors: number;
  readonly skipped: number;
}

export function totalsOf(results: readonly CaseResult[]): Totals {
  const count = (o: CaseResult['outcome']) => results.filter((r) => r.outcome === o).length;
  const errors = count('error');
  return { total: results.length, passed: count('passed'), failed: count('failed') + errors, errors, skipped: count('skipped') };
}

/** The last line of every run, read by CI. */
export const totalsLine = (t: Totals) => `${t.passed} passed, ${t.failed} failed`;

const TAG: Readonly<Record<CaseResult['outcome'], string>> = { passed: 'PASS ', failed: 'FAIL ', error: 'ERROR', skipped: 'SKIP ' };

/** Where a case comes from: `test/fixtures/S2/hello.json` or `... step 2`. */
export function originOf(r: CaseResult): string {
  return r.case.pointer === '' ? r.case.file : `${r.case.file} step ${r.case.index + 1}`;
}

/** What a case checks: `GET /hello -> 200 greets anonymously`. */
export function titleOf(r: Pick<CaseResult, 'case'>): string {
  const c = r.case;
  const req = `${c.request.method} ${c.request.path} -> ${c.response.status}`;
  return c.name === undefined ? req : `${req}  ${c.name}`;
}

export function caseLine(r: CaseResult, p: Paint): string {
  const tag = r.outcome === 'passed' ? p.green(TAG.passed) : r.outcome === 'skipped' ? p.yellow(TAG.skipped) : p.red(TAG[r.outcome]);
  return `${tag} ${r.case.surface}  ${titleOf(r)}  ${p.dim(`(${originOf(r)})`)}`;
}

const MAX_DIFFERENCES = 20;

/** The explanation of a failed or errored case, indented under its line. */
export function detailLines(r: CaseResult, p: Paint): string[] {
  const out: string[] = [];
  if (r.sent) out.push(p.dim(`${r.sent.method} ${r.sent.url}`));
  if (r.reason && r.reason.kind !== 'skipped') out.push(`${r.outcome === 'error' ? p.red(r.reason.kind) : r.reason.kind}: ${r.reason.message}`);
  const status = r.differences.find((d) => d.where === 'status');
  if (status) out.push(`status: ${p.red(status.message)}`);
  else if (r.actual && r.differences.length > 0) out.push(p.dim(`status: ${r.actual.status} as expected`));
  const rest = r.differences.filter((d) => d.where !== 'status');
  for (const d of rest.slice(0, MAX_DIFFERENCES)) {
    out.push(`${differenceWhere(d)}: ${p.red(d.message)}`);
  }
  if (rest.length > MAX_DIFFERENCES) out.push(`... and ${rest.length - MAX_DIFFERENCES} more differences`);
  for (const f of r.conformance ?? []) out.push(`conformance ${f.check}: ${p.red(f.message)}`);
  if (r.hint) out.push(`${p.yellow('hint')}: ${r.hint}`);
  return out.map((l) => `    ${l}`);
}

/** A case that got no answer because its server could not be reached (reported per surface, not per case). */
export const isUnreachable = (r: CaseResult) => r.outcome === 'error' && r.reason?.kind === 'unreachable';

/** Everything after the per-case lines: failure details, skipped note, totals line. */
export function summaryText(result: RunResult, p: Paint): string {
  const t = totalsOf(result.results);
  const lines: string[] = [];
  // An unreachable server is one line per surface, however many cases it left unchecked.
  const unreachable = result.results.filter(isUnreachable);
  const bad = result.results.filter((r) => (r.outcome === 'failed' || r.outcome === 'error') && !isUnreachable(r));
  if (bad.length > 0) {
    lines.push('', p.bold(`Failures (${bad.length}):`));
    for (const r of bad) lines.push('', caseLine(r, p), ...detailLines(r, p));
    lines.push('');
  }
  for (const s of [...new Set(unreachable.map((r) => r.case.surface))]) {
    const list = unreachable.filter((r) => r.case.surface === s);
    lines.push(`${p.red(TAG.error)} ${s}  ${list[0]!.reason!.message}  (${list.length} case${list.length === 1 ? '' : 's'} not checked)`);
  }
  if (t.skipped > 0) {
    const why = [...new Set(result.results.filter((r) => r.outcome === 'skipped').map((r) => r.reason?.message ?? ''))];
    lines.push(p.yellow(`${t.skipped} not run (${why.map((w) => w.replace(/^not run: /, '')).join('; ')})`));
  }
  if (result.unreachable) lines.push(p.red('A server could not be reached: exit code 3.'));
  lines.push(totalsLine(t));
  return `${lines.join('\n')}\n`;
}
