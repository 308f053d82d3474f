// A document that is not valid OpenAPI in a part that can be left out (a schema keyword of the
// wrong kind, reached through a $ref; an operation naming a path parameter it does not declare):
// refused in one line that says --lenient would load it; with --lenient, served without that part,
// one warning each, and every other operation answering. Through the real commands.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBin, spawnServe } from '../helpers/cli.js';
import { loadDocument, OpenApiLoadError } from '../../src/openapi/index.js';
import { call, tempDir } from '../helpers/server.js';

// As public definitions have them: api.video's `pattern: 0`; an operation naming a path parameter
// it does not declare (clicksend's `/uploads?convert={convert}` was one, before path keys with a
// query string were read as meant: test/openapi/path-keys.test.ts).
const DOC = `openapi: 3.0.3
info: { title: Thumbs, version: '1' }
paths:
  /videos/{videoId}/thumbnail:
    parameters: [ { name: videoId, in: path, required: true, schema: { type: string } } ]
    patch:
      operationId: pick
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Pick' } } } }
      responses: { '200': { description: picked, content: { application/json: { schema: { $ref: '#/components/schemas/Pick' } } } } }
  /uploads/{uploadId}/convert:
    post:
      operationId: upload
      responses: { '204': { description: stored } }
  /uploads:
    get:
      operationId: uploads
      responses: { '200': { description: the uploads, content: { application/json: { schema: { type: array, items: { type: string } } } } } }
components:
  schemas:
    Pick:
      type: object
      required: [timecode]
      properties: { timecode: { type: string, pattern: 0, maxLength: 12 } }
`;

test('refused in one line naming the place and saying --lenient would load it; exit 2', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'thumbs.yaml'), DOC);
  const r = runBin('api-serve', ['thumbs.yaml', '--mock', '--port', '0'], { cwd: dir });
  assert.is(r.code, 2, r.stderr);
  assert.is(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
  assert.match(r.stderr, /^api-serve: thumbs\.yaml#\/paths\/~1videos~1\{videoId\}~1thumbnail\/patch\/requestBody\/content\/application~1json\/schema\/properties\/timecode\/pattern: not a valid OpenAPI document: .*; give --lenient to load the document with it left out$/m);
});

test('--lenient serves it without the bad pattern and the undeclared-parameter operation, a warning each; the rest answers', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'thumbs.yaml'), DOC);
  const served = await spawnServe(['thumbs.yaml', '--mock', '--lenient', '--port', '0', '--data', join(dir, 'data')], 1, { cwd: dir });
  try {
    const url = served.urls.thumbs!;
    assert.match(served.stderr(), /warning: thumbs\.yaml#\/components\/schemas\/Pick\/properties\/timecode\/pattern: pattern 0 is not a valid pattern/);
    assert.match(served.stderr(), /warning: thumbs\.yaml#\/paths\/~1uploads~1\{uploadId\}~1convert\/post: POST \/uploads\/\{uploadId\}\/convert names the path parameter\(s\)/);
    const json = { 'content-type': 'application/json' };
    // The pattern is gone; the other keywords of the same schema still hold.
    assert.is((await call(url, 'PATCH', '/videos/v1/thumbnail', { headers: json, body: '{"timecode":"00:01:00.000"}' })).status, 200);
    assert.is((await call(url, 'PATCH', '/videos/v1/thumbnail', { headers: json, body: '{"timecode":"00:01:00.000000000"}' })).status, 400);
    assert.is((await call(url, 'GET', '/uploads')).status, 200);
  } finally { await served.stop(); }
});

test('api-serve import --lenient writes the module with the same parts left out, warned', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'thumbs.yaml'), DOC);
  const r = runBin('api-serve', ['import', 'thumbs.yaml', '--lenient'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stderr, /pattern 0 is not a valid pattern/);
  assert.match(r.stdout, /export const Pick = t\.object\("Pick", \{ timecode: t\.constrain\(t\.text, \{ maxLength: 12 \}\) \}/);
  // The operation left out is no endpoint, only the warning's comment.
  assert.not.match(r.stdout, /^\s+upload: /m);
  assert.match(r.stdout, /^\/\/ api-serve: warning: thumbs\.yaml#\/paths\/~1uploads~1\{uploadId\}~1convert\/post: /m);
});

test('--lenient leaves out at most 25 parts of one document, then refuses it saying so', async () => {
  const dir = tempDir();
  const fields = (n: number) => Array.from({ length: n }, (_, i) => `f${i}: { type: string, pattern: ${i} }`).join(', ');
  const doc = (n: number) => `openapi: 3.0.3
info: { title: Many, version: '1' }
paths:
  /x:
    post:
      requestBody: { required: true, content: { application/json: { schema: { type: object, properties: { ${fields(n)} } } } } }
      responses: { '204': { description: ok } }
`;
  writeFileSync(join(dir, 'ok.yaml'), doc(25));
  assert.is((await loadDocument(join(dir, 'ok.yaml'), { lenient: true })).repairs?.length, 25);
  writeFileSync(join(dir, 'many.yaml'), doc(26));
  try {
    await loadDocument(join(dir, 'many.yaml'), { lenient: true });
    assert.unreachable('26 parts to leave out: refused');
  } catch (err) {
    assert.instance(err, OpenApiLoadError);
    assert.match((err as Error).message, /pattern: not a valid OpenAPI document: .* \(after 25 parts left out, --lenient leaves out no more\)$/);
  }
});

// The same defects in a Swagger 2.0 document: left out before it is converted, so each refusal and
// warning points into the 2.0 file (`definitions`, not the converted `components/schemas`).
const SWAGGER = `swagger: '2.0'
info: { title: Old, version: '1' }
paths:
  /items/{itemId}:
    get:
      operationId: item
      produces: [application/json]
      responses: { '200': { description: one, schema: { type: string } } }
  /codes:
    post:
      operationId: code
      consumes: [application/json]
      produces: [application/json]
      parameters: [ { name: body, in: body, required: true, schema: { $ref: '#/definitions/Code' } } ]
      responses: { '200': { description: stored, schema: { $ref: '#/definitions/Code' } } }
definitions:
  Code: { type: object, required: [code], properties: { code: { type: string, maxLength: '4', pattern: '^[A-Z]+$' } } }
`;

test('Swagger 2.0: refused naming the place in the 2.0 file and saying --lenient would load it; with --lenient, served without those parts, warned in the file', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'old.yaml'), SWAGGER);
  const r = runBin('api-serve', ['old.yaml', '--mock', '--port', '0'], { cwd: dir });
  assert.is(r.code, 2, r.stderr);
  assert.is(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
  assert.match(r.stderr, /^api-serve: old\.yaml#\/paths\/~1codes\/post\/parameters\/0\/schema\/properties\/code\/maxLength: not a valid Swagger 2\.0 document: .*; give --lenient to load the document with it left out$/m);
  const served = await spawnServe(['old.yaml', '--mock', '--lenient', '--port', '0', '--data', join(dir, 'data')], 1, { cwd: dir });
  try {
    const url = served.urls.old!;
    assert.match(served.stderr(), /warning: old\.yaml#\/definitions\/Code\/properties\/code\/maxLength: maxLength "4" is not a valid maxLength/);
    assert.match(served.stderr(), /warning: old\.yaml#\/paths\/~1items~1\{itemId\}\/get: GET \/items\/\{itemId\} names the path parameter\(s\)/);
    const json = { 'content-type': 'application/json' };
    // The bad maxLength is gone; the pattern beside it still holds.
    assert.is((await call(url, 'POST', '/codes', { headers: json, body: '{"code":"ABCDEFG"}' })).status, 200);
    assert.is((await call(url, 'POST', '/codes', { headers: json, body: '{"code":"abc"}' })).status, 400);
    // The operation left out is not served.
    assert.is((await call(url, 'GET', '/items/1')).status, 404);
  } finally { await served.stop(); }
});

test.run();
