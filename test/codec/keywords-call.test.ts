// `t.keywords(codec, args)`: the applicator keywords on a codec in a surface module, made by the
// keyword modules an imported document is read with, so a module `api-serve import` writes checks
// what its document checks.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { t } from '../../src/codec/index.js';

const ok = (c: { check(v: unknown, p: string): { ok: boolean } }, v: unknown) => c.check(v, '$').ok;

test('contains with minContains: a list needs two items of at least 10', () => {
  const Lines = t.keywords(t.array(t.int), { contains: t.constrain(t.int, { minimum: 10 }), minContains: 2 });
  assert.ok(ok(Lines, [10, 3, 11]));
  assert.not.ok(ok(Lines, [10, 3]));
  const r = Lines.check([10, 3], '$');
  assert.ok(!r.ok && /at least 2 items .*minContains 2/.test(r.error), JSON.stringify(r));
  assert.equal(Lines.schema.minContains, 2);
});

test('if/then and unevaluatedProperties: false on an open object; not on a field', () => {
  const Order = t.keywords(t.object('Order', { kind: t.text, address: t.optional(t.text), note: t.optional(t.keywords(t.text, { not: t.constant('no') })) }, { extra: t.unsaid }), {
    if: t.untyped(t.object('If', { kind: t.optional(t.constant('delivery')) }, { extra: t.unsaid })),
    then: t.untyped(t.object('Then', { address: t.unsaid }, { extra: t.unsaid })),
    unevaluatedProperties: false,
  });
  assert.ok(ok(Order, { kind: 'pickup' }));
  assert.not.ok(ok(Order, { kind: 'delivery' }), 'then: address required');
  assert.ok(ok(Order, { kind: 'delivery', address: 'Main St' }));
  assert.not.ok(ok(Order, { kind: 'pickup', note: 'no' }), 'not');
  const extra = Order.check({ kind: 'pickup', other: 1 }, '$');
  assert.ok(!extra.ok && /unexpected key "other"/.test(extra.error), JSON.stringify(extra));
});

test('an object open by saying nothing keeps other keys and writes no additionalProperties; t.json as extra writes true-ish {}', () => {
  const Open = t.object('Open', { a: t.int }, { extra: t.unsaid });
  const r = Open.check({ a: 1, b: [2] }, '$');
  assert.equal(r, { ok: true, value: { a: 1, b: [2] } });
  assert.not.ok(Object.hasOwn(Open.schema, 'additionalProperties'));
  assert.equal(t.object('Said', { a: t.int }, { extra: t.json }).schema.additionalProperties, {});
});

test('an unknown keyword or a subschema that is not a codec is a TypeError naming it', () => {
  assert.throws(() => t.keywords(t.int, { nott: t.int }), /t\.keywords\(\): "nott" is not one of/);
  assert.throws(() => t.keywords(t.int, { not: { type: 'string' } }), /t\.keywords\(\): not must be a codec or a boolean/);
});

test.run();
