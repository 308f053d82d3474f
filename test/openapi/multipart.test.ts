// multipart/form-data request bodies of an OpenAPI document: the mock, served on port 0, takes an
// upload a browser's FormData makes (fields, a file as bytes, a list, a JSON part) and refuses a
// missing or wrong-typed part with a 400 naming it; the client sends what the mock takes; the
// module `api-serve import` writes reads and refuses the same uploads.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { mock } from '../../src/mock/index.js';
import { predictor } from '../../src/describe/index.js';
import { surfaceSource } from '../../src/openapi/index.js';
import { client } from '../../src/client/index.js';
import { start } from '../helpers/server.js';
import { runBin, runBinAsync, spawnServe } from '../helpers/cli.js';
import { importProject, typecheck } from '../helpers/import-project.js';
import { DOCS, imported } from './load.js';
import { docModel, renderOpenApi } from '../../src/docs/index.js';

const s = suite('multipart/form-data bodies of a document');

/** A PNG signature and bytes that are not UTF-8: a real file's bytes, not text. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0x2d, 0x2d]);

interface Row { readonly name: string; readonly url: string; readonly form: (fd: FormData) => void; readonly status: number; readonly says?: RegExp }

const photo = (fd: FormData): void => fd.append('photo', new Blob([PNG], { type: 'image/png' }), 'cat.png');
const ROWS: readonly Row[] = [
  { name: 'POST /pets/1/photos with a caption, a rating, two tags and a PNG file -> 201', url: '/pets/1/photos', status: 201,
    form: (fd) => { fd.append('caption', 'Tom'); fd.append('rating', '5'); fd.append('tags', 'cat'); fd.append('tags', 'grey'); photo(fd); } },
  { name: 'POST /pets/1/photos with only the required parts -> 201', url: '/pets/1/photos', status: 201, form: (fd) => { fd.append('caption', 'Tom'); photo(fd); } },
  { name: 'POST /pets/1/photos without the photo part -> 400 naming it', url: '/pets/1/photos', status: 400, says: /"photo" not found/,
    form: (fd) => { fd.append('caption', 'Tom'); } },
  { name: 'POST /pets/1/photos without the caption part -> 400 naming it', url: '/pets/1/photos', status: 400, says: /"caption" not found/, form: photo },
  { name: 'POST /pets/1/photos with rating "five" -> 400 (not an integer)', url: '/pets/1/photos', status: 400, says: /part "rating": .*integer/,
    form: (fd) => { fd.append('caption', 'Tom'); fd.append('rating', 'five'); photo(fd); } },
  { name: 'POST /pets/1/photos with rating 9 -> 400 (maximum 5)', url: '/pets/1/photos', status: 400, says: /rating/,
    form: (fd) => { fd.append('caption', 'Tom'); fd.append('rating', '9'); photo(fd); } },
  { name: 'POST /pets/1/photos with a 41-character caption -> 400 (maxLength 40)', url: '/pets/1/photos', status: 400, says: /caption/,
    form: (fd) => { fd.append('caption', 'x'.repeat(41)); photo(fd); } },
  { name: 'POST /documents with two files and a JSON meta part -> 204', url: '/documents', status: 204,
    form: (fd) => { fd.append('files', new Blob([PNG]), 'a.png'); fd.append('files', new Blob(['notes']), 'b.txt'); fd.append('meta', '{"author":"Ann"}'); fd.append('note', 'hi'); } },
  { name: 'POST /documents with a meta part that is not JSON -> 400', url: '/documents', status: 400, says: /part "meta" is not valid JSON/,
    form: (fd) => { fd.append('files', new Blob([PNG]), 'a.png'); fd.append('meta', 'Ann'); } },
  { name: 'POST /documents with a meta part missing its author -> 400 naming it', url: '/documents', status: 400, says: /\$\.meta: key "author" not found/,
    form: (fd) => { fd.append('files', new Blob([PNG]), 'a.png'); fd.append('meta', '{}'); } },
  { name: 'POST /documents with no file part -> 400 (minItems 1)', url: '/documents', status: 400, says: /files/, form: (fd) => { fd.append('meta', '{"author":"Ann"}'); } },
];

/** The bytes and Content-Type the platform's FormData makes: material this code did not write. */
async function formBody(fill: (fd: FormData) => void): Promise<{ body: Buffer; contentType: string }> {
  const fd = new FormData();
  fill(fd);
  const req = new Request('http://x/', { method: 'POST', body: fd });
  return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

async function send(base: string, url: string, body: Buffer | string, contentType: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': contentType }, body });
  return { status: res.status, text: await res.text() };
}

s('the mock takes uploads the document allows and refuses the others with a 400 saying why; the predictor agrees', async () => {
  const doc = await imported('multipart.yaml');
  assert.equal(doc.warnings.map((w) => w.message), []);
  const predict = predictor(doc.surface);
  const server = await start(mock(doc.surface));
  try {
    for (const row of ROWS) {
      const { body, contentType } = await formBody(row.form);
      const res = await send(server.url, row.url, body, contentType);
      assert.is(res.status, row.status, `${row.name}: ${res.text}`);
      if (row.says) assert.match(res.text, row.says, row.name);
      const p = predict({ method: 'POST', url: row.url, headers: { 'content-type': contentType }, body });
      assert.is(p.kind === 'handler' ? row.status : p.status, row.status, `predicted: ${row.name}`);
    }
    // Malformed bodies are 400s that say what is wrong, never 500s.
    const { body } = await formBody((fd) => { fd.append('caption', 'Tom'); photo(fd); });
    const noBoundary = await send(server.url, '/pets/1/photos', body, 'multipart/form-data');
    assert.equal([noBoundary.status, /without a boundary/.test(noBoundary.text)], [400, true], noBoundary.text);
    const boundary = /^--(\S+)/.exec(body.toString('latin1'))![1]!;
    const cut = await send(server.url, '/pets/1/photos', body.subarray(0, body.length - 12), `multipart/form-data; boundary=${boundary}`);
    assert.equal([cut.status, /no closing delimiter/.test(cut.text)], [400, true], cut.text);
    const json = await send(server.url, '/pets/1/photos', '{"caption":"Tom"}', 'application/json');
    assert.is(json.status, 415);
  } finally {
    await server.close();
  }
});

s('api-serve/client sends a multipart upload the mock takes, the file as its bytes', async () => {
  const doc = await imported('multipart.yaml');
  const server = await start(mock(doc.surface));
  try {
    const c = client(doc.surface, { baseUrl: server.url }) as unknown as Record<string, (input: Record<string, unknown>) => Promise<{ status: number; body: unknown }>>;
    const made = await c.uploadPhoto!({ id: 7, body: { caption: 'Tom', rating: 4, tags: ['a', 'b'], photo: Buffer.from(PNG) } });
    assert.is(made.status, 201);
    const sent = await c.sendDocuments!({ body: { files: [Buffer.from(PNG), Buffer.from('two')], meta: { author: 'Ann' }, note: 'n' } });
    assert.is(sent.status, 204);
  } finally {
    await server.close();
  }
});

s('api-serve import writes the files as t.bytes and the encoding map on mediaOf; the module type-checks and answers the uploads as the document does', async () => {
  const doc = await imported('multipart.yaml');
  const source = surfaceSource(doc, { file: 'multipart.yaml', command: 'api-serve' });
  assert.ok(source.includes('photo: t.describe(t.bytes, "The picture.")'), source);
  assert.ok(source.includes('files: t.array(t.bytes, { minItems: 1 })'), source);
  assert.ok(source.includes('mediaOf("multipart/form-data", { encoding: { photo: { contentType: "image/png, image/jpeg" } } })'), source);
  const dir = importProject();
  const r = runBin('api-serve', ['import', join(DOCS, 'multipart.yaml'), '-o', 'api.ts'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  const tsc = typecheck(dir, ['api.ts']);
  assert.is(tsc, '', tsc);
  const [mine, theirs] = await Promise.all([
    spawnServe(['./api.ts', '--port', '0', '--data', join(dir, 'data-a')], 1, { cwd: dir }),
    spawnServe([join(DOCS, 'multipart.yaml'), '--port', '0', '--data', join(dir, 'data-b')], 1, { cwd: dir }),
  ]);
  try {
    const [a] = Object.values(mine.urls);
    const [b] = Object.values(theirs.urls);
    for (const row of ROWS) {
      const { body, contentType } = await formBody(row.form);
      const [x, y] = await Promise.all([send(a!, row.url, body, contentType), send(b!, row.url, body, contentType)]);
      assert.equal(x, y, row.name);
      assert.is(x.status, row.status, row.name);
    }
  } finally {
    await Promise.all([mine.stop(), theirs.stop()]);
  }
});

s('api-docs --verify sends a multipart example with the boundary its Content-Type names, and the mock takes it', async () => {
  const dir = importProject();
  const served = await spawnServe([join(DOCS, 'multipart-example.yaml'), '--mock', '--port', '0', '--data', join(dir, 'data')], 1, { cwd: dir });
  try {
    const r = await runBinAsync('api-docs', [join(DOCS, 'multipart-example.yaml'), '--verify', '--base-url', Object.values(served.urls)[0]!]);
    assert.is(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /Verified against the server: `POST \/notes` answers this\./);
  } finally {
    await served.stop();
  }
});

s('api-docs --format openapi writes a multipart body back with its encoding map and the object as its example', async () => {
  const doc = await imported('multipart.yaml');
  type Content = Record<string, { encoding?: Record<string, { contentType?: string }>; schema?: unknown }>;
  const out = renderOpenApi(docModel(doc.surface)) as { paths: Record<string, Record<string, { requestBody: { content: Content } }>> };
  const photos = out.paths['/pets/{id}/photos']!.post!.requestBody.content['multipart/form-data']!;
  assert.equal(photos.encoding, { photo: { contentType: 'image/png, image/jpeg' } });
  const docs = out.paths['/documents']!.post!.requestBody.content['multipart/form-data']!;
  assert.equal(docs.encoding, { note: { contentType: 'text/plain' } });
  const example = renderOpenApi(docModel((await imported('multipart-example.yaml')).surface)) as { paths: Record<string, Record<string, { requestBody: { content: Record<string, { examples?: Record<string, { value: unknown }> }> } }>> };
  const values = Object.values(example.paths['/notes']!.post!.requestBody.content['multipart/form-data']!.examples ?? {}).map((e) => e.value);
  assert.equal(values, [{ title: 'hello', rating: 4 }]);
});

s.run();
