// Request bodies of an OpenAPI document as `api-serve doc.yaml` serves them: an optional body may
// be left out (no Content-Type, no bytes) and reaches the handler as undefined; a binary upload
// (octet-stream, image/png with a `format: binary` schema, in place or by a $ref) is read as bytes, never as UTF-8 text;
// a media range in request content (`application/*+json`, `*/*`) takes the types it holds.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { randomBytes } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mock } from '../../src/mock/index.js';
import { predictor } from '../../src/describe/index.js';
import { surfaceSource } from '../../src/openapi/index.js';
import { docModel, renderOpenApi } from '../../src/docs/index.js';
import { api, body, implement, json, post } from '../../src/dsl/index.js';
import { media, t } from '../../src/codec/index.js';
import { call, start, tempDir } from '../helpers/server.js';
import { imported } from './load.js';

const s = suite('request bodies of a document');

/** Bytes that are not UTF-8 (a PNG signature and random bytes after it). */
function binary(): Buffer {
  for (;;) {
    const b = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff]), randomBytes(256)]);
    if (!isUtf8(b)) return b;
  }
}

interface Row { name: string; url: string; headers: Record<string, string>; body?: string | Buffer; status: number }

const JSON_CT = { 'content-type': 'application/json' };
const ROWS: readonly Row[] = [
  { name: 'POST /notes without a body -> 200 (the body is optional)', url: '/notes', headers: {}, status: 200 },
  { name: 'POST /notes with Content-Length: 0 and no Content-Type -> 200', url: '/notes', headers: { 'content-length': '0' }, body: '', status: 200 },
  { name: 'POST /notes with a valid body -> 200', url: '/notes', headers: JSON_CT, body: '{"text":"hi"}', status: 200 },
  { name: 'POST /notes with an invalid body -> 400', url: '/notes', headers: JSON_CT, body: '{"text":1}', status: 400 },
  { name: 'POST /notes with Content-Type: application/json and no bytes -> 400 (a JSON body is sent)', url: '/notes', headers: JSON_CT, body: '', status: 400 },
  { name: 'POST /notes with bytes and no Content-Type -> 415', url: '/notes', headers: {}, body: '{"text":"hi"}', status: 415 },
  { name: 'POST /notes/strict without a body -> 415 (required: true)', url: '/notes/strict', headers: {}, status: 415 },
  { name: 'POST /uploads with non-UTF-8 bytes as application/octet-stream -> 200', url: '/uploads', headers: { 'content-type': 'application/octet-stream' }, body: binary(), status: 200 },
  { name: 'POST /uploads with non-UTF-8 bytes as image/png -> 200', url: '/uploads', headers: { 'content-type': 'image/png' }, body: binary(), status: 200 },
  { name: 'POST /uploads as text/plain -> 415', url: '/uploads', headers: { 'content-type': 'text/plain' }, body: 'hello', status: 415 },
  { name: 'POST /events as application/cloudevents+json (in application/*+json) -> 200', url: '/events', headers: { 'content-type': 'application/cloudevents+json' }, body: '{"kind":"a"}', status: 200 },
  { name: 'POST /events with an invalid body in application/*+json -> 400', url: '/events', headers: { 'content-type': 'application/cloudevents+json' }, body: '{"kind":1}', status: 400 },
  { name: 'POST /events as text/plain (outside application/*+json) -> 415', url: '/events', headers: { 'content-type': 'text/plain' }, body: '{"kind":"a"}', status: 415 },
  { name: 'POST /anything as text/plain (in */*) -> 200', url: '/anything', headers: { 'content-type': 'text/plain' }, body: 'hi', status: 200 },
  { name: 'POST /anything with non-UTF-8 bytes as image/png (in */*) -> 200', url: '/anything', headers: { 'content-type': 'image/png' }, body: binary(), status: 200 },
  { name: 'POST /anything with non-UTF-8 bytes and no Content-Type (read as octet-stream, in */*) -> 200', url: '/anything', headers: {}, body: binary(), status: 200 },
];

s('the mock serves the document\'s bodies as it says, and the predictor agrees', async () => {
  const doc = await imported('request-bodies.yaml');
  assert.equal(doc.warnings.map((w) => w.message), []);
  const predict = predictor(doc.surface);
  const server = await start(mock(doc.surface));
  try {
    for (const r of ROWS) {
      const res = await call(server.url, 'POST', r.url, { headers: r.headers, ...(r.body === undefined ? {} : { body: r.body }) });
      assert.is(res.status, r.status, `${r.name}: ${res.text}`);
      const p = predict({ method: 'POST', url: r.url, headers: r.headers, ...(r.body === undefined ? {} : { body: r.body }) });
      assert.is(p.kind === 'handler' ? 200 : p.status, r.status, `predicted: ${r.name}`);
    }
  } finally {
    await server.close();
  }
});

s('the upload operation reads bytes (t.bytes); the optional body is written as such in TS and OpenAPI', async () => {
  const doc = await imported('request-bodies.yaml');
  const source = surfaceSource(doc, { file: 'request-bodies.yaml', command: 'api-serve' });
  assert.ok(source.includes('body(t.bytes, [media.octet, mediaOf("image/png")])'), source);
  assert.ok(source.includes('body(t.bytes, [mediaOf("*/*")])'), source);
  assert.match(source, /required: false \}\)/);
  const out = renderOpenApi(docModel(doc.surface)) as { paths: Record<string, Record<string, { requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> } }>> };
  assert.is(out.paths['/notes']!.post!.requestBody!.required, false);
  assert.is(out.paths['/notes/strict']!.post!.requestBody!.required, true);
  assert.equal(out.paths['/uploads']!.post!.requestBody!.content['image/png']!.schema, { type: 'string', format: 'binary' });
});

// The upload's schema by a local $ref (museum's GetTicketCodeResponse is such a binary component).
const BY_REF = `openapi: 3.1.0
info: { title: Uploads by ref, version: '1' }
paths:
  /uploads:
    post:
      operationId: upload
      requestBody:
        required: true
        content:
          application/octet-stream: { schema: { $ref: '#/components/schemas/Upload' } }
          image/png: { schema: { $ref: '#/components/schemas/Upload' } }
      responses:
        '200': { description: stored }
components:
  schemas:
    Upload: { type: string, format: binary }
`;

s('an upload whose schema is a $ref to a binary schema takes non-UTF-8 bytes (PNG) as octet-stream and image/png: 200, not "not valid UTF-8"', async () => {
  const file = join(tempDir('request-bodies-'), 'uploads.yaml');
  writeFileSync(file, BY_REF);
  const doc = await imported(file);
  assert.equal(doc.warnings.map((w) => w.message), []);
  const server = await start(mock(doc.surface));
  try {
    for (const type of ['application/octet-stream', 'image/png']) {
      const png = binary();
      assert.not.ok(isUtf8(png));
      const res = await call(server.url, 'POST', '/uploads', { headers: { 'content-type': type }, body: png });
      assert.is(res.status, 200, `${type}: ${res.text}`);
      assert.not.match(res.text, /UTF-8/);
    }
    const text = await call(server.url, 'POST', '/uploads', { headers: { 'content-type': 'text/plain' }, body: 'hello' });
    assert.is(text.status, 415, 'only the declared media are uploads');
  } finally {
    await server.close();
  }
});

const HAL_FIRST = `
openapi: 3.0.3
info: { title: Configs, version: '1' }
paths:
  /configs/{id}:
    get:
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200':
          description: ok
          content:
            application/hal+json: { schema: { type: object, properties: { _links: { type: object }, name: { type: string } } } }
            application/json: { schema: { type: object, additionalProperties: false, properties: { name: { type: string } } } }
`;

s('a response listing application/hal+json before application/json answers with the application/json schema (configcat), said in a warning', async () => {
  const file = join(tempDir('request-bodies-'), 'hal.yaml');
  writeFileSync(file, HAL_FIRST);
  const doc = await imported(file);
  assert.ok(doc.warnings.some((w) => /application\/hal\+json bodies use the schema of application\/json/.test(w.message)), JSON.stringify(doc.warnings));
  const server = await start(mock(doc.surface));
  try {
    const res = await call(server.url, 'GET', '/configs/1', { headers: { accept: 'application/json' } });
    assert.is(res.status, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    // additionalProperties: false: no key the application/json schema does not declare.
    assert.equal(Object.keys(JSON.parse(res.text) as object).filter((k) => k !== 'name'), []);
  } finally {
    await server.close();
  }
});

const Note = t.object('Note', { text: t.text });
const surface = api('OptionalBody', { title: 'optional body' }, {
  note: post('notes', body(Note, [media.json], { required: false })).returns(json(t.text)),
  bytes: post('bytes', body(t.bytes, [media.octet])).returns(json(t.int)),
});
const handlers = implement(surface, {
  note: ({ body: b }) => (b === undefined ? 'no body' : `text ${b.text}`),
  bytes: ({ body: b }) => b.length,
});

s('a DSL body(codec, media, { required: false }) reaches the handler as undefined when left out', async () => {
  const server = await start(handlers);
  try {
    const none = await call(server.url, 'POST', '/notes');
    assert.is(none.status, 200);
    assert.equal(none.json(), 'no body');
    const given = await call(server.url, 'POST', '/notes', { headers: JSON_CT, body: '{"text":"hi"}' });
    assert.equal(given.json(), 'text hi');
    const bad = await call(server.url, 'POST', '/notes', { headers: JSON_CT, body: '{}' });
    assert.is(bad.status, 400);
    const bytes = await call(server.url, 'POST', '/bytes', { headers: { 'content-type': 'application/octet-stream' }, body: binary() });
    assert.equal(bytes.json(), 265);
  } finally {
    await server.close();
  }
});

s.run();
