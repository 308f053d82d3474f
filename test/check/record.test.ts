// Record then replay: `api-serve --record` writes each exchange as a fixture that api-check
// replays green against a fresh server; credentials are redacted or become matchers.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadFixtures } from '../../src/check/fixture.js';
import { run } from '../../src/check/run.js';
import { recorder } from '../../src/server/record.js';
import { api, get, implement, json } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { handlers as S2 } from '../../specs/S2.js';
import { handlers as S6 } from '../../specs/S6.js';
import { handlers as S8 } from '../../specs/S8.js';
import { call, start, tempDir, withServer } from '../helpers/server.js';

const replay = async (dir: string, url: string, headers?: [string, string][]) => {
  const loaded = loadFixtures([dir]);
  assert.equal(loaded.problems, []);
  return run({ files: loaded.files, start: async () => ({ url }), timeoutMs: 5000, concurrency: 2, ...(headers ? { headers } : {}) });
};

test('a recorded S2 session replays green against a fresh server', async () => {
  const dir = tempDir('api-check-rec-');
  try {
    const rec = recorder(dir);
    const s = await start(S2, { onExchange: rec('S2') });
    try {
      await call(s.url, 'GET', '/hello?name=Alp');
      await call(s.url, 'POST', '/marketing', { headers: { 'content-type': 'application/json' }, body: '{"clientName":"A","clientEmail":"a@b","clientAge":3,"clientInterestedIn":["x","y"]}' });
      await call(s.url, 'POST', '/marketing', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'clientName=A&clientEmail=a%40b&clientAge=3' });
      await call(s.url, 'GET', '/position/1/abc');
      await call(s.url, 'DELETE', '/hello');
      await call(s.url, 'HEAD', '/hello');
    } finally {
      await s.close();
    }
    const names = readdirSync(dir).sort();
    assert.equal(names, ['0001-S2-get-hello.json', '0002-S2-post-marketing.json', '0003-S2-post-marketing.json', '0004-S2-get-position-1-abc.json', '0005-S2-delete-hello.json', '0006-S2-head-hello.json']);
    const second = JSON.parse(readFileSync(join(dir, names[1]!), 'utf8')) as { request: { body: unknown }; response: { status: number; headers: Record<string, string>; body: { to: string } } };
    assert.equal(second.request.body, { clientName: 'A', clientEmail: 'a@b', clientAge: 3, clientInterestedIn: ['x', 'y'] });
    assert.is(second.response.headers['content-type'], 'application/json;charset=utf-8');
    assert.is(second.response.body.to, 'a@b');
    // Each fixture names the endpoint the router matched; a refused path names none.
    const endpoints = names.map((n) => (JSON.parse(readFileSync(join(dir, n), 'utf8')) as { endpoint?: string }).endpoint);
    assert.equal(endpoints, ['hello', 'marketing', 'marketing', undefined, undefined, 'hello']);
    const fifth = JSON.parse(readFileSync(join(dir, names[4]!), 'utf8')) as { response: { status: number; headers: Record<string, string> } };
    assert.is(fifth.response.status, 405);
    assert.is(fifth.response.headers.allow, 'GET, HEAD');

    await withServer(S2, async (fresh) => {
      const r = await replay(dir, fresh.url);
      assert.equal(r.results.map((x) => x.outcome), ['passed', 'passed', 'passed', 'passed', 'passed', 'passed']);
    });
    // A second session continues the numbering instead of overwriting the first.
    const again = await start(S2, { onExchange: recorder(dir)('S2') });
    try { await call(again.url, 'GET', '/hello'); } finally { await again.close(); }
    assert.ok(readdirSync(dir).includes('0007-S2-get-hello.json'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('recorded credentials: Authorization is redacted, Set-Cookie values become matchers', async () => {
  const dir = tempDir('api-check-rec-');
  try {
    const s = await start(S6, { onExchange: recorder(dir)('S6') });
    try {
      await call(s.url, 'GET', '/bar', { headers: { authorization: 'Basic dXNlcjpwYXNz', cookie: 'a=b' } });
      await call(s.url, 'GET', '/bar');
    } finally {
      await s.close();
    }
    const text = readFileSync(join(dir, readdirSync(dir).sort()[0]!), 'utf8');
    assert.not.match(text, /dXNlcjpwYXNz/);
    assert.not.match(text, /eyJ/); // no JWT
    const fx = JSON.parse(text) as { request: { headers: Record<string, unknown> }; response: { headers: Record<string, unknown> } };
    assert.equal(fx.request.headers.authorization, { $redacted: true });
    assert.equal(fx.request.headers.cookie, { $redacted: true });
    assert.equal(fx.response.headers['set-cookie'], [
      { $match: '^XSRF-TOKEN=[^;]*;\\s*Path=/;\\s*Secure;\\s*SameSite=Lax$' },
      { $match: '^JWT-Cookie=[^;]*;\\s*Path=/;\\s*HttpOnly;\\s*Secure;\\s*SameSite=Lax$' },
    ]);
    await withServer(S6, async (fresh) => {
      const without = await replay(dir, fresh.url);
      assert.equal(without.results.map((r) => r.actual!.status).sort(), [401, 401]);
      // -H fills the redacted slot; the request recorded without credentials still goes without.
      const withCreds = await replay(dir, fresh.url, [['authorization', 'Basic dXNlcjpwYXNz'], ['cookie', 'a=b']]);
      assert.equal(withCreds.results.map((r) => r.outcome), ['passed', 'passed']);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a streamed response is recorded whole once the stream ends', async () => {
  const surface = api('T', { title: 'stream' }, { numbers: get('numbers').streams(json(t.int)) });
  const impl = implement(surface, { numbers: async function* () { yield 1; yield 2; yield 3; } });
  const dir = tempDir('api-check-rec-');
  try {
    const s = await start(impl, { onExchange: recorder(dir)('T') });
    let body: string;
    try { body = (await call(s.url, 'GET', '/numbers')).text; } finally { await s.close(); }
    const fx = JSON.parse(readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8')) as { response: { text: string } };
    assert.is(fx.response.text, body);
    assert.is(body, '1\n2\n3\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('static files are recorded as sent (200, 206, 404, 416), without the copy-specific ETag, and replay green', async () => {
  const dir = tempDir('api-check-rec-');
  const data = tempDir('api-serve-data-');
  try {
    mkdirSync(join(data, 'static'));
    writeFileSync(join(data, 'static', 'hello.txt'), 'Hello from the static directory.\n');
    const s = await start(S8, { dataDir: data, onExchange: recorder(dir)('S8') });
    try {
      await call(s.url, 'GET', '/static/hello.txt');
      await call(s.url, 'GET', '/static/hello.txt', { headers: { range: 'bytes=0-4' } });
      await call(s.url, 'GET', '/static/missing.txt');
      await call(s.url, 'GET', '/static/hello.txt', { headers: { range: 'bytes=999-' } });
    } finally {
      await s.close();
    }
    const fx = readdirSync(dir).sort().map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { response: { status: number; text?: string; headers?: Record<string, unknown> } });
    assert.equal(fx.map((f) => f.response.status), [200, 206, 404, 416]);
    assert.is(fx[0]!.response.text, 'Hello from the static directory.\n');
    assert.is(fx[1]!.response.text, 'Hello');
    assert.is(fx[1]!.response.headers?.['content-range'], 'bytes 0-4/33');
    assert.not.ok(fx[0]!.response.headers?.etag, 'an ETag names this copy of the file, not the API');
    // A fresh server over a fresh copy of the same files: new mtimes, same answers.
    const again = tempDir('api-serve-data-');
    mkdirSync(join(again, 'static'));
    writeFileSync(join(again, 'static', 'hello.txt'), 'Hello from the static directory.\n');
    const fresh = await start(S8, { dataDir: again });
    try {
      const result = await replay(dir, fresh.url);
      assert.equal(result.results.map((x) => x.outcome), ['passed', 'passed', 'passed', 'passed'], JSON.stringify(result.results.map((x) => x.differences)));
    } finally {
      await fresh.close();
      rmSync(again, { recursive: true, force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  }
});

test.run();
