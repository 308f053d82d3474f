// The JSON Schema type language of codecs: each keyword refuses what it should with a message
// naming the keyword and where, in JSON and in text, and the encoders write every new kind.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { t, jsonEncoder, EncodeError } from '../../src/codec/index.js';

const refused = (r: { ok: boolean; error?: string; constraint?: string; path?: string }, keyword: string, message: RegExp) => {
  assert.is(r.ok, false, 'refused');
  assert.is(r.constraint, keyword);
  assert.match(r.error ?? '', message);
};

test('numeric bounds and multipleOf: inclusive, exclusive, named in the message', () => {
  const n = t.constrain(t.int, { minimum: 1, maximum: 10, multipleOf: 3 });
  assert.equal(n.check(9, '$'), { ok: true, value: 9 });
  refused(n.check(0, '$.n'), 'minimum', /must be at least 1 \(minimum 1\), got number 0/);
  refused(n.check(12, '$'), 'maximum', /at most 10/);
  refused(n.check(4, '$'), 'multipleOf', /multiple of 3/);
  const x = t.constrain(t.number, { exclusiveMinimum: 0, exclusiveMaximum: 1 });
  assert.ok(x.check(0.5, '$').ok);
  refused(x.check(0, '$'), 'exclusiveMinimum', /greater than 0/);
  refused(x.check(1, '$'), 'exclusiveMaximum', /less than 1/);
  refused(x.parseText('1'), 'exclusiveMaximum', /^"1" must be less than 1/);
  assert.equal(x.schema, { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 });
});

test('int32 and int64 carry their ranges; int64 stops where JSON numbers stop being exact', () => {
  assert.ok(t.int32.check(2 ** 31 - 1, '$').ok);
  refused(t.int32.check(2 ** 31, '$'), 'maximum', /at most 2147483647/);
  assert.is(t.int32.schema.format, 'int32');
  assert.ok(t.int64.parseText('9007199254740991').ok);
  assert.is(t.int64.parseText('9007199254740992').ok, false);
});

test('string lengths count code points, patterns are unanchored ECMAScript, formats are checked', () => {
  const s = t.constrain(t.text, { minLength: 2, maxLength: 3 });
  assert.ok(s.check('😀😀😀', '$').ok, 'three emoji are three characters');
  refused(s.check('abcd', '$'), 'maxLength', /at most 3 characters/);
  refused(s.check('a', '$'), 'minLength', /at least 2 characters/);
  const p = t.constrain(t.text, { pattern: '[0-9]{3}' });
  assert.ok(p.check('ab123cd', '$').ok, 'a pattern may match anywhere (JSON Schema)');
  refused(p.parseText('ab'), 'pattern', /must match \/\[0-9\]\{3\}\//);
  const cases: [keyof typeof t, string, string][] = [
    ['email', 'ann@example.com', 'ann@'], ['uuid', '123e4567-e89b-12d3-a456-426614174000', '123e4567'],
    ['uri', 'https://example.com/a?b#c', '/relative'], ['ipv4', '192.168.0.1', '256.1.1.1'],
    ['ipv6', '2001:db8::1', '2001:db8:::1'], ['hostname', 'api.example.com', '-bad-.com'],
    ['dateTime', '2026-11-23T10:00:00+01:00', '2026-11-23 10:00'], ['time', '23:59:60Z', '24:00:00Z'],
    ['byte', 'aGVsbG8=', 'aGVsbG8'],
  ];
  for (const [name, good, bad] of cases) {
    const codec = t[name] as import('../../src/codec/index.js').Codec<string>;
    assert.ok(codec.check(good, '$').ok, `${name} accepts ${good}`);
    refused(codec.check(bad, '$'), 'format', new RegExp(`format ${codec.schema.format as string}`));
  }
});

test('constrain refuses a keyword that does not fit the type, at once', () => {
  assert.throws(() => t.constrain(t.int, { maxLength: 2 } as never), /applies to strings/);
  assert.throws(() => t.constrain(t.text, { format: 'colour' } as never), /not a known format/);
});

test('arrays: item counts, unique items by JSON equality, comma-separated as text', () => {
  const a = t.array(t.int, { minItems: 1, maxItems: 3, uniqueItems: true });
  assert.equal(a.parseText('1,2,3'), { ok: true, value: [1, 2, 3] });
  refused(a.check([], '$'), 'minItems', /at least 1 item/);
  refused(a.check([1, 2, 3, 4], '$'), 'maxItems', /at most 3 items/);
  refused(a.parseText('1,2,1'), 'uniqueItems', /repeat/);
  const objects = t.array(t.json, { uniqueItems: true });
  refused(objects.check([{ a: 1, b: 2 }, { b: 2, a: 1 }], '$'), 'uniqueItems', /repeat/);
  assert.equal(t.array(t.int).parseText('1,x'), { ok: false, error: 'item 2: "x" is not an integer' });
});

test('objects: maps, patternProperties, key counts, defaults, and __proto__ kept as data', () => {
  const headers = t.object('Headers', { id: t.int }, { patterns: { '^x-': t.text }, maxProperties: 3 });
  assert.equal(headers.check({ id: 1, 'x-a': 'b' }, '$'), { ok: true, value: { id: 1, 'x-a': 'b' } });
  refused(headers.check({ id: 1, other: 1 }, '$'), 'additionalProperties', /unexpected key "other"/);
  refused(headers.check({ id: 1, 'x-a': 'b', 'x-b': 'c', 'x-c': 'd' }, '$'), 'maxProperties', /at most 3 keys/);
  const scores = t.record(t.constrain(t.int, { minimum: 0 }));
  const v = scores.check(JSON.parse('{"__proto__": 3, "a": 1}'), '$');
  assert.ok(v.ok);
  assert.equal(Object.keys((v as { value: object }).value), ['__proto__', 'a']);
  assert.is(Object.getPrototypeOf((v as { value: object }).value), Object.prototype, 'the prototype is untouched');
  assert.is((scores.check({ a: -1 }, '$') as { path: string }).path, '$.a');
  const withDefault = t.object('Page', { size: t.optional(t.int, { default: 20 }) });
  assert.equal(withDefault.check({}, '$'), { ok: true, value: { size: 20 } });
  assert.is((withDefault.schema.properties as Record<string, { default?: number }>).size!.default, 20);
});

test('unions: oneOf refuses a value two options accept; a discriminator picks and names its values', () => {
  const u = t.union([t.int, t.number]);
  refused(u.check(1, '$'), 'oneOf', /more than one/);
  assert.ok(u.check(1.5, '$').ok);
  assert.ok(t.anyOf([t.int, t.number]).check(1, '$').ok);
  const Cat = t.object('Cat', { kind: t.constant('cat'), lives: t.int });
  const Dog = t.object('Dog', { kind: t.constant('dog'), good: t.bool });
  const Pet = t.union([Cat, Dog], { discriminator: 'kind' });
  assert.equal(Pet.check({ kind: 'dog', good: true }, '$'), { ok: true, value: { kind: 'dog', good: true } });
  refused(Pet.check({ kind: 'cow' }, '$'), 'discriminator', /not one of the discriminator's values \("cat", "dog"\)/);
  refused(Pet.check({ lives: 9 }, '$'), 'discriminator', /key "kind" not found/);
  assert.equal((Pet.check({ kind: 'cat', lives: 'x' }, '$') as { path: string }).path, '$.lives');
  assert.equal(Pet.schema.discriminator, { propertyName: 'kind' });
});

test('allOf merges objects and stays strict; nullable, tuples, enums of any JSON', () => {
  const AB = t.allOf('AB', [t.object('A', { a: t.int }), t.object('B', { b: t.text })]);
  assert.equal(AB.check({ a: 1, b: 'x' }, '$'), { ok: true, value: { a: 1, b: 'x' } });
  assert.is(AB.check({ a: 1, b: 'x', c: 0 }, '$').ok, false);
  assert.is(AB.schema.unevaluatedProperties, false);
  const n = t.nullable(t.int);
  assert.equal(n.check(null, '$'), { ok: true, value: null });
  assert.equal(t.nullable(t.text).parseText('null'), { ok: true, value: 'null' }, 'a nullable text keeps the word');
  const pair = t.tuple([t.int, t.bool]);
  assert.equal(pair.parseText('3,TRUE'), { ok: true, value: [3, true] });
  assert.is(pair.check([3], '$').ok, false);
  const e = t.enumOf([1, 'two', null, { three: 3 }]);
  assert.ok(e.check({ three: 3 }, '$').ok);
  refused(e.check(2, '$'), 'enum', /one of 1, "two", null/);
});

test('recursive codecs check any depth and their schema refers to itself by anchor', () => {
  type Tree = { value: number; children: Tree[] };
  const Tree = t.recursive<Tree>('Tree', (self) => t.object('Tree', { value: t.int, children: t.array(self) }));
  const deep = { value: 1, children: [{ value: 2, children: [{ value: 3, children: [] }] }] };
  assert.equal(Tree.check(deep, '$'), { ok: true, value: deep });
  assert.is((Tree.check({ value: 1, children: [{ value: 'x', children: [] }] }, '$') as { path: string }).path, '$.children[0].value');
  assert.is(Tree.schema.$anchor, 'Tree');
  assert.equal((Tree.schema.properties as { children: unknown }).children, { type: 'array', items: { $ref: '#Tree' } });
});

test('encoders write the new kinds and refuse what their codecs refuse', () => {
  type Tree = { value: number; children: Tree[] };
  const Tree = t.recursive<Tree>('Tree', (self) => t.object('Tree', { value: t.int, children: t.array(self) }));
  assert.is(jsonEncoder(Tree)({ value: 1, children: [{ value: 2, children: [], extra: 1 }] }), '{"value":1,"children":[{"value":2,"children":[]}]}');
  assert.is(jsonEncoder(t.record(t.int))({ b: 2, a: 1 }), '{"b":2,"a":1}');
  const Cat = t.object('Cat', { kind: t.constant('cat') });
  const Dog = t.object('Dog', { kind: t.constant('dog'), good: t.bool });
  assert.is(jsonEncoder(t.union([Cat, Dog], { discriminator: 'kind' }))({ kind: 'dog', good: true }), '{"kind":"dog","good":true}');
  assert.is(jsonEncoder(t.nullable(t.int))(null), 'null');
  assert.is(jsonEncoder(t.tuple([t.int, t.text]))([1, 'a']), '[1,"a"]');
  assert.throws(() => jsonEncoder(t.constrain(t.int, { maximum: 3 }))(4), (e: unknown) => e instanceof EncodeError && /at most 3/.test(e.message));
  assert.throws(() => jsonEncoder(t.array(t.int, { maxItems: 1 }))([1, 2]), (e: unknown) => e instanceof EncodeError);
});

test.run();
