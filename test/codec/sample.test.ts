// sample(): one representative value per codec, accepted by its check and the same on every run.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fc } from '../../src/codec/arbitrary.js';
import { t } from '../../src/codec/index.js';
import { sample } from '../../src/generate/index.js';
import { codecFamily } from '../helpers/codec-family.js';

type Tree = { value: number; children: Tree[] };
const Tree = t.recursive<Tree>('Tree', (self) => t.object('Tree', { value: t.int, children: t.array(self) }));

test('every generated codec samples a value its check accepts, the same on a second call', () => {
  for (const codec of fc.sample(codecFamily(3), { seed: 7, numRuns: Number(process.env.PROPS_RUNS ?? 120) })) {
    const a = sample(codec);
    const r = codec.check(a, '$');
    assert.ok(r.ok, `${JSON.stringify(codec.schema)}\nsample ${JSON.stringify(a)}\n${r.ok ? '' : r.error}`);
    assert.equal(sample(codec), a, JSON.stringify(codec.schema));
  }
});

test('a sample takes the first example, else the default, before building one', () => {
  assert.is(sample(t.examples(t.int, [{ value: 42 }, { value: 7 }])), 42);
  assert.is(sample(t.optional(t.int, { default: 10 })), 10);
  assert.is(sample(t.constrain(t.int, { exclusiveMinimum: 5000 })), 5001);
});

test('a built sample meets bounds, lengths, formats and enums with the plainest value', () => {
  assert.is(sample(t.int), 0);
  assert.is(sample(t.constrain(t.number, { minimum: 0.5, multipleOf: 0.25 })), 0.5);
  assert.is(sample(t.constrain(t.int, { maximum: -3 })), -3);
  assert.is(sample(t.constrain(t.text, { minLength: 8 })), 'xxxxxxxx');
  assert.is(sample(t.email), 'user@example.com');
  assert.is(sample(t.oneOf(['red', 'green'])), 'red');
  assert.is(sample(t.enumOf([3, 'x'])), 3);
  assert.ok(/^[A-Z]{2,3}-\d{3}$/.test(sample(t.constrain(t.text, { pattern: '^[A-Z]{2,3}-\\d{3}$' }))));
});

test('an object sample has its required fields, and optional ones only to reach minProperties', () => {
  const User = t.object('User', { name: t.text, age: t.optional(t.int), tags: t.array(t.text) });
  assert.equal(sample(User), { name: 'string', tags: ['string'] });
  const Two = t.object('Two', { name: t.text, age: t.optional(t.int), nick: t.optional(t.text) }, { minProperties: 2 });
  assert.equal(sample(Two), { name: 'string', age: 0 });
});

test('an object with no required field is sampled with its optional ones (up to maxProperties), so a list of them is not [{}]', () => {
  const Filter = t.object('Filter', { tag: t.optional(t.text), limit: t.optional(t.int) });
  assert.equal(sample(t.array(Filter)), [{ tag: 'string', limit: 0 }]);
  const One = t.object('One', { tag: t.optional(t.text), limit: t.optional(t.int) }, { maxProperties: 1 });
  assert.equal(sample(One), { tag: 'string' });
});

test('an open object with no required field is sampled with its declared fields only; a map of no fields shows one entry', () => {
  // A document's error schema `{ type?, title? }` with additionalProperties left open was sampled with key1..key999 (12 KB).
  const Problem = t.object('Problem', { type: t.optional(t.text), title: t.optional(t.text) }, { extra: t.unsaid });
  assert.equal(sample(Problem), { type: 'string', title: 'string' });
  assert.equal(sample(t.object('Open', { note: t.optional(t.text) }, { allowExtra: true })), { note: 'string' });
  assert.equal(sample(t.object('Counts', {}, { extra: t.int })), { key1: 0 });
  assert.equal(sample(t.object('Counts', { n: t.optional(t.int) }, { extra: t.int, minProperties: 3 })), { n: 0, key1: 0, key2: 0 });
});

test('a recursive codec samples one level deep, then its lists are empty and its nullables null', () => {
  assert.equal(sample(Tree), { value: 0, children: [{ value: 0, children: [] }] });
  type List = { value: string; next: List | null };
  const List = t.recursive<List>('List', (self) => t.object('List', { value: t.text, next: t.nullable(self) }));
  assert.equal(sample(List), { value: 'string', next: { value: 'string', next: null } });
});

test('a union samples its first option that ends; distinct items are drawn when copies would repeat', () => {
  type Expr = number | { op: 'add'; args: [Expr, Expr] };
  const Expr = t.recursive<Expr>('Expr', (self) => t.union([t.object('Add', { op: t.constant('add'), args: t.tuple([self, self]) }), t.int]));
  assert.equal(sample(Expr), { op: 'add', args: [0, 0] });
  const Pair = t.array(t.int, { minItems: 2, uniqueItems: true });
  const pair = sample(Pair);
  assert.ok(Pair.check(pair, '$').ok, JSON.stringify(pair));
  assert.equal(sample(Pair), pair);
});


test('a oneOf of objects with no required field samples a value of one option that the others refuse', () => {
  // As documents write them (probely's event content): every field optional, other keys allowed.
  const User = t.object('User', { email: t.optional(t.text), name: t.optional(t.text) }, { allowExtra: true });
  const Target = t.object('Target', { site: t.optional(t.object('Site', { url: t.text })), name: t.optional(t.text) }, { allowExtra: true });
  const either = t.union([User, Target]);
  const value = sample(either) as Record<string, unknown>;
  assert.ok(either.check(value, '$').ok, JSON.stringify(value));
  // The first option's own sample, told apart by the field only Target declares (not a random draw).
  assert.equal(value, { email: 'string', name: 'string', site: false });
  assert.ok(User.check(value, '$').ok && !Target.check(value, '$').ok, `one option: ${JSON.stringify(value)}`);
});

test('a oneOf whose options have the same fields is told apart one level down, in the items of a list both declare', () => {
  // As nexmo's report listings: the options differ only in the fields of their records.
  const Sms = t.object('SmsRecord', { message_id: t.optional(t.text) }, { allowExtra: true });
  const Call = t.object('CallRecord', { call_id: t.optional(t.text), duration: t.optional(t.int) }, { allowExtra: true });
  const SmsReport = t.object('SmsReport', { product: t.optional(t.text), records: t.optional(t.array(Sms)) }, { allowExtra: true });
  const CallReport = t.object('CallReport', { product: t.optional(t.text), records: t.optional(t.array(Call)) }, { allowExtra: true });
  const either = t.union([SmsReport, CallReport]);
  const value = sample(either) as { records?: Record<string, unknown>[] };
  assert.ok(either.check(value, '$').ok, JSON.stringify(value));
  assert.ok(SmsReport.check(value, '$').ok && !CallReport.check(value, '$').ok, `the first option only: ${JSON.stringify(value)}`);
  assert.equal(value.records?.[0], { call_id: false }, JSON.stringify(value));
});

test.run();
