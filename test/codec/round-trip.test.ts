// Round trips: a valid value survives the JSON encoder (what a handler sees is the same after the
// trip) and, for textual codecs, formatText then parseText (captures, query values, headers).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { arbitrary, fc } from '../../src/codec/arbitrary.js';
import { EncodeError, jsonEncoder, t } from '../../src/codec/index.js';
import type { Codec } from '../../src/codec/types.js';
import { codecFamily, shown } from '../helpers/codec-family.js';

const RUNS = Number(process.env.PROPS_RUNS ?? 120);
const SEED = Number(process.env.PROPS_SEED ?? 15);

function holds<T>(property: fc.IProperty<T>): void {
  const out = fc.check(property, { seed: SEED, numRuns: RUNS });
  if (!out.failed) return;
  throw new Error(`after ${out.numRuns} cases (seed ${SEED}):\n${out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance)}`);
}

const show = (v: unknown) => JSON.stringify(v);

test('a valid value written by the JSON encoder reads back to the same decoded value', () => {
  const cases = codecFamily(3).chain((c) => fc.tuple(fc.constant(shown(c)), arbitrary(c, { maxDepth: 2 })));
  holds(fc.property(cases, ([g, v]) => {
    const direct = g.codec.check(v, '$');
    assert.ok(direct.ok);
    let text: string;
    try {
      text = jsonEncoder(g.codec)(v);
    } catch (err) {
      // Decided: an object open to extra keys writes only its declared fields. When what remains
      // breaks a rule (minProperties, uniqueItems) the encoder refuses rather than write invalid
      // JSON; that is the only refusal allowed, and then the decoded value must break it too.
      if (err instanceof EncodeError && !g.codec.check(direct.value, '$').ok) return;
      throw new Error(`the encoder refused a valid value\nschema ${show(g.codec.schema)}\nvalue  ${show(v)}\n${(err as Error).message}`);
    }
    const back = g.codec.check(JSON.parse(text), '$');
    if (!back.ok) throw new Error(`the encoded value no longer checks\nschema ${show(g.codec.schema)}\nvalue  ${show(v)}\nJSON   ${text}\n${back.error}`);
    // Compared decoded: an object open to extra keys writes (and decodes) only its declared fields.
    assert.equal(back.value, direct.value, `schema ${show(g.codec.schema)}\nvalue  ${show(v)}\nJSON   ${text}`);
  }));
});

// Codecs written as text: scalars, formats, constrained values, word sets, enums and constants, and
// lists and tuples of scalars whose text holds no comma (the separator).
const commaFree: Codec<any>[] = [t.int, t.number, t.bool, t.date, t.uuid, t.ipv4, t.int32, t.oneOf(['red', 'green']),
  t.constrain(t.int, { exclusiveMinimum: 5000 }), t.constrain(t.number, { minimum: 0, multipleOf: 0.25 })];
const textual: fc.Arbitrary<Codec<any>> = fc.oneof(
  fc.constantFrom<Codec<any>>(...commaFree, t.text, t.dateTime, t.time, t.email, t.uri, t.ipv6, t.hostname, t.byte, t.password,
    t.constrain(t.text, { minLength: 2, maxLength: 8 }), t.constrain(t.text, { pattern: '^[A-Z]{2,3}-\\d{3}$' }),
    t.enumOf(['cat', 0, -1.5, true, null, [1, 'a']]), t.constant('cat'), t.constant(7),
    t.allOf('Slug', [t.constrain(t.text, { minLength: 2 }), t.constrain(t.text, { pattern: '^[a-z-]+$' })])),
  fc.constantFrom(...commaFree).chain((item) => fc.constantFrom<Codec<any>>(t.array(item), t.array(item, { minItems: 1, uniqueItems: true }))),
  fc.array(fc.constantFrom(...commaFree), { minLength: 1, maxLength: 3 }).map((items) => t.tuple(items)),
);

test('a valid value of a textual codec survives formatText then parseText', () => {
  const cases = textual.chain((c) => fc.tuple(fc.constant(shown(c)), arbitrary(c)));
  holds(fc.property(cases, ([g, v]) => {
    const raw = g.codec.formatText(v);
    const back = g.codec.parseText(raw);
    if (!back.ok) throw new Error(`the text does not parse back\nschema ${show(g.codec.schema)}\nvalue  ${show(v)}\ntext   ${JSON.stringify(raw)}\n${back.error}`);
    assert.equal(back.value, v, `schema ${show(g.codec.schema)}\ntext ${JSON.stringify(raw)}`);
  }));
});

test.run();
