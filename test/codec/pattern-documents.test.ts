// Four public definitions' patterns that were refused and are now honoured exactly: a dash beside
// a class escape (customer-insights), bare script names (amadeus), a lookahead a fixed number of
// code points into the text (storage-DataLakeStorage), a lookahead opening each pass of a
// repetition (linode). Each is judged against a backtracking
// JavaScript RegExp reading it the same way, on many drawn texts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fc } from '../../src/codec/fast-check.js';
import type { Part } from '../../src/dsl/index.js';
import { checkSurface } from '../../src/dsl/check-surface.js';
import { t } from '../../src/codec/index.js';
import { sample } from '../../src/codec/sample.js';
import { arbitrary } from '../../src/codec/arbitrary.js';
import { compilePattern, legacyReading, outsideUnicodeMode, patternProblem } from '../../src/codec/pattern.js';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { LEGACY_PATTERN } from '../../src/openapi/schema-patterns.js';
import { tempDir } from '../helpers/server.js';

const CUSTOMER_INSIGHTS = '^[A-Za-z0-9]$|^[A-Za-z0-9][\\w-\\.]*[A-Za-z0-9]$';
const AMADEUS = '^[A-Za-z \\p{Han}\\p{Katakana}\\p{Hiragana}\\p{Hangul}-]*$';
const DATA_LAKE = '^[$a-z0-9](?!.*--)[-a-z0-9]{1,61}[a-z0-9]$';
const LINODE = '^[a-zA-Z0-9]((?![_-]{2,})[a-zA-Z0-9-_])+[a-zA-Z0-9]$';
const LINODE_DOMAIN = '\\A(\\*\\.)?([a-zA-Z0-9-_]{1,63}\\.)+([a-zA-Z]{2,3}\\.)?([a-zA-Z]{2,16}|xn--[a-zA-Z0-9]+)\\Z';

/** Whether `ours` and `native` agree on every text drawn from `unit`, up to `maxLength` units. */
const agree = (ours: RegExp, native: RegExp, unit: fc.Arbitrary<string>, maxLength = 16, numRuns = 2000) => {
  fc.assert(fc.property(fc.string({ unit, maxLength }), (s) => ours.test(s) === native.test(s)), { numRuns, seed: 11 });
};

test('customer-insights: [\\w-\\.] is \\w, - and ., as new RegExp(p) without the u flag reads it', () => {
  assert.throws(() => new RegExp(CUSTOMER_INSIGHTS, 'u'));
  assert.is(patternProblem(CUSTOMER_INSIGHTS), undefined);
  assert.ok(outsideUnicodeMode(CUSTOMER_INSIGHTS));
  assert.equal(legacyReading(CUSTOMER_INSIGHTS), { annexB: true, scripts: [], anchors: [] });
  const ours = compilePattern(CUSTOMER_INSIGHTS)!;
  const native = new RegExp(CUSTOMER_INSIGHTS);
  for (const [s, expected] of [['a', true], ['a-b', true], ['a.b', true], ['a_b', true], ['a,b', false], ['-a', false], ['a-', false], ['a\\b', false], ['', false], ['ab-.-_9', true]] as const) {
    assert.is(native.test(s), expected, s);
    assert.is(ours.test(s), expected, s);
  }
  agree(ours, native, fc.constantFrom('a', 'Z', '0', '_', '-', '.', ',', '\\', ' ', 'é', '😀', '\n'));
});

test('a dash beside any class escape, on either side, reads as Annex B reads it', () => {
  const escapes = ['\\d', '\\D', '\\s', '\\S', '\\w', '\\W'];
  const others = ['a', '\\.', '%', '\\u0041', '\\x5f', '-', ...escapes];
  // Astral characters stay out: without the u flag a class matches half a surrogate pair.
  const unit = fc.constantFrom('a', 'A', 'z', '0', '9', '_', '-', '.', '%', ' ', '\t', '\u00a0', 'é', '!', '\u2028');
  for (const e of escapes) {
    for (const o of others) {
      for (const body of [`${e}-${o}`, `${o}-${e}`, `^${e}-${o}x`, `${e}-${o}-z`]) {
        for (const source of [`^[${body}]+$`, `^[^${body}]$`]) {
          const ours = compilePattern(source);
          assert.ok(ours !== undefined && patternProblem(source) === undefined, `${source} is compiled`);
          agree(ours, new RegExp(source), unit, 6, 150);
        }
      }
    }
  }
});

test('amadeus: \\p{Han} and its kin read as the scripts, as RE2, PCRE, Java and Perl read them', () => {
  const asScripts = AMADEUS.replace(/\\p\{(\w+)\}/g, '\\p{Script=$1}');
  assert.is(patternProblem(AMADEUS), undefined);
  assert.equal(legacyReading(AMADEUS), { annexB: false, scripts: ['\\p{Han}', '\\p{Katakana}', '\\p{Hiragana}', '\\p{Hangul}'], anchors: [] });
  const ours = compilePattern(AMADEUS)!;
  const native = new RegExp(asScripts, 'u');
  for (const [s, expected] of [['Li Wei', true], ['李伟', true], ['カタカナ', true], ['ひらがな', true], ['김민준', true], ['Jean-Luc', true], ['', true], ['Ζωή', false], ['O\'Neil', false], ['x1', false], ['𠀀', true]] as const) {
    assert.is(native.test(s), expected, s);
    assert.is(ours.test(s), expected, s);
  }
  agree(ours, native, fc.constantFrom('a', 'Z', ' ', '-', '李', 'カ', 'ひ', '김', 'Ζ', '1', '\'', 'p', '{', '}', '𠀀', '😀', 'ー'));
});

test('a bare name is a script only when Unicode mode takes it as Script= alone; either way round', () => {
  for (const [source, asScripts] of [['^\\P{Greek}+$', '^\\P{Script=Greek}+$'], ['^[\\p{Latin}\\d]$', '^[\\p{Script=Latin}\\d]$'], ['^\\p{Cyrillic}\\p{L}$', '^\\p{Script=Cyrillic}\\p{L}$']] as const) {
    assert.is(patternProblem(source), undefined, source);
    agree(compilePattern(source)!, new RegExp(asScripts, 'u'), fc.constantFrom('a', 'Ω', '1', 'é', '李', ' ', 'Ж'), 6, 300);
  }
  // A short script name is read so too, but RE2 knows only the long ones: refused, as `\p{sc=Grek}` is.
  assert.match(patternProblem('^\\p{Grek}$') ?? '', /not supported by the linear-time matcher/);
  // Needing both readings: the script, and an escaped punctuation character standing for itself.
  const both = '^\\p{Greek}\\_[\\w-\\.]$';
  assert.equal(legacyReading(both), { annexB: true, scripts: ['\\p{Greek}'], anchors: [] });
  agree(compilePattern(both)!, /^\p{Script=Greek}_[\w\-.]$/u, fc.constantFrom('Ω', '_', '-', '.', 'a', '\\', 'p'), 6, 500);
  // No script of that name, a name valid bare, an escaped backslash: nothing is read as a script.
  assert.is(compilePattern('\\p{NoSuchScript}'), undefined);
  assert.is(legacyReading('\\p{L}'), undefined);
  assert.is(compilePattern('\\\\p{Han}')!.test('\\p{Han}'), true);
});

test('storage-DataLakeStorage: a lookahead one code point in is tested there, as a backtracking RegExp says', () => {
  assert.is(patternProblem(DATA_LAKE), undefined);
  const ours = compilePattern(DATA_LAKE)!;
  const native = new RegExp(DATA_LAKE, 'u');
  for (const [s, expected] of [['abc', true], ['$logs', true], ['a--b', false], ['-ab', false], ['a-b-c', true], ['ab', false], [`a${'b'.repeat(62)}`, true], [`a${'b'.repeat(63)}`, false], ['ab--', false], ['$-ab', true], ['$--ab', false]] as const) {
    assert.is(native.test(s), expected, s);
    assert.is(ours.test(s), expected, s);
  }
  agree(ours, native, fc.constantFrom('a', 'z', '0', '-', '-', '$', 'A', '😀'), 70, 3000);
  // Offsets count code points: an astral first character is one.
  const astral = '^.(?!b)\\w{2}(?=\\d)';
  for (const s of ['😀ab1', '😀ba1', 'xab1', 'xab', '😀aab']) assert.is(compilePattern(astral)!.test(s), new RegExp(astral, 'u').test(s), s);
  for (const pattern of ['^\\d{2}(?!0)[a-z]{1,2}$', '^[ab]{2}x(?=.*y)(?!.*z)', '^(?=a)a.{0}(?!ab)\\w+|b']) {
    assert.is(patternProblem(pattern), undefined, pattern);
    const [p, n] = [compilePattern(pattern)!, new RegExp(pattern, 'u')];
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', 'b', 'x', 'y', 'z', '0', '1', '😀'), maxLength: 8 }), (s) => p.test(s) === n.test(s) && (p.exec(s)?.[0] ?? null) === (n.exec(s)?.[0] ?? null)), { numRuns: 1000, seed: 5 });
  }
});

test('linode: a lookahead opening each pass of a repetition is tested at every pass, as a backtracking RegExp says', () => {
  assert.is(patternProblem(LINODE), undefined);
  const ours = compilePattern(LINODE)!;
  const native = new RegExp(LINODE, 'u');
  for (const [s, expected] of [['abc', true], ['a_b-c', true], ['a__b', false], ['a-_b', false], ['_ab', false], ['ab_', false], ['ab', false], ['a_-', false], ['x9_Y', true], ['ab__', false]] as const) {
    assert.is(native.test(s), expected, s);
    assert.is(ours.test(s), expected, s);
    assert.is(ours.exec(s)?.[0] ?? null, native.exec(s)?.[0] ?? null, s);
  }
  agree(ours, native, fc.constantFrom('a', 'Z', '0', '_', '-', '.', '😀'), 12, 3000);
  // Other counts, lazy or not, longer heads and tails, astral characters, bodies that reach past the passes or see the end.
  for (const pattern of ['^a((?!b)[ab])*b$', '^(?:(?!ab|ba).){2,4}$', '^😀.((?!.*x$).)+?.$', '^((?!$)[ab]){1,3}$', '^x((?!xy)\w)?$', '^..((?![😀a]{2}).)*\d{2}$']) {
    assert.is(patternProblem(pattern), undefined, pattern);
    const [p, n] = [compilePattern(pattern)!, new RegExp(pattern, 'u')];
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', 'b', 'x', 'y', '1', '😀'), maxLength: 8 }), (s) => p.test(s) === n.test(s) && (p.exec(s)?.[0] ?? null) === (n.exec(s)?.[0] ?? null)), { numRuns: 1500, seed: 7 });
  }
  // Not of that shape (a positive lookahead, an open end, a pass of two code points, a head of no certain width): still refused.
  for (const pattern of ['^a((?=b)[ab])+$', '^a((?!b)[ab])+', '^((?!b)ab)+$', '^a+((?!b)[ab])+$']) assert.match(patternProblem(pattern) ?? '', /lookahead/, pattern);
});

test('linode domains: \\A and \\Z are the start and end of the text, as PCRE, Python and Ruby read them, said in a warning', () => {
  assert.throws(() => new RegExp(LINODE_DOMAIN, 'u'));
  assert.is(patternProblem(LINODE_DOMAIN), undefined);
  assert.equal(legacyReading(LINODE_DOMAIN), { annexB: false, scripts: [], anchors: ['\\A', '\\Z'] });
  const ours = compilePattern(LINODE_DOMAIN)!;
  const native = new RegExp(`^${LINODE_DOMAIN.slice(2, -2)}$`, 'u');
  for (const [s, expected] of [['example.com', true], ['*.example.co.uk', true], ['foo.xn--p1ai', true], ['A.com', true], ['x', false], ['a.b', false], ['example.com\n', false], ['my domain.com', false]] as const) {
    assert.is(native.test(s), expected, s);
    assert.is(ours.test(s), expected, s);
  }
  agree(ours, native, fc.constantFrom('a', 'A', 'Z', '.', '*', '-', 'x', 'n', '1', '\n'), 20, 2000);
  assert.match(LEGACY_PATTERN(LINODE_DOMAIN), /\\A and \\Z read as the start and end of the text \(\^ and \$\) as PCRE, Java, Perl, Python and Ruby read them/);
  // `\z` too; an escaped backslash before A, and an A inside a class, are no anchors.
  assert.is(compilePattern('\\Aab\\z')!.test('ab'), true);
  assert.is(compilePattern('\\Aab\\z')!.test('xab'), false);
  assert.is(legacyReading('\\\\A')?.anchors.length ?? 0, 0);
  assert.match(patternProblem('[\\A]') ?? '', /not a valid regular expression/);
});

test('values drawn for the four patterns are ones each accepts', () => {
  for (const [pattern, native] of [[LINODE, new RegExp(LINODE, 'u')], [CUSTOMER_INSIGHTS, new RegExp(CUSTOMER_INSIGHTS)], [AMADEUS, /^[A-Za-z \p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}\p{Script=Hangul}-]*$/u], [DATA_LAKE, new RegExp(DATA_LAKE, 'u')]] as const) {
    const codec = t.constrain(t.text, { pattern });
    assert.ok(native.test(sample(codec) as string), pattern);
    for (const v of fc.sample(arbitrary(codec), { numRuns: 50, seed: 3 })) assert.ok(native.test(v as string) && codec.check(v, '$').ok, `${JSON.stringify(v)} of ${pattern}`);
  }
});

test('a document with the three patterns starts, warning of the two read outside Unicode mode', async () => {
  const dir = tempDir();
  const str = (pattern: string) => ({ type: 'string', pattern });
  writeFileSync(join(dir, 'three.json'), JSON.stringify({
    openapi: '3.0.3', info: { title: 't', version: '1' },
    paths: { '/a': { post: {
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { hub: str(CUSTOMER_INSIGHTS), name: str(AMADEUS), fs: str(DATA_LAKE) } } } } },
      responses: { 200: { description: 'ok' } },
    } } },
  }));
  const imported = importSurface(await loadDocument(join(dir, 'three.json')), 'three');
  checkSurface(imported.surface);
  const said = imported.warnings.filter((w) => /only without the u flag/.test(w.message));
  assert.equal(said.map((w) => w.pointer.split('/').slice(-2)[0]), ['hub', 'name']);
  assert.match(said[1]!.message, /\\p\{Han\}, .* read as scripts \(\\p\{Script=Han\}, .*RE2, PCRE, Java and Perl/);
  assert.ok(said.every((w) => w.weaker === undefined));
  const [a] = Object.values(imported.surface.tree);
  const part = a?.kind === 'endpoint' ? (a.parts as readonly Part[]).find((x) => typeof x !== 'string' && x.kind === 'body') : undefined;
  assert.ok(typeof part !== 'string' && part?.kind === 'body');
  assert.is(part.codec.check({ hub: 'a-b.c', name: '李 Wei', fs: 'my-fs' }, '$').ok, true);
  assert.is(part.codec.check({ hub: 'a,b' }, '$').ok, false);
  assert.is(part.codec.check({ name: 'Ζωή' }, '$').ok, false);
  assert.is(part.codec.check({ fs: 'my--fs' }, '$').ok, false);
});

test.run();
