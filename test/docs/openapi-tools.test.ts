// The OpenAPI documents against third-party tools, for every reference surface and the
// comprehensive one: the strict validator (@readme/openapi-parser) and redocly's recommended
// ruleset find nothing, and Prism's validator finds every answer the fixtures in test/fixtures
// get from the real servers conforming to the document.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { registry } from '../../specs/index.js';
import { surface as comprehensive } from '../surfaces/comprehensive.js';
import { docModel, renderOpenApi } from '../../src/docs/index.js';
import { loadFixtures, run } from '../../src/check/index.js';
import { inProcess } from '../../src/cli/check.js';
import type { Surface } from '../../src/dsl/index.js';
import { conformance, lintProblems, validatorErrors } from '../helpers/openapi-tools.js';
import { ROOT } from '../helpers/cli.js';

type Obj = Record<string, unknown>;
const surfaces: [string, () => Promise<Surface>][] = [
  ...Object.keys(registry).map((name): [string, () => Promise<Surface>] => [name, async () => (await registry[name]!.load()).surface]),
  ['comprehensive', async () => comprehensive],
];
const documentOf = async (load: () => Promise<Surface>) => renderOpenApi(docModel(await load())) as Obj;

for (const [name, load] of surfaces) {
  test(`${name}: the strict validator (@readme/openapi-parser) finds no error`, async () => {
    assert.equal(await validatorErrors(await documentOf(load)), []);
  });

  test(`${name}: redocly's recommended ruleset finds no error${name === 'comprehensive' ? '' : ' and no warning'}`, async () => {
    const problems = await lintProblems(await documentOf(load));
    // The comprehensive surface's one example carries a readOnly field in a request and a
    // writeOnly one in a response on purpose (every codec once); those two warnings are expected.
    const expected = name === 'comprehensive' ? problems.filter((p) => p.severity === 'error') : problems;
    assert.equal(expected.map((p) => `${p.severity} ${p.rule} ${p.where}: ${p.message}`), []);
  });
}

test('Prism: every answer the fixtures get from the real servers conforms to its surface\'s document', async () => {
  const loaded = loadFixtures([`${ROOT}/test/fixtures`]);
  assert.equal(loaded.problems, []);
  const checkers = new Map<string, Awaited<ReturnType<typeof conformance>>>();
  for (const f of loaded.files) {
    if (!checkers.has(f.surface)) checkers.set(f.surface, await conformance(await documentOf(async () => (await registry[f.surface]!.load()).surface)));
  }
  const violations: string[] = [];
  let checked = 0;
  let outside = 0;
  const result = await run({
    files: loaded.files, timeoutMs: 10_000, concurrency: 2,
    start: (surface) => inProcess(surface, () => undefined)!(surface),
    onCaseEnd: (r) => {
      if (!r.actual || !r.sent) return;
      const found = checkers.get(r.case.surface)!.violations(r.sent.method, new URL(r.sent.url).pathname, r.actual);
      if (found === undefined) { outside++; return; }
      checked++;
      violations.push(...found.map((v) => `${r.case.file}: ${v}`));
    },
  });
  assert.ok(result.results.length >= 100, `${result.results.length} fixture cases replayed`);
  assert.ok(checked > outside, `${checked} answers checked, ${outside} for paths or methods no operation has`);
  console.log(`  Prism: ${checked} answers checked, ${violations.length} violations; ${outside} answers for paths or methods no operation has`);
  assert.equal(violations, [], `${violations.length} Prism violations in ${checked} answers:\n${violations.join('\n')}`);
});

test.run();
