// checkFast's own answers against check's (issue 31): the failures the compiled refusal writes
// itself (not an object, a required key missing, a built-in scalar's wrong type), the walk that
// starts where the object's validator stopped, and the copy made for an object with defaults must
// be check's answer exactly, message, path, constraint and key order, including for keys that are
// quotes, unicode or Object.prototype's names, codecs copied under another label, and recursion
// through the same codec.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { arbitrary, fc } from '../../src/codec/arbitrary.js';
import { nearMisses } from '../../src/codec/near-miss.js';
import { checkFast, compiledCheck } from '../../src/codec/validator.js';
import { builtInFailure } from '../../src/codec/validator-scalar-failure.js';
import { showAfter, shownAfter } from '../../src/codec/validator-message.js';
import { withTextForm } from '../../src/codec/text-form.js';
import { t } from '../../src/codec/index.js';
import { showJson, type Codec } from '../../src/codec/types.js';
import { codecFamily, shown } from '../helpers/codec-family.js';

const RUNS = Number(process.env.PROPS_RUNS ?? 120);
const SEED = Number(process.env.PROPS_SEED ?? 31);

/** checkFast's answer is check's: deep-equal and the same key order (the answer is sent as JSON). */
function same(codec: Codec<unknown>, value: unknown, what = JSON.stringify(value)): void {
  const want = codec.check(value, '$');
  const got = checkFast(codec, value);
  assert.equal(got, want, `checkFast and check differ on ${what}`);
  assert.is(JSON.stringify(got), JSON.stringify(want), `key order differs on ${what}`);
  assert.equal(compiledCheck(codec)(value), want, `compiledCheck differs on ${what}`);
}

const ODD_KEYS = ['a "quoted" key', 'back\\slash', 'tab\there', 'é', '日本', '\u{1F600}', '\ud800', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '', 'x-id', '0'];
const WRONG = ['x', 'a "q"', 'é'.repeat(50), '\ud800', 0, -0, 0.5, 100.5, 1e21, -1.5e-7, true, false, null, [], [1], {}, { a: 1 }];

const fields = (f: (k: string) => Codec<unknown>) => Object.fromEntries(ODD_KEYS.map((k) => [k, f(k)]));

test('the failures written without check (not an object, a key missing, a wrong type) are check\'s, for any key', () => {
  const scalars = [t.int, t.number, t.bool, t.text];
  const codec = t.object('Odd "Name" é', {
    ...fields((k) => scalars[k.length % scalars.length]!),
    opt: t.optional(t.int),
  }) as Codec<unknown>;
  const full = Object.fromEntries(ODD_KEYS.map((k) => [k, [0, 0.5, true, 's'][k.length % 4]]));
  const parse = (o: Record<string, unknown>) => JSON.parse(JSON.stringify(o)) as Record<string, unknown>;
  same(codec, parse(full), 'a valid value');
  for (const v of WRONG) same(codec, v);
  // Each required key missing in turn, and each field of each wrong type in turn, in the value's key order and reversed.
  for (const k of ODD_KEYS) {
    const less = parse(full);
    delete less[k];
    same(codec, less, `without ${JSON.stringify(k)}`);
    for (const w of WRONG) {
      const bad = parse({ ...full, [k]: w });
      same(codec, bad, `${JSON.stringify(k)}: ${JSON.stringify(w)}`);
      same(codec, parse(Object.fromEntries(Object.entries(bad).reverse())), `${JSON.stringify(k)}: ${JSON.stringify(w)}, keys reversed`);
      same(codec, parse({ ...bad, opt: w }), `${JSON.stringify(k)} and opt: ${JSON.stringify(w)}`);
    }
  }
  // `__proto__` read from JSON is a key of the value's own.
  same(codec, JSON.parse('{"__proto__": 1}'), 'a lone __proto__');
  // A value that is not JSON's: a prototype other than Object.prototype, a key holding undefined.
  same(codec, Object.assign(Object.create(null), parse(full), { opt: 'x' }), 'no prototype');
  same(codec, { ...parse(full), [ODD_KEYS[0]!]: undefined }, 'a key holding undefined');
});

test('a codec copied under another label, annotated, or as a map keeps check\'s own messages', () => {
  const base = t.object('Pet', { id: t.int, name: t.text, tag: t.optional(t.text) }) as Codec<unknown>;
  const relabelled = { ...base, label: 'Animal' } as Codec<unknown>;
  const map = t.record(t.int, { name: 'Counts' }) as Codec<unknown>;
  const annotated = t.annotate(base as Codec<Record<string, unknown>>, { title: 'Other' }) as Codec<unknown>;
  for (const codec of [base, relabelled, annotated]) {
    for (const v of ['x', 1, null, [], {}, { id: 1 }, { name: 'a' }, { id: 'x', name: 1 }, { name: 1, id: 'x' }, { id: 1, name: 'a', tag: 2 }, { id: 1, name: 'a', extra: 1 }, { id: 1.5, name: 'a' }]) same(codec, v);
  }
  for (const v of ['x', {}, { a: 1 }, { a: 'x', b: 1 }, { a: 1, b: 'x' }, { a: 0.5 }]) same(map, v);
});

test('the walk starts where the object\'s validator stopped, and recursion through one codec is judged afresh', () => {
  const node = t.recursive<unknown>('Node', (self) => t.object('Node', { name: t.text, size: t.optional(t.int), left: t.optional(self), right: t.optional(self) }) as Codec<unknown>) as Codec<unknown>;
  const pair = t.object('Pair', { a: t.optional(node), b: t.optional(node) }) as Codec<unknown>;
  const leaf = (name: unknown, size?: unknown) => (size === undefined ? { name } : { name, size });
  const values = [
    { name: 'r', left: leaf(1), right: leaf('b', 'x') },
    { right: leaf('b', 'x'), name: 'r', left: leaf(1) },
    { name: 'r', left: { name: 'l', left: leaf('ll', 0.5) }, size: 'x' },
    { size: 'x', name: 'r', left: { name: 'l', left: leaf('ll', 0.5) } },
    { name: 'r', left: { name: 'l', right: leaf(2) }, right: leaf(3) },
    { name: 'r', left: { left: leaf('x'), name: 1 } },
  ];
  for (const v of values) {
    same(node, v);
    same(pair, { a: v, b: leaf('x') });
    same(pair, { b: v, a: leaf(0) });
    same(pair, { a: leaf(0), b: v });
  }
});

test('an object with defaults: a valid value is copied as check copies it, defaults last and never shared', () => {
  const codec = t.object('Search', {
    criteria: t.text,
    start: t.optional(t.int, { default: 0 }),
    tags: t.optional(t.array(t.text), { default: ['a'] }),
    toString: t.optional(t.text, { default: 'd' }),
    ['__proto__']: t.optional(t.int, { default: 7 }),
    note: t.optional(t.text),
  } as Record<string, Codec<unknown>>) as Codec<unknown>;
  const values: unknown[] = [
    { criteria: 'x' }, { start: 3, criteria: 'x' }, { criteria: 'x', tags: [] }, { criteria: 'x', note: null }, { criteria: 'x', start: null },
    JSON.parse('{"__proto__": 1, "criteria": "x"}'), JSON.parse('{"criteria": "x", "toString": "s"}'), { criteria: 'x', start: undefined },
    { criteria: 1 }, {}, 'x', { criteria: 'x', start: 0.5 }, { criteria: 'x', other: 1 },
  ];
  for (const v of values) same(codec, v);
  const a = checkFast(codec, { criteria: 'x' });
  const b = checkFast(codec, { criteria: 'x' });
  assert.ok(a.ok && b.ok);
  assert.is.not((a.value as { tags: unknown }).tags, (b.value as { tags: unknown }).tags, 'an object default is cloned per value');
  const proto = checkFast(codec, { criteria: 'x' });
  assert.ok(proto.ok && Object.hasOwn(proto.value as object, '__proto__'), '__proto__ is a key of the copy, not its prototype');
});

test('showJson renders values as messages show them, and the built-in failure prefixes are their checks\'', () => {
  const shown: [unknown, string][] = [
    ['', 'string ""'], ['a'.repeat(40), `string "${'a'.repeat(40)}"`], ['a'.repeat(41), `string "${'a'.repeat(40)}..."`],
    ['line\nbreak', 'string "line\\nbreak"'], ['say "hi"', 'string "say \\"hi\\""'], ['\udc00x', 'string "\\udc00x"'],
    [0, 'number 0'], [-1.5, 'number -1.5'], [NaN, 'number NaN'], [2 ** 53, 'number 9007199254740992'], [true, 'boolean true'], [false, 'boolean false'],
    [null, 'null'], [[1], 'an array'], [{}, 'an object'], [undefined, 'undefined'], [10n, 'bigint'], [() => 1, 'function'],
  ];
  for (const [v, text] of shown) assert.is(showJson(v), text);
  for (const c of [t.int, t.number, t.bool, t.text]) {
    for (const v of WRONG) {
      const r = c.check(v, '$');
      if (!r.ok) assert.is(builtInFailure(c.check) + showJson(v), r.error);
    }
  }
  assert.is(builtInFailure(t.date.check), undefined, 'a date is not a plain type test');
});

// A constrained scalar's refusal is compiled (validator-refined.ts): the base's failure, then each
// rule's, skipping the rule its validator has just failed when told so by an object or a list.
const REFINED: [string, Codec<unknown>][] = [
  ['int32', t.int32], ['int64', t.int64], ['date-time', t.dateTime], ['time', t.time], ['email', t.email], ['uuid', t.uuid],
  ['int bounds', t.constrain(t.int, { minimum: 1, maximum: 10 })],
  ['number exclusive, multipleOf', t.constrain(t.number, { exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.25 })],
  ['multipleOf 0.0001', t.constrain(t.number, { multipleOf: 0.0001 })],
  ['text lengths, pattern', t.constrain(t.text, { minLength: 2, maxLength: 5, pattern: '^[a-z]+$' })],
  ['lengths in code points', t.constrain(t.text, { minLength: 2, maxLength: 3 })],
  ['constrained twice', t.constrain(t.constrain(t.text, { maxLength: 24 }), { format: 'date-time' })],
  ['int32 constrained', t.constrain(t.int32, { minimum: 0, multipleOf: 3 })],
  ['date constrained', t.constrain(t.date, { pattern: '^2024' })],
  ['word set constrained', t.constrain(t.oneOf(['a', 'bb', 'ccc']), { maxLength: 2 })],
  ['relabelled', { ...t.constrain(t.int, { maximum: 5 }), label: 'small' } as Codec<unknown>],
  ['text form', withTextForm(t.int64, { style: 'simple', explode: false, name: 'id' })],
  ['untyped', t.untyped(t.constrain(t.number, { minimum: 2 }), [t.constrain(t.text, { maxLength: 1 })])],
];
const NEAR = [2 ** 31, -(2 ** 31) - 1, 2 ** 31 - 1, 2 ** 53, -(2 ** 53), 0.3, 0.25, 1, 10, 11, 3, -3, 1e-5,
  '2024-01-01T00:00:00Z', '2024-01-01T24:00:00Z', '2024-13-01T00:00:00Z', '12:00:00Z', 'a@b.c', '123e4567-e89b-12d3-a456-426614174000',
  'ab', 'abcdef', 'aB', 'é', 'éé', '\u{1F600}\u{1F600}', '\u{1F600}\u{1F600}\u{1F600}\u{1F600}', 'a'.repeat(41), '2024-01-02', '2023-01-02', '2024-02-30', 'bb', 'ccc'];

test('a constrained scalar\'s refusal is check\'s: alone, as a field (required, optional, open or strict), an item, a map value', () => {
  for (const [name, s] of REFINED) {
    const strict = t.object('R', { a: s, b: t.optional(s), c: t.text }) as Codec<unknown>;
    const open = t.object('O', { a: s, b: t.optional(s), c: t.int }, { allowExtra: true }) as Codec<unknown>;
    const codecs = [s, strict, open, t.array(s), t.nullable(s), t.record(s), t.object('L', { list: t.array(s), n: t.optional(t.nullable(s)) })] as Codec<unknown>[];
    const drawn = fc.sample(arbitrary(s), { numRuns: 20, seed: SEED }) as unknown[];
    const values = [...NEAR, ...WRONG, ...drawn, ...nearMisses(s, { limit: 40 }).map((m) => m.value)];
    const good = drawn[0];
    for (const v of values) {
      const what = `${name}: ${JSON.stringify(v)}`;
      same(s, v, what);
      for (const o of [strict, open]) {
        same(o, { a: v, c: 'x' }, `${what} as a`);
        same(o, { c: 'x', a: v }, `${what} as a, last`);
        same(o, { a: good, b: v, c: 'x' }, `${what} as b`);
        same(o, { b: v, a: good, c: 'x' }, `${what} as b, first`);
        same(o, { b: v, a: v, c: 1 }, `${what} as a and b, c wrong`);
        same(o, { c: 1, a: v }, `${what} as a, c wrong first`);
        same(o, { a: v, c: 'x', d: v }, `${what} and another key`);
      }
      same(codecs[3]!, [good, v, v], `${what} in a list`);
      same(codecs[4]!, v, `${what} or null`);
      same(codecs[5]!, { k: good, j: v }, `${what} in a map`);
      same(codecs[6]!, { list: [v], n: v }, `${what} in a list field`);
      same(codecs[6]!, { n: v, list: [good, v] }, `${what} in a list field, last`);
    }
  }
});

test('on random values, a constrained scalar nested in objects and lists answers what check answers', () => {
  const codecs = REFINED.map(([, s]) => t.object('N', { a: s, b: t.optional(t.array(s)), c: t.optional(t.object('In', { d: s })) }) as Codec<unknown>);
  const leaf = fc.oneof(fc.constantFrom(...NEAR, ...WRONG), fc.integer(), fc.double(), fc.string(), fc.string({ unit: 'binary', maxLength: 6 }));
  const value = fc.record({ a: leaf, b: fc.array(leaf, { maxLength: 3 }), c: fc.record({ d: leaf }), x: leaf }, { requiredKeys: [] });
  fc.assert(fc.property(fc.nat(codecs.length - 1), value, (i, v) => {
    const codec = codecs[i]!;
    const want = codec.check(v, '$');
    const got = checkFast(codec, v);
    if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`${REFINED[i]![0]} on ${JSON.stringify(v)}: checkFast ${JSON.stringify(got)}, check ${JSON.stringify(want)}`);
  }), { numRuns: RUNS * 20, seed: SEED });
});

test('a schema without type whose object records where its validator stopped: check\'s answer, alone and nested', () => {
  const pet = t.object('Pet', { id: t.int64, name: t.text, tag: t.optional(t.constrain(t.text, { maxLength: 3 })) }) as Codec<unknown>;
  // Open, as most documents' objects are: its refusal writes a field's failure at the field it is told of, without check.
  const open = t.object('Pet', { id: t.int64, name: t.text, tag: t.optional(t.constrain(t.text, { maxLength: 3 })) }, { allowExtra: true }) as Codec<unknown>;
  const alone = t.untyped(open);
  const either = t.untyped(pet, [t.constrain(t.text, { minLength: 2 })]);
  const codecs = [alone, either, t.array(alone), t.array(either), t.object('Holder', { p: alone, q: t.optional(either) }) as Codec<unknown>] as Codec<unknown>[];
  const values: unknown[] = [
    ...WRONG, 'ab', { id: 'x', name: 'n' }, { name: 'n', id: 0.5 }, { id: 0, name: 0 }, { id: 0, name: 'n', tag: 0 }, { id: 0, name: 'n', tag: 'long' },
    { tag: 'long', name: 1, id: 'x' }, { id: 2 ** 53, name: 'n' }, { name: 'n' }, { id: 1 }, { id: 1, name: 'n' }, { id: 1, name: 'n', other: [] },
  ];
  for (const v of values) {
    for (const c of codecs.slice(0, 2)) same(c, v);
    same(codecs[2]!, [v], `[${JSON.stringify(v)}]`);
    same(codecs[3]!, [{ id: 1, name: 'n' }, v], `[valid, ${JSON.stringify(v)}]`);
    same(codecs[4]!, { p: v, q: v }, `p and q: ${JSON.stringify(v)}`);
    same(codecs[4]!, { q: v, p: { id: 1, name: 'n' } }, `q: ${JSON.stringify(v)}`);
  }
});

test('messages joined onto prepared prefixes are showJson\'s', () => {
  const p = shownAfter('expected integer, got ');
  for (const v of [...WRONG, ...NEAR, '', 'a"b', 'a\\b', '\n', 'x'.repeat(40), 'x'.repeat(41), '\udc00', -0, NaN, Infinity, undefined, 10n]) {
    assert.is(showAfter(p, v), `expected integer, got ${showJson(v)}`);
  }
  // Every UTF-16 code unit, alone and among plain characters: escaped where showJson escapes.
  for (let c = 0; c < 0x10000; c++) {
    const v = `ab${String.fromCharCode(c)}c`;
    if (showAfter(p, v) !== `expected integer, got ${showJson(v)}`) assert.unreachable(`code unit ${c.toString(16)}`);
  }
});

test('on generated codecs, their values and near misses, checkFast answers what check answers', () => {
  const cases = codecFamily(3).chain((codec) => fc.tuple(fc.constant(shown(codec)), fc.array(arbitrary(codec, { maxDepth: 2 }), { minLength: 1, maxLength: 6 })));
  fc.assert(fc.property(cases, ([g, values]) => {
    for (const v of [...values, ...nearMisses(g.codec, { limit: 40 }).map((m) => m.value)]) {
      let want;
      try { want = g.codec.check(v, '$'); } catch { continue; }
      const got = checkFast(g.codec, v);
      if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`on ${JSON.stringify(v)}: checkFast ${JSON.stringify(got)}, check ${JSON.stringify(want)}`);
    }
  }), { numRuns: RUNS, seed: SEED });
});

test.run();
