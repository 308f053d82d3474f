// The official JSON Schema test suite through the OpenAPI import path and a served mock: a table
// per draft, and nothing that passed in the committed baseline (baseline.json) may stop passing.
// `UPDATE_BASELINE=1` rewrites the baseline from this run instead of comparing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { type AjvResult, ajvCheck } from './ajv-check.js';
import { type Baseline, type Change, compare, readBaseline, recordOf, writeBaseline } from './baseline.js';
import { type FileResult, type GroupResult, runDraft, VERSION } from './suite.js';
import type { Draft } from './suite-files.js';
import { ajvLine, suiteTable } from './table.js';

const DRAFTS: readonly Draft[] = ['draft2020-12', 'draft4'];
const UPDATE = process.env.UPDATE_BASELINE === '1';
const baseline = readBaseline();
const next: Baseline = {};

interface Run { readonly files: readonly FileResult[]; readonly ajv: ReadonlyMap<GroupResult, AjvResult> }

const runs = new Map<Draft, Promise<Run>>();
/** Each draft runs once; both of its tests read the same run. */
function run(draft: Draft): Promise<Run> {
  let r = runs.get(draft);
  if (r === undefined) {
    r = runDraft(draft).then((files) => {
      const ajv = new Map<GroupResult, AjvResult>();
      for (const g of files.flatMap((f) => f.groups)) if (g.outcome === 'exact' && g.codec !== undefined) ajv.set(g, ajvCheck(draft, g.schema, g.codec, g.tests));
      next[draft] = recordOf(files, ajv);
      return { files, ajv };
    });
    runs.set(draft, r);
  }
  return r;
}

/**
 * Printed as a block of whole lines: scripts/test.mjs reads uvu's marks line by line, and the
 * leading newline keeps them off the block's first line.
 */
const show = (lines: readonly string[]) => process.stdout.write(`\n${lines.join('\n')}\n`);

const IMPROVED_SHOWN = 20;

/** The improvements, shortened, then fails naming each regression (unless the baseline is being rewritten). */
function judge(draft: Draft, kind: Change['kind']): void {
  const { regressions, improved } = compare(draft, baseline[draft], next[draft]!);
  const better = improved.filter((c) => c.kind === kind);
  const worse = regressions.filter((c) => c.kind === kind);
  if (better.length > 0 && !UPDATE) {
    show([`${better.length} improved (update the baseline with UPDATE_BASELINE=1):`,
      ...better.slice(0, IMPROVED_SHOWN).map((c) => `  ${c.line}`),
      ...(better.length > IMPROVED_SHOWN ? [`  ... and ${better.length - IMPROVED_SHOWN} more`] : [])]);
  }
  if (UPDATE) return;
  assert.ok(worse.length === 0, `${worse.length} no longer pass (fix them, or rewrite the baseline with UPDATE_BASELINE=1 if that is meant):\n${worse.map((c) => `  ${c.line}`).join('\n')}`);
}

for (const draft of DRAFTS) {
  test(`${draft} through OpenAPI ${VERSION[draft]}: every suite test that passed in the baseline still passes on the import path`, async () => {
    const { files } = await run(draft);
    show([suiteTable(draft, files)]);
    judge(draft, 'test');
  });

  test(`${draft}: ajv accepts the sample and refuses the near misses of each exact group that did in the baseline`, async () => {
    const { ajv } = await run(draft);
    show([ajvLine(draft, ajv)]);
    judge(draft, 'ajv');
  });
}

/** The README's row of a draft, as this run's figures would write it. */
function readmeRow(draft: Draft, files: readonly FileResult[]): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const tests = (optional: boolean) => files.filter((f) => f.file.startsWith('optional/') === optional).flatMap((f) => f.groups.flatMap((g) => g.tests));
  const [required, formats] = [tests(false), tests(true)];
  const right = required.filter((t) => t.imported === 'pass').length;
  const groups = files.flatMap((f) => f.groups);
  const count = (o: GroupResult['outcome']) => groups.filter((g) => g.outcome === o).length;
  const pct = (100 * right / required.length).toFixed(right === required.length ? 0 : 1);
  const opt = formats.length === 0 ? '-' : `${n(formats.filter((t) => t.imported === 'pass').length)} / ${n(formats.length)}`;
  return `| ${n(right)} / ${n(required.length)} (${pct}%) | ${opt} | ${count('refused')} / ${count('warned')} |`;
}

test("the README's JSON Schema table quotes this run's figures", async () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  for (const [draft, label] of [['draft2020-12', '| 2020-12, OpenAPI 3.1 '], ['draft4', '| 4, OpenAPI 3.0 (what a 3.0 Schema Object can hold) ']] as const) {
    const row = readme.split('\n').find((l) => l.startsWith(label));
    assert.ok(row !== undefined, `README.md has a row starting ${label}`);
    assert.is(row!.slice(label.length), readmeRow(draft, (await run(draft)).files));
  }
});

test.after(() => {
  if (!UPDATE || DRAFTS.some((d) => next[d] === undefined)) return;
  writeBaseline(next);
  show(['UPDATE_BASELINE=1: test/json-schema/baseline.json rewritten from this run']);
});

test.run();
