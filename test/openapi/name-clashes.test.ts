// Parameters real documents name like another part of their operation (ix-api's `/roles/{id}?id=`,
// a query parameter `body` beside a request body): the document starts, the later one is left out
// with a warning naming it, and the part that keeps the name is read as before.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { surfaceSource } from '../../src/openapi/surface-source.js';
import { mock } from '../../src/mock/index.js';
import { call, withServer } from '../helpers/server.js';

const dir = mkdtempSync(join(tmpdir(), 'name-clashes-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, 'doc.json'), JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Clashes', version: '1' },
  paths: {
    '/roles/{id}': { get: {
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
        { name: 'id', in: 'query', schema: { type: 'array', items: { type: 'string' } }, explode: false },
      ],
      responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'integer' } } } } },
    } },
    '/import': { post: {
      parameters: [{ name: 'body', in: 'query', required: true, schema: { type: 'string' } }],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: { 204: { description: 'ok' } },
    } },
    // flat.io: a path parameter named like the handler's credentials.
    '/lti/credentials/{credentials}': { delete: {
      security: [{ bearer: [] }],
      parameters: [{ name: 'credentials', in: 'path', required: true, schema: { type: 'string', pattern: '^c[0-9]+$' } }],
      responses: { 204: { description: 'revoked' } },
    } },
    // azure's azsadmin-Operations: one path parameter written twice in the path.
    '/groups/System.{location}/fabric/{location}': { get: {
      parameters: [{ name: 'location', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z]+$' } }],
      responses: { 204: { description: 'there' } },
    } },
  },
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
}));

test('the document starts; each clashing parameter is a warning naming it; the path parameter and the body are read as before', async () => {
  const imported = importSurface(await loadDocument(join(dir, 'doc.json')), 'clashes');
  const said = imported.warnings.filter((w) => /has the name of another part/.test(w.message)).map((w) => w.message);
  assert.equal(said.length, 2, JSON.stringify(imported.warnings));
  assert.ok(said.some((m) => /query parameter id/.test(m)) && said.some((m) => /query parameter body/.test(m)));
  await withServer(mock(imported.surface), async (s) => {
    assert.is((await call(s.url, 'GET', '/roles/7?id=a,b')).status, 200);
    assert.is((await call(s.url, 'GET', '/roles/x')).status, 400, 'the path parameter is still an integer');
    assert.is((await call(s.url, 'POST', '/import?body=x', { headers: { 'content-type': 'application/json' }, body: '{}' })).status, 204);
    assert.is((await call(s.url, 'POST', '/import', { headers: { 'content-type': 'application/json' }, body: '[1]' })).status, 400, 'the body is still an object');
  });
});

test('a parameter named credentials beside a security requirement: both are read, the credentials under another name', async () => {
  const imported = importSurface(await loadDocument(join(dir, 'doc.json')), 'clashes');
  await withServer(mock(imported.surface), async (s) => {
    assert.is((await call(s.url, 'DELETE', '/lti/credentials/c1')).status, 401, 'the security requirement holds');
    const auth = { authorization: 'Bearer t0ken' };
    assert.is((await call(s.url, 'DELETE', '/lti/credentials/c1', { headers: auth })).status, 204);
    assert.is((await call(s.url, 'DELETE', '/lti/credentials/x', { headers: auth })).status, 400, 'the path parameter keeps its pattern');
  });
  const source = surfaceSource(imported, { file: 'clashes.json', command: 'api-serve' });
  assert.match(source, /declaredSecurity\(\[\[\{ scheme: .*\}\]\], \{ key: "securityCredentials" \}\)/);
});

test('a path parameter written twice in the path: the document starts, said once; the later one is its own capture of the same type', async () => {
  const imported = importSurface(await loadDocument(join(dir, 'doc.json')), 'clashes');
  const said = imported.warnings.filter((w) => /appears more than once/.test(w.message));
  assert.equal(said.map((w) => w.message), ['the path parameter location appears more than once in /groups/System.{location}/fabric/{location}; the later one is read as location_2, of the same type, not required to equal the first']);
  await withServer(mock(imported.surface), async (s) => {
    assert.is((await call(s.url, 'GET', '/groups/System.east/fabric/east')).status, 204);
    assert.is((await call(s.url, 'GET', '/groups/System.east/fabric/west')).status, 204);
    assert.is((await call(s.url, 'GET', '/groups/System.east/fabric/W3')).status, 400, 'the later one keeps the pattern');
    assert.is((await call(s.url, 'GET', '/groups/System.E/fabric/west')).status, 400, 'the first one keeps the pattern');
  });
});

test.run();
