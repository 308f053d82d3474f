// Schemas real documents write that leave a mock little or no value to answer: a oneOf whose options
// overlap (its answer fits exactly one), a oneOf whose options accept the same values (the document
// still starts; that response is a 500 saying why, warned at start), and the same for an empty enum.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { mock } from '../../src/mock/index.js';
import { call, withServer } from '../helpers/server.js';

const dir = mkdtempSync(join(tmpdir(), 'valueless-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const Thing = { type: 'object', properties: { id: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } } };
const doc = {
  openapi: '3.1.0',
  info: { title: 'Valueless', version: '1' },
  paths: {
    '/overlap': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { oneOf: [
      { type: 'object', properties: { kind: { type: 'string' }, size: { type: 'integer' } } },
      { type: 'object', properties: { kind: { type: 'string' }, size: { type: 'string' } } },
    ] } } } } } } },
    '/same': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { oneOf: [Thing, Thing] } } } } } } },
    '/stamp': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'string', pattern: '^\\d{10}\\.\\d{6}$' } } } } } } },
    '/pets': { post: { requestBody: { required: true, content: { 'application/json': { schema: {
      oneOf: [
        { type: 'object', required: ['kind', 'lives'], properties: { kind: { type: 'string' }, lives: { type: 'integer' } } },
        { type: 'object', required: ['kind', 'barks'], properties: { kind: { type: 'string', enum: ['dog'] }, barks: { type: 'boolean' } } },
      ],
      discriminator: { propertyName: 'kind' },
    } } } }, responses: { 204: { description: 'ok' } } } },
    // peertube's token request: both options allow both grant types, so the value picks neither.
    '/tokens': { post: { requestBody: { required: true, content: { 'application/json': { schema: {
      oneOf: [
        { type: 'object', required: ['grant_type', 'username'], properties: { grant_type: { type: 'string', enum: ['password', 'refresh_token'] }, username: { type: 'string' } }, additionalProperties: false },
        { type: 'object', required: ['grant_type', 'refresh_token'], properties: { grant_type: { type: 'string', enum: ['password', 'refresh_token'] }, refresh_token: { type: 'string' } }, additionalProperties: false },
      ],
      discriminator: { propertyName: 'grant_type', mapping: { password: '#/components/schemas/P', refresh_token: '#/components/schemas/R' } },
    } } } }, responses: { 204: { description: 'ok' } } } },
    // pendo's 410: a header whose enum holds no value of its type.
    '/gone': { get: { responses: {
      200: { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } },
      410: { description: 'gone', headers: { status: { schema: { type: 'integer', enum: ['410'] } } } },
    } } },
    '/empty-enum': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: {
      type: 'object', required: ['grants'], properties: { grants: { type: 'array', items: { type: 'string' }, enum: [] } },
    } } } } } } },
  },
};
writeFileSync(join(dir, 'doc.json'), JSON.stringify(doc));
const imported = importSurface(await loadDocument(join(dir, 'doc.json')), 'valueless');

test('the document starts; overlapping options answer a value that fits exactly one; the same options answer a 500 saying why, warned at start', async () => {
  const logs: string[] = [];
  await withServer(mock(imported.surface), async (s) => {
    const overlap = await call(s.url, 'GET', '/overlap');
    assert.is(overlap.status, 200, overlap.text);
    const v = overlap.json() as { size?: unknown };
    assert.ok(typeof v.size === 'number' || typeof v.size === 'string', `a value that fits one option only has a size: ${overlap.text}`);
    const same = await call(s.url, 'GET', '/same');
    assert.is(same.status, 500);
    assert.match(same.text, /the mock has no valid value for response 200 of GET \/same/);
    // An empty enum admits no value (JSON Schema), so a required field of it leaves the answer none.
    const empty = await call(s.url, 'GET', '/empty-enum');
    assert.is(empty.status, 500);
    assert.match(empty.text, /no valid value for response 200 of GET \/empty-enum/);
  }, { log: (l: string) => logs.push(l) });
  assert.ok(logs.some((l) => /GET \/same: response 200 has no valid value to answer/.test(l)), logs.join('\n'));
});

test('a pattern longer than the generators\' usual bound (17 characters, no maxLength) still gets a matching answer', async () => {
  await withServer(mock(imported.surface), async (s) => {
    const r = await call(s.url, 'GET', '/stamp');
    assert.is(r.status, 200, r.text);
    assert.match(r.json() as string, /^\d{10}\.\d{6}$/);
  });
});

test('a discriminator an option does not state as a constant: the document starts, said in a warning, and oneOf tells the options apart', async () => {
  assert.ok(imported.warnings.some((w) => /discriminator property "kind" is not a constant/.test(w.message)), JSON.stringify(imported.warnings));
  await withServer(mock(imported.surface), async (s) => {
    const post = (body: unknown) => call(s.url, 'POST', '/pets', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.is((await post({ kind: 'cat', lives: 9 })).status, 204);
    assert.is((await post({ kind: 'dog', barks: true })).status, 204);
    assert.is((await post({ kind: 'dog' })).status, 400);
  });
});

test('a discriminator value two options both allow: the document starts, said in a warning, and oneOf tells the options apart', async () => {
  assert.ok(imported.warnings.some((w) => /discriminator value "password" of "grant_type" is allowed by both/.test(w.message)), JSON.stringify(imported.warnings));
  await withServer(mock(imported.surface), async (s) => {
    const post = (body: unknown) => call(s.url, 'POST', '/tokens', { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.is((await post({ grant_type: 'password', username: 'bob' })).status, 204);
    assert.is((await post({ grant_type: 'refresh_token', refresh_token: 'r1' })).status, 204);
    assert.is((await post({ grant_type: 'password' })).status, 400);
  });
});

test('a response header no value meets: the document starts, warned; that response answers a 500 naming the header, the others answer', async () => {
  const logs: string[] = [];
  await withServer(mock(imported.surface), async (s) => {
    assert.is((await call(s.url, 'GET', '/gone')).status, 200);
    const gone = await call(s.url, 'GET', '/gone', { headers: { prefer: 'code=410' } });
    assert.is(gone.status, 500);
    assert.match(gone.text, /no valid value for the header status of response 410 of GET \/gone: its enum holds no value/);
  }, { log: (l: string) => logs.push(l) });
  assert.ok(logs.some((l) => /GET \/gone: response 410 has no valid value for its header status/.test(l)), logs.join('\n'));
});

test.run();
