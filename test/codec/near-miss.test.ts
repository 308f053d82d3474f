// nearMisses(): invalid values one constraint away from valid, each saying which keyword and where;
// the codec's check refuses each and names that keyword at that place.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fc } from '../../src/codec/arbitrary.js';
import { t } from '../../src/codec/index.js';
import { type NearMiss, nearMisses } from '../../src/generate/index.js';
import type { Codec } from '../../src/codec/types.js';
import { codecFamily } from '../helpers/codec-family.js';

/** The check path (`$.a[0]`) of a JSON pointer (`/a/0`), for a value walked along it. */
function pathOf(pointer: string, value: unknown): string {
  let path = '$';
  let at = value;
  for (const raw of pointer.split('/').slice(1)) {
    const step = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(at)) path += `[${step}]`;
    else path += /^[A-Za-z_$][\w$]*$/.test(step) ? `.${step}` : `[${JSON.stringify(step)}]`;
    at = (at as Record<string, unknown>)?.[step];
  }
  return path;
}

/** How check reports a miss: the keyword it names (type errors name none), at the miss's place. */
function verdict(codec: Codec<unknown>, m: NearMiss) {
  const r = codec.check(m.value, '$');
  assert.not.ok(r.ok, `accepted ${m.broken} at ${m.pointer}: ${JSON.stringify(m.value)}`);
  return r.ok ? undefined : r;
}

const find = (misses: NearMiss[], pointer: string, keyword: string) => misses.find((m) => m.pointer === pointer && m.keyword === keyword);

test('near misses of an object break each field constraint at its place and say which', () => {
  const User = t.object('User', {
    name: t.constrain(t.text, { maxLength: 10 }),
    age: t.optional(t.constrain(t.int, { minimum: 0, exclusiveMaximum: 150 })),
    tags: t.array(t.constrain(t.text, { pattern: '^[a-z]+$' }), { maxItems: 3, uniqueItems: true }),
  });
  const misses = nearMisses(User);
  const expected: [string, string, string][] = [
    ['', 'required', 'missing key "name"'], ['', 'additionalProperties', 'unexpected key "unexpected"'], ['', 'type', 'type (expected object)'],
    ['/name', 'maxLength', 'maxLength 10'], ['/age', 'minimum', 'minimum 0'], ['/age', 'exclusiveMaximum', 'exclusiveMaximum 150'],
    ['/age', 'type', 'type (expected integer)'], ['/tags', 'maxItems', 'maxItems 3'], ['/tags', 'uniqueItems', 'uniqueItems'],
    ['/tags/0', 'pattern', 'pattern ^[a-z]+$'],
  ];
  for (const [pointer, keyword, broken] of expected) {
    const m = find(misses, pointer, keyword);
    assert.ok(m, `no ${keyword} miss at ${pointer || '/'}`);
    assert.is(m!.broken, broken);
    const r = verdict(User, m!)!;
    assert.is(r.path, pathOf(pointer, m!.value), `${broken}: ${r.error}`);
    assert.is(r.constraint, keyword === 'type' ? undefined : keyword, `${broken}: ${r.error}`);
  }
});

test('a discriminated union has a miss naming an unknown discriminator value', () => {
  const Pet = t.union([t.object('Cat', { kind: t.constant('cat'), lives: t.int }), t.object('Dog', { kind: t.constant('dog') })], { discriminator: 'kind' });
  const m = find(nearMisses(Pet), '/kind', 'discriminator');
  assert.ok(m);
  assert.is(m!.broken, "not one of the discriminator's values");
  const r = verdict(Pet, m!)!;
  assert.is(r.constraint, 'discriminator');
  assert.match(r.error, /not one of the discriminator's values/);
  // Misses inside the second option too, not only the sampled first one.
  assert.ok(nearMisses(Pet).some((x) => (x.value as { kind?: unknown }).kind === 'dog' && x.keyword === 'additionalProperties'));
});

test('formats, enums, multipleOf and lengths in code points each get their miss', () => {
  const cases: [Codec<any>, string, unknown][] = [
    [t.email, 'format', 'user@'], [t.oneOf(['red', 'green']), 'enum', 'redx'],
    [t.constrain(t.number, { multipleOf: 0.25 }), 'multipleOf', 0.125],
    [t.constrain(t.text, { minLength: 2 }), 'minLength', 's'],
  ];
  for (const [codec, keyword, value] of cases) {
    const m = find(nearMisses(codec), '', keyword);
    assert.ok(m, `no ${keyword} miss`);
    assert.equal(m!.value, value);
    assert.is(verdict(codec, m!)!.constraint, keyword);
  }
  // Two astral code points are two characters to JSON Schema, though four UTF-16 units.
  const emoji = t.constrain(t.text, { pattern: '^\\p{Extended_Pictographic}+$', maxLength: 2 });
  const long = find(nearMisses(emoji), '', 'maxLength')!;
  assert.is([...(long.value as string)].length, 3);
});

test('a miss never offers null to an optional field (the codec reads null as absent)', () => {
  const O = t.object('O', { a: t.optional(t.bool), b: t.optional(t.nullable(t.int)) });
  for (const m of nearMisses(O)) assert.is.not((m.value as Record<string, unknown>)?.a, null, m.broken);
});

test('every near miss of a generated codec is refused by its check, naming its keyword where no union hides it', () => {
  for (const codec of fc.sample(codecFamily(3), { seed: 11, numRuns: Number(process.env.PROPS_RUNS ?? 120) })) {
    const first = nearMisses(codec);
    assert.equal(nearMisses(codec), first, 'the same misses on a second call');
    for (const m of first) {
      const r = verdict(codec, m)!;
      // A union without a discriminator reports its own failure (oneOf / anyOf) at its place; a
      // discriminated one reports a wrong-typed value as a missing discriminator.
      if (r.path === pathOf(m.pointer, m.value) && m.keyword !== 'type' && r.constraint !== 'oneOf' && r.constraint !== 'anyOf' && r.constraint !== 'discriminator') {
        assert.is(r.constraint, m.keyword, `${JSON.stringify(codec.schema)}\n${m.broken} at ${m.pointer}: ${r.error}`);
      }
    }
  }
});

test.run();
