// JSON Schema keywords read from an OpenAPI document mean what JSON Schema says: uniqueItems and
// enum by JSON value, keywords without `type` judging only their own type, `__proto__` as a plain
// property name, `$ref` siblings in 3.1, decimal multipleOf, and the applicators (not, contains,
// propertyNames, if/then/else, dependentRequired, dependentSchemas) with generators that meet them.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSurface, loadDocument, surfaceSource, type ImportedSurface } from '../../src/openapi/index.js';
import { mock } from '../../src/mock/index.js';
import { docModel, renderOpenApi } from '../../src/docs/index.js';
import type { Codec } from '../../src/codec/index.js';
import { sample } from '../../src/codec/sample.js';
import { arbitrary, draw } from '../../src/codec/arbitrary.js';
import { checkFast } from '../../src/codec/validator.js';
import { call, start, tempDir } from '../helpers/server.js';

const s = suite('JSON Schema keywords through the importer');

type Schemas = Record<string, unknown>;
const dir = tempDir('api-serve-keywords-');
let n = 0;

/** A document of `schemas` (3.1 or 3.0) imported as `api-serve` imports a file. */
async function load(version: '3.1.0' | '3.0.3', schemas: Schemas, paths: Record<string, unknown> = {}): Promise<ImportedSurface> {
  const file = join(dir, `doc${n++}.json`);
  writeFileSync(file, JSON.stringify({ openapi: version, info: { title: 'k', version: '1' }, paths, components: { schemas } }));
  return importSurface(await loadDocument(file), 'k');
}

/** The codec of component `name`, as an operation referring to it gets it. */
const codecOf = (doc: ImportedSurface, name: string): Codec<unknown> => doc.schemas.read({ $ref: `#/components/schemas/${name}` }, '', name);
/** Whether the codec accepts the JSON text, by its check and by its compiled validator alike. */
function accepts(codec: Codec<unknown>, text: string): boolean {
  const a = codec.check(JSON.parse(text), '$').ok;
  assert.is(checkFast(codec, JSON.parse(text)).ok, a, `the compiled validator agrees on ${text}`);
  return a;
}
function judge(codec: Codec<unknown>, cases: Record<string, boolean>): void {
  for (const [text, valid] of Object.entries(cases)) assert.is(accepts(codec, text), valid, `${text} should be ${valid ? 'valid' : 'invalid'}`);
}
/** Samples and drawn values of a codec are values it accepts. */
function generatesValid(codec: Codec<unknown>): void {
  assert.ok(codec.check(sample(codec), '$').ok, `sample ${JSON.stringify(sample(codec))}`);
  for (const v of draw(arbitrary(codec), 30)) assert.ok(codec.check(v, '$').ok, `drawn ${JSON.stringify(v)}`);
}

s('uniqueItems is checked, by JSON value: 1 equals 1.0, key order does not count, 1 is not true, 0 is not false', async () => {
  for (const version of ['3.1.0', '3.0.3'] as const) {
    const doc = await load(version, { Tags: { type: 'array', uniqueItems: true } });
    judge(codecOf(doc, 'Tags'), {
      '[1, 1.0]': false, '["a", "a"]': false, '[{"a": 1, "b": 2}, {"b": 2, "a": 1}]': false, '[[1], [1]]': false,
      '[1, true]': true, '[0, false]': true, '[[1], [true]]': true, '[{"a": 1}, {"a": 2}]': true,
    });
  }
});

s('$defs a $ref points into is read without a warning', async () => {
  const doc = await load('3.1.0', { Box: { $defs: { Size: { type: 'integer' } }, type: 'object', properties: { size: { $ref: '#/components/schemas/Box/$defs/Size' } } } });
  assert.equal(doc.warnings, []);
  judge(codecOf(doc, 'Box'), { '{"size": 2}': true, '{"size": "2"}': false });
});

s('enum and const hold together with the schema\'s other keywords, equal by JSON value', async () => {
  const doc = await load('3.1.0', {
    Level: { type: 'integer', minimum: 2, enum: [1, 'a', 3, 4.0] },
    Pair: { enum: [{ a: 1, b: 2 }, false] },
    Zero: { const: 0, type: 'number' },
    Named: { type: 'string', maxLength: 3, const: 'long' },
  });
  judge(codecOf(doc, 'Level'), { '3': true, '4': true, '1': false, '"a"': false, '5': false });
  judge(codecOf(doc, 'Pair'), { '{"b": 2, "a": 1}': true, 'false': true, '0': false, '{"a": 1}': false });
  judge(codecOf(doc, 'Zero'), { '0': true, '0.0': true, 'false': false });
  judge(codecOf(doc, 'Named'), { '"long"': false });
  assert.ok(doc.warnings.some((w) => w.pointer === '/components/schemas/Named' && /no value/.test(w.message)), JSON.stringify(doc.warnings));
});

s('allOf of type-less parts of one type (maximum beside minimum) is read whole, without a warning: both bounds hold, other types pass', async () => {
  for (const version of ['3.1.0', '3.0.3'] as const) {
    const doc = await load(version, { Between: { allOf: [{ maximum: 30 }, { minimum: 20 }] } });
    assert.equal(doc.warnings, []);
    const codec = codecOf(doc, 'Between');
    judge(codec, { '25': true, '20': true, '30': true, '19.5': false, '35': false, '"x"': true, 'null': true });
    generatesValid(codec);
  }
});

s('keywords without type judge only values of their type; the mock and the written schema keep the implied type', async () => {
  const doc = await load('3.1.0', {
    Short: { maxLength: 2 },
    Small: { maximum: 10, multipleOf: 2 },
    Pet: { properties: { name: { type: 'string' } }, required: ['name'] },
    Bag: { minItems: 1 },
  });
  judge(codecOf(doc, 'Short'), { '"ab"': true, '"abc"': false, '5': true, '{}': true, 'null': true });
  judge(codecOf(doc, 'Small'), { '4': true, '12': false, '3': false, '"12"': true, '[]': true });
  const pet = codecOf(doc, 'Pet');
  judge(pet, { '{"name": "Rex"}': true, '{}': false, '{"name": 1}': false, '5': true, '"Rex"': true, '[1]': true });
  const bag = codecOf(doc, 'Bag');
  judge(bag, { '[]': false, '[1]': true, '"x"': true });
  // The mock and the docs still see an object with its fields.
  assert.is(pet.kind, 'object');
  assert.equal(sample(pet), { name: 'string' });
  generatesValid(pet);
  for (const v of draw(arbitrary(pet), 20)) assert.type((v as { name?: unknown }).name, 'string');
  // Written back as the keywords, without an added type or a union.
  assert.is(pet.schema.type, undefined);
  assert.is(pet.schema.anyOf, undefined);
  assert.equal(pet.schema.required, ['name']);
  assert.equal(codecOf(doc, 'Short').schema, { maxLength: 2 });
});

s('__proto__, constructor and toString are plain property names', async () => {
  // Parsed, as a document is: an object literal's `__proto__` would set the prototype instead.
  const doc = await load('3.1.0', JSON.parse(`{"Odd": {"type": "object",
    "properties": {"__proto__": {"type": "number"}, "constructor": {"type": "string"}},
    "required": ["__proto__", "toString"]}}`) as Schemas);
  const odd = codecOf(doc, 'Odd');
  judge(odd, {
    '{"__proto__": 1, "toString": true}': true,
    '{"__proto__": "x", "toString": true}': false,
    '{"toString": true}': false,
    '{"__proto__": 1}': false,
    '{"__proto__": 1, "toString": 0, "constructor": 2}': false,
    '{}': false,
  });
  const r = odd.check(JSON.parse('{"__proto__": 1, "toString": 0}'), '$');
  assert.ok(r.ok && Object.hasOwn(r.value as object, '__proto__'), 'the decoded value keeps __proto__ as its own key');
});

s('$ref siblings apply in 3.1 and are ignored, with a warning, in 3.0', async () => {
  const schemas = { List: { type: 'array', items: { type: 'integer' } }, Short: { $ref: '#/components/schemas/List', maxItems: 2 } };
  const v31 = await load('3.1.0', schemas);
  judge(codecOf(v31, 'Short'), { '[1, 2]': true, '[1, 2, 3]': false, '["a"]': false });
  assert.equal(v31.warnings, []);
  const v30 = await load('3.0.3', schemas);
  judge(codecOf(v30, 'Short'), { '[1, 2, 3]': true, '["a"]': false });
  assert.ok(v30.warnings.some((w) => /beside \$ref/.test(w.message)), JSON.stringify(v30.warnings));
});

s('multipleOf with decimals: 0.0075 is a multiple of 0.0001, 0.00751 is not', async () => {
  const doc = await load('3.1.0', { Price: { type: 'number', multipleOf: 0.0001 }, Cents: { type: 'number', multipleOf: 0.01 } });
  judge(codecOf(doc, 'Price'), { '0.0075': true, '0.00751': false, '19.99': true });
  judge(codecOf(doc, 'Cents'), { '19.99': true, '0.07': true, '0.071': false });
  generatesValid(codecOf(doc, 'Cents'));
});

s('not, contains, propertyNames and if/then/else are checked, generated and written back', async () => {
  const doc = await load('3.1.0', {
    NotFive: { type: 'integer', not: { const: 5 } },
    HasFive: { type: 'array', items: { type: 'integer' }, contains: { const: 5 }, maxContains: 2 },
    Lower: { type: 'object', additionalProperties: { type: 'integer' }, propertyNames: { pattern: '^[a-z]+$' } },
    Shipping: {
      type: 'object',
      properties: { country: { type: 'string' }, zip: { type: 'string' } },
      required: ['country'],
      if: { properties: { country: { const: 'US' } } },
      then: { required: ['zip'] },
    },
  });
  const notFive = codecOf(doc, 'NotFive');
  judge(notFive, { '4': true, '5': false, '5.0': false });
  assert.is(notFive.check(5, '$').ok ? undefined : (notFive.check(5, '$') as { constraint?: string }).constraint, 'not');
  const hasFive = codecOf(doc, 'HasFive');
  judge(hasFive, { '[1, 5]': true, '[1, 2]': false, '[5, 5, 5]': false, '[]': false });
  judge(codecOf(doc, 'Lower'), { '{"ab": 1}': true, '{"aB": 1}': false, '{}': true });
  judge(codecOf(doc, 'Shipping'), { '{"country": "US", "zip": "1"}': true, '{"country": "US"}': false, '{"country": "FR"}': true });
  for (const name of ['NotFive', 'HasFive', 'Lower', 'Shipping']) generatesValid(codecOf(doc, name));
  assert.is((hasFive.schema.contains as { const?: unknown }).const, 5);
  assert.is(hasFive.schema.maxContains, 2);
  assert.is((notFive.schema.not as { const?: unknown }).const, 5);
});

s('dependentRequired and dependentSchemas (3.1); not in 3.0', async () => {
  const v31 = await load('3.1.0', {
    Card: { type: 'object', dependentRequired: { card: ['billing'] }, dependentSchemas: { gift: { required: ['note'] } } },
  });
  judge(codecOf(v31, 'Card'), {
    '{"card": 1, "billing": 2}': true, '{"card": 1}': false, '{"billing": 2}': true,
    '{"gift": true, "note": "hi"}': true, '{"gift": true}': false,
  });
  assert.equal(codecOf(v31, 'Card').schema.dependentRequired, { card: ['billing'] });
  generatesValid(codecOf(v31, 'Card'));
  const v30 = await load('3.0.3', { Code: { type: 'string', not: { enum: ['admin', 'root'] } } });
  judge(codecOf(v30, 'Code'), { '"bob"': true, '"root"': false });
  assert.equal(v30.warnings, []);
});

s('an object beside a oneOf of objects: every part holds, and its sample meets both', async () => {
  const doc = await load('3.0.3', {
    Pet: {
      type: 'object', required: ['kind', 'name'], properties: { kind: { type: 'string' }, name: { type: 'string' } },
      oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }], discriminator: { propertyName: 'kind' },
    },
    Cat: { type: 'object', required: ['kind', 'meow'], properties: { kind: { type: 'string', enum: ['cat'] }, meow: { type: 'boolean' } } },
    Dog: { type: 'object', required: ['kind', 'bark'], properties: { kind: { type: 'string', enum: ['dog'] }, bark: { type: 'integer' } } },
  });
  assert.equal(doc.warnings, []);
  const pet = codecOf(doc, 'Pet');
  judge(pet, {
    '{"kind": "cat", "meow": true, "name": "Tom"}': true, '{"kind": "dog", "bark": 1, "name": "Rex"}': true,
    '{"kind": "cat", "meow": true}': false, '{"kind": "cat", "bark": 1, "name": "Tom"}': false, '{"kind": "cow", "name": "x"}': false,
  });
  generatesValid(pet);
  assert.type((sample(pet) as { name?: unknown }).name, 'string');
});

s('api-serve import writes a schema without type as t.untyped; the OpenAPI written back keeps it a component without type', async () => {
  const doc = await load('3.1.0', { Pet: { properties: { name: { type: 'string' } }, required: ['name'] } }, {
    '/pets': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } } } },
  });
  const source = surfaceSource(doc, { file: 'pets.json', command: 'api-serve' });
  assert.match(source, /export const Pet = t\.untyped\(t\.object\("Pet", \{ name: t\.text \}/);
  const out = renderOpenApi(docModel(doc.surface)) as { components: { schemas: Record<string, Record<string, unknown>> } };
  const pet = out.components.schemas.Pet!;
  assert.equal(pet.properties, { name: { type: 'string' } });
  assert.equal(pet.required, ['name']);
  assert.is(pet.type, undefined);
});

s('over HTTP: a body {maxLength: 2} without type refuses "abc" naming maxLength and takes 5; a typeless answer is an object', async () => {
  const doc = await load('3.1.0', { Thing: { properties: { id: { type: 'integer' } }, required: ['id'] } }, {
    '/short': {
      post: {
        requestBody: { required: true, content: { 'application/json': { schema: { maxLength: 2 } } } },
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
      },
    },
  });
  const server = await start(mock(doc.surface));
  try {
    const json = { 'content-type': 'application/json' };
    const bad = await call(server.url, 'POST', '/short', { headers: json, body: '"abc"' });
    assert.is(bad.status, 400, bad.text);
    assert.match(bad.text, /maxLength/);
    const good = await call(server.url, 'POST', '/short', { headers: json, body: '5' });
    assert.is(good.status, 200, good.text);
    assert.type((good.json() as { id?: unknown }).id, 'number');
  } finally {
    await server.close();
  }
});

s.run();
