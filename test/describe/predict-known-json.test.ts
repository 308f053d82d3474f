// The predictor judging a JSON body on the value the client wrote it from (`json` beside `body`):
// for every value, valid or not, plain or not, the prediction is the one the bytes alone give,
// status, kind and message; and what makes a value plain JSON (codec/plain-json.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { api, body, json, post } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import type { Codec } from '../../src/codec/types.js';
import { arbitrary } from '../../src/codec/arbitrary.js';
import { nearMisses } from '../../src/codec/near-miss.js';
import { EncodeError, jsonEncoder } from '../../src/codec/encoder.js';
import { isPlainJson } from '../../src/codec/plain-json.js';
import { predictor, type Prediction } from '../../src/describe/index.js';

const RUNS = Number(process.env.PROPS_RUNS ?? 300);
const SEED = Number(process.env.PROPS_SEED ?? 35);

const Client = t.object('Client', { name: t.text, age: t.constrain(t.int, { minimum: 0 }), tags: t.array(t.text), note: t.optional(t.text) });
const Defaulted = t.object('Defaulted', { size: t.optional(t.int, { default: 10 }) });
const Loose = t.object('Loose', { id: t.int }, { allowExtra: true });
const Counts = t.record(t.nullable(t.number), { maxProperties: 3 });
const Either = t.union([t.object('A', { a: t.int }), t.object('B', { b: t.text })]);
const Free = t.json;
const Deep = t.recursive('Tree', (self) => t.object('Tree', { kids: t.array(self) }));

const codecs: Record<string, Codec<unknown>> = { Client, Defaulted, Loose, Counts, Either, Free, Deep } as unknown as Record<string, Codec<unknown>>;
const surface = api('known', { title: 'known' }, Object.fromEntries(Object.keys(codecs).map((k) => [k, post(k, body(codecs[k]!)).returns(json(t.json))])) as never);
const predict = predictor(surface);

/** A prediction as a user compares it: who answers, the status, the message. */
const seen = (p: Prediction) => (p.kind === 'handler' ? ['handler', p.endpoint.name] : [p.kind, p.status, String(p.body)]);

/**
 * The texts a body is claimed to be written from `value` by: the encoder's (the client's, where
 * the encoder takes the value) and JSON.stringify's (any value it writes).
 */
function texts(codec: Codec<unknown>, value: unknown): string[] {
  const out: string[] = [];
  try { out.push(jsonEncoder(codec)(value)); } catch (err) { if (!(err instanceof EncodeError)) throw err; }
  try { const s = JSON.stringify(value); if (typeof s === 'string') out.push(s); } catch { /* a BigInt, a cycle: no text */ }
  return out;
}

function same(name: string, value: unknown): void {
  for (const text of texts(codecs[name]!, value)) {
    const req = { method: 'POST', url: `/${name}`, headers: { 'content-type': 'application/json' }, body: new TextEncoder().encode(text) };
    const bytesOnly = seen(predict(req));
    const withValue = seen(predict({ ...req, json: { value } }));
    assert.equal(withValue, bytesOnly, `${name} ${text.slice(0, 200)}`);
  }
}

for (const name of Object.keys(codecs)) {
  test(`predictor, json beside the body (${name}): the same answer as the bytes alone for values of the codec, near misses and any value`, () => {
    const codec = codecs[name]!;
    for (const m of nearMisses(codec)) same(name, m.value);
    fc.assert(fc.property(arbitrary(codec), (v) => same(name, v)), { numRuns: RUNS, seed: SEED });
    fc.assert(fc.property(fc.anything({ withDate: true, withNullPrototype: true, withSparseArray: true, withObjectString: true }), (v) => same(name, v)), { numRuns: RUNS, seed: SEED });
  });
}

test('predictor, json beside the body: a value past the nesting limit is the same 400 the bytes get, not taken on the value\'s word', () => {
  let v: unknown = { kids: [] };
  for (let i = 0; i < 1100; i++) v = { kids: [v] };
  same('Deep', v);
  const text = texts(Deep as Codec<unknown>, v)[0]!;
  const p = predict({ method: 'POST', url: '/Deep', headers: { 'content-type': 'application/json' }, body: text, json: { value: v } });
  assert.equal([p.kind, p.kind === 'handler' ? 200 : p.status], ['badBody', 400]);
  assert.match(String(p.kind === 'handler' ? '' : p.body), /nested deeper than 1000 levels/);
});

test('predictor, json beside the body: a body sent in another media type is judged by that type, whatever value is claimed', () => {
  const p = predict({ method: 'POST', url: '/Client', headers: { 'content-type': 'text/plain' }, body: 'x', json: { value: { name: 'a', age: 1, tags: [] } } });
  assert.equal([p.kind, p.kind === 'handler' ? 200 : p.status], ['unsupportedMediaType', 415]);
});

test('isPlainJson: values whose JSON text reads back as themselves, and those it rewrites', () => {
  const yes = [null, true, 'x', 0, 1.5, -3, [], [1, [2, { a: 'b' }]], { a: null }, Object.create(null), JSON.parse('{"__proto__": 1}')];
  for (const v of yes) assert.ok(isPlainJson(v), JSON.stringify(v));
  class Point { x = 1; }
  const inherited = Object.create({ hidden: 1 });
  const no = [undefined, -0, NaN, Infinity, 1n, () => 1, Symbol('s'), new Date(0), new Point(), { a: undefined }, [undefined],
    // eslint-disable-next-line no-sparse-arrays -- a hole is what is tested
    [1, , 3], { toJSON: () => 1 }, new Map(), inherited, { nested: { deep: -0 } }];
  for (const v of no) assert.not.ok(isPlainJson(v), String(v));
  assert.ok(isPlainJson([[[]]], 3));
  assert.not.ok(isPlainJson([[[[]]]], 3));
});

test.run();
