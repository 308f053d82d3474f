// JUnit XML for CI: one <testsuite> per surface, one <testcase> per case; a mismatch is a
// <failure>, no usable answer (unreachable, timeout) an <error>, a case not run <skipped>.
import type { CaseResult, RunResult } from './run.js';
import { paint } from './color.js';
import { detailLines, originOf, titleOf, totalsOf } from './report.js';

// XML 1.0 cannot carry most control characters at all, even escaped.
const INVALID_XML = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;

export function xmlEscape(s: string): string {
  return s.replace(INVALID_XML, '\uFFFD').replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);
const attrs = (o: Record<string, string | number>) => Object.entries(o).map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`).join('');

/** `S2.hello-name` for test/fixtures/S2/hello-name.json. */
function classnameOf(r: CaseResult): string {
  const base = r.case.file.replace(/\\/g, '/').split('/').pop()!.replace(/\.json$/, '');
  return `${r.case.surface}.${base}`;
}

function testcase(r: CaseResult): string {
  const head = `    <testcase${attrs({ name: titleOf(r), classname: classnameOf(r), time: seconds(r.durationMs) })}`;
  const plain = paint(false);
  const details = [originOf(r), ...detailLines(r, plain).map((l) => l.trim())].join('\n');
  if (r.outcome === 'passed') return `${head}/>`;
  if (r.outcome === 'skipped') return `${head}>\n      <skipped${attrs({ message: r.reason?.message ?? 'not run' })}/>\n    </testcase>`;
  const conformance = r.conformance?.[0];
  const first = r.outcome === 'error' ? r.reason?.message ?? 'error' : r.differences[0] ? `${r.differences[0].where} ${r.differences[0].path}: ${r.differences[0].message}`.replace(/ : /, ': ')
    : conformance ? `${conformance.check}: ${conformance.message}` : r.reason?.message ?? 'failed';
  const tag = r.outcome === 'error' ? 'error' : 'failure';
  // A live answer that matches its fixture but not its surface is a failure of its own kind.
  const type = r.outcome === 'error' ? r.reason?.kind ?? 'error' : r.differences.length === 0 && conformance ? 'conformance' : 'mismatch';
  return `${head}>\n      <${tag}${attrs({ message: first, type })}>${xmlEscape(details)}</${tag}>\n    </testcase>`;
}

export function junitXml(result: RunResult): string {
  const surfaces = [...new Set(result.results.map((r) => r.case.surface))];
  const all = totalsOf(result.results);
  const time = (list: readonly CaseResult[]) => seconds(list.reduce((s, r) => s + r.durationMs, 0));
  const suites = surfaces.map((s) => {
    const list = result.results.filter((r) => r.case.surface === s);
    const t = totalsOf(list);
    return `  <testsuite${attrs({ name: s, tests: t.total, failures: t.failed - t.errors, errors: t.errors, skipped: t.skipped, time: time(list) })}>\n${list.map(testcase).join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${attrs({ name: 'api-check', tests: all.total, failures: all.failed - all.errors, errors: all.errors, skipped: all.skipped, time: time(result.results) })}>\n${suites.join('\n')}\n</testsuites>\n`;
}
