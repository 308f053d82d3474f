// The committed record of the suite's outcomes (test/json-schema/baseline.json): what a change may
// not lose. Keyed draft -> file -> group -> test; `UPDATE_BASELINE=1` rewrites it from a run.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AjvResult, AjvVerdict } from './ajv-check.js';
import type { Draft } from './suite-files.js';
import type { FileResult, GroupOutcome, GroupResult, TestOutcome } from './suite.js';

export const BASELINE = fileURLToPath(new URL('./baseline.json', import.meta.url));

export interface GroupRecord {
  /** How the import read the group (recorded to show changes; not compared). */
  readonly import: GroupOutcome;
  /** For exact groups: ajv on the codec's sample and on its near misses. */
  readonly sample?: AjvVerdict;
  readonly nearMisses?: AjvVerdict;
  /** Each test on the import path. */
  readonly tests: Record<string, TestOutcome>;
}

export type Baseline = Partial<Record<Draft, Record<string, Record<string, GroupRecord>>>>;

export function readBaseline(): Baseline {
  return existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, 'utf8')) as Baseline : {};
}

export function writeBaseline(baseline: Baseline): void {
  writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 2)}\n`);
}

/** One draft's record from a run; `ajv` holds the second check of each exact group. */
export function recordOf(files: readonly FileResult[], ajv: ReadonlyMap<GroupResult, AjvResult>): Record<string, Record<string, GroupRecord>> {
  const out: Record<string, Record<string, GroupRecord>> = {};
  for (const f of files) {
    const groups: Record<string, GroupRecord> = {};
    for (const g of f.groups) {
      const a = ajv.get(g);
      groups[g.description] = {
        import: g.outcome,
        ...(a === undefined ? {} : { sample: a.sample, nearMisses: a.nearMisses }),
        tests: Object.fromEntries(g.tests.map((t) => [t.description, t.imported])),
      };
    }
    out[f.file] = groups;
  }
  return out;
}

export interface Change {
  /** `test`: a suite test on the import path; `ajv`: the sample or near-miss check of a group. */
  readonly kind: 'test' | 'ajv';
  readonly line: string;
}

export interface Comparison {
  /** Passed (or `ok`) in the baseline, not now: each one fails the test. */
  readonly regressions: readonly Change[];
  /** Passes now, did not in the baseline (or is not in it). */
  readonly improved: readonly Change[];
}

const CHECKS = { sample: 'ajv on the sample', nearMisses: 'ajv on the near misses' } as const;

/** What changed from `was` to `now` for one draft. */
export function compare(draft: Draft, was: Record<string, Record<string, GroupRecord>> | undefined, now: Record<string, Record<string, GroupRecord>>): Comparison {
  const regressions: Change[] = [];
  const improved: Change[] = [];
  for (const [file, groups] of Object.entries(now)) {
    for (const [group, rec] of Object.entries(groups)) {
      const before = was?.[file]?.[group];
      const at = `${draft}/${file} "${group}"`;
      for (const [test, outcome] of Object.entries(rec.tests)) {
        const b = before?.tests[test];
        if (b === 'pass' && outcome !== 'pass') regressions.push({ kind: 'test', line: `${at} / "${test}": was pass, now ${outcome}` });
        if (b !== 'pass' && outcome === 'pass') improved.push({ kind: 'test', line: `${at} / "${test}": now passes${b === undefined ? ' (not in the baseline)' : ` (was ${b})`}` });
      }
      for (const k of ['sample', 'nearMisses'] as const) {
        const b = before?.[k];
        // A group that no longer loads exactly is not checked by ajv: its tests say what it lost.
        if (b === 'ok' && rec[k] !== undefined && rec[k] !== 'ok') regressions.push({ kind: 'ajv', line: `${at}: ${CHECKS[k]} was ok, now ${rec[k]}` });
        if (b !== 'ok' && rec[k] === 'ok') improved.push({ kind: 'ajv', line: `${at}: ${CHECKS[k]} now ok${b === undefined ? '' : ` (was ${b})`}` });
      }
    }
  }
  // A test of the baseline that is no longer run at all is lost too.
  for (const [file, groups] of Object.entries(was ?? {})) {
    for (const [group, rec] of Object.entries(groups)) {
      for (const [test, outcome] of Object.entries(rec.tests)) {
        if (outcome === 'pass' && now[file]?.[group]?.tests[test] === undefined) regressions.push({ kind: 'test', line: `${draft}/${file} "${group}" / "${test}": was pass, now not run` });
      }
    }
  }
  return { regressions, improved };
}
