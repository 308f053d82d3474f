// Intro files (`api-docs --intro FILE`): `## Title` lines and blank-line separated paragraphs.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IntroFileError, parseIntro } from '../../src/docs/index.js';

test('a title and two paragraphs', () => {
  assert.equal(parseIntro("## Welcome\n\nThis is our super webservice's API.\n\nEnjoy!\n"), [{ title: 'Welcome', paragraphs: ["This is our super webservice's API.", 'Enjoy!'] }]);
});

test('several sections, CRLF line ends, a paragraph spanning lines, extra blank lines', () => {
  assert.equal(parseIntro('# One\r\n\r\nline a\r\nline b\r\n\r\n\r\n## Two\r\n\r\nlast  \r\n'), [
    { title: 'One', paragraphs: ['line a\nline b'] }, { title: 'Two', paragraphs: ['last'] },
  ]);
});

test('text before the first title is a clear error naming the line', () => {
  assert.throws(() => parseIntro('Welcome\n\nEnjoy!\n'), (e: Error) => e instanceof IntroFileError && /line 1: an intro file starts with a "## Title" line/.test(e.message));
});

test('an empty file is an error', () => {
  assert.throws(() => parseIntro('\n\n'), (e: Error) => e instanceof IntroFileError && /no "## Title" line/.test(e.message));
});

test('### lines belong to the paragraphs, not new sections', () => {
  assert.equal(parseIntro('## A\n\n### sub\n'), [{ title: 'A', paragraphs: ['### sub'] }]);
});

test.run();
