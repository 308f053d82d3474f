// `unevaluatedProperties` and `unevaluatedItems` read from an OpenAPI 3.1 document: keys and items
// that no keyword evaluated (properties, patterns, items, the allOf parts, the anyOf/oneOf options
// that hold, if/then/else, dependentSchemas) must meet the subschema; the mock refuses the rest
// with a 400 naming the key; samples and generated values meet it; the written schema keeps it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSurface, loadDocument, type ImportedSurface } from '../../src/openapi/index.js';
import { mock } from '../../src/mock/index.js';
import type { Codec } from '../../src/codec/index.js';
import { sample } from '../../src/codec/sample.js';
import { arbitrary, draw } from '../../src/codec/arbitrary.js';
import { checkFast } from '../../src/codec/validator.js';
import { call, start, tempDir } from '../helpers/server.js';

const s = suite('unevaluatedProperties and unevaluatedItems through the importer');

const dir = tempDir('api-serve-unevaluated-');
let n = 0;

async function load(schemas: Record<string, unknown>, paths: Record<string, unknown> = {}): Promise<ImportedSurface> {
  const file = join(dir, `doc${n++}.json`);
  writeFileSync(file, JSON.stringify({ openapi: '3.1.0', info: { title: 'u', version: '1' }, paths, components: { schemas } }));
  return importSurface(await loadDocument(file), 'u');
}

const codecOf = (doc: ImportedSurface, name: string): Codec<unknown> => doc.schemas.read({ $ref: `#/components/schemas/${name}` }, '', name);

/** The check's verdict on each JSON text, which the compiled validator must share. */
function judge(codec: Codec<unknown>, cases: Record<string, boolean>): void {
  for (const [text, valid] of Object.entries(cases)) {
    const got = codec.check(JSON.parse(text), '$').ok;
    assert.is(got, valid, `${text} should be ${valid ? 'valid' : 'invalid'}`);
    assert.is(checkFast(codec, JSON.parse(text)).ok, got, `the compiled validator agrees on ${text}`);
  }
}

/** The sample and 30 generated values are all accepted. */
function generatesValid(codec: Codec<unknown>): void {
  assert.ok(codec.check(sample(codec), '$').ok, `sample ${JSON.stringify(sample(codec))}`);
  for (const v of draw(arbitrary(codec), 30)) assert.ok(codec.check(v, '$').ok, `generated ${JSON.stringify(v)}`);
}

s('allOf properties + unevaluatedProperties: false take the keys of every part and refuse another, naming it', async () => {
  const doc = await load({
    Pet: {
      type: 'object',
      properties: { name: { type: 'string' } },
      allOf: [{ properties: { age: { type: 'integer' } } }],
      unevaluatedProperties: false,
    },
  });
  assert.equal(doc.warnings, []);
  const pet = codecOf(doc, 'Pet');
  judge(pet, { '{"name":"Rex","age":3}': true, '{"name":"Rex"}': true, '{"name":"Rex","colour":"red"}': false });
  const r = pet.check({ name: 'Rex', colour: 'red' }, '$');
  assert.ok(!r.ok && r.error.includes('"colour"') && r.constraint === 'unevaluatedProperties', JSON.stringify(r));
  generatesValid(pet);
  assert.is(pet.schema.unevaluatedProperties, false, 'the written schema keeps the keyword');
});

s('an anyOf option that fails evaluates nothing: its property is then unevaluated', async () => {
  const doc = await load({
    Shape: {
      type: 'object',
      anyOf: [
        { properties: { kind: { const: 'circle' }, radius: { type: 'number' } }, required: ['kind'] },
        { properties: { kind: { const: 'square' }, side: { type: 'number' } }, required: ['kind'] },
      ],
      unevaluatedProperties: false,
    },
  });
  assert.equal(doc.warnings, []);
  judge(codecOf(doc, 'Shape'), {
    '{"kind":"circle","radius":1}': true,
    '{"kind":"square","side":2}': true,
    // `side` belongs to the square option, which fails on kind: nothing evaluated it.
    '{"kind":"circle","side":2}': false,
  });
});

s('if/then/else, dependentSchemas and patternProperties evaluate keys; not and propertyNames do not', async () => {
  const doc = await load({
    Cond: {
      if: { properties: { mode: { const: 'a' } }, required: ['mode'] },
      then: { properties: { a: { type: 'integer' } } },
      else: { properties: { b: { type: 'integer' } } },
      unevaluatedProperties: false,
    },
    Dep: {
      properties: { card: { type: 'string' } },
      dependentSchemas: { card: { properties: { billing: { type: 'string' } } } },
      patternProperties: { '^x-': true },
      unevaluatedProperties: false,
    },
    Not: { not: { properties: { z: { type: 'string' } }, required: ['y'] }, propertyNames: { maxLength: 3 }, unevaluatedProperties: false },
  });
  assert.equal(doc.warnings, []);
  judge(codecOf(doc, 'Cond'), { '{"mode":"a","a":1}': true, '{"mode":"a","b":1}': false, '{"b":1}': true, '{"a":1}': false });
  judge(codecOf(doc, 'Dep'), { '{"card":"c","billing":"b"}': true, '{"billing":"b"}': false, '{"x-trace":1}': true });
  judge(codecOf(doc, 'Not'), { '{}': true, '{"z":"q"}': false });
  generatesValid(codecOf(doc, 'Dep'));
});

s('unevaluatedProperties with a schema judges only the keys left over; a nested unevaluatedProperties: true evaluates all', async () => {
  const doc = await load({
    Tags: { properties: { id: { type: 'integer' } }, unevaluatedProperties: { type: 'string' } },
    Open: { allOf: [{ unevaluatedProperties: true }], unevaluatedProperties: false },
    Cousin: { allOf: [{ properties: { foo: true } }, { unevaluatedProperties: false }] },
  });
  judge(codecOf(doc, 'Tags'), { '{"id":1,"colour":"red"}': true, '{"id":1,"colour":2}': false, '5': true });
  judge(codecOf(doc, 'Open'), { '{"anything":1}': true });
  // A sibling part cannot see its cousin's properties.
  judge(codecOf(doc, 'Cousin'), { '{}': true, '{"foo":1}': false, '"not an object"': true });
});

s('unevaluatedItems: prefixItems, items, contains and allOf parts evaluate items; absent items evaluates none', async () => {
  const doc = await load({
    Pair: { type: 'array', prefixItems: [{ type: 'string' }], allOf: [{ prefixItems: [true, { type: 'number' }] }], unevaluatedItems: false },
    Tagged: { type: 'array', prefixItems: [{ type: 'string' }], contains: { type: 'integer' }, unevaluatedItems: false },
    Rest: { type: 'array', prefixItems: [{ type: 'string' }], unevaluatedItems: { type: 'boolean' } },
    Open: { type: 'array', prefixItems: [{ type: 'string' }], items: true, unevaluatedItems: false },
  });
  assert.equal(doc.warnings, []);
  const pair = codecOf(doc, 'Pair');
  judge(pair, { '["a",1]': true, '["a"]': true, '["a",1,true]': false });
  const r = pair.check(['a', 1, true], '$');
  assert.ok(!r.ok && r.constraint === 'unevaluatedItems' && r.error.includes('item 3'), JSON.stringify(r));
  judge(codecOf(doc, 'Tagged'), { '["a",1,2]': true, '["a",1,"b"]': false });
  judge(codecOf(doc, 'Rest'), { '["a",true,false]': true, '["a",true,1]': false });
  judge(codecOf(doc, 'Open'), { '["a",1,{}]': true });
  generatesValid(pair);
  generatesValid(codecOf(doc, 'Rest'));
});

s('over HTTP: the mock answers 400 naming a key unevaluatedProperties: false refuses, and takes the declared ones', async () => {
  const doc = await load({
    Base: { properties: { id: { type: 'integer' } }, required: ['id'] },
    Item: { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { name: { type: 'string' } } }], unevaluatedProperties: false },
  }, {
    '/items': {
      post: {
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
        responses: { 204: { description: 'accepted' } },
      },
    },
  });
  const server = await start(mock(doc.surface));
  try {
    const json = { 'content-type': 'application/json' };
    const bad = await call(server.url, 'POST', '/items', { headers: json, body: '{"id":1,"name":"a","price":3}' });
    assert.is(bad.status, 400, bad.text);
    assert.match(bad.text, /price/);
    const good = await call(server.url, 'POST', '/items', { headers: json, body: '{"id":1,"name":"a"}' });
    assert.is(good.status, 204, good.text);
  } finally {
    await server.close();
  }
});

s.run();
