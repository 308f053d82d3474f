// Each listener is a Polka app (`serve`'s `middleware` and `configure`): a user's middleware sees
// every request before the surface, may answer (a /health route) or hand on with next(), and its
// failures are answered; what no middleware answered gets the surface's own answer, as before.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import http from 'node:http';
import { connect } from 'node:net';
import { handlers } from '../../specs/S2.js';
import { type Middleware, type PolkaApp, type ServeOptions, injector } from '../../src/server/index.js';
import { call, withServer } from '../helpers/server.js';

const s = suite('polka app');

/** A logging middleware, a /health route, a middleware that fails on /boom and refuses /secret. */
function setup(seen: string[]): Pick<ServeOptions, 'middleware' | 'configure'> {
  const middleware: Middleware[] = [
    (req, _res, next) => { seen.push(`${req.method} ${req.url}`); void next(); },
    (req, res, next) => {
      if (req.path !== '/health') { void next(); return; }
      res.setHeader('content-type', 'text/plain');
      res.end('ok');
    },
    (req, _res, next) => {
      if (req.path === '/boom') throw new Error('the middleware broke');
      if (req.path === '/secret') { void next({ name: 'Forbidden', message: 'not for you', status: 403 }); return; }
      void next();
    },
  ];
  const configure = (app: PolkaApp) => {
    app.get('/server', (_req, res) => { res.end(String(app.server instanceof http.Server)); });
    // A route that hands on reaches the surface.
    app.get('/hello', (req, _res, next) => { seen.push(`route saw name=${String(req.query.name)}`); void next(); });
  };
  return { middleware, configure };
}

const CASES = [
  { method: 'GET', url: '/health', status: 200, text: 'ok' },
  { method: 'GET', url: '/hello?name=Alp', status: 200, text: '{"msg":"Hello, Alp"}' },
  { method: 'PUT', url: '/hello', status: 405, allow: 'GET, HEAD' },
  { method: 'GET', url: '/position/abc/1', status: 400 },
  { method: 'GET', url: '/nope', status: 404 },
  { method: 'GET', url: '/server', status: 200, text: 'true' },
  { method: 'GET', url: '/boom', status: 500, text: 'Internal Server Error' },
  { method: 'GET', url: '/secret', status: 403, text: 'Forbidden: not for you' },
] as const;

s('middleware sees every request; /health and configure\'s routes answer before the surface, the rest is the surface\'s', async () => {
  const seen: string[] = [];
  const lines: string[] = [];
  await withServer(handlers, async (srv) => {
    for (const c of CASES) {
      const r = await call(srv.url, c.method, c.url);
      assert.is(r.status, c.status, `${c.method} ${c.url}: ${r.text}`);
      if ('text' in c) assert.is(r.text, c.text, `${c.method} ${c.url}`);
      if ('allow' in c) assert.is(r.headers.allow, c.allow);
    }
  }, { ...setup(seen), log: (line) => lines.push(line) });
  assert.equal(seen.filter((l) => !l.startsWith('route')), CASES.map((c) => `${c.method} ${c.url}`));
  assert.ok(seen.includes('route saw name=Alp'), seen.join('\n'));
  assert.match(lines.join('\n'), /middleware failed on GET \/boom: Error: the middleware broke/);
});

s('with no middleware the raw target stays the request\'s url (Polka does not rewrite it)', async () => {
  await withServer(handlers, async (srv) => {
    // A fragment is not part of a request target: the surface refuses it as sent (no route has it).
    const head = await new Promise<string>((resolve, reject) => {
      const socket = connect(srv.port, '127.0.0.1', () => socket.write('GET /hello#frag HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
      let got = '';
      socket.on('data', (d: Buffer) => { got += d.toString(); });
      socket.on('end', () => resolve(got));
      socket.on('error', reject);
    });
    assert.match(head, /^HTTP\/1\.1 404 /);
  });
});

s('in-process requests (inject) run through the same Polka app', async () => {
  const seen: string[] = [];
  const inj = await injector(handlers, { ...setup(seen), log: () => {} });
  try {
    assert.is((await inj.inject({ method: 'GET', url: '/health' })).text, 'ok');
    assert.is((await inj.inject({ method: 'GET', url: '/hello' })).status, 200);
    assert.equal(seen, ['GET /health', 'GET /hello', 'route saw name=undefined']);
  } finally {
    await inj.close();
  }
});

s.run();
