// A binary answer (museum's ticket QR code: image/png, `type: string, format: binary`) is bytes, and
// the mock answers a real small file of the type, where it answered the text `string`; an answer
// declared by a media range (nrel's `*/*`) is sent as one type, so `Accept: application/json` gets it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { mock } from '../../src/mock/index.js';
import { start, tempDir } from '../helpers/server.js';

const binary = (type: string) => ({ description: 'a file', content: { [type]: { schema: { type: 'string', format: 'binary' } } } });
const DOC = {
  openapi: '3.1.0', info: { title: 'files', version: '1' },
  paths: {
    '/qr': { get: { operationId: 'qr', responses: { '200': binary('image/png') } } },
    '/report': { get: { operationId: 'report', responses: { '200': binary('application/pdf') } } },
    '/blob': { get: { operationId: 'blob', responses: { '200': binary('application/octet-stream') } } },
    '/laws': { get: { operationId: 'laws', responses: { '200': { description: 'laws', content: { '*/*': { schema: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } } } } } },
    '/picture': { get: { operationId: 'picture', responses: { '200': binary('image/*') } } },
    // As museum writes it: the binary schema is a component.
    '/ticket': { get: { operationId: 'ticket', responses: { '200': { description: 'a QR code', content: { 'image/png': { schema: { $ref: '#/components/schemas/Qr' } } } } } } },
  },
  components: { schemas: { Qr: { description: 'a QR code image', type: 'string', format: 'binary' } } },
};

async function served(options: { dynamic?: boolean } = {}) {
  const file = join(tempDir('binary-answers-'), 'files.json');
  writeFileSync(file, JSON.stringify(DOC));
  const { surface } = importSurface(await loadDocument(file), 'files');
  return start(mock(surface, options));
}

const get = async (url: string) => {
  const r = await fetch(url);
  return { type: r.headers.get('content-type'), bytes: Buffer.from(await r.arrayBuffer()) };
};

test('image/png answers a 1x1 PNG, application/pdf a PDF, octet-stream 16 bytes; --dynamic keeps the PNG', async () => {
  for (const dynamic of [false, true]) {
    const s = await served({ dynamic });
    try {
      const png = await get(`${s.url}/qr`);
      assert.is(png.type, 'image/png');
      assert.equal([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'the PNG signature');
      assert.is(png.bytes.subarray(12, 16).toString('latin1'), 'IHDR');
      assert.is(png.bytes.readUInt32BE(16), 1, 'one pixel wide');
      const pdf = await get(`${s.url}/report`);
      assert.is(pdf.type, 'application/pdf');
      assert.ok(pdf.bytes.toString('latin1').startsWith('%PDF-'), pdf.bytes.toString('latin1').slice(0, 20));
      const blob = await get(`${s.url}/blob`);
      assert.is(blob.type, 'application/octet-stream');
      assert.equal([...blob.bytes], Array.from({ length: 16 }, (_, i) => i));
    } finally { await s.close(); }
  }
});

test('an answer declared as */* is JSON, negotiated as JSON; bytes under image/* or by a $ref to a binary schema are a PNG', async () => {
  const s = await served();
  try {
    for (const accept of ['application/json', '*/*', 'application/json, text/plain, */*']) {
      const r = await fetch(`${s.url}/laws`, { headers: { accept } });
      assert.is(r.status, 200, accept);
      assert.is(r.headers.get('content-type'), 'application/json;charset=utf-8', accept);
      assert.equal(await r.json(), { n: 0 });
    }
    assert.is((await fetch(`${s.url}/laws`, { headers: { accept: 'text/html' } })).status, 406);
    const ticket = await get(`${s.url}/ticket`);
    assert.is(ticket.type, 'image/png');
    assert.is(ticket.bytes.subarray(1, 4).toString('latin1'), 'PNG', 'a $ref to a binary schema is bytes too');
    const picture = await get(`${s.url}/picture`);
    assert.is(picture.type, 'image/png');
    assert.is(picture.bytes.subarray(1, 4).toString('latin1'), 'PNG');
  } finally { await s.close(); }
});

test.run();
