// The differential property test: for generated codecs, our checks and ajv (JSON Schema 2020-12,
// ajv-formats "full") compiled from the codec's own schema agree on every generated valid value and
// every near miss. `PROPS_RUNS` raises the number of codecs (`npm run test:props`).
import { test } from 'uvu';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { arbitrary, fc } from '../../src/codec/arbitrary.js';
import { nearMisses } from '../../src/codec/near-miss.js';
import { type Generated, codecFamily, shown } from '../helpers/codec-family.js';
import type { JsonSchema } from '../../src/codec/types.js';

// ajv-formats is CommonJS: its plugin is both module.exports and module.exports.default.
const addFormats = addFormatsModule.default;

const RUNS = Number(process.env.PROPS_RUNS ?? 120);
const SEED = Number(process.env.PROPS_SEED ?? 15);
const VALUES = 12;

function judge() {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv, { mode: 'full' });
  return ajv;
}
let ajv = judge();
let compiled = 0;

/**
 * The schema with each `$anchor` definition moved to `$defs` and its `$ref`s pointed there: the
 * same schema in meaning, in the form ajv resolves (ajv 8 registers no `$anchor` on the root schema
 * nor under `prefixItems`, so `#Tree` would not resolve there).
 */
function anchorsToDefs(schema: JsonSchema): JsonSchema {
  const defs: Record<string, unknown> = {};
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (x === null || typeof x !== 'object') return x;
    const o = x as Record<string, unknown>;
    if (typeof o.$ref === 'string' && o.$ref.startsWith('#') && !o.$ref.startsWith('#/')) return { ...o, $ref: `#/$defs/${o.$ref.slice(1)}` };
    const out = Object.fromEntries(Object.entries(o).map(([k, v]) => [k, k === 'const' || k === 'enum' || k === 'default' ? v : walk(v)]));
    if (typeof o.$anchor !== 'string') return out;
    const { $anchor, ...body } = out;
    defs[$anchor as string] = body;
    return { $ref: `#/$defs/${$anchor as string}` };
  };
  const root = walk(schema) as Record<string, unknown>;
  return Object.keys(defs).length === 0 ? root : { $defs: defs, allOf: [root] };
}

function validator(g: Generated) {
  // A fresh judge now and then: ajv keeps every schema it compiled.
  if (++compiled % 200 === 0) ajv = judge();
  return ajv.compile(anchorsToDefs(g.codec.schema));
}

const show = (v: unknown) => JSON.stringify(v, (_k, x) => (x === undefined ? '<undefined>' : x));

/** A codec and values drawn from it; the pair shrinks together. */
const cases = codecFamily(3).chain((codec) => fc.tuple(fc.constant(shown(codec)), fc.array(arbitrary(codec, { maxDepth: 2 }), { minLength: 1, maxLength: VALUES })));

/** Runs a property; a failure reads as the shrunk case's own message (schema, value, both verdicts). */
function holds<T>(property: fc.IProperty<T>): void {
  const out = fc.check(property, { seed: SEED, numRuns: RUNS });
  if (!out.failed) return;
  const why = out.errorInstance instanceof Error ? (process.env.PROPS_STACK ? out.errorInstance.stack : out.errorInstance.message) : String(out.errorInstance);
  throw new Error(`after ${out.numRuns} codecs (seed ${SEED}, shrunk ${out.numShrinks} times):\n${why}`);
}

test('valid values generated for a codec are accepted by its check and by ajv on its schema', () => {
  holds(fc.property(cases, ([g, values]) => {
    const validate = validator(g);
    for (const v of values) {
      const r = g.codec.check(v, '$');
      if (!r.ok) throw new Error(`check refused a generated value\nschema ${show(g.codec.schema)}\nvalue  ${show(v)}\n${r.path}: ${r.error}`);
      if (!validate(v)) throw new Error(`ajv refused a value check accepts\nschema ${show(g.codec.schema)}\nvalue  ${show(v)}\n${ajv.errorsText(validate.errors)}`);
    }
  }));
});

test('every near miss of a codec is refused by its check and by ajv on its schema', () => {
  holds(fc.property(codecFamily(3).map(shown), (g) => {
    const validate = validator(g);
    for (const m of nearMisses(g.codec)) {
      const r = g.codec.check(m.value, '$');
      if (r.ok) throw new Error(`check accepted a near miss (${m.broken} at ${m.pointer || '/'})\nschema ${show(g.codec.schema)}\nvalue  ${show(m.value)}`);
      if (validate(m.value)) throw new Error(`ajv accepted a near miss check refuses (${m.broken} at ${m.pointer || '/'})\nschema ${show(g.codec.schema)}\nvalue  ${show(m.value)}\ncheck: ${r.error}`);
    }
  }));
});

test.run();
