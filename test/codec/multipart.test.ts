// multipart/form-data bodies through the media codec: bodies the platform's FormData writes are
// read (files as bytes, repeated names as lists, JSON parts), what the codec writes the platform
// reads back, per-part `encoding` decides how a part is read, and a malformed body is a message.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mediaOf } from '../../src/codec/media-of.js';
import { multipart } from '../../src/codec/multipart.js';
import { t } from '../../src/codec/index.js';
import { api, body, implement, json, post } from '../../src/dsl/index.js';
import { client } from '../../src/client/index.js';
import { start } from '../helpers/server.js';

const Upload = t.object('Upload', {
  title: t.text,
  count: t.optional(t.int),
  file: t.bytes,
  tags: t.array(t.text),
  meta: t.optional(t.object('Meta', { width: t.int })),
});
const formData = mediaOf('multipart/form-data');

/** A PNG signature, a CR LF and dashes: bytes that are not UTF-8 and look like a delimiter's start. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x0d, 0x0a, 0x2d, 0x2d, 0x00]);

/** The bytes and Content-Type the platform writes for a FormData. */
async function platform(fill: (fd: FormData) => void): Promise<{ bytes: Buffer; contentType: string }> {
  const fd = new FormData();
  fill(fd);
  const req = new Request('http://x/', { method: 'POST', body: fd });
  return { bytes: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

const upload = (fd: FormData): void => {
  fd.append('title', 'Cat "Tom" à la plage');
  fd.append('count', '3');
  fd.append('file', new Blob([PNG], { type: 'image/png' }), 'cat.png');
  fd.append('tags', 'a');
  fd.append('tags', 'b');
  fd.append('meta', '{"width":640}');
};

test('a FormData upload is read: text fields by their codec, the file as the exact bytes, a repeated name as a list, an object as JSON', async () => {
  const { bytes, contentType } = await platform(upload);
  const r = formData.decode!(bytes, Upload, contentType);
  assert.ok(r.ok, JSON.stringify(r));
  const v = r.value as { title: string; count: number; file: Buffer; tags: string[]; meta: { width: number } };
  assert.equal([v.title, v.count, v.tags, v.meta], ['Cat "Tom" à la plage', 3, ['a', 'b'], { width: 640 }]);
  assert.ok(Buffer.isBuffer(v.file));
  assert.equal([...v.file], [...PNG]);
});

test('what the codec writes, the platform reads as the same fields and file, under the boundary its Content-Type names', async () => {
  const value = { title: 'x\r\ny', count: 2, file: Buffer.from(PNG), tags: ['a', 'b'], meta: { width: 1 } };
  const body = formData.encode(value, Upload);
  const type = formData.contentTypeOf!(body);
  assert.match(type, /^multipart\/form-data; boundary=\S+$/);
  const read = await new Response(body, { headers: { 'content-type': type } }).formData();
  assert.equal(read.getAll('tags'), ['a', 'b']);
  assert.equal([read.get('title'), read.get('count'), read.get('meta')], ['x\r\ny', '2', '{"width":1}']);
  const file = read.get('file') as File;
  assert.equal([...new Uint8Array(await file.arrayBuffer())], [...PNG]);
  // And the codec reads its own body back to the value.
  const back = formData.decode!(body as Buffer, Upload, type);
  assert.ok(back.ok, JSON.stringify(back));
  assert.equal({ ...(back.value as object), file: [...(back.value as { file: Buffer }).file] }, { ...value, file: [...PNG] });
});

test('a file that holds the boundary is written under another one', () => {
  const first = formData.encode({ title: 'a', file: Buffer.alloc(0), tags: [] }, Upload) as Buffer;
  const boundary = /boundary=(\S+)/.exec(formData.contentTypeOf!(first))![1]!;
  const tricky = { title: 'a', file: Buffer.from(`\r\n--${boundary}--\r\n`), tags: [] };
  const body = formData.encode(tricky, Upload) as Buffer;
  const type = formData.contentTypeOf!(body);
  assert.not.ok(type.endsWith(`boundary=${boundary}`));
  const r = formData.decode!(body, Upload, type);
  assert.ok(r.ok, JSON.stringify(r));
  assert.is((r.value as { file: Buffer }).file.toString(), tricky.file.toString());
});

test('per-part encoding: application/json reads a scalar part as JSON, text/plain reads an object part as its text form, image/png on a bytes field stays bytes', async () => {
  const Codec = t.object('Enc', { n: t.int, point: t.object('Point', { x: t.int, y: t.int }), pic: t.bytes });
  const codec = multipart({ n: { contentType: 'application/json' }, point: { contentType: 'text/plain' }, pic: { contentType: 'image/png, image/jpeg' } });
  const { bytes, contentType } = await platform((fd) => {
    fd.append('n', '7');
    fd.append('point', 'x,1,y,2');
    fd.append('pic', new Blob([PNG]), 'p.png');
  });
  const r = codec.decode!(bytes, Codec, contentType);
  assert.ok(r.ok, JSON.stringify(r));
  assert.equal({ ...(r.value as object), pic: [...(r.value as { pic: Buffer }).pic] }, { n: 7, point: { x: 1, y: 2 }, pic: [...PNG] });
  // Written back, the image part says the encoding's first type and the JSON part its own.
  const text = Buffer.from(codec.encode(r.value, Codec)).toString('latin1');
  assert.match(text, /name="pic"; filename="pic"\r\nContent-Type: image\/png\r\n/);
  assert.match(text, /name="n"\r\nContent-Type: application\/json\r\n\r\n7\r\n/);
});

test('a list of objects is one JSON part per item; a list of files keeps each file', async () => {
  const Codec = t.object('Many', { items: t.array(t.object('Item', { id: t.int })), files: t.optional(t.array(t.bytes)) });
  const { bytes, contentType } = await platform((fd) => {
    fd.append('items', '{"id":1}');
    fd.append('items', '{"id":2}');
    fd.append('files', new Blob(['one']), 'a.txt');
    fd.append('files', new Blob([PNG]), 'b.png');
  });
  const r = formData.decode!(bytes, Codec, contentType);
  assert.ok(r.ok, JSON.stringify(r));
  const v = r.value as { items: unknown[]; files: Buffer[] };
  assert.equal(v.items, [{ id: 1 }, { id: 2 }]);
  assert.equal(v.files.map((f) => [...f]), [[...Buffer.from('one')], [...PNG]]);
});

/** A body written by hand (what a careless client might send), CR LF line breaks. */
const hand = (...lines: string[]): Buffer => Buffer.from(lines.join('\r\n'), 'latin1');
const CT = 'multipart/form-data; boundary=XyZ';

test('a body that misses a required part, has a wrong-typed part or names a part twice is refused with a message naming it', async () => {
  const { bytes, contentType } = await platform((fd) => { fd.append('title', 'a'); fd.append('tags', 'x'); });
  assert.equal(formData.decode!(bytes, Upload, contentType), { ok: false, error: 'key "file" not found', path: '$', constraint: 'required' });
  const wrong = await platform((fd) => { fd.append('title', 'a'); fd.append('count', 'three'); fd.append('file', new Blob(['x']), 'f'); });
  const r = formData.decode!(wrong.bytes, Upload, wrong.contentType);
  assert.ok(!r.ok && r.error.startsWith('part "count": '), JSON.stringify(r));
  const twice = await platform((fd) => { fd.append('title', 'a'); fd.append('title', 'b'); });
  assert.equal(formData.decode!(twice.bytes, Upload, twice.contentType), { ok: false, error: 'part "title" given more than once' });
  const badJson = await platform((fd) => { fd.append('title', 'a'); fd.append('file', new Blob(['x']), 'f'); fd.append('meta', '{oops'); });
  const j = formData.decode!(badJson.bytes, Upload, badJson.contentType);
  assert.ok(!j.ok && j.error.startsWith('part "meta" is not valid JSON'), JSON.stringify(j));
});

test('malformed multipart is a message, never a throw: no boundary, no closing delimiter, a part without a name, a body that is not multipart', () => {
  const Codec = t.object('One', { a: t.optional(t.text) });
  const cases: [string, Buffer, string | undefined, RegExp][] = [
    ['no boundary parameter', hand('--XyZ', 'Content-Disposition: form-data; name="a"', '', '1', '--XyZ--'), 'multipart/form-data', /without a boundary/],
    ['no closing delimiter', hand('--XyZ', 'Content-Disposition: form-data; name="a"', '', '1'), CT, /no closing delimiter --XyZ--/],
    ['a part without a name', hand('--XyZ', 'Content-Disposition: form-data', '', '1', '--XyZ--'), CT, /part 1 has no name/],
    ['a part without Content-Disposition', hand('--XyZ', 'Content-Type: text/plain', '', '1', '--XyZ--'), CT, /part 1 has no name/],
    ['headers that never end', hand('--XyZ', 'Content-Disposition: form-data; name="a"'), CT, /headers do not end/],
    ['not multipart at all', Buffer.from('{"a":"1"}'), CT, /no delimiter --XyZ/],
    ['a part that is not valid UTF-8 for a text field', Buffer.concat([hand('--XyZ', 'Content-Disposition: form-data; name="a"', '', ''), Buffer.from([0xff]), hand('', '--XyZ--')]), CT, /part "a" is not valid UTF-8/],
  ];
  for (const [what, body, type, message] of cases) {
    const r = formData.decode!(body, Codec, type);
    assert.ok(!r.ok, what);
    if (!r.ok) assert.match(r.error, message, what);
  }
  // A preamble before the first delimiter and a quoted boundary are allowed (RFC 2046).
  const ok = formData.decode!(hand('preamble', '--XyZ', 'Content-Disposition: form-data; name="a"', '', 'v', '--XyZ--', 'epilogue'), Codec, 'multipart/form-data; boundary="XyZ"');
  assert.equal(ok, { ok: true, value: { a: 'v' } });
});

test('a body whose codec is no object is refused: its parts make an object', () => {
  const r = formData.decode!(hand('--XyZ', 'Content-Disposition: form-data; name="a"', '', '1', '--XyZ--'), t.int, CT);
  assert.ok(!r.ok && /cannot be sent as multipart\/form-data/.test(r.error));
});

test('a schema-less body (any JSON value) reads text parts as text, files as bytes and repeated names as lists', async () => {
  const { bytes, contentType } = await platform((fd) => { fd.append('a', '1'); fd.append('a', '2'); fd.append('f', new Blob([PNG]), 'f.png'); });
  const r = formData.decode!(bytes, t.json, contentType);
  assert.ok(r.ok);
  const v = r.value as { a: string[]; f: Buffer };
  assert.equal([v.a, [...v.f]], [['1', '2'], [...PNG]]);
});

const Photo = t.object('Photo', { caption: t.text, photo: t.bytes, tags: t.optional(t.array(t.text)) });
const photos = api('Photos', { title: 'photos' }, {
  upload: post('photos', body(Photo, [formData])).returns(json(t.object('Stored', { caption: t.text, size: t.int, first: t.int, tags: t.int }))),
});
const served = implement(photos, {
  upload: ({ body: b }) => ({ caption: b.caption, size: b.photo.length, first: b.photo[0]!, tags: b.tags?.length ?? 0 }),
});

test('a handler gets the upload\'s file as a Buffer of its bytes, from a browser-made body and from api-serve/client', async () => {
  const server = await start(served);
  try {
    const { bytes, contentType } = await platform((fd) => { fd.append('caption', 'Tom'); fd.append('photo', new Blob([PNG], { type: 'image/png' }), 'cat.png'); });
    const res = await fetch(`${server.url}/photos`, { method: 'POST', headers: { 'content-type': contentType }, body: bytes });
    assert.equal([res.status, await res.json()], [200, { caption: 'Tom', size: PNG.length, first: 0x89, tags: 0 }]);
    const c = client(photos, { baseUrl: server.url });
    const sent = await c.upload({ body: { caption: 'Tom', photo: Buffer.from(PNG), tags: ['a', 'b'] } });
    assert.equal(sent.body, { caption: 'Tom', size: PNG.length, first: 0x89, tags: 2 });
  } finally {
    await server.close();
  }
});

test.run();
