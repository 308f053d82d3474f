// The string formats api-serve asserts (src/codec/formats/): every mock answer and fuzz value of a
// format passes the format's own check, its near misses fail it, and an OpenAPI document's
// `format: uri-reference` (a format without a `t.` codec of its own) is checked, in the import and
// in the TypeScript source `api-serve import` writes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { t } from '../../src/codec/index.js';
import { FORMATS, type FormatName } from '../../src/codec/formats.js';
import { arbitrary, fc, nearMisses, sample } from '../../src/generate/index.js';
import { SchemaReader } from '../../src/openapi/schema-to-codec.js';
import { CodecSource } from '../../src/openapi/codec-source.js';
import { Warnings } from '../../src/openapi/warnings.js';

const NAMES = Object.keys(FORMATS) as FormatName[];
const codecOf = (format: FormatName) => t.constrain(t.text, { format });

test('the sample of every asserted format is a value of it, the same on each call', () => {
  for (const format of NAMES) {
    const codec = codecOf(format);
    const v = sample(codec);
    assert.ok(FORMATS[format].test(v) && codec.check(v, '$').ok, `${format}: sample ${JSON.stringify(v)}`);
    assert.is(sample(codec), v, format);
  }
});

test('every drawn value of every asserted format passes its own check (a mock answer or fuzz value the server would accept)', () => {
  for (const format of NAMES) {
    const codec = codecOf(format);
    for (const v of fc.sample(arbitrary(codec), { seed: 31, numRuns: 200 })) {
      assert.ok(FORMATS[format].test(v), `${format}: drawn ${JSON.stringify(v)} fails the format`);
    }
  }
});

test('each format\'s near misses are refused by its check, naming the format', () => {
  for (const format of NAMES.filter((f) => f !== 'binary' && f !== 'password')) {
    const misses = nearMisses(codecOf(format)).filter((m) => m.keyword === 'format');
    assert.ok(misses.length > 0, `${format}: no near miss`);
    for (const m of misses) {
      const r = codecOf(format).check(m.value, '$');
      assert.ok(!r.ok && r.error.includes(`format ${format}`), `${format}: ${JSON.stringify(m.value)} ${r.ok ? 'accepted' : r.error}`);
    }
  }
});

/** Values a user would send, each format's accepted ones and refused ones (beside the JSON Schema suite's). */
const CASES: readonly [FormatName, readonly string[], readonly string[]][] = [
  ['uri-reference', ['/users/7?expand=true', '../a', '#top', ''], ['/a b', 'http://[::1/', '1:b']],
  ['iri', ['https://例え.テスト/パス?q=é#ß'], ['/パス', 'https://例え.テスト/a b']],
  ['iri-reference', ['/パス', '#ß'], ['\\\\server\\share']],
  ['uri-template', ['/users/{id}{?fields*,page}', '{+base}/x'], ['/users/{id', '/users/{}']],
  ['json-pointer', ['', '/a~1b/0'], ['a/b', '/~']],
  ['relative-json-pointer', ['0#', '2/a'], ['#', '-1/a']],
  ['regex', ['^\\p{L}+$', '(?<=a)b'], ['(', '\\p{Nope}', 'a{2,1}']],
  ['duration', ['P3Y6M4DT12H30M5S', 'P2W', 'PT90M'], ['P1.5D', 'P1W2D', 'P']],
  ['idn-email', ['用户@例え.テスト', 'josé@example.com'], ['用户', '用户@', 'a b@example.com']],
  ['uri', ['urn:isbn:0451450523', 'http://[v1.x]/'], ['http://example.com:8a/', 'http://[::ffff:01.2.3.4]/']],
  // Not JSON Schema's: what OpenAPI documents write and ajv-formats checks (dev.to's `canonical_url`).
  ['url', ['https://dev.to/a/b-1', 'http://localhost:3000/x'], ['dev.to/a', 'urn:isbn:0451450523', 'https://a b/']],
];

test('the new formats accept and refuse what their RFCs say', () => {
  for (const [format, good, bad] of CASES) {
    for (const v of good) assert.ok(FORMATS[format].test(v), `${format} should accept ${JSON.stringify(v)}`);
    for (const v of bad) assert.ok(!FORMATS[format].test(v), `${format} should refuse ${JSON.stringify(v)}`);
  }
});

test('an imported `format: uri-reference` is checked, and written back as a constraint in the TypeScript source', () => {
  const warnings = new Warnings();
  const reader = new SchemaReader({ openapi: '3.1.0' }, '3.1', warnings);
  const codec = reader.read({ type: 'string', format: 'uri-reference' }, '/components/schemas/Link');
  assert.ok(codec.check('/users/7', '$').ok);
  const r = codec.check('/a b', '$');
  assert.ok(!r.ok && r.error.includes('format uri-reference'), r.ok ? 'accepted' : r.error);
  assert.is(codec.schema.format, 'uri-reference');
  assert.is(new CodecSource().expr(codec), 't.constrain(t.text, { format: "uri-reference" })');
  // A format nobody asserts stays an annotation, as before.
  const unknown = reader.read({ type: 'string', format: 'colour' }, '/components/schemas/Colour');
  assert.ok(unknown.check('anything', '$').ok);
  assert.is(unknown.schema.format, 'colour');
});

test.run();
