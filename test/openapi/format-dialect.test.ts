// `format` asserts in a document's schemas (an email that is none is a 400), except in a 3.1 schema
// that names JSON Schema's standard dialect by `$schema`, or a document whose `jsonSchemaDialect`
// names it: there format only annotates, as that dialect's vocabulary says. Over real HTTP.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDocument, importSurface, surfaceSource } from '../../src/openapi/index.js';
import { mock } from '../../src/mock/index.js';
import { docModel, renderOpenApi } from '../../src/docs/index.js';
import { call, start, tempDir } from '../helpers/server.js';

const s = suite('format under a named dialect');

const STANDARD = 'https://json-schema.org/draft/2020-12/schema';

/** A 3.1 document with `POST /<name>` taking each schema as its JSON body (204). */
function document(schemas: Record<string, unknown>, top: Record<string, unknown> = {}): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const name of Object.keys(schemas)) {
    paths[`/${name}`] = { post: { operationId: name, requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } }, responses: { 204: { description: 'taken' } } } };
  }
  return { openapi: '3.1.0', info: { title: 'formats', version: '1' }, ...top, paths, components: { schemas } };
}

/** The statuses of posting `body` to each path, the document served as a mock on port 0. */
async function statuses(doc: Record<string, unknown>, posts: readonly [string, unknown][]): Promise<number[]> {
  const dir = tempDir();
  const file = join(dir, 'api.json');
  writeFileSync(file, JSON.stringify(doc));
  const running = await start(mock(importSurface(await loadDocument(file), 'formats').surface));
  try {
    const out: number[] = [];
    for (const [path, body] of posts) out.push((await call(running.url, 'POST', path, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status);
    return out;
  } finally { await running.close(); }
}

s('a document\'s format asserts; a schema naming the standard dialect by $schema only annotates it, and so do its subschemas', async () => {
  const doc = document({
    Plain: { type: 'object', properties: { email: { type: 'string', format: 'email' } } },
    Standard: { $schema: STANDARD, type: 'object', properties: { email: { type: 'string', format: 'email' }, when: { format: 'date-time' } } },
    OtherDialect: { $schema: 'https://spec.openapis.org/oas/3.1/dialect/base', type: 'object', properties: { email: { type: 'string', format: 'email' } } },
  });
  const got = await statuses(doc, [
    ['/Plain', { email: 'not an email' }],
    ['/Plain', { email: 'a@example.com' }],
    ['/Standard', { email: 'not an email', when: 'yesterday' }],
    ['/Standard', { email: 'a@example.com' }],
    ['/OtherDialect', { email: 'not an email' }],
  ]);
  assert.equal(got, [400, 204, 204, 204, 400]);
});

s('a document whose jsonSchemaDialect names the standard dialect: its formats annotate, but for a schema naming another', async () => {
  const doc = document({
    Plain: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } },
    Oas: { $schema: 'https://spec.openapis.org/oas/3.1/dialect/base', type: 'object', properties: { id: { type: 'string', format: 'uuid' } } },
  }, { jsonSchemaDialect: `${STANDARD}#` });
  assert.equal(await statuses(doc, [['/Plain', { id: 'nope' }], ['/Oas', { id: 'nope' }], ['/Oas', { id: '123e4567-e89b-12d3-a456-426614174000' }]]), [204, 400, 204]);
});

s('the module api-serve import writes keeps the difference: the standard dialect\'s format as an annotation, the plain one a constraint', async () => {
  const dir = tempDir();
  const file = join(dir, 'api.json');
  writeFileSync(file, JSON.stringify(document({
    Plain: { type: 'object', properties: { email: { type: 'string', format: 'uri-reference' } } },
    Standard: { $schema: STANDARD, type: 'object', properties: { email: { type: 'string', format: 'uri-reference' } } },
  })));
  const imported = importSurface(await loadDocument(file), 'formats');
  const source = surfaceSource(imported, { file: 'api.json', command: 'api-serve' });
  // The dialect stays named, in the module and in the OpenAPI written back (re-read, it still annotates).
  assert.match(source, /export const Standard = t\.annotate\(.*\{ \$schema: "https:\/\/json-schema\.org\/draft\/2020-12\/schema" \}\)/);
  const written = renderOpenApi(docModel(imported.surface)) as unknown as { components: { schemas: Record<string, Record<string, unknown>> } };
  const schemas = (typeof written === 'string' ? JSON.parse(written) : written).components.schemas as Record<string, Record<string, unknown>>;
  assert.is(schemas.Standard!.$schema, STANDARD);
  assert.is(schemas.Plain!.$schema, undefined);
  assert.match(source, /export const Plain = .*t\.constrain\(t\.text, \{ format: "uri-reference" \}\)/);
  assert.match(source, /export const Standard = .*\{ \.\.\.t\.text, schema: \{ \.\.\.t\.text\.schema, format: "uri-reference" \} \}/);
  assert.not.match(source, /export const Standard = .*t\.constrain/);
});

s.run();
