// A pattern that backtracks (`^(a+)+$`) on a query parameter, a capture, a header, a JSON body
// field and a patternProperties key: a hostile value gets its 400 and another client its 200. The
// server runs on a worker thread of this process, so a stuck matcher fails the client's timeout
// here instead of freezing the test.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { request } from 'undici';
import { api, body, capture, get, header, implement, json, post, query } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { start } from '../helpers/server.js';

const EVIL = '^(a+)+$';
const name = t.constrain(t.text, { pattern: EVIL });
const surface = api('Evil', { title: 'backtracking patterns' }, {
  inQuery: get('q', query('name', name)).returns(json(t.json)),
  inCapture: get('p', capture('name', name)).returns(json(t.json)),
  inHeader: get('h', header('X-Name', name)).returns(json(t.json)),
  inBody: post('b', body(t.object('Named', { name }))).returns(json(t.json)),
  inKey: post('k', body(t.object('Keyed', {}, { patterns: { [EVIL]: t.int } }))).returns(json(t.json)),
  ok: get('ok').returns(json(t.json)),
});
const impl = implement(surface, {
  inQuery: ({ name: n }) => ({ name: n }),
  inCapture: ({ name: n }) => ({ name: n }),
  inHeader: () => ({ ok: true }),
  inBody: ({ body: b }) => b,
  inKey: ({ body: b }) => b,
  ok: () => ({ ok: true }),
});

if (!isMainThread) {
  // The worker: serve on port 0, report the URL, close when asked.
  const s = await start(impl);
  parentPort!.postMessage(s.url);
  parentPort!.once('message', () => void s.close().then(() => parentPort!.postMessage('closed')));
} else {
  /** Serves the surface on a worker thread; always stops it, stuck or not. */
  const withWorkerServer = async (fn: (url: string) => Promise<void>) => {
    // Loader hooks do not reach worker threads on Node 20: the worker registers tsx itself.
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(boot, { eval: true });
    try {
      const url = await new Promise<string>((resolve, reject) => { worker.once('message', resolve); worker.once('error', reject); });
      await fn(url);
      worker.postMessage('close');
      await new Promise((resolve) => { worker.once('message', resolve); setTimeout(resolve, 5_000).unref(); });
    } finally {
      await worker.terminate();
    }
  };

  /** One exchange with a client timeout: a server that never answers fails the test. */
  const send = async (url: string, method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}, payload?: string) => {
    const r = await request(url + path, { method, headers, headersTimeout: 10_000, bodyTimeout: 10_000, ...(payload === undefined ? {} : { body: payload }) });
    return { status: r.statusCode, text: await r.body.text() };
  };

  const jsonHeaders = { 'content-type': 'application/json' };
  const places: { place: string; hostile: (v: string) => ['GET' | 'POST', string, Record<string, string>, string?]; good: (v: string) => ['GET' | 'POST', string, Record<string, string>, string?] }[] = [
    { place: 'query parameter', hostile: (v) => ['GET', `/q?name=${v}`, {}], good: (v) => ['GET', `/q?name=${v}`, {}] },
    { place: 'path capture', hostile: (v) => ['GET', `/p/${v}`, {}], good: (v) => ['GET', `/p/${v}`, {}] },
    { place: 'header', hostile: (v) => ['GET', '/h', { 'x-name': v }], good: (v) => ['GET', '/h', { 'x-name': v }] },
    { place: 'JSON body field', hostile: (v) => ['POST', '/b', jsonHeaders, JSON.stringify({ name: v })], good: (v) => ['POST', '/b', jsonHeaders, JSON.stringify({ name: v })] },
    { place: 'patternProperties key', hostile: (v) => ['POST', '/k', jsonHeaders, JSON.stringify({ [v]: 1 })], good: (v) => ['POST', '/k', jsonHeaders, JSON.stringify({ [v]: 1 })] },
  ];

  for (const { place, hostile, good } of places) {
    test(`^(a+)+$ on a ${place}: 34 a's and a "!" -> 400, 5,000 too, while /ok -> 200 and a matching value -> 200`, () => withWorkerServer(async (url) => {
      // The long run (npm run test:robust-long) adds 12,000 (near the 16 KiB head limit) for every place.
      for (const n of process.env.API_SERVE_ROBUST_LONG === '1' ? [34, 5_000, 12_000] : [34, 5_000]) {
        const [bad, fine] = await Promise.all([send(url, ...hostile(`${'a'.repeat(n)}!`)), send(url, 'GET', '/ok')]);
        assert.is(bad.status, 400, `${n} a's: ${bad.text}`);
        assert.is(fine.status, 200, fine.text);
      }
      const matching = await send(url, ...good('a'.repeat(5_000)));
      assert.is(matching.status, 200, matching.text);
    }));
  }

  test.run();
}
