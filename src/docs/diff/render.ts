// The gate's report in three forms: plain text for a terminal, Markdown for a pull-request
// comment, JSON for tools. Breaking changes come first in each, then the compatible ones.
import type { Change, DiffResult } from './compare.js';

export type DiffFormat = 'text' | 'markdown' | 'json';

interface Row { readonly change: Change; readonly fixtures?: readonly string[] }

function rows(result: DiffResult, fixtures: ReadonlyMap<number, readonly string[]> | undefined): Row[] {
  const all = result.changes.map((change, i) => ({ change, ...(fixtures?.has(i) ? { fixtures: fixtures.get(i)! } : {}) }));
  return [...all.filter((r) => r.change.verdict === 'breaking'), ...all.filter((r) => r.change.verdict !== 'breaking')];
}

const summary = (r: DiffResult) => `${r.breaking} breaking, ${r.compatible} compatible`;

function text(result: DiffResult, list: readonly Row[]): string {
  const lines = [`${result.old} -> ${result.new}: ${summary(result)}`];
  for (const { change: c, fixtures } of list) {
    lines.push(`${c.verdict.padEnd(10)}  ${c.endpoint}  ${c.where}: ${c.what} [${c.kind}]`);
    for (const f of fixtures ?? []) lines.push(`            would fail ${f}`);
  }
  return `${lines.join('\n')}\n`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

function markdown(result: DiffResult, list: readonly Row[], withFixtures: boolean): string {
  const out = [`## API changes: ${result.old} -> ${result.new}`, '', result.breaking > 0 ? `**${result.breaking} breaking**, ${result.compatible} compatible.` : `No breaking change; ${result.compatible} compatible.`];
  if (list.length > 0) {
    out.push('', `| verdict | endpoint | where | change |${withFixtures ? ' fixtures that would fail |' : ''}`, `| --- | --- | --- | --- |${withFixtures ? ' --- |' : ''}`);
    for (const { change: c, fixtures } of list) {
      const verdict = c.verdict === 'breaking' ? '**breaking**' : 'compatible';
      const fx = withFixtures ? ` ${(fixtures ?? []).map(code).join('<br>')} |` : '';
      out.push(`| ${verdict} | ${code(c.endpoint)} | ${cell(c.where)} | ${cell(c.what)} |${fx}`);
    }
  }
  return `${out.join('\n')}\n`;
}

function json(result: DiffResult, list: readonly Row[]): string {
  const changes = list.map(({ change: c, fixtures }) => ({
    verdict: c.verdict, endpoint: c.endpoint, kind: c.kind, where: c.where, what: c.what, ...(fixtures ? { fixtures } : {}),
  }));
  return `${JSON.stringify({ old: result.old, new: result.new, breaking: result.breaking, compatible: result.compatible, changes }, null, 2)}\n`;
}

/** The report; `fixtures` (from `affectedFixtures`) adds the cases each breaking change would fail. */
export function renderDiff(result: DiffResult, format: DiffFormat, fixtures?: ReadonlyMap<number, readonly string[]>): string {
  const list = rows(result, fixtures);
  return format === 'json' ? json(result, list) : format === 'markdown' ? markdown(result, list, fixtures !== undefined) : text(result, list);
}
