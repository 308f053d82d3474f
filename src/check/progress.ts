// The state a live view shows, updated from run events; the view itself only displays it.
import type { Case } from './fixture.js';
import type { CaseResult } from './run.js';
import { titleOf } from './report.js';

export interface Progress {
  readonly total: number;
  readonly done: number;
  readonly passed: number;
  /** Mismatches and errors. */
  readonly failed: number;
  readonly skipped: number;
  /** Cases on the wire now, as `S2  GET /hello -> 200`. */
  readonly running: readonly string[];
  /** The most recent failures, newest last (a few). */
  readonly failures: readonly string[];
}

const label = (c: Case) => `${c.surface}  ${titleOf({ case: c })}`;
const KEEP_FAILURES = 5;

export const initialProgress = (total: number): Progress => ({ total, done: 0, passed: 0, failed: 0, skipped: 0, running: [], failures: [] });

export function caseStarted(p: Progress, c: Case): Progress {
  return { ...p, running: [...p.running, label(c)] };
}

export function caseEnded(p: Progress, r: CaseResult): Progress {
  const l = label(r.case);
  const i = p.running.indexOf(l);
  const running = i < 0 ? p.running : [...p.running.slice(0, i), ...p.running.slice(i + 1)];
  const bad = r.outcome === 'failed' || r.outcome === 'error';
  return {
    ...p,
    running,
    done: p.done + 1,
    passed: p.passed + (r.outcome === 'passed' ? 1 : 0),
    failed: p.failed + (bad ? 1 : 0),
    skipped: p.skipped + (r.outcome === 'skipped' ? 1 : 0),
    failures: bad ? [...p.failures, l].slice(-KEEP_FAILURES) : p.failures,
  };
}
