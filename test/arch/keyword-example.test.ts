// The keyword shown in docs/contributing.md "Adding a JSON Schema keyword" is the file in the
// repository, byte for byte, and the table it says to add a line to holds it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync } from 'node:fs';
import { KEYWORDS } from '../../src/codec/keywords/index.js';

const ROOT = new URL('../../', import.meta.url);

test('the contributing guide shows src/codec/keywords/not.ts as it is', () => {
  const guide = readFileSync(new URL('docs/contributing.md', ROOT), 'utf8');
  const m = /```ts file=src\/codec\/keywords\/not\.ts\n([\s\S]*?)```/.exec(guide);
  assert.ok(m, 'docs/contributing.md has no block for src/codec/keywords/not.ts');
  assert.fixture(m![1]!, readFileSync(new URL('src/codec/keywords/not.ts', ROOT), 'utf8'));
});

test('every keyword module file in src/codec/keywords/ is in the table, once', async () => {
  // The files that are not a keyword: the rule's shape, the table, annotations, and t.keywords.
  const helpers = new Set(['applied.ts', 'index.ts', 'evaluated.ts', 'keyword-args.ts', 'keywords-call.ts']);
  const files = readdirSync(new URL('src/codec/keywords/', ROOT)).filter((f) => f.endsWith('.ts') && !helpers.has(f));
  assert.ok(files.length >= 8, files.join(', '));
  for (const f of files) {
    const mod = await import(new URL(`src/codec/keywords/${f}`, ROOT).href) as Record<string, unknown>;
    const exported = Object.values(mod).filter((v) => typeof v === 'object' && v !== null && Array.isArray((v as { keys?: unknown }).keys));
    assert.is(exported.length, 1, `${f} exports one keyword`);
    assert.is(KEYWORDS.filter((k) => k === exported[0]).length, 1, `${f}'s keyword is in KEYWORDS once`);
  }
  assert.is(new Set(KEYWORDS).size, KEYWORDS.length);
});

test.run();
