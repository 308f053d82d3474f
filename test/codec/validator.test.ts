// The compiled validators (the fast path of JSON bodies) against the codecs' own check, over the
// generated family of codecs: a value the validator passes must be one check accepts and decodes
// to itself; a value check refuses must never pass; near misses included.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { arbitrary, fc } from '../../src/codec/arbitrary.js';
import { nearMisses } from '../../src/codec/near-miss.js';
import { validatorOf } from '../../src/codec/validator.js';
import { t } from '../../src/codec/index.js';
import { codecFamily, shown } from '../helpers/codec-family.js';
import { deepEqual } from '../../src/codec/json-equal.js';

const RUNS = Number(process.env.PROPS_RUNS ?? 120);
const SEED = Number(process.env.PROPS_SEED ?? 15);

test('a value the compiled validator passes is one check accepts and decodes to itself; a refused one never passes', () => {
  const cases = codecFamily(3).chain((codec) => fc.tuple(fc.constant(shown(codec)), fc.array(arbitrary(codec, { maxDepth: 2 }), { minLength: 1, maxLength: 8 })));
  let fast = 0;
  fc.assert(fc.property(cases, ([g, values]) => {
    const valid = validatorOf(g.codec);
    for (const v of [...values, ...nearMisses(g.codec, { limit: 40 }).map((m) => m.value)]) {
      if (!valid(v)) continue;
      fast++;
      const r = g.codec.check(v, '$');
      if (!r.ok) throw new Error(`the validator passed ${JSON.stringify(v)}, which check refuses: ${r.error}`);
      if (!deepEqual(r.value, v)) throw new Error(`the validator passed ${JSON.stringify(v)}, which check decodes to ${JSON.stringify(r.value)}`);
    }
  }), { numRuns: RUNS, seed: SEED });
  assert.ok(fast > RUNS, `the fast path was taken ${fast} times: too few to prove anything`);
});

test('the fast path is taken for plain valid bodies and left for ones that decode differently', () => {
  const O = t.object('O', { a: t.int, b: t.optional(t.text), c: t.optional(t.int, { default: 1 }) });
  const P = t.object('P', { a: t.int, b: t.optional(t.text) });
  assert.ok(validatorOf(P)({ a: 1, b: 'x' }), 'valid, decodes to itself');
  assert.not.ok(validatorOf(P)({ a: 1, b: null }), 'a null optional field decodes as absent');
  assert.not.ok(validatorOf(O)({ a: 1 }), 'a default fills a field');
  assert.not.ok(validatorOf(P)({ a: 1, z: 1 }), 'an unknown key is for check to name');
  assert.not.ok(validatorOf(P)(JSON.parse('{"a":1,"__proto__":{}}')), 'an own __proto__ key is an unknown key');
});

test.run();
