// Compiled JSON encoders: what reaches the wire for a value, and what is refused (with where).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { media, t } from '../../src/codec/index.js';
import { EncodeError, jsonEncoder } from '../../src/codec/encoder.js';
import type { Codec } from '../../src/codec/index.js';

const Position = t.object('Position', { xCoord: t.int, yCoord: t.int });
const User = t.object('User', { name: t.text, age: t.int, email: t.optional(t.text), since: t.date });

/** The refusal of `value`, as `path: reason`; fails the test when the value is accepted. */
function refusal(codec: Codec<unknown>, value: unknown): string {
  try {
    const out = jsonEncoder(codec)(value);
    assert.unreachable(`accepted: ${out}`);
  } catch (err) {
    if (!(err instanceof EncodeError)) throw err;
    return `${err.path}: ${err.reason}`;
  }
  return '';
}

test('only declared fields are written, in declared order', () => {
  const value = { yCoord: 2, secret: 'leak', xCoord: 1 };
  assert.is(jsonEncoder(Position)(value), '{"xCoord":1,"yCoord":2}');
  assert.is(media.json.encode(value, Position), '{"xCoord":1,"yCoord":2}', 'the JSON media codec uses it');
});

test('optional fields are omitted when undefined or null, present otherwise', () => {
  const enc = jsonEncoder(User);
  assert.is(enc({ name: 'A', age: 1, since: '2020-01-31' }), '{"name":"A","age":1,"since":"2020-01-31"}');
  assert.is(enc({ name: 'A', age: 1, email: null, since: '2020-01-31' }), '{"name":"A","age":1,"since":"2020-01-31"}');
  assert.is(enc({ email: 'a@b', name: 'A', age: 1, since: '2020-01-31' }), '{"name":"A","age":1,"email":"a@b","since":"2020-01-31"}');
  const Maybe = t.object('Maybe', { a: t.optional(t.int), b: t.optional(t.int) });
  assert.is(jsonEncoder(Maybe)({}), '{}');
  assert.is(jsonEncoder(Maybe)({ b: 2 }), '{"b":2}');
});

test('the text written is what JSON.stringify writes for the declared shape', () => {
  const Nested = t.object('Nested', {
    s: t.text, n: t.number, b: t.bool, list: t.array(t.object('I', { 'odd key': t.text })), any: t.json, word: t.oneOf(['a', 'b']),
  });
  const value = { s: 'quote " backslash \\ newline \n tab \t emoji 😀 lone \ud800', n: -1.5e-7, b: false, list: [{ 'odd key': 'x' }], any: { deep: [1, null, 'x'] }, word: 'b' };
  assert.is(jsonEncoder(Nested)(value), JSON.stringify(value));
  assert.is(jsonEncoder(t.array(t.int))([]), '[]');
  assert.is(jsonEncoder(t.text)('x'), '"x"');
  assert.is(jsonEncoder(t.bytes)(Buffer.from('hi')), '"aGk="', 'bytes in JSON are base64 text');
});

test('a wrong-typed value is refused with its JSON path, never sent', () => {
  assert.is(refusal(Position, { xCoord: 1, yCoord: '2' }), '$.yCoord: expected integer, got string "2"');
  assert.is(refusal(Position, { xCoord: Number.NaN, yCoord: 2 }), '$.xCoord: expected integer, got number NaN');
  assert.is(refusal(Position, { xCoord: 1.5, yCoord: 2 }), '$.xCoord: expected integer, got number 1.5');
  assert.is(refusal(Position, { xCoord: 1 }), '$.yCoord: Position requires key "yCoord"');
  assert.is(refusal(Position, [1, 2]), '$: expected Position (an object), got an array');
  assert.is(refusal(t.number, Number.POSITIVE_INFINITY), '$: expected number, got number Infinity');
  assert.is(refusal(t.array(User), [{ name: 'A', age: 1, since: '2020-01-01' }, { name: 'B', age: 2, since: '2020-02-30' }]),
    '$[1].since: expected date, got string "2020-02-30"');
  assert.is(refusal(t.object('O', { 'a b': t.bool }), { 'a b': 'yes' }), '$["a b"]: expected boolean, got string "yes"');
  assert.is(refusal(t.oneOf(['a', 'b']), 'c'), '$: expected one of a, b, got string "c"');
  assert.match(refusal(t.json, { big: 1n }), /^\$: not a JSON value/);
  assert.is(refusal(t.json, undefined), '$: expected JSON value, got undefined');
});

test('field names are written as data, whatever they hold (the object encoder is generated code)', () => {
  const hostile = '"); throw new Error("injected"); ("';
  const Odd = t.object('Odd', { [hostile]: t.text, 'back\\slash': t.int, 'line\u2028sep': t.optional(t.bool) });
  const value = { [hostile]: 'x', 'back\\slash': 1, 'line\u2028sep': true };
  assert.is(jsonEncoder(Odd)(value), JSON.stringify(value));
  assert.is(refusal(Odd, { [hostile]: 2, 'back\\slash': 1 }), `$[${JSON.stringify(hostile)}]: expected text, got number 2`);
  assert.is(refusal(User, { age: 1, since: '2020-01-31' }), '$.name: User requires key "name"', 'a required field missing beside optional ones');
  assert.is(jsonEncoder(t.object('Empty', {}))({ extra: 1 }), '{}', 'no field at all');
  assert.is(refusal(t.object('N', { n: t.number }), { n: Number.POSITIVE_INFINITY }), '$.n: expected number, got number Infinity', 'an inline number field');
});

test('the error message names the type, the path and the reason', () => {
  try {
    jsonEncoder(Position)({ xCoord: 1, yCoord: null });
    assert.unreachable();
  } catch (err) {
    assert.is((err as Error).message, 'Position at $.yCoord: expected integer, got null');
  }
});

test('a described copy and a user-made scalar are encoded by their checks', () => {
  const Described = t.describe(t.int, 'an int with a description');
  assert.is(jsonEncoder(Described)(3), '3');
  const even: Codec<number> = { ...t.int, label: 'even integer', check: (j, p) => (typeof j === 'number' && j % 2 === 0 ? { ok: true, value: j } : { ok: false, error: 'not even', path: p }) };
  assert.is(jsonEncoder(even)(4), '4');
  assert.is(refusal(even, 3), '$: not even');
});

test('an encoder is built once per codec', () => {
  assert.is(jsonEncoder(Position), jsonEncoder(Position));
});

test('an object open to extra keys is refused when its declared fields alone fall short of minProperties', () => {
  // It writes only declared fields, so writing this value would break the schema it documents.
  const Open = t.object('Open', { a: t.optional(t.int) }, { allowExtra: true, minProperties: 1 });
  assert.ok(Open.check({ other: 1 }, '$').ok);
  assert.match(refusal(Open, { other: 1 }), /minProperties 1/);
  assert.is(jsonEncoder(Open)({ a: 1, other: 1 }), '{"a":1}');
});

test('distinct items written alike (extra keys left out) are refused under uniqueItems', () => {
  const Tags = t.array(t.object('Tag', { name: t.text }, { allowExtra: true }), { uniqueItems: true });
  assert.ok(Tags.check([{ name: 'a' }, { name: 'a', note: 1 }], '$').ok);
  assert.match(refusal(Tags, [{ name: 'a' }, { name: 'a', note: 1 }]), /^\$\[1\]: must not repeat an item/);
  assert.is(jsonEncoder(Tags)([{ name: 'a' }, { name: 'b', note: 1 }]), '[{"name":"a"},{"name":"b"}]');
});

test.run();
