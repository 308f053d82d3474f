// `--dynamic` answers of an imported document: an object merely left open (no
// `additionalProperties`) gets the keys it declares and no made-up ones, where uspto's dataset list
// came back with keys such as "I\\Fs1"; a map (`additionalProperties` with a schema) still gets
// entries, and `minProperties` past the declared keys is still met. Generators for fuzzing keep
// their undeclared keys.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { mock } from '../../src/mock/index.js';
import { arbitrary, fc } from '../../src/codec/arbitrary.js';
import { t } from '../../src/codec/index.js';
import { start, tempDir } from '../helpers/server.js';

const answer = (schema: unknown) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
const DOC = {
  openapi: '3.0.3', info: { title: 'keys', version: '1' },
  paths: {
    '/open': { get: { operationId: 'open', responses: answer({ type: 'object', required: ['total'], properties: { total: { type: 'integer' }, apis: { type: 'array', items: { type: 'object', properties: { apiKey: { type: 'string' } } } } } }) } },
    '/map': { get: { operationId: 'map', responses: answer({ type: 'object', additionalProperties: { type: 'integer' } }) } },
    '/least': { get: { operationId: 'least', responses: answer({ type: 'object', minProperties: 3, properties: { a: { type: 'string' } } }) } },
  },
};

const keysOf = (v: unknown, out: Set<string> = new Set()): Set<string> => {
  if (Array.isArray(v)) for (const x of v) keysOf(x, out);
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) { out.add(k); keysOf(x, out); }
  return out;
};

test('dynamic answers: declared keys only on open objects, entries in maps, minProperties met', async () => {
  const file = join(tempDir('dynamic-keys-'), 'keys.json');
  writeFileSync(file, JSON.stringify(DOC));
  const { surface } = importSurface(await loadDocument(file), 'keys');
  const s = await start(mock(surface, { dynamic: true, seed: 11 }));
  try {
    const seen = new Set<string>();
    let entries = 0;
    for (let i = 0; i < 40; i++) {
      const open = await (await fetch(`${s.url}/open`)).json();
      for (const k of keysOf(open)) seen.add(k);
      const map = await (await fetch(`${s.url}/map`)).json() as Record<string, unknown>;
      entries += Object.keys(map).length;
      assert.ok(Object.values(map).every((x) => Number.isInteger(x)), JSON.stringify(map));
      const least = await (await fetch(`${s.url}/least`)).json() as Record<string, unknown>;
      assert.ok(Object.keys(least).length >= 3, `minProperties 3: ${JSON.stringify(least)}`);
    }
    assert.ok([...seen].every((k) => ['apiKey', 'apis', 'total'].includes(k)), `only declared keys: ${[...seen].join(', ')}`);
    assert.ok(seen.has('total'));
    assert.ok(entries > 0, 'a map gets entries');
  } finally {
    await s.close();
  }
});

test('generators for fuzzing still add undeclared keys to an open object, and not when told', () => {
  const open = t.object('Open', { a: t.int }, { allowExtra: true });
  const extra = (o: Record<string, unknown>) => Object.keys(o).some((k) => k !== 'a');
  assert.ok(fc.sample(arbitrary(open), { seed: 5, numRuns: 60 }).some((o) => extra(o as Record<string, unknown>)), 'by default, some values carry other keys');
  assert.not.ok(fc.sample(arbitrary(open, { undeclaredKeys: false }), { seed: 5, numRuns: 60 }).some((o) => extra(o as Record<string, unknown>)), 'undeclaredKeys: false: none');
});

test.run();
