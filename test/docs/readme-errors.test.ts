// The guide's error table (docs/errors.md) is the registry's: every row, field by field, in check order, so the
// table a user reads cannot drift from what the server answers (src/dsl/errors.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERRORS, STAGES, type ErrorEntry } from '../../src/dsl/errors.js';
import { ROOT } from '../helpers/cli.js';

const page = readFileSync(join(ROOT, 'docs', 'errors.md'), 'utf8');
const section = page.slice(page.indexOf('\n## The error order\n'), page.indexOf('\n## ', page.indexOf('\n## The error order\n') + 5));
const rows = section.split('\n').filter((l) => /^\| \d+ \|/.test(l));

const rowOf = (x: ErrorEntry) =>
  `| ${STAGES.indexOf(x.stage) + 1} | ${x.check} | ${x.status}${x.headers ? ` + \`${x.headers}\`` : ''} | ${x.example} |`;

test('the error table in docs/errors.md has one row per registry entry, in check order, with its fields', () => {
  const entries = Object.values(ERRORS) as ErrorEntry[];
  assert.equal(rows, entries.map(rowOf));
});

test('the registry lists its entries in the order of their stages', () => {
  const order = (Object.values(ERRORS) as ErrorEntry[]).map((x) => STAGES.indexOf(x.stage));
  assert.equal(order, [...order].sort((a, b) => a - b));
});

test.run();
