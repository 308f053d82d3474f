// A document whose schema is `$ref: <a well-known meta-schema>` (JSON Schema 2020-12, draft-04,
// OpenAPI 3.1's dialect) loads without the network, and its mock takes exactly the values valid
// against that meta-schema; any other URL is still refused.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import dns from 'node:dns';
import net from 'node:net';
import { syncBuiltinESMExports } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDocument, importSurface, OpenApiLoadError } from '../../src/openapi/index.js';
import { mock } from '../../src/mock/index.js';
import { docModel, renderOpenApi } from '../../src/docs/index.js';
import { call, startInProcess, tempDir } from '../helpers/server.js';

const s = suite('well-known meta-schema $refs');

/**
 * Runs `fn` with every way out to the network refused and counted: a socket connecting, a name
 * looked up, `fetch`. The in-process server answers without a socket, so the guard holds throughout.
 */
async function offline<T>(fn: () => Promise<T>): Promise<{ value: T; attempts: string[] }> {
  const attempts: string[] = [];
  const refuse = (what: string) => { attempts.push(what); throw new Error(`network refused in this test: ${what}`); };
  const saved = { connect: net.Socket.prototype.connect, lookup: dns.lookup, plookup: dns.promises.lookup, fetch: globalThis.fetch };
  net.Socket.prototype.connect = function connect(...args: unknown[]) { return refuse(`connect ${JSON.stringify(args[0])}`); } as never;
  dns.lookup = ((host: string) => refuse(`lookup ${host}`)) as never;
  dns.promises.lookup = (async (host: string) => refuse(`lookup ${host}`)) as never;
  globalThis.fetch = (async (url: unknown) => refuse(`fetch ${String(url)}`)) as never;
  syncBuiltinESMExports();
  try {
    return { value: await fn(), attempts };
  } finally {
    net.Socket.prototype.connect = saved.connect;
    dns.lookup = saved.lookup;
    dns.promises.lookup = saved.plookup;
    globalThis.fetch = saved.fetch;
    syncBuiltinESMExports();
  }
}

/** A document with `POST /schemas` (and `POST /more`, the same `$ref` again) taking `schema` as its body. */
function documentWith(version: '3.0.3' | '3.1.0', schema: string): string {
  const dir = tempDir('api-serve-meta-schema-');
  const path = join(dir, 'doc.yaml');
  const op = (id: string) => `    post:
      operationId: ${id}
      requestBody:
        required: true
        content:
          application/json:
            schema: ${schema}
      responses:
        '201': { description: stored }
`;
  writeFileSync(path, `openapi: ${version}
info: { title: schemas, version: '1' }
paths:
  /schemas:
${op('store')}  /more:
${op('storeMore')}`);
  return path;
}

interface Row { readonly body: string; readonly ok: boolean; readonly why: string }

/** Sends each row to both operations of the served document, under the network guard. */
async function served(path: string, rows: readonly Row[]): Promise<void> {
  const { attempts } = await offline(async () => {
    const doc = await loadDocument(path);
    const imported = importSurface(doc, 'schemas');
    assert.equal(imported.warnings.map((w) => w.message), [], 'no warnings');
    const server = await startInProcess(mock(imported.surface));
    try {
      for (const url of ['/schemas', '/more']) {
        for (const r of rows) {
          const res = await call(server.url, 'POST', url, { headers: { 'content-type': 'application/json' }, body: r.body });
          if (r.ok) assert.ok(res.status >= 200 && res.status < 300, `POST ${url} ${r.body} (${r.why}) -> ${res.status} ${res.text}`);
          else assert.is(res.status, 400, `POST ${url} ${r.body} (${r.why}) -> ${res.status} ${res.text}`);
        }
      }
    } finally {
      await server.close();
    }
  });
  assert.equal(attempts, [], 'no connection or lookup was attempted');
}

s('the network guard refuses a connection, a lookup and fetch (so an empty count means none was made)', async () => {
  const { attempts } = await offline(async () => {
    await dns.promises.lookup('example.com').catch(() => undefined);
    await fetch('http://192.0.2.1/').catch(() => undefined);
    const socket = new net.Socket();
    try { socket.connect(80, '192.0.2.1'); } catch { /* refused */ }
    socket.destroy();
  });
  assert.equal(attempts.length, 3, attempts.join('\n'));
});

s('POST a body against $ref https://json-schema.org/draft/2020-12/schema (3.1): a schema -> 2xx, {"type": 5} -> 400, no network', async () => {
  await served(documentWith('3.1.0', "{ $ref: 'https://json-schema.org/draft/2020-12/schema' }"), [
    { body: '{"type": 5}', ok: false, why: 'type is a name or a list of names' },
    { body: '{"type": "string"}', ok: true, why: 'a schema' },
    { body: 'true', ok: true, why: 'a boolean schema' },
    { body: '{}', ok: true, why: 'the empty schema' },
    { body: '{"properties": {"a": {"minLength": -1}}}', ok: false, why: 'a nested schema is checked' },
    { body: '{"exclusiveMinimum": true}', ok: false, why: 'exclusiveMinimum is a number since draft 6' },
    { body: '"string"', ok: false, why: 'a string is no schema' },
  ]);
});

s('POST a body against $ref http://json-schema.org/draft-04/schema# (3.0): {"type": "string"} -> 2xx, {"type": 5} -> 400, no network', async () => {
  await served(documentWith('3.0.3', "{ $ref: 'http://json-schema.org/draft-04/schema#' }"), [
    { body: '{"type": 5}', ok: false, why: 'type is a name or a list of names' },
    { body: '{"type": "string"}', ok: true, why: 'a schema' },
    { body: '{"minimum": 0, "exclusiveMinimum": true}', ok: true, why: 'draft-04 says exclusiveness as a boolean' },
    { body: '{"exclusiveMinimum": true}', ok: false, why: 'draft-04: exclusiveMinimum needs minimum' },
    { body: '{"multipleOf": 0}', ok: false, why: 'draft-04: multipleOf is above 0' },
    { body: 'true', ok: false, why: 'draft-04 has no boolean schemas' },
  ]);
});

s('POST a body against $ref https://spec.openapis.org/oas/3.1/dialect/base: OpenAPI keywords are checked too', async () => {
  await served(documentWith('3.1.0', "{ $ref: 'https://spec.openapis.org/oas/3.1/dialect/base' }"), [
    { body: '{"type": "object", "discriminator": {"propertyName": "kind"}}', ok: true, why: 'a discriminator' },
    { body: '{"discriminator": {}}', ok: false, why: 'a discriminator names its property' },
    { body: '{"type": 5}', ok: false, why: 'still JSON Schema 2020-12' },
  ]);
});

s('the OpenAPI written back says the same $ref, and the body sample is a schema', async () => {
  const uri = 'https://json-schema.org/draft/2020-12/schema';
  const imported = importSurface(await loadDocument(documentWith('3.1.0', `{ $ref: '${uri}', description: 'Any JSON Schema' }`)), 'schemas');
  const out = renderOpenApi(docModel(imported.surface)) as { paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown; examples?: Record<string, { value: unknown }> }> } } }> };
  const content = out.paths['/schemas']!.post.requestBody.content['application/json']!;
  assert.equal((content.schema as { $ref?: string }).$ref, uri);
  assert.equal(Object.values(content.examples ?? {})[0]?.value, { type: 'string' });
});

s('any other URL is still refused: another draft, a pointer into a meta-schema', async () => {
  for (const ref of ['https://json-schema.org/draft/2019-09/schema', 'https://json-schema.org/draft/2020-12/schema#/$defs/nonNegativeInteger', 'https://example.com/draft/2020-12/schema']) {
    const { value: err, attempts } = await offline(async () => {
      try { await loadDocument(documentWith('3.1.0', `{ $ref: '${ref}' }`)); return undefined; } catch (e) { return e; }
    });
    assert.ok(err instanceof OpenApiLoadError, `${ref}: ${String(err)}`);
    assert.match((err as Error).message, 'not fetched (a document is read from local files only)');
    assert.equal(attempts, []);
  }
});

s.run();
