// Errors in the document's format: a protocol error for a status the operation declares content
// for comes in that media type, valid against that schema (problem+json filled with what went
// wrong); a surface that declares none keeps its plain-text answers byte for byte.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { mock } from '../../src/mock/index.js';
import { predict } from '../../src/describe/index.js';
import { handlers as s2 } from '../../specs/S2.js';
import { api, capture, get, implement, json } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { HttpError } from '../../src/dsl/reply.js';
import { CORPUS } from '../compare/corpus.js';
import { call, startInProcess } from '../helpers/server.js';
import { imported } from './load.js';

const PROBLEM = 'application/problem+json';
const loaded = await imported('problem-errors.yaml');
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema(loaded.document as object, 'doc');
const valid = (name: string, body: unknown): string => {
  const v = ajv.getSchema(`doc#/components/schemas/${name}`)!;
  return v(body) ? '' : ajv.errorsText(v.errors);
};

const JSON_BODY = { 'content-type': 'application/json' };
const KEY = { 'x-key': 'k' };
const thing = JSON.stringify({ name: 'a', size: 2 });

/** Requests wrong in one way each: status, the part the detail names, the pointer if any. */
const cases: { name: string; method: string; url: string; headers?: Record<string, string>; body?: string; status: number; detail: RegExp; errors?: unknown[] }[] = [
  { name: 'GET /things/1?limit=99 -> 400 problem naming query parameter limit', method: 'GET', url: '/things/1?limit=99', status: 400, detail: /query parameter limit/, errors: [{ detail: /query parameter limit/, parameter: 'limit' }] },
  { name: 'GET /things/abc -> 400 problem naming capture id (the route stage)', method: 'GET', url: '/things/abc', status: 400, detail: /capture id/, errors: [{ detail: /capture id/, parameter: 'id' }] },
  { name: 'GET /things/1 with Accept: text/html -> 406 problem (default)', method: 'GET', url: '/things/1', headers: { accept: 'text/html' }, status: 406, detail: /Not Acceptable: GET \/things\/\{id\} answers application\/json/ },
  { name: 'PUT /things/1 without a key -> 401 problem', method: 'PUT', url: '/things/1', headers: JSON_BODY, body: thing, status: 401, detail: /credentials/ },
  { name: 'PUT /things/1 as text -> 415 problem naming the Content-Type', method: 'PUT', url: '/things/1', headers: { ...KEY, 'content-type': 'text/plain' }, body: thing, status: 415, detail: /Unsupported Media Type: "text\/plain"/ },
  { name: 'PUT /things/1 size 0 -> 400 problem pointing at /size', method: 'PUT', url: '/things/1', headers: { ...KEY, ...JSON_BODY }, body: JSON.stringify({ name: 'a', size: 0 }), status: 400, detail: /Error in \$\.size/, errors: [{ detail: /Error in \$\.size/, pointer: '#/size' }] },
  { name: 'PUT /things/1 not JSON -> 400 problem naming the body', method: 'PUT', url: '/things/1', headers: { ...KEY, ...JSON_BODY }, body: '{', status: 400, detail: /not valid JSON/ },
];

for (const c of cases) {
  test(c.name, async () => {
    const s = await startInProcess(mock(loaded.surface));
    try {
      const r = await call(s.url, c.method, c.url, { headers: c.headers ?? {}, ...(c.body === undefined ? {} : { body: c.body }) });
      assert.is(r.status, c.status, r.text);
      assert.is(String(r.headers['content-type']).split(';')[0], PROBLEM);
      const body = r.json() as Record<string, unknown>;
      assert.is(valid('Problem', body), '', JSON.stringify(body));
      assert.is(body.status, c.status);
      assert.is(body.type, 'about:blank');
      assert.type(body.title, 'string');
      assert.ok(c.detail.test(String(body.detail)), String(body.detail));
      assert.is(body.instance, c.url.split('?')[0]);
      if (c.errors) {
        const errors = body.errors as Record<string, unknown>[];
        assert.is(errors.length, c.errors.length);
        for (const [i, want] of (c.errors as Record<string, unknown>[]).entries()) {
          for (const [k, v] of Object.entries(want)) {
            if (v instanceof RegExp) assert.ok(v.test(String(errors[i]![k])), `${k}: ${String(errors[i]![k])}`);
            else assert.is(errors[i]![k], v);
          }
        }
      }
      // The predictor runs the same stages, so it predicts the same bytes.
      const p = predict(loaded.surface, { method: c.method, url: c.url, headers: c.headers ?? {}, ...(c.body === undefined ? {} : { body: c.body }) });
      if (p.kind === 'handler') throw new Error('predicted to reach the handler');
      assert.is(p.status, c.status);
      assert.is(String(p.body), r.text);
    } finally { await s.close(); }
  });
}

test('GET /plain?n=x -> 400 in the declared JSON error schema, its message the plain-text one', async () => {
  const s = await startInProcess(mock(loaded.surface));
  try {
    const r = await call(s.url, 'GET', '/plain?n=x');
    assert.is(r.status, 400);
    assert.is(r.headers['content-type'], 'application/json;charset=utf-8');
    const body = r.json() as Record<string, unknown>;
    assert.is(valid('Missing', body), '', JSON.stringify(body));
    assert.is(body.message, 'Error parsing query parameter n failed: "x" is not an integer');
    assert.is(body.code, 400);
  } finally { await s.close(); }
});

test("GET /things/1 with Prefer: code=404 -> the operation's own 404, not a protocol error", async () => {
  const s = await startInProcess(mock(loaded.surface));
  try {
    const r = await call(s.url, 'GET', '/things/1', { headers: { prefer: 'code=404' } });
    assert.is(r.status, 404);
    assert.is(valid('Missing', r.json()), '');
    assert.not.ok(/Not found/.test(r.text));
  } finally { await s.close(); }
});

test('GET /nowhere -> 404 as plain text (no endpoint declares it)', async () => {
  const s = await startInProcess(mock(loaded.surface));
  try {
    const r = await call(s.url, 'GET', '/nowhere');
    assert.is(r.status, 404);
    assert.is(r.headers['content-type'], 'text/plain;charset=utf-8');
    assert.is(r.text, 'Not found: GET /nowhere');
  } finally { await s.close(); }
});

test('S2 (no error content declared) -> the same plain-text 400 as before', async () => {
  const s = await startInProcess(s2);
  try {
    const r = await call(s.url, 'POST', '/marketing', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientName: 'Alp', clientEmail: 'alp@x', clientAge: '26', clientInterestedIn: [] }) });
    assert.is(r.status, 400);
    assert.is(r.headers['content-type'], 'text/plain;charset=utf-8');
    assert.is(r.text, 'Error in $.clientAge: expected integer, got string "26"');
  } finally { await s.close(); }
});

test('GET /things/1 with Prefer: code=503 (undeclared) -> the 422 refusal as a problem (default)', async () => {
  const s = await startInProcess(mock(loaded.surface));
  try {
    const r = await call(s.url, 'GET', '/things/1', { headers: { prefer: 'code=503' } });
    assert.is(r.status, 422, r.text);
    assert.is(String(r.headers['content-type']).split(';')[0], PROBLEM);
    const body = r.json() as Record<string, unknown>;
    assert.is(valid('Problem', body), '', r.text);
    assert.is(body.status, 422);
    assert.ok(/declares no response 503 \(declared: 200, 400, 404, default \(500\)\)/.test(String(body.detail)), String(body.detail));
  } finally { await s.close(); }
});

test("petstore-expanded --stateful: GET of an unknown pet -> 404 in the document's default Error schema", async () => {
  const pets = await imported(`${CORPUS}/petstore-expanded.yaml`);
  const s = await startInProcess(mock(pets.surface, { stateful: true }));
  try {
    const made = await call(s.url, 'POST', '/pets', { headers: JSON_BODY, body: JSON.stringify({ name: 'Rex' }) });
    assert.is(made.status, 200, made.text);
    const id = (made.json() as { id: number }).id;
    assert.is((await call(s.url, 'DELETE', `/pets/${id}`)).status, 204);
    for (const path of [`/pets/${id}`, '/pets/987654']) {
      const r = await call(s.url, 'GET', path);
      assert.is(r.status, 404, r.text);
      assert.is(String(r.headers['content-type']).split(';')[0], 'application/json');
      const body = r.json() as Record<string, unknown>;
      // components/schemas/Error: { code: int32, message: string }, both required.
      assert.equal(Object.keys(body).sort(), ['code', 'message']);
      assert.is(body.code, 404);
      assert.ok(/no item with this id/.test(String(body.message)), String(body.message));
    }
  } finally { await s.close(); }
});

test("a hand-written handler's HttpError.text keeps its plain text, even where JSON is declared for the status", async () => {
  const surface = api('OwnErrors', { title: 'own errors' }, {
    item: get('items', capture('id', t.int)).returns(json(t.object('Item', { id: t.int }))).responds(404, json(t.object('Gone', { message: t.text }))),
  });
  const s = await startInProcess(implement(surface, { item: () => { throw HttpError.text(404, 'gone fishing'); } }));
  try {
    const r = await call(s.url, 'GET', '/items/3');
    assert.is(r.status, 404);
    assert.is(r.headers['content-type'], 'text/plain;charset=utf-8');
    assert.is(r.text, 'gone fishing');
  } finally { await s.close(); }
});

test.run();
