// The compiled validator of codecs with applicator rules (src/codec/validator-applied.ts) against
// check as it answers with nothing compiled (subschemas by their checks, `unevaluated*` by
// keywords/evaluated.ts's walk), over the JSON Schema test suite's applicator groups (draft
// 2020-12, through the import path), each group's schema judged on every value of its file and a
// few near them: checkFast answers what check answers (the same failure and message), check's
// own answers do not change once its rules use the compiled tests, each rule's compiled test is
// its test's verdict, and a value the validator passes is one check accepts as it is.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { compiledCheck, validatorOf } from '../../src/codec/validator.js';
import { compiledRules } from '../../src/codec/keywords/applied.js';
import { deepEqual } from '../../src/codec/json-equal.js';
import type { Codec } from '../../src/codec/types.js';
import { tempDir } from '../helpers/server.js';
import { componentPointer, suiteDocument } from '../json-schema/as-document.js';
import { suiteFiles } from '../json-schema/suite-files.js';

const FILES = ['unevaluatedItems', 'unevaluatedProperties', 'allOf', 'anyOf', 'oneOf', 'if-then-else', 'contains', 'dependentSchemas', 'not', 'propertyNames'].map((f) => `${f}.json`);

interface Group { readonly name: string; readonly codec: Codec<unknown>; readonly values: readonly unknown[] }

/** Every group of the applicator files the importer reads, with every value of its file and some near them. */
async function groups(): Promise<Group[]> {
  const dir = tempDir('api-serve-validator-applied-');
  const out: Group[] = [];
  try {
    for (const file of suiteFiles('draft2020-12').filter((f) => FILES.includes(f.file))) {
      const placed = file.groups.map((g, i) => ({ name: `S${i}`, schema: g.schema, group: g }));
      const values = near(file.groups.flatMap((g) => g.tests.map((t) => t.data)));
      // One document per file; a file that does not load is tried a group at a time.
      for (const batch of [placed, ...placed.map((p) => [p])]) {
        const path = join(dir, 'doc.json');
        writeFileSync(path, JSON.stringify(suiteDocument('3.1', batch)));
        let imported;
        try { imported = importSurface(await loadDocument(path), 'suite'); } catch { continue; }
        for (const p of batch) {
          try {
            const codec = imported.schemas.read({ $ref: `#${componentPointer(p.name)}` }, componentPointer(p.name), p.name);
            out.push({ name: `${file.file}: ${p.group.description}`, codec, values });
          } catch { /* refused: not a codec to judge */ }
        }
        if (batch === placed) break;
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

/** The values, and each with a key or an item more and one less: unevaluated keys and items, contains counts. */
function near(values: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const v of values) {
    out.push(v);
    if (Array.isArray(v)) out.push([...v, 'foo'], [...v, 1], v.slice(1));
    else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      out.push({ ...v, foo: 'foo' }, { ...v, zz: 1 });
      if (keys.length > 0) out.push(Object.fromEntries(Object.entries(v).slice(1)));
    }
  }
  return out.filter((v, i) => out.findIndex((w) => deepEqual(v, w)) === i);
}

/** What `f` answers with nothing compiled in the rules' tests (the registered compiler set aside). */
function uncompiled<T>(f: () => T): T {
  const compiler = compiledRules.compiler;
  compiledRules.compiler = undefined;
  try {
    return f();
  } finally {
    compiledRules.compiler = compiler;
  }
}

/** The codecs with rules reachable from a codec at the value's own place (options, bases, references). */
function appliedCodecs(codec: Codec<unknown>, seen = new Set<Codec<unknown>>()): Codec<unknown>[] {
  if (seen.has(codec)) return [];
  seen.add(codec);
  const under = (cs: readonly unknown[]) => cs.flatMap((c) => appliedCodecs(c as Codec<unknown>, seen));
  const own = codec.applied !== undefined ? [codec, ...appliedCodecs(codec.applied.base, seen)] : [];
  if (codec.untyped !== undefined) return [...own, ...under([codec.untyped.base, ...codec.untyped.others])];
  if (codec.kind === 'union') return [...own, ...under(codec.options)];
  if (codec.kind === 'lazy') return [...own, ...appliedCodecs(codec.target(), seen)];
  return own;
}

const loaded = groups();

test('checkFast answers what check answers with nothing compiled, and check\'s own answers do not change', async () => {
  const all = await loaded;
  assert.ok(all.length > 120, `only ${all.length} groups read`);
  let passed = 0;
  for (const g of all) {
    const fast = compiledCheck(g.codec);
    for (const v of g.values) {
      const at = `${g.name}, value ${JSON.stringify(v)}`;
      const expected = uncompiled(() => g.codec.check(v, '$'));
      assert.equal(fast(v), expected, `${at}: checkFast`);
      assert.equal(g.codec.check(v, '$'), expected, `${at}: check with the compiled rule tests`);
      if (validatorOf(g.codec)(v)) {
        passed++;
        assert.ok(expected.ok && deepEqual(expected.value, v), `${at}: the validator passed a value check refuses or changes`);
      }
    }
  }
  assert.ok(passed > 500, `the validator passed ${passed} values: too few to prove anything`);
});

test('each rule\'s compiled test is its test\'s verdict, for every codec with rules in the groups', async () => {
  const all = await loaded;
  const compiler = compiledRules.compiler;
  assert.ok(compiler !== undefined, 'the validator registers its compiler');
  let judged = 0;
  for (const g of all) {
    for (const codec of appliedCodecs(g.codec)) {
      for (const rule of codec.applied!.rules) {
        if (rule.compile === undefined) continue;
        const compiled = rule.compile(compiler);
        for (const v of g.values) {
          const expected = uncompiled(() => rule.test(v));
          assert.is(compiled.test(v), expected === undefined, `${g.name}, rule ${rule.keyword}, value ${JSON.stringify(v)}: ${expected ?? 'holds'}`);
          judged++;
        }
      }
    }
  }
  assert.ok(judged > 5000, `only ${judged} verdicts compared`);
});

test.run();
