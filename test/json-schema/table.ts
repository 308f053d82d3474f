// The suite's outcome as a table for people: one row per keyword file, import path and HTTP side by
// side, and a total row. No line may read as a test runner's verdict (`N passed, N failed`), a uvu
// file name or a line of marks: scripts/test.mjs counts those.
import type { AjvResult } from './ajv-check.js';
import type { Draft } from './suite-files.js';
import { type FileResult, type GroupResult, type TestOutcome, VERSION } from './suite.js';

interface Counts { pass: number; fail: number; refused: number }

const count = (outcomes: readonly TestOutcome[]): Counts => ({
  pass: outcomes.filter((o) => o === 'pass').length,
  fail: outcomes.filter((o) => o === 'fail').length,
  refused: outcomes.filter((o) => o === 'refused').length,
});

const percent = (c: Counts) => {
  const all = c.pass + c.fail + c.refused;
  return `${all === 0 ? '0.0' : ((100 * c.pass) / all).toFixed(1)}% right`;
};

/** The total line of a path: `import: 899 pass, 322 fail, 21 refused (72.4% right)`. */
const totalOf = (label: string, c: Counts) => `${label}: ${c.pass} pass, ${c.fail} fail, ${c.refused} refused (${percent(c)})`;

export function suiteTable(draft: Draft, files: readonly FileResult[]): string {
  const groups = files.flatMap((f) => f.groups);
  const by = (o: GroupResult['outcome']) => groups.filter((g) => g.outcome === o).length;
  const left = files.reduce((n, f) => n + f.left.length, 0);
  const rows = files.map((f) => {
    const tests = f.groups.flatMap((g) => g.tests);
    return [f.file, count(tests.map((t) => t.imported)), count(tests.map((t) => t.http))] as const;
  });
  const all = groups.flatMap((g) => g.tests);
  const width = Math.max(...rows.map((r) => r[0].length), 8);
  const num = (n: number, w: number) => String(n).padStart(w);
  const cells = (c: Counts) => `${num(c.pass, 5)} ${num(c.fail, 5)} ${num(c.refused, 8)}`;
  const lines = [
    `JSON Schema test suite, ${draft} through OpenAPI ${VERSION[draft]}: ${groups.length} groups (${by('exact')} exact, ${by('warned')} warned, ${by('refused')} refused), ${left} left out`,
    `${'file'.padEnd(width)} | import:  pass  fail  refused | http:  pass  fail  refused`,
    ...rows.map(([file, imp, http]) => `${file.padEnd(width)} |        ${cells(imp)} |      ${cells(http)}`),
    `${draft} total, ${all.length} tests | ${totalOf('import', count(all.map((t) => t.imported)))} | ${totalOf('http', count(all.map((t) => t.http)))}`,
    // Why each refused group was refused: a refusal is a document a user could not serve at all.
    ...files.flatMap((f) => f.groups.filter((g) => g.outcome === 'refused').map((g) => `  refused ${f.file} "${g.description}": ${g.notes[0] ?? ''}`)),
  ];
  return lines.join('\n');
}

/** The ajv check's summary line for a draft. */
export function ajvLine(draft: Draft, results: ReadonlyMap<GroupResult, AjvResult>): string {
  const list = [...results.values()];
  const n = (k: 'sample' | 'nearMisses', v: string) => list.filter((r) => r[k] === v).length;
  const misses = list.reduce((s, r) => s + r.misses, 0);
  const accepted = list.reduce((s, r) => s + r.accepted, 0);
  return `${draft} ajv check of ${list.length} exact groups | sample accepted by ajv: ${n('sample', 'ok')} ok, ${n('sample', 'fail')} refused, ${n('sample', 'none')} without a sample, ${n('sample', 'n/a')} not compiled by ajv`
    + ` | near misses: ${n('nearMisses', 'ok')} groups all refused, ${n('nearMisses', 'fail')} with some accepted (${accepted} of ${misses} near misses accepted)`;
}
