// The compiled validator against `check` over the JSON Schema test suite's schemas (draft 2020-12
// and draft 4, through the import path) and their values, then random JSON: a value the validator
// passes is one check accepts and decodes to itself, and a value check accepts and decodes to
// itself passes the validator wherever it claims the codec (issue 31); and `checkFast` answers
// exactly what check answers (the same failure, message and path, for a refused value). Also:
// hostile property names, enum values and patterns in a document never become code in the
// generated validators and refusals.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { checkFast, ruleBound, validatorOf } from '../../src/codec/validator.js';
import { allOfParts } from '../../src/codec/intersection.js';
import { deepEqual } from '../../src/codec/json-equal.js';
import type { Codec } from '../../src/codec/types.js';
import { tempDir } from '../helpers/server.js';
import { componentPointer, suiteDocument } from '../json-schema/as-document.js';
import { suiteFiles } from '../json-schema/suite-files.js';

const VERSION_OF = { 'draft2020-12': '3.1', draft4: '3.0' } as const;

const RUNS = Number(process.env.PROPS_RUNS ?? 300);
const SEED = Number(process.env.PROPS_SEED ?? 31);

interface Group { readonly name: string; readonly codec: Codec<unknown>; readonly values: readonly unknown[] }

/** Every suite group the importer reads into a codec, with its test values. */
async function groups(): Promise<Group[]> {
  const dir = tempDir('api-serve-validator-suite-');
  const out: Group[] = [];
  try {
    for (const draft of ['draft2020-12', 'draft4'] as const) {
      for (const file of suiteFiles(draft)) {
        const placed = file.groups.map((g, i) => ({ name: `S${i}`, schema: g.schema, group: g }));
        // One document per file; a file that does not load is tried a group at a time.
        for (const batch of [placed, ...placed.map((p) => [p])]) {
          const path = join(dir, 'doc.json');
          writeFileSync(path, JSON.stringify(suiteDocument(VERSION_OF[draft], batch)));
          let imported;
          try { imported = importSurface(await loadDocument(path), 'suite'); } catch { continue; }
          for (const p of batch) {
            try {
              const codec = imported.schemas.read({ $ref: `#${componentPointer(p.name)}` }, componentPointer(p.name), p.name);
              out.push({ name: `${draft}/${file.file}: ${p.group.description}`, codec, values: p.group.tests.map((t) => t.data) });
            } catch { /* refused: not a codec to judge */ }
          }
          if (batch === placed) break;
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

/** Whether the validator claims every value of the codec that decodes to itself (no default to fill, no allOf it cannot take apart). */
function claims(codec: Codec<unknown>, seen = new Set<Codec<unknown>>()): boolean {
  if (seen.has(codec)) return true;
  seen.add(codec);
  const each = (cs: readonly Codec<unknown>[]) => cs.every((c) => claims(c, seen));
  // `untyped` copies its base's `applied` as it is; a rule added over an untyped codec makes a new one.
  const untypedOuter = codec.untyped !== undefined && codec.applied === (codec.untyped.base as Codec<unknown>).applied;
  if (ruleBound(codec)) return false;
  if (codec.applied !== undefined && !untypedOuter) return (codec.untyped === undefined || codec.untyped.others.length === 0) && claims(codec.applied.base, seen);
  if (codec.untyped !== undefined) return each([codec.untyped.base, ...codec.untyped.others] as Codec<unknown>[]);
  switch (codec.kind) {
    case 'object': {
      const fields = Object.values(codec.props);
      if (fields.some((c) => c.kind === 'optional' && c.default !== undefined)) return false;
      if (Array.isArray(codec.schema.allOf) && allOfParts(codec) === undefined) return false;
      return each(fields) && each(codec.patterns.map((p) => p.codec)) && (typeof codec.extra === 'boolean' || claims(codec.extra, seen));
    }
    case 'array': return claims(codec.item, seen);
    case 'tuple': return each(codec.items) && (codec.rest === false || claims(codec.rest, seen));
    case 'optional': case 'nullable': return claims(codec.inner, seen);
    case 'union': return each(codec.options);
    case 'lazy': return claims(codec.target(), seen);
    case 'scalar': return codec.refines === undefined || claims(codec.refines.base, seen);
    case 'json': case 'bytes': return true;
  }
}

/** Why the validator and check disagree on a value, or undefined when they agree. */
function disagreement(g: Group, v: unknown): string | undefined {
  const passed = validatorOf(g.codec)(v);
  let r;
  try { r = g.codec.check(v, '$'); } catch { return passed ? 'the validator passed a value check throws on' : undefined; }
  const itself = r.ok && deepEqual(r.value, v);
  if (passed && !r.ok) return `the validator passed a value check refuses (${r.error})`;
  if (passed && !itself) return `the validator passed a value check decodes to ${JSON.stringify(r.ok ? r.value : undefined)}`;
  if (!passed && itself && claims(g.codec)) return 'the validator left a value check accepts as it is';
  // What the server runs: the validator, then the walk that finds check's failure without copies.
  const fast = checkFast(g.codec, v);
  if (!r.ok && !deepEqual(fast, r)) return `checkFast refused it as ${JSON.stringify(fast)}, check as ${JSON.stringify(r)}`;
  if (r.ok && !(fast.ok && deepEqual(fast.value, r.value))) return `checkFast answered ${JSON.stringify(fast)} where check accepts it`;
  return undefined;
}

const loaded = groups();

test('on the suite\'s own values the validator says what check says, for every group the importer reads', async () => {
  const all = await loaded;
  assert.ok(all.length > 300, `only ${all.length} groups read`);
  let fast = 0;
  for (const g of all) {
    for (const v of g.values) {
      const why = disagreement(g, v);
      if (why !== undefined) assert.unreachable(`${g.name}, value ${JSON.stringify(v)}: ${why}`);
      if (validatorOf(g.codec)(v)) fast++;
    }
  }
  assert.ok(fast > 600, `the fast path was taken ${fast} times: too few to prove anything`);
});

test('on random JSON values and the suite\'s values mixed, the validator never passes what check would refuse or change', async () => {
  const all = await loaded;
  const value = (g: Group) => fc.oneof(fc.constantFrom(...(g.values.length > 0 ? g.values : [null])), fc.jsonValue({ maxDepth: 3 }));
  // Groups by index, so a counterexample reads as a number and a value.
  const cases = fc.nat({ max: all.length - 1 }).chain((i) => fc.tuple(fc.constant(i), value(all[i]!)));
  const run = fc.check(fc.property(cases, ([i, v]) => {
    const g = all[i]!;
    const why = disagreement(g, v);
    if (why !== undefined) throw new Error(`${g.name}, value ${JSON.stringify(v)}: ${why}`);
  }), { numRuns: RUNS, seed: SEED });
  if (run.failed) assert.unreachable(`${String(run.errorInstance)} (seed ${SEED}, after ${run.numRuns} runs)`);
});

for (const withPatterns of [true, false]) test(`hostile property names, enum values and patterns in a document never become code in the generated validators and refusals (${withPatterns ? 'with' : 'without'} patternProperties)`, async () => {
  const hostile = ["'); globalThis.PWNED = 1; ('", '"]; globalThis.PWNED = 1; //', '`${globalThis.PWNED = 1}`', '\u2028globalThis.PWNED = 1', '__proto__', 'constructor'];
  const schema = {
    type: 'object', additionalProperties: false, required: [hostile[0]],
    properties: Object.fromEntries(hostile.map((k) => [k, { type: 'string', enum: hostile, pattern: hostile[0]!.replace(/[^a-z]/gi, '.') }])),
    ...(withPatterns ? { patternProperties: { [`^${hostile[1]!.replace(/[^a-z]/gi, '.')}$`]: { enum: hostile } } } : {}),
  };
  const dir = tempDir('api-serve-validator-hostile-');
  const sources: string[] = [];
  const real = globalThis.Function;
  try {
    const path = join(dir, 'doc.json');
    writeFileSync(path, JSON.stringify(suiteDocument('3.1', [{ name: 'Hostile', schema }])));
    const codec = importSurface(await loadDocument(path), 'hostile').schemas.read({ $ref: `#${componentPointer('Hostile')}` }, componentPointer('Hostile'), 'Hostile');
    // Every source the validator generates is seen here.
    globalThis.Function = new Proxy(real, { construct: (target, args: string[]) => { sources.push(args.join('\n')); return Reflect.construct(target, args); } });
    const valid = validatorOf(codec);
    const value = Object.fromEntries(hostile.filter((k) => k !== '__proto__').map((k) => [k, hostile[0]]));
    const refused = { ...value, [hostile[2]!]: 'other' };
    const fast = checkFast(codec, refused);
    globalThis.Function = real;
    assert.ok(valid(value), 'a value with every hostile key passes');
    assert.not.ok(valid(refused), 'a value outside the enum does not');
    assert.equal(fast, codec.check(refused, '$'), 'checkFast refuses it as check does');
    assert.is((globalThis as { PWNED?: unknown }).PWNED, undefined, 'no key ran as code');
    assert.ok(sources.length > 0, 'the object validator is generated');
    // Without patterns the refusal walk is generated too (with them, check itself refuses).
    if (!withPatterns) assert.ok(sources.some((src) => src.includes('for (const k in o)')), 'the object refusal is generated');
    for (const src of sources) for (const k of hostile) if (k.length > 9) assert.not.ok(src.includes(k), `the generated source holds ${JSON.stringify(k)}`);
  } finally {
    globalThis.Function = real;
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
