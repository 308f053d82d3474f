/** @jsxRuntime automatic @jsxImportSource react */
// The Ink live view, rendered with ink-testing-library: progress bar, counts, the case on the
// wire and the latest failures, all from the progress state (the view holds no logic).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'ink-testing-library';
import { LiveView } from '../../src/check/ui/live-view.js';
import { caseEnded, caseStarted, initialProgress } from '../../src/check/progress.js';
import { parseFixture } from '../../src/check/fixture.js';
import type { CaseResult } from '../../src/check/run.js';

const c = (path: string, status = 200) => parseFixture('f.json', JSON.stringify({ surface: 'S2', request: { method: 'GET', path }, response: { status } })).fixture!.cases[0]!;
/** The frame as text (bold and colour escapes removed). */
const plain = (frame: string | undefined) => (frame ?? '').replace(/\x1b\[[0-9;]*m/g, '');
const result = (path: string, outcome: CaseResult['outcome']): CaseResult => ({ case: c(path), outcome, differences: [], durationMs: 1 });

test('an empty run shows an empty bar and zero counts', () => {
  const { lastFrame, unmount } = render(<LiveView progress={initialProgress(4)} color={false} barWidth={8} />);
  assert.is(plain(lastFrame()).split('\n')[0], 'api-check ░░░░░░░░ 0/4  0 passed, 0 failed');
  unmount();
});

test('progress fills the bar, counts pass and fail, shows the running case and the failure', () => {
  let p = initialProgress(4);
  p = caseStarted(p, c('/a'));
  p = caseEnded(p, result('/a', 'passed'));
  p = caseStarted(p, c('/b'));
  p = caseEnded(p, result('/b', 'failed'));
  p = caseStarted(p, c('/c'));
  const { lastFrame, rerender, unmount } = render(<LiveView progress={p} color={false} barWidth={8} />);
  const lines = plain(lastFrame()).split('\n');
  assert.is(lines[0], 'api-check ████░░░░ 2/4  1 passed, 1 failed');
  assert.is(lines[1], '> S2  GET /c -> 200');
  assert.is(lines[2], 'FAIL S2  GET /b -> 200');
  p = caseEnded(p, result('/c', 'skipped'));
  rerender(<LiveView progress={p} color={false} barWidth={8} />);
  assert.is(plain(lastFrame()).split('\n')[0], 'api-check ██████░░ 3/4  1 passed, 1 failed, 1 not run');
  assert.not.match(plain(lastFrame()), /> S2/);
  unmount();
});

test('without colour no escape sequences are drawn', () => {
  const p = caseEnded(initialProgress(1), result('/b', 'error'));
  const { lastFrame, unmount } = render(<LiveView progress={p} color={false} />);
  assert.not.match(lastFrame()!, /\x1b\[3\dm/);
  unmount();
});

test.run();
