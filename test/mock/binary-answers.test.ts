// A binary answer (museum's ticket QR code: image/png, `type: string, format: binary`) is bytes, and
// the mock answers a real small file of the type, where it answered the text `string`.
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
  },
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

test.run();
