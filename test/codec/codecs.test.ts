// Value and media codecs: text parsing, JSON checks with paths, form decoding, JSON Schema.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { media, t } from '../../src/codec/index.js';
import { parseUrlEncoded } from '../../src/codec/urlencoded.js';

const err = (r: { ok: boolean; error?: string }) => (r.ok ? undefined : r.error);

test('int parses signed decimals and rejects the rest with a reason', () => {
  assert.equal(t.int.parseText('-12'), { ok: true, value: -12 });
  assert.equal(t.int.parseText('+7'), { ok: true, value: 7 });
  assert.is(err(t.int.parseText('12abc')), '"12abc" is not an integer');
  assert.is(err(t.int.parseText('')), '"" is not an integer');
  assert.match(err(t.int.parseText('9007199254740993')) ?? '', /out of range/);
  assert.is(t.int.check(1.5, '$').ok, false);
});

test('bool is case-insensitive true/false in text, strict in JSON', () => {
  assert.equal(t.bool.parseText('TRUE'), { ok: true, value: true });
  assert.is(t.bool.parseText('1').ok, false);
  assert.is(t.bool.check('true', '$').ok, false);
});

test('date accepts real calendar dates only', () => {
  assert.is(t.date.parseText('2024-02-29').ok, true);
  assert.is(t.date.parseText('2023-02-29').ok, false);
  assert.is(t.date.parseText('1683-3-1').ok, false);
});

test('object checks name the path of the failing field', () => {
  const C = t.object('C', { a: t.array(t.object('I', { n: t.int })), o: t.optional(t.text) });
  assert.equal(C.check({ a: [{ n: 1 }] }, '$'), { ok: true, value: { a: [{ n: 1 }] } });
  const r = C.check({ a: [{ n: 1 }, { n: 'x' }] }, '$');
  assert.equal(r, { ok: false, error: 'expected integer, got string "x"', path: '$.a[1].n' });
  assert.equal(C.check({ a: [], 'odd key': 1 }, '$').ok, false);
  assert.is(C.check({ a: [], o: null }, '$').ok, true, 'null reads as absent for optional fields');
});

test('objects yield JSON Schema with required fields and no extras', () => {
  const C = t.object('C', { a: t.int, b: t.optional(t.date) });
  assert.equal(C.schema, { type: 'object', title: 'C', properties: { a: { type: 'integer' }, b: { type: 'string', format: 'date' } }, required: ['a'], additionalProperties: false });
});

test('urlencoded parsing keeps order, decodes +, rejects bad escapes', () => {
  assert.equal(parseUrlEncoded('a=1&b=x+y&a=%32'), { ok: true, value: [['a', '1'], ['b', 'x y'], ['a', '2']] });
  assert.equal(parseUrlEncoded('flag&&x='), { ok: true, value: [['flag', ''], ['x', '']] });
  assert.is(parseUrlEncoded('a=%zz').ok, false);
  assert.is(parseUrlEncoded('a=b=c', true).ok, false);
});

test('form media decodes lists, rejects duplicates and unknown keys', () => {
  const F = t.object('F', { name: t.text, tags: t.array(t.text) });
  const dec = (s: string) => media.form.decode!(Buffer.from(s), F);
  assert.equal(dec('name=a&tags=x&tags[]=y'), { ok: true, value: { name: 'a', tags: ['x', 'y'] } });
  assert.equal(dec('name=a'), { ok: true, value: { name: 'a', tags: [] } }, 'a list key given zero times is the empty list (servant)');
  const O = t.object('O', { name: t.text, tags: t.optional(t.array(t.text)) });
  assert.equal(media.form.decode!(Buffer.from('name=a'), O), { ok: true, value: { name: 'a' } }, 'an optional list may be left out');
  assert.equal(media.form.decode!(Buffer.from('name=a&tags=x&tags=y'), O), { ok: true, value: { name: 'a', tags: ['x', 'y'] } });
  assert.is(err(dec('name=a&name=b')), 'Duplicate key "name"');
  assert.is(err(dec('tags=x')), 'Could not find key "name"');
  assert.is(err(dec('name=a&admin=1')), 'unexpected key "admin"');
  assert.is(media.form.encode({ name: 'a b', tags: ['x', 'y'] }, F), 'name=a+b&tags=x&tags=y');
});

test('JSON media accepts any top-level JSON value', () => {
  assert.equal(media.json.decode!(Buffer.from('42'), t.int), { ok: true, value: 42 });
  assert.equal(media.json.decode!(Buffer.from('"s"'), t.text), { ok: true, value: 's' });
  assert.equal(media.json.decode!(Buffer.from('null'), t.json), { ok: true, value: null });
});

test.run();
