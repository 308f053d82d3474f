// S10 over real HTTP: the threshold, and the document proxy against the test double served
// in-process and as a separate listener, plus upstreams that misbehave (refuse, hang, lie).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DEFAULT_UPSTREAM_TIMEOUT, handlers, parseTimeout } from '../../specs/S10.js';
import { handlers as storeHandlers } from '../../specs/S10-store.js';
import { JSON_TYPE, TEXT_TYPE, caseSuite } from '../helpers/cases.js';
import type { Case } from '../helpers/server.js';
import { call, start, tempDir, withServer } from '../helpers/server.js';
import { runBin, spawnServe } from '../helpers/cli.js';

const TOO_SMALL = 'userId is too small';
const LOOKUP_FAILED = 'Failed looking up content';
const PARSE_FAILED = 'Failed parsing content';

const docCases: Case[] = [
  { name: 'GET /docs/1 -> 200, the _source', method: 'GET', url: '/docs/1', status: 200, json: { a: 'b' }, expectHeaders: { 'content-type': JSON_TYPE } },
  { name: 'GET /docs/500 -> 200 (the double has _source up to 500)', method: 'GET', url: '/docs/500', status: 200, json: { a: 'b' } },
  { name: 'GET /docs/501 -> 400 Failed parsing content', method: 'GET', url: '/docs/501', status: 400, text: PARSE_FAILED, expectHeaders: { 'content-type': TEXT_TYPE } },
  { name: 'GET /docs/1000 -> 400 Failed parsing content', method: 'GET', url: '/docs/1000', status: 400, text: PARSE_FAILED },
  { name: 'GET /docs/1001 -> 404 Failed looking up content (the store answers 500)', method: 'GET', url: '/docs/1001', status: 404, text: LOOKUP_FAILED, expectHeaders: { 'content-type': TEXT_TYPE } },
];

caseSuite('S10 with the in-process test double', handlers, [
  { name: 'POST /user/5001 -> 200 some user', method: 'POST', url: '/user/5001', status: 200, json: { name: 'some user', user_id: 5001 }, expectHeaders: { 'content-type': JSON_TYPE } },
  { name: 'POST /user/50001 -> 200', method: 'POST', url: '/user/50001', status: 200, json: { name: 'some user', user_id: 50001 } },
  { name: 'POST /user/5000 -> 400 userId is too small (strictly greater)', method: 'POST', url: '/user/5000', status: 400, text: TOO_SMALL, expectHeaders: { 'content-type': TEXT_TYPE } },
  { name: 'POST /user/4999 -> 400 userId is too small', method: 'POST', url: '/user/4999', status: 400, text: TOO_SMALL },
  { name: 'POST /user/-7 -> 400 userId is too small', method: 'POST', url: '/user/-7', status: 400, text: TOO_SMALL },
  { name: 'POST /user/abc -> 400 naming the capture', method: 'POST', url: '/user/abc', status: 400, text: 'Error parsing capture userId failed: "abc" is not an integer' },
  { name: 'GET /user/5001 -> 405 with Allow: POST', method: 'GET', url: '/user/5001', status: 405, expectHeaders: { allow: 'POST' } },
  // The threshold is checked after the method, as servant's handler checks it; the type is not.
  { name: 'GET /user/10 -> 405 with Allow: POST (the threshold waits for the method)', method: 'GET', url: '/user/10', status: 405, expectHeaders: { allow: 'POST' } },
  { name: 'PUT /user/10 -> 405', method: 'PUT', url: '/user/10', status: 405, expectHeaders: { allow: 'POST' } },
  { name: 'DELETE /user/10 -> 405', method: 'DELETE', url: '/user/10', status: 405, expectHeaders: { allow: 'POST' } },
  { name: 'GET /user/abc -> 400 (a capture that does not decode is still checked before the method)', method: 'GET', url: '/user/abc', status: 400, text: 'Error parsing capture userId failed: "abc" is not an integer' },
  ...docCases,
  { name: 'GET /docs/-3 -> 200 (passed on as it is)', method: 'GET', url: '/docs/-3', status: 200, json: { a: 'b' } },
  { name: 'GET /docs/abc -> 400 naming the capture', method: 'GET', url: '/docs/abc', status: 400, text: 'Error parsing capture docId failed: "abc" is not an integer' },
  { name: 'POST /docs/501 with body { -> 405', method: 'POST', url: '/docs/501', headers: { 'content-type': 'application/json' }, body: '{', status: 405, expectHeaders: { allow: 'GET, HEAD' } },
  { name: 'DELETE /docs/1 -> 405', method: 'DELETE', url: '/docs/1', status: 405 },
  { name: 'GET /docs -> 404', method: 'GET', url: '/docs', status: 404 },
]);

caseSuite('S10-store test double alone', storeHandlers, [
  { name: 'GET /myIndex/myDocType/1 -> a document with _source', method: 'GET', url: '/myIndex/myDocType/1', status: 200, json: { _source: { a: 'b' } } },
  { name: 'GET /myIndex/myDocType/501 -> a document without _source', method: 'GET', url: '/myIndex/myDocType/501', status: 200, json: { bad: 'data' } },
  { name: 'GET /myIndex/myDocType/1001 -> 500', method: 'GET', url: '/myIndex/myDocType/1001', status: 500, text: '' },
]);

/** A hand-made upstream: answers each request with `answer`, and counts connections. */
async function fakeUpstream(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const paths: string[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => { paths.push(req.url ?? ''); answer(req, res); });
  server.on('connection', () => { connections++; });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths, connections: () => connections,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const sendJson = (status: number, body: string) => (_: http.IncomingMessage, res: http.ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(body);
};

const proxy = suite('S10 against other upstreams');

proxy('the test double as a separate listener, given as --upstream', async () => {
  const store = await start(storeHandlers);
  try {
    await withServer(handlers, async (s) => {
      for (const c of docCases) {
        const r = await call(s.url, c.method, c.url);
        assert.is(r.status, c.status, c.name);
        if (c.json !== undefined) assert.equal(r.json(), c.json, c.name);
        if (c.text !== undefined) assert.is(r.text, c.text, c.name);
      }
    }, { options: { upstream: store.url } });
  } finally {
    await store.close();
  }
});

proxy('asks GET /myIndex/myDocType/{docId} under the upstream path, reusing one pooled connection', async () => {
  const up = await fakeUpstream(sendJson(200, '{"_source": {"n": 1}}'));
  try {
    await withServer(handlers, async (s) => {
      for (let i = 0; i < 5; i++) assert.equal((await call(s.url, 'GET', `/docs/${7 + i}`)).json(), { n: 1 });
    }, { options: { upstream: `${up.url}/es/` } });
    assert.equal(up.paths, ['/es/myIndex/myDocType/7', '/es/myIndex/myDocType/8', '/es/myIndex/myDocType/9', '/es/myIndex/myDocType/10', '/es/myIndex/myDocType/11']);
    assert.is(up.connections(), 1);
  } finally {
    await up.close();
  }
});

const answers: [string, (req: http.IncomingMessage, res: http.ServerResponse) => void, number, unknown][] = [
  ['_source of any JSON type is answered as it is (null)', sendJson(200, '{"_source": null}'), 200, null],
  ['_source of any JSON type is answered as it is (a list)', sendJson(200, '{"_source": [1, "two"]}'), 200, [1, 'two']],
  ['a JSON list instead of a document -> 400', sendJson(200, '[{"_source": {}}]'), 400, PARSE_FAILED],
  ['a JSON string -> 400', sendJson(200, '"_source"'), 400, PARSE_FAILED],
  ['a body that is not JSON -> 404', sendJson(200, '<html>'), 404, LOOKUP_FAILED],
  ['an empty 200 -> 404', sendJson(200, ''), 404, LOOKUP_FAILED],
  ['a 404 with a _source document -> 404', sendJson(404, '{"_source": {"a": "b"}}'), 404, LOOKUP_FAILED],
  ['a 302 -> 404 (redirects are not followed)', (_, res) => { res.writeHead(302, { location: '/elsewhere' }).end(); }, 404, LOOKUP_FAILED],
  ['a valid document nested 100,000 levels deep -> 404 (never a 500 from an overflowing encoder)', sendJson(200, `{"_source": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`), 404, LOOKUP_FAILED],
  ['a _source nested 999 levels deep (1000 with the document) -> 200, as it is', sendJson(200, `{"_source": ${'['.repeat(999)}${']'.repeat(999)}}`), 200, JSON.parse('['.repeat(999) + ']'.repeat(999))],
  ['a connection cut before the answer -> 404', (req) => { req.socket.destroy(); }, 404, LOOKUP_FAILED],
];
for (const [what, answer, status, expected] of answers) {
  proxy(`upstream answers ${what}`, async () => {
    const up = await fakeUpstream(answer);
    try {
      await withServer(handlers, async (s) => {
        const r = await call(s.url, 'GET', '/docs/1');
        assert.is(r.status, status, r.text);
        if (status === 200) assert.equal(r.json(), expected);
        else assert.is(r.text, expected);
      }, { options: { upstream: up.url } });
    } finally {
      await up.close();
    }
  });
}

proxy('an upstream that refuses connections -> 404 Failed looking up content', async () => {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  await withServer(handlers, async (s) => {
    const r = await call(s.url, 'GET', '/docs/1');
    assert.is(r.status, 404);
    assert.is(r.text, LOOKUP_FAILED);
  }, { options: { upstream: `http://127.0.0.1:${port}` } });
});

/** Fails instead of hanging when the server never gives up on its upstream (no time is asserted). */
const orFail = <T>(p: Promise<T>, what: string): Promise<T> =>
  Promise.race([p, new Promise<never>((_r, reject) => setTimeout(() => reject(new Error(`${what} did not happen within 10 s`)), 10_000).unref())]);

const TIMED_OUT = /^api-serve: S10 looking up document 1 upstream failed: .*\btimeout\b/i;

proxy('an upstream that accepts the connection and never answers -> 404 Failed looking up content, logged as a timeout', async () => {
  const sockets = new Set<net.Socket>();
  let connected!: () => void;
  const asked = new Promise<void>((resolve) => { connected = resolve; });
  const silent = net.createServer((socket) => { sockets.add(socket); connected(); });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const logs: string[] = [];
  try {
    await withServer(handlers, async (s) => {
      const answer = call(s.url, 'GET', '/docs/1');
      await orFail(asked, 'the upstream being asked');
      const r = await orFail(answer, 'the answer to GET /docs/1');
      assert.is(r.status, 404);
      assert.is(r.text, LOOKUP_FAILED);
      assert.is(r.headers['content-type'], TEXT_TYPE);
      assert.is(logs.length, 1, logs.join('\n'));
      assert.match(logs[0]!, TIMED_OUT);
    }, { options: { upstream: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, upstreamTimeout: '300' }, log: (line) => logs.push(line) });
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
});

proxy('a document the upstream sends only after the client got its 404 is dropped; the next lookup is answered normally', async () => {
  const held: http.ServerResponse[] = [];
  let heldOne!: () => void;
  const holding = new Promise<void>((resolve) => { heldOne = resolve; });
  // The first request is held until the test releases it; later ones are answered at once.
  const up = await fakeUpstream((req, res) => {
    if (held.length === 0) { held.push(res); heldOne(); return; }
    sendJson(200, '{"_source": {"n": 2}}')(req, res);
  });
  const logs: string[] = [];
  try {
    await withServer(handlers, async (s) => {
      const first = call(s.url, 'GET', '/docs/1');
      await orFail(holding, 'the upstream being asked');
      const r = await orFail(first, 'the answer to GET /docs/1');
      assert.is(r.status, 404);
      assert.is(r.text, LOOKUP_FAILED);
      assert.match(logs.join('\n'), TIMED_OUT);
      // The late answer, sent once the client has its 404: it must not reach any client.
      held[0]!.writeHead(200, { 'content-type': 'application/json' }).end('{"_source": {"late": true}}');
      const next = await call(s.url, 'GET', '/docs/2');
      assert.is(next.status, 200, next.text);
      assert.equal(next.json(), { n: 2 });
      assert.equal(up.paths, ['/myIndex/myDocType/1', '/myIndex/myDocType/2']);
      assert.is(logs.length, 1, logs.join('\n'));
    }, { options: { upstream: up.url, upstreamTimeout: '300' }, log: (line) => logs.push(line) });
  } finally {
    await up.close();
  }
});

/** The collector, callable from a test (the flag set at run time, then `gc` read in a new context). */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

proxy('--upstream-timeout bounds the whole lookup even when garbage collections run during it (a body dripping a byte at a time -> 404)', async () => {
  const gc = collector();
  const drips = new Set<NodeJS.Timeout>();
  // Headers at once, then one byte every 40 ms for about 4 s: no pause is long enough for undici's
  // own per-chunk body timeout, so only the lookup's whole-time bound can stop it.
  const up = await fakeUpstream((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"_source": {"a": "');
    let n = 0;
    const t = setInterval(() => {
      if (res.destroyed) { clearInterval(t); return; }
      if (++n < 100) { res.write('x'); return; }
      clearInterval(t);
      res.end('"}}');
    }, 40);
    drips.add(t);
  });
  const logs: string[] = [];
  const collecting = setInterval(gc, 10);
  try {
    await withServer(handlers, async (s) => {
      const answers = await orFail(Promise.all([1, 2, 3].map((i) => call(s.url, 'GET', `/docs/${i}`))), 'the answers to three lookups');
      assert.equal(answers.map((r) => r.status), [404, 404, 404], 'every lookup is cut at the timeout, none answered with the late document');
      assert.ok(logs.every((l) => /\btimeout\b|aborted/i.test(l)), logs.join('\n'));
    }, { options: { upstream: up.url, upstreamTimeout: '300' }, log: (line) => logs.push(line) });
  } finally {
    clearInterval(collecting);
    for (const t of drips) clearInterval(t);
    await up.close();
  }
});

proxy('--upstream-timeout is read as milliseconds; without it a lookup may take the documented 5000', () => {
  const table: [string | undefined, number][] = [[undefined, 5000], ['300', 300], ['1', 1], ['60000', 60000]];
  for (const [given, ms] of table) assert.is(parseTimeout(given), ms, `--upstream-timeout ${given}`);
  assert.is(DEFAULT_UPSTREAM_TIMEOUT, 5000);
});

proxy('a malformed --upstream or --upstream-timeout stops the start with a clear message', async () => {
  const bad = async (options: Record<string, string>) => start(handlers, { options }).then(async (s) => { await s.close(); return ''; }, (e: unknown) => (e as Error).message);
  assert.is(await bad({ upstream: 'localhost:9999' }), '--upstream: "localhost:9999" is not an http or https URL');
  assert.is(await bad({ upstream: 'not a url' }), '--upstream: "not a url" is not a URL (e.g. http://127.0.0.1:9999)');
  assert.is(await bad({ upstream: 'http://127.0.0.1:1', upstreamTimeout: 'soon' }), '--upstream-timeout: "soon" is not a positive number of milliseconds');
});

proxy.run();

const cli = suite('api-serve S10 and S10-store');
const data = tempDir();
cli.after(() => rmSync(data, { recursive: true, force: true }));

cli('api-serve S10 without --upstream starts the test double in-process and says where', async () => {
  const s = await spawnServe(['S10', '--port', '0', '--data', data]);
  try {
    assert.match(s.stdout(), /^S10 listening on http:\/\/127\.0\.0\.1:\d+ \(upstream: the built-in S10-store test double at http:\/\/127\.0\.0\.1:\d+; give --upstream URL to use a real store\)$/m);
    assert.equal((await call(s.urls.S10!, 'GET', '/docs/1')).json(), { a: 'b' });
    assert.is((await call(s.urls.S10!, 'GET', '/docs/1001')).text, LOOKUP_FAILED);
  } finally {
    assert.is(await s.stop(), 0);
  }
});

cli('api-serve S10-store alone, and S10 pointed at it by --upstream and by API_SERVE_UPSTREAM', async () => {
  const store = await spawnServe(['S10-store', '--port', '0', '--data', data]);
  try {
    const url = store.urls['S10-store']!;
    const ways: { args: string[]; env: Record<string, string> }[] = [{ args: ['--upstream', url], env: {} }, { args: [], env: { API_SERVE_UPSTREAM: url } }];
    for (const how of ways) {
      const s = await spawnServe(['S10', '--port', '0', '--data', data, ...how.args], 1, { env: how.env });
      try {
        assert.equal((await call(s.urls.S10!, 'GET', '/docs/2')).json(), { a: 'b' });
        assert.is((await call(s.urls.S10!, 'GET', '/docs/501')).text, PARSE_FAILED);
        assert.not.match(s.stderr(), /built-in test double/);
      } finally {
        assert.is(await s.stop(), 0);
      }
    }
  } finally {
    assert.is(await store.stop(), 0);
  }
});

cli('a bad --upstream-timeout or --upstream is one line and exit 2', () => {
  const timeout = runBin('api-serve', ['S10', '--port', '0', '--data', data, '--upstream-timeout', 'abc']);
  assert.is(timeout.code, 2);
  assert.match(timeout.stderr, /--upstream-timeout <ms>' argument 'abc' is invalid/);
  const upstream = runBin('api-serve', ['S10', '--port', '0', '--data', data, '--upstream', 'ftp://x']);
  assert.is(upstream.code, 2);
  assert.is(upstream.stderr, 'api-serve: --upstream: "ftp://x" is not an http or https URL\n');
});

cli.run();
