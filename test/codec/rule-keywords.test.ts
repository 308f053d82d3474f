// The table of validation keywords (src/codec/rules/): each keyword once, in the order rules are
// compiled, constrain refusing what is not in it or not of its family, and every keyword's near
// miss refused by the codec naming that keyword.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { t } from '../../src/codec/index.js';
import { nearMisses } from '../../src/generate/index.js';
import { RULE_KEYWORDS } from '../../src/codec/rules/index.js';
import { rulesOf } from '../../src/codec/constraints.js';
import { codecProblems } from '../../src/codec/validate.js';
import type { Codec, JsonSchema } from '../../src/codec/types.js';

const NAMES = ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'format',
  'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties'];

test('the table names each of the 14 validation keywords once, in the order rules are compiled', () => {
  assert.equal(RULE_KEYWORDS.map((k) => k.name), NAMES);
  const every: JsonSchema = {
    minimum: 1, exclusiveMinimum: 0, maximum: 9, exclusiveMaximum: 10, multipleOf: 1, minLength: 1, maxLength: 9, pattern: 'a', format: 'email',
    minItems: 1, maxItems: 9, uniqueItems: true, minProperties: 1, maxProperties: 9,
  };
  // Written in another order, compiled in the table's.
  const shuffled = Object.fromEntries(Object.entries(every).reverse()) as JsonSchema;
  assert.equal(rulesOf(shuffled).map((r) => r.keyword), NAMES);
  assert.is(rulesOf({ maxLength: 3 })[0]!.reason, 'must be at most 3 characters long (maxLength 3)');
  assert.is(rulesOf({ pattern: '^a$' })[0]!.reason, 'must match /^a$/ (pattern)');
  assert.is(rulesOf({ format: 'email' })[0]!.reason, 'is not an email address (format email)');
});

test('constrain refuses a keyword not in the table and a keyword of another family', () => {
  assert.throws(() => t.constrain(t.int, { minimum: 1, minimumish: 2 } as never),
    (e: Error) => e.message === 'constrain: "minimumish" is not a validation keyword (minimum, exclusiveMinimum, maximum, exclusiveMaximum, multipleOf, minLength, maxLength, pattern, format, minItems, maxItems, uniqueItems, minProperties, maxProperties)');
  assert.throws(() => t.constrain(t.int, { minLength: 1 } as never), (e: Error) => e.message === 'constrain: "minLength" applies to strings, and integer is not one');
  assert.throws(() => t.constrain(t.text, { uniqueItems: true } as never), /"uniqueItems" applies to arrays/);
});

test('the load-time problems are the keywords\' own, in their order', () => {
  const problems = (codec: Codec<unknown>) => codecProblems(codec).map((p) => p.message);
  assert.equal(problems(t.constrain(t.number, { minimum: 5, exclusiveMinimum: 5, maximum: 5, exclusiveMaximum: 5 })), [
    'exclusiveMinimum 5 is above maximum 5: no value can satisfy both',
    'minimum 5 is above exclusiveMaximum 5: no value can satisfy both',
    'exclusiveMinimum 5 is above exclusiveMaximum 5: no value can satisfy both',
  ]);
  assert.equal(problems(t.constrain(t.text, { minLength: 4, maxLength: 2.5, pattern: '(' })), [
    'minLength 4 is above maxLength 2.5: no value can satisfy both', 'maxLength must be a whole number, got 2.5',
  ].concat(problems(t.constrain(t.text, { pattern: '(' }))));
  assert.equal(problems(t.constrain(t.number, { multipleOf: 0 })), ['multipleOf must be above 0, got 0']);
});

test('every keyword has a near miss its codec refuses naming that keyword', () => {
  const maybe = t.optional(t.int);
  const codecs: Record<string, Codec<any>> = {
    minimum: t.constrain(t.int, { minimum: 3 }),
    exclusiveMinimum: t.constrain(t.number, { exclusiveMinimum: 3 }),
    maximum: t.constrain(t.int, { maximum: 3 }),
    exclusiveMaximum: t.constrain(t.number, { exclusiveMaximum: 3 }),
    multipleOf: t.constrain(t.number, { multipleOf: 0.5 }),
    minLength: t.constrain(t.text, { minLength: 3 }),
    maxLength: t.constrain(t.text, { maxLength: 3 }),
    pattern: t.constrain(t.text, { pattern: '^[a-z]+$' }),
    format: t.constrain(t.text, { format: 'uuid' }),
    minItems: t.array(t.int, { minItems: 2 }),
    maxItems: t.array(t.int, { maxItems: 2 }),
    uniqueItems: t.array(t.int, { uniqueItems: true }),
    minProperties: t.object('Some', { a: maybe, b: maybe, c: maybe }, { minProperties: 2 }),
    maxProperties: t.object('Few', { a: maybe, b: maybe, c: maybe }, { maxProperties: 2 }),
  };
  assert.equal(Object.keys(codecs), NAMES);
  for (const [keyword, codec] of Object.entries(codecs)) {
    const m = nearMisses(codec).find((x) => x.pointer === '' && x.keyword === keyword);
    assert.ok(m, `no ${keyword} miss`);
    const r = codec.check(m!.value, '$');
    assert.not.ok(r.ok, `${keyword}: ${JSON.stringify(m!.value)} accepted`);
    if (!r.ok) assert.is(r.constraint, keyword, `${keyword}: ${r.error}`);
  }
});

test.run();
