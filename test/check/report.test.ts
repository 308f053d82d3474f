// The reporters: plain lines and the failure details, the totals line, JUnit (parsed back with
// an XML parser: a mismatch is <failure>, an unreachable server <error>) and JSON.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { XMLParser } from 'fast-xml-parser';
import { parseFixture } from '../../src/check/fixture.js';
import type { CaseResult, RunResult } from '../../src/check/run.js';
import { caseLine, summaryText, totalsLine, totalsOf } from '../../src/check/report.js';
import { junitXml } from '../../src/check/report-junit.js';
import { jsonReport } from '../../src/check/report-json.js';
import { paint } from '../../src/check/color.js';

const caseOf = (file: string, surface: string, name: string, path = '/hello') =>
  parseFixture(file, JSON.stringify({ surface, name, request: { method: 'GET', path }, response: { status: 200 } })).fixture!.cases[0]!;

const passed: CaseResult = { case: caseOf('f/S2/ok.json', 'S2', 'greets'), outcome: 'passed', differences: [], durationMs: 3 };
const failed: CaseResult = {
  case: caseOf('f/S2/bad.json', 'S2', 'rule 1: <anonymous> & "coward"'), outcome: 'failed', durationMs: 4,
  sent: { method: 'GET', url: 'http://127.0.0.1:1/hello' },
  actual: { status: 404, headers: {}, body: Buffer.from('') },
  differences: [
    { where: 'status', path: '', expected: 200, actual: 404, message: 'expected 200, got 404' },
    { where: 'header', path: 'content-type', message: 'expected "application/json", got "text/plain"' },
    { where: 'body', path: '/msg', message: 'expected "Hello", got "Hi"' },
  ],
};
const errored: CaseResult = { case: caseOf('f/S4/x.json', 'S4', 'lists'), outcome: 'error', differences: [], reason: { kind: 'unreachable', message: 'cannot connect to http://127.0.0.1:9 (ECONNREFUSED)' }, durationMs: 1 };
const skipped: CaseResult = { case: caseOf('f/S4/y.json', 'S4', 'later'), outcome: 'skipped', differences: [], reason: { kind: 'skipped', message: 'not run: step 1 failed' }, durationMs: 0 };
const result: RunResult = { results: [passed, failed, errored, skipped], unreachable: true };
const plain = paint(false);

test('totals count errors as failed and leave skipped cases out', () => {
  const t = totalsOf(result.results);
  assert.equal(t, { total: 4, passed: 1, failed: 2, errors: 1, skipped: 1 });
  assert.is(totalsLine(t), '1 passed, 2 failed');
});

test('one plain line per case: outcome, surface, request, name, origin', () => {
  assert.is(caseLine(passed, plain), 'PASS  S2  GET /hello -> 200  greets  (f/S2/ok.json)');
  assert.is(caseLine(errored, plain), 'ERROR S4  GET /hello -> 200  lists  (f/S4/x.json)');
});

test('the summary explains each failure (status, headers, body by pointer) and ends with the totals line', () => {
  const text = summaryText(result, plain);
  assert.ok(text.includes('    status: expected 200, got 404\n'));
  assert.ok(text.includes('    header content-type: expected "application/json", got "text/plain"\n'));
  assert.ok(text.includes('    body /msg: expected "Hello", got "Hi"\n'));
  // An unreachable server: one line for its surface, not a block per case.
  assert.ok(text.includes('\nERROR S4  cannot connect to http://127.0.0.1:9 (ECONNREFUSED)  (1 case not checked)\n'), text);
  assert.not.ok(text.includes('    unreachable:'), text);
  assert.ok(text.includes('1 not run (step 1 failed)'));
  assert.ok(text.endsWith('\n1 passed, 2 failed\n'));
});

test('without colour there are no escape sequences; with colour there are', () => {
  assert.not.match(summaryText(result, plain), /\x1b\[/);
  assert.match(summaryText(result, paint(true)), /\x1b\[31m/);
});

test('JUnit parses back: one suite per surface, <failure> for a mismatch, <error> for unreachable, <skipped>', () => {
  const xml = junitXml(result);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as {
    testsuites: { tests: string; failures: string; errors: string; skipped: string; testsuite: { name: string; testcase: Record<string, unknown> | Record<string, unknown>[] }[] };
  };
  const all = doc.testsuites;
  assert.equal([all.tests, all.failures, all.errors, all.skipped], ['4', '1', '1', '1']);
  assert.equal(all.testsuite.map((s) => s.name), ['S2', 'S4']);
  const s2 = all.testsuite[0]!.testcase as Record<string, unknown>[];
  assert.is(s2[0]!.failure, undefined);
  const failure = s2[1]!.failure as { message: string; type: string; '#text': string };
  assert.is(s2[1]!.name, 'GET /hello -> 200  rule 1: <anonymous> & "coward"');
  assert.is(failure.type, 'mismatch');
  assert.is(failure.message, 'status: expected 200, got 404');
  assert.match(failure['#text'], /body \/msg: expected "Hello", got "Hi"/);
  const s4 = all.testsuite[1]!.testcase as Record<string, unknown>[];
  const error = s4[0]!.error as { type: string; message: string };
  assert.is(error.type, 'unreachable');
  assert.is(error.message, 'cannot connect to http://127.0.0.1:9 (ECONNREFUSED)');
  assert.ok(s4[1]!.skipped !== undefined);
});

test('JUnit stays well-formed with control characters in a body', () => {
  const odd: CaseResult = { ...failed, differences: [{ where: 'body', path: '', message: 'expected "a\u0001b", got "]]>"' }] };
  const xml = junitXml({ results: [odd], unreachable: false });
  assert.not.match(xml, /\u0001/);
  assert.ok(new XMLParser().parse(xml));
});

test('the JSON report carries totals and every case with its differences', () => {
  const doc = JSON.parse(jsonReport(result)) as { totals: { passed: number; failed: number }; unreachable: boolean; cases: { outcome: string; file: string; differences: { path: string }[]; actualStatus?: number }[] };
  assert.equal(doc.totals.passed, 1);
  assert.equal(doc.totals.failed, 2);
  assert.is(doc.unreachable, true);
  assert.equal(doc.cases.map((c) => c.outcome), ['passed', 'failed', 'error', 'skipped']);
  assert.equal(doc.cases[1]!.differences.map((d) => d.path), ['', 'content-type', '/msg']);
  assert.is(doc.cases[1]!.actualStatus, 404);
});

test.run();
