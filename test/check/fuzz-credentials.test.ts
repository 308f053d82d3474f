// api-check fuzz and credentials: a document's own security schemes get sample credentials (so
// requests reach the mock's handlers) and broken ones as 401 probes; an operation no request
// reached is named, and fails the run unless --allow-unreached.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runBin, runBinAsync } from '../helpers/cli.js';

const DOC = `openapi: 3.1.0
info: { title: Keys, version: '1' }
components:
  securitySchemes:
    basic: { type: http, scheme: basic }
    bearer: { type: http, scheme: bearer }
    key: { type: apiKey, in: query, name: api_key }
paths:
  /a:
    get:
      security: [{ basic: [] }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object, properties: { n: { type: integer } } } } } }
        '401': { description: no credentials }
  /b:
    get:
      security: [{ bearer: [] }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: string } } } }
        '401': { description: no credentials }
  /c:
    get:
      security: [{ key: [] }]
      parameters: [{ name: q, in: query, schema: { type: integer } }]
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: boolean } } } }
        '401': { description: no credentials }
`;

const ONE = `openapi: 3.1.0
info: { title: One, version: '1' }
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
paths:
  /a:
    get:
      security: [{ bearer: [] }]
      responses:
        '204': { description: done }
        '401': { description: no credentials }
`;

function withDir(run: (dir: string) => void | Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), 'api-check-fuzz-credentials-'));
  return Promise.resolve(run(dir)).finally(() => rmSync(dir, { recursive: true, force: true }));
}

test('fuzz doc.yaml (basic, bearer, API key in query) sends sample credentials: passes, every operation reached', () => withDir((dir) => {
  const doc = join(dir, 'doc.yaml');
  writeFileSync(doc, DOC);
  const r = runBin('api-check', ['fuzz', doc, '--runs', '100', '--seed', '3', '--reporter', 'plain']);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /\n100 passed, 0 failed\n$/);
  assert.not.match(r.stdout, /reached/);
  // The JSON report lists none unreached, and the broken credentials were probed (and answered 401 as predicted).
  const json = runBin('api-check', ['fuzz', doc, '--runs', '100', '--seed', '3', '--reporter', 'json']);
  assert.is(json.code, 0, json.stdout + json.stderr);
  assert.equal(JSON.parse(json.stdout).unreached, []);
}));

test('fuzz doc.yaml -H "Authorization: Bearer mine": -H wins, so GET /a (basic) is unreached and the run fails', () => withDir((dir) => {
  const doc = join(dir, 'doc.yaml');
  writeFileSync(doc, DOC);
  const r = runBin('api-check', ['fuzz', doc, '--runs', '100', '--seed', '3', '--reporter', 'plain', '-H', 'Authorization: Bearer mine']);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^GET \/a: no request reached the handler \(every answer was 401\)$/m);
  assert.not.match(r.stdout, /^GET \/[bc]: no request reached/m);
  assert.match(r.stdout, /\n\d+ passed, 0 failed, 1 operation not reached\n$/);
}));

test('fuzz of a TS surface behind auth without -H: GET /secret unreached, exit 1; --allow-unreached passes; -H reaches it', () => withDir((dir) => {
  const mod = join(dir, 'locked.mjs');
  writeFileSync(mod, `import { api, auth, get, group, json, t } from '${ROOT}dist/src/index.js';
export const surface = api('Locked', { title: 'locked' }, {
  open: get('open').returns(json(t.int)),
  locked: group([auth(['Basic'], 'test')], { secret: get('secret').returns(json(t.int)) }),
});\n`);
  const args = ['fuzz', mod, '--runs', '60', '--seed', '3', '--reporter', 'plain'];
  const r = runBin('api-check', args);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^GET \/secret: no request reached the handler \(every answer was 401\)$/m);
  assert.not.match(r.stdout, /^GET \/open/m);
  assert.match(r.stdout, /--allow-unreached/);
  assert.match(r.stdout, /\n60 passed, 0 failed, 1 operation not reached\n$/);
  const allowed = runBin('api-check', [...args, '--allow-unreached']);
  assert.is(allowed.code, 0, allowed.stdout + allowed.stderr);
  assert.match(allowed.stdout, /^GET \/secret: no request reached the handler \(every answer was 401\)$/m);
  // The seeded demo user of the in-process data dir.
  const signed = runBin('api-check', [...args, '-H', `Authorization: Basic ${Buffer.from('user:pass').toString('base64')}`]);
  assert.is(signed.code, 0, signed.stdout + signed.stderr);
  assert.not.match(signed.stdout, /reached/);
}));

test('fuzz --base-url of a server that answers 401 always: GET /a unreached, exit 1; --allow-unreached exit 0', () => withDir(async (dir) => {
  const doc = join(dir, 'one.yaml');
  writeFileSync(doc, ONE);
  const server = createServer((req, res) => {
    req.resume();
    if (req.url?.split('?')[0] !== '/a') { res.writeHead(404, { 'content-type': 'text/plain' }); res.end('no'); return; }
    if (req.method !== 'GET' && req.method !== 'HEAD') { res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }); res.end('no'); return; }
    res.writeHead(401, { 'www-authenticate': 'Bearer realm="api"' });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const args = ['fuzz', doc, '--base-url', url, '--runs', '60', '--seed', '3', '--reporter', 'plain'];
    const r = await runBinAsync('api-check', args);
    assert.is(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /^GET \/a: no request reached the handler \(every answer was 401\)$/m);
    assert.match(r.stdout, /\n60 passed, 0 failed, 1 operation not reached\n$/);
    const allowed = await runBinAsync('api-check', [...args, '--allow-unreached']);
    assert.is(allowed.code, 0, allowed.stdout + allowed.stderr);
    assert.match(allowed.stdout, /^GET \/a: no request reached the handler/m);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}));

test.run();
