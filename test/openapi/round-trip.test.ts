// The project's own OpenAPI documents: imported, written back by api-docs (valid, with the same
// operations, parameters, statuses, media types, security and semantically equal schemas), and mocked with every operation
// answered by a body the input document's own schema accepts (judged by ajv).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DOCS } from './load.js';
import { mockConformance, roundTrip } from './round-trip.js';
import { type SchemaDoc, schemaDifferences } from './schema-equal.js';

for (const file of ['features.yaml', 'features-30.yaml']) {
  test(`${file}: import then api-docs --format openapi validates and keeps operations, parameters, statuses, media types, security and schemas`, async () => {
    assert.equal(await roundTrip(`${DOCS}${file}`), []);
  });
  test(`${file}: the mock answers every operation with a body its own schema accepts (ajv)`, async () => {
    const r = await mockConformance(`${DOCS}${file}`);
    assert.ok(r.asked >= 2, `asked ${r.asked}`);
    assert.equal(r.problems, []);
  });
}

// The schema comparison itself: what it must tell apart, and what it must take as the same.
const doc = (version: '3.0' | '3.1', schemas: Record<string, unknown> = {}): SchemaDoc => ({ version, doc: { components: { schemas } } });
const differs: [string, unknown, unknown][] = [
  ['a changed bound', { type: 'string', maxLength: 5 }, { type: 'string', maxLength: 6 }],
  ['a dropped additionalProperties: false', { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false }, { type: 'object', properties: { a: { type: 'integer' } } }],
  ['a required field made optional', { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] }, { type: 'object', properties: { a: { type: 'integer' } } }],
  ['an item type changed', { type: 'array', items: { type: 'integer' } }, { type: 'array', items: { type: 'number' } }],
  ['a lost enum value', { enum: ['a', 'b'] }, { enum: ['a'] }],
  ['a lost null', { type: ['string', 'null'] }, { type: 'string' }],
];
for (const [what, a, b] of differs) {
  test(`schema comparison reports ${what}`, () => {
    assert.ok(schemaDifferences(a, doc('3.1'), b, doc('3.1')).length > 0);
  });
}
const same: [string, unknown, SchemaDoc, unknown, SchemaDoc][] = [
  ['3.0 nullable and a 3.1 anyOf with null', { type: 'integer', maximum: 9, nullable: true }, doc('3.0'), { anyOf: [{ type: 'integer', maximum: 9 }, { type: 'null' }] }, doc('3.1')],
  ['3.0 boolean exclusiveMinimum and the 3.1 number', { type: 'number', minimum: 0, exclusiveMinimum: true }, doc('3.0'), { type: 'number', exclusiveMinimum: 0 }, doc('3.1')],
  ['int32 and its bounds written out', { type: 'integer', format: 'int32' }, doc('3.1'), { type: 'integer', format: 'int32', minimum: -2147483648, maximum: 2147483647 }, doc('3.1')],
  ['a $ref and the schema it names, annotations aside', { $ref: '#/components/schemas/P' }, doc('3.1', { P: { type: 'object', title: 'P', properties: { a: { type: 'string' } } } }), { type: 'object', description: 'x', properties: { a: { type: 'string' } } }, doc('3.1')],
  ['a recursive schema by path and by anchor', { $ref: '#/components/schemas/T' }, doc('3.1', { T: { type: 'object', properties: { c: { type: 'array', items: { $ref: '#/components/schemas/T' } } } } }),
    { $ref: '#/components/schemas/T' }, doc('3.1', { T: { $anchor: 'T', type: 'object', properties: { c: { type: 'array', items: { $ref: '#T' } } } } })],
];
for (const [what, a, ad, b, bd] of same) {
  test(`schema comparison takes as the same: ${what}`, () => {
    assert.equal(schemaDifferences(a, ad, b, bd), []);
  });
}

test.run();
