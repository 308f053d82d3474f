// A format is one file (src/codec/formats/<name>.ts) and one line in the registry: each file's
// examples pass its own test and its misses fail it (samples and near misses come from there), and
// every format file in the folder is registered under its file's name.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync } from 'node:fs';
import { FORMATS, type Format } from '../../src/codec/formats.js';

const DIR = new URL('../../src/codec/formats/', import.meta.url);
/** The modules shared by several formats, not formats themselves. */
const SHARED = new Set(['format.ts', 'calendar.ts', 'mailbox.ts', 'uri-grammar.ts']);

const isFormat = (v: unknown): v is Format => typeof v === 'object' && v !== null
  && typeof (v as Format).noun === 'string' && typeof (v as Format).test === 'function' && Array.isArray((v as Format).examples);

test('every example of every format passes its test, every miss fails it', () => {
  for (const [name, f] of Object.entries(FORMATS)) {
    assert.ok(f.examples.length > 0, `${name} has no example (its first is the sample)`);
    for (const v of f.examples) assert.ok(f.test(v), `${name}: example ${JSON.stringify(v)} fails its own test`);
    for (const v of f.misses) assert.not.ok(f.test(v), `${name}: miss ${JSON.stringify(v)} passes its own test`);
    assert.is(new Set(f.misses).size, f.misses.length, `${name}: a miss is listed twice`);
  }
});

test('only formats that take every string have no misses (the others get near misses that break them)', () => {
  const none = Object.entries(FORMATS).filter(([, f]) => f.misses.length === 0).map(([name]) => name);
  assert.equal(none.sort(), ['binary', 'password']);
});

test('every format file in src/codec/formats/ is in the registry under its file\'s name, and nothing else is', async () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.ts') && !SHARED.has(f)).sort();
  assert.ok(files.length >= 20, files.join(', '));
  for (const file of files) {
    const mod = await import(new URL(file, DIR).href) as Record<string, unknown>;
    const exported = Object.values(mod).filter(isFormat);
    assert.is(exported.length, 1, `${file} exports one format`);
    const name = file.replace(/\.ts$/, '');
    assert.ok(Object.hasOwn(FORMATS, name), `${file}: no "${name}" in FORMATS (src/codec/formats.ts)`);
    assert.ok(FORMATS[name as keyof typeof FORMATS] === exported[0], `FORMATS["${name}"] is not ${file}'s format`);
  }
  assert.equal(Object.keys(FORMATS).sort(), files.map((f) => f.replace(/\.ts$/, '')).sort(), 'the registry names exactly the format files');
});

test.run();
