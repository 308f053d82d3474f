// What the OpenAPI says of the JSON-Schema-complete codecs: constraints, unions, maps, recursion
// (a component that refers to itself), judged by swagger-parser and by ajv compiling each schema;
// and the rules the reference surfaces now state (S10's threshold, S7's Range grammar, S3's words).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { registry } from '../../specs/index.js';
import { api, body, capture, get, json, post, query } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { parseRange, rangePattern, type RangeField } from '../../src/codec/range-header.js';
import { docModel, renderOpenApi } from '../../src/docs/index.js';

type Obj = Record<string, any>;
const openapi = async (name: string) => renderOpenApi(docModel((await registry[name]!.load()).surface)) as Obj;

type Comment = { text: string; replies: Comment[] };
const Comment = t.recursive<Comment>('Comment', (self) => t.object('Comment', { text: t.constrain(t.text, { minLength: 1 }), replies: t.array(self) }));
const Cat = t.object('Cat', { kind: t.constant('cat'), lives: t.constrain(t.int, { minimum: 0, maximum: 9 }) });
const Dog = t.object('Dog', { kind: t.constant('dog'), email: t.email });
const Everything = t.object('Everything', {
  id: t.uuid, at: t.dateTime, pet: t.union([Cat, Dog], { discriminator: 'kind' }), thread: Comment,
  tags: t.array(t.constrain(t.text, { pattern: '^[a-z]+$' }), { uniqueItems: true, maxItems: 5 }),
  scores: t.record(t.number), point: t.tuple([t.number, t.number]), note: t.nullable(t.text),
  size: t.optional(t.int32, { default: 10 }), either: t.anyOf([t.int, t.text]),
  both: t.allOf('Both', [t.object('Named', { name: t.text }), t.object('Aged', { age: t.int })]),
});
const doc = renderOpenApi(docModel(api('Codecs', { title: 'every codec' }, {
  make: post('things', capture('n', t.constrain(t.int, { exclusiveMinimum: 0 })), query('q', t.array(t.int, { maxItems: 3 })), body(Everything))
    .returns(json(Everything), { examples: [] }),
}))) as Obj;

test('an OpenAPI document using every kind of codec validates (swagger-parser)', async () => {
  await SwaggerParser.validate(structuredClone(doc) as never);
});

test('recursive codecs are components that refer to themselves', async () => {
  const c = doc.components.schemas.Comment;
  assert.equal(c.properties.replies, { type: 'array', items: { $ref: '#/components/schemas/Comment' } });
  assert.is(c.$anchor, undefined, 'the anchor is replaced by the component');
  const deref = await SwaggerParser.dereference(structuredClone(doc) as never) as Obj;
  assert.ok(deref.components.schemas.Comment.properties.replies.items.properties.text, 'the reference resolves');
});

test('constraints, discriminators and defaults reach the document', () => {
  const s = doc.components.schemas;
  assert.is(s.Cat.properties.lives.maximum, 9);
  assert.equal(s.Everything.properties.pet.discriminator, { propertyName: 'kind' });
  assert.is(s.Everything.properties.size.default, 10);
  assert.is(s.Everything.properties.size.format, 'int32');
  const op = doc.paths['/things/{n}'].post;
  assert.equal(op.parameters[0].schema, { type: 'integer', exclusiveMinimum: 0 });
  assert.is(op.parameters[1].schema.maxItems, 3);
});

test('every schema a surface codec emits compiles in ajv (draft 2020-12) and judges as the codec does', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats.default(ajv);
  const validate = ajv.compile(Everything.schema);
  const good = {
    id: '123e4567-e89b-12d3-a456-426614174000', at: '2026-11-23T10:00:00Z', pet: { kind: 'cat', lives: 3 },
    thread: { text: 'hi', replies: [{ text: 'yo', replies: [] }] }, tags: ['a', 'b'], scores: { x: 1.5 }, point: [1, 2],
    note: null, either: 'x', both: { name: 'n', age: 3 },
  };
  assert.ok(Everything.check(good, '$').ok);
  assert.ok(validate(good), JSON.stringify(validate.errors));
  for (const bad of [{ ...good, tags: ['a', 'a'] }, { ...good, thread: { text: '', replies: [] } }, { ...good, pet: { kind: 'dog', email: 'x' } }, { ...good, both: { name: 'n', age: 3, other: 1 } }]) {
    assert.is(Everything.check(bad, '$').ok, false);
    assert.is(validate(bad), false, JSON.stringify(bad));
  }
});

test('S10 states its threshold: userId has exclusiveMinimum 5000', async () => {
  const op = (await openapi('S10')).paths['/user/{userId}'].post;
  assert.equal(op.parameters[0].schema, { type: 'integer', exclusiveMinimum: 5000 });
});

test('S7 states its Range grammar as a pattern', async () => {
  const range = (await openapi('S7')).paths['/colors'].get.parameters.find((p: Obj) => p.name === 'Range');
  const re = new RegExp(range.schema.pattern, 'u');
  assert.ok(re.test('name; limit 2') && re.test('rgb 12; order asc') && !re.test('rgb x') && !re.test('name; order up'));
});

test('S3 states the words its capital flag reads, any case; S2 and S5 captures carry examples', async () => {
  const capital = (await openapi('S3')).paths['/hello/{name}'].get.parameters.find((p: Obj) => p.name === 'capital');
  const re = new RegExp(capital.schema.pattern, 'u');
  assert.ok(re.test('TRUE') && re.test('false') && !re.test('yes'));
  for (const [name, path] of [['S2', '/position/{x}/{y}'], ['S5', '/users/{id}'], ['S5', '/x/{x}'], ['S5', '/products/{id}']] as const) {
    const doc = await openapi(name);
    const op = doc.paths[path].get ?? doc.paths[path].post ?? doc.paths[path][Object.keys(doc.paths[path])[0]!];
    for (const p of op.parameters.filter((x: Obj) => x.in === 'path')) assert.type(p.example, 'number', `${name} ${path} ${p.name}`);
  }
});

test('every path parameter of every reference surface carries an example its schema accepts', async () => {
  for (const name of Object.keys(registry)) {
    const doc = await openapi(name);
    for (const [path, item] of Object.entries(doc.paths as Obj)) {
      for (const op of Object.values(item as Obj) as Obj[]) {
        for (const p of (op.parameters ?? []).filter((x: Obj) => x.in === 'path')) {
          assert.ok(p.example !== undefined, `${name} ${path} ${p.name}: no example`);
          const ajv = new Ajv2020({ strict: false });
          addFormats.default(ajv);
          assert.ok(ajv.validate(p.schema, p.example), `${name} ${path} ${p.name}: ${JSON.stringify(p.example)} against ${JSON.stringify(p.schema)}`);
        }
      }
    }
  }
});

test('the Range pattern accepts exactly the headers the server parses (generated headers)', () => {
  const fields: RangeField[] = [{ name: 'name', type: 'string', limit: 100, offset: 0, order: 'desc' }, { name: 'rgb', type: 'integer', limit: 5, offset: 0, order: 'desc' }];
  const re = new RegExp(rangePattern(fields), 'u');
  const word = fc.constantFrom('name', 'rgb', 'nam', 'limit', 'offset', 'order', 'asc', 'desc', 'up', '3', '-1', '+2', '-0', 'x%20y', '%zz', 'Purple', '');
  const space = fc.constantFrom(' ', '  ', '');
  const piece = fc.array(fc.tuple(word, space), { maxLength: 3 }).map((ws) => ws.map(([w, s]) => w + s).join(' '));
  const header = fc.array(fc.tuple(piece, fc.constantFrom(';', '; ', ' ;')), { minLength: 1, maxLength: 4 })
    .map((ps) => ps.map(([p, sep], i) => (i === 0 ? p : sep + p)).join(''));
  // Mostly well-shaped headers (a field, a value, options), so the valid side is well covered too.
  const shaped = fc.tuple(fc.constantFrom('name', 'rgb', 'nam'), fc.option(word), fc.array(fc.tuple(fc.constantFrom('limit', 'offset', 'order', 'foo'), word, space), { maxLength: 4 }))
    .map(([field, value, options]) => [value === null ? field : `${field} ${value}`, ...options.map(([o, v, sp]) => `${sp}${o} ${v}`)].join(';'));
  fc.assert(fc.property(fc.oneof(header, shaped), (h) => re.test(h) === parseRange(h, fields).ok), { seed: 15, numRuns: 3000 });
});

test.run();
