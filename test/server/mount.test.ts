// A surface mounted in someone else's app (`mountable`): in a plain Polka app, under a prefix, and
// in a node:http connect-style chain. It answers its own paths with its own precedence (200, 400,
// 405 with Allow, 413) and hands every path it does not know to the app's next handler.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import polka from 'polka';
import { handlers } from '../../specs/S2.js';
import { type MountedSurface, mountable } from '../../src/server/index.js';
import { call } from '../helpers/server.js';
import { JSON_BODY } from '../helpers/cases.js';

const s = suite('mountable');

const alp = { clientName: 'Alp', clientEmail: 'alp@foo.com', clientAge: 26, clientInterestedIn: ['haskell'] };

interface Row {
  readonly name: string;
  readonly method: string;
  readonly url: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly status: number;
  readonly text?: string | RegExp;
  readonly allow?: string;
}

/** The app's own answer for what the surface hands on. */
const FALLBACK = (res: ServerResponse) => { res.statusCode = 418; res.end('the app answers'); };

const SURFACE_ROWS = (at: string): Row[] => [
  { name: `GET ${at}/hello?name=Alp -> 200 from the surface`, method: 'GET', url: `${at}/hello?name=Alp`, status: 200, text: '{"msg":"Hello, Alp"}' },
  { name: `GET ${at}/position/abc/1 -> 400 naming capture x`, method: 'GET', url: `${at}/position/abc/1`, status: 400, text: 'Error parsing capture x failed: "abc" is not an integer' },
  { name: `GET ${at}/position/%zz/1 -> 400 (a bad escape in a capture of a known path)`, method: 'GET', url: `${at}/position/%zz/1`, status: 400 },
  { name: `PUT ${at}/hello -> 405 with Allow: GET, HEAD (a known path stays the surface's)`, method: 'PUT', url: `${at}/hello`, status: 405, allow: 'GET, HEAD' },
  { name: `POST ${at}/marketing JSON -> 200 (the surface reads its body)`, method: 'POST', url: `${at}/marketing`, headers: JSON_BODY, body: JSON.stringify(alp), status: 200, text: /"to":"alp@foo.com"/ },
  { name: `POST ${at}/marketing over maxBody -> 413`, method: 'POST', url: `${at}/marketing`, headers: JSON_BODY, body: JSON.stringify({ ...alp, clientName: 'x'.repeat(600) }), status: 413 },
  { name: `GET ${at}/nope -> the app's next handler`, method: 'GET', url: `${at}/nope`, status: 418, text: 'the app answers' },
  { name: `GET ${at}/position/1 -> the app's next handler (the router knows no such path)`, method: 'GET', url: `${at}/position/1`, status: 418 },
  { name: `GET ${at}/%zz -> the app's next handler (a bad escape off the surface's paths)`, method: 'GET', url: `${at}/%zz`, status: 418 },
];

async function listening(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function check(base: string, rows: readonly Row[]): Promise<void> {
  for (const row of rows) {
    const r = await call(base, row.method, row.url, { ...(row.headers ? { headers: row.headers } : {}), ...(row.body === undefined ? {} : { body: row.body }) });
    assert.is(r.status, row.status, `${row.name}: ${r.text}`);
    if (typeof row.text === 'string') assert.is(r.text, row.text, row.name);
    if (row.text instanceof RegExp) assert.match(r.text, row.text, row.name);
    if (row.allow !== undefined) assert.is(r.headers.allow, row.allow, row.name);
  }
}

/** Serves `mw` in `app` on port 0, runs `fn` against it, closes both. */
async function withApp(mw: MountedSurface, server: Server, fn: (base: string) => Promise<void>): Promise<void> {
  try {
    await fn(await listening(server));
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await mw.close();
  }
}

s('mounted in a plain Polka app: the surface answers its paths, the app the rest', async () => {
  const mw = await mountable(handlers, { maxBody: 512 });
  const app = polka({ onNoMatch: (_req, res) => FALLBACK(res) }).use(mw).get('/own', (_req, res) => { res.end('own route'); });
  await withApp(mw, http.createServer(app.handler as (req: IncomingMessage, res: ServerResponse) => void), async (base) => {
    await check(base, SURFACE_ROWS(''));
    assert.is((await call(base, 'GET', '/own')).text, 'own route');
  });
});

s('mounted under a prefix in Polka (app.use("/api", h)): /api/hello is the surface\'s /hello', async () => {
  const mw = await mountable(handlers, { maxBody: 512 });
  const app = polka({ onNoMatch: (_req, res) => FALLBACK(res) }).use('/api', mw);
  await withApp(mw, http.createServer(app.handler as (req: IncomingMessage, res: ServerResponse) => void), async (base) => {
    await check(base, [...SURFACE_ROWS('/api'), { name: 'GET /hello (outside the prefix) -> the app', method: 'GET', url: '/hello', status: 418 }]);
  });
});

s('mounted in a node:http connect-style chain with a fallback', async () => {
  const mw = await mountable(handlers, { maxBody: 512 });
  const seen: string[] = [];
  const chain = [
    (req: IncomingMessage, _res: ServerResponse, next: () => void) => { seen.push(`${req.method} ${req.url}`); next(); },
    mw,
    (_req: IncomingMessage, res: ServerResponse) => FALLBACK(res),
  ];
  const server = http.createServer((req, res) => {
    let i = 0;
    const next = (): void => { chain[i++]!(req, res, next); };
    next();
  });
  await withApp(mw, server, async (base) => {
    await check(base, SURFACE_ROWS(''));
    assert.ok(seen.includes('GET /nope') && seen.includes('PUT /hello'), seen.join('\n'));
  });
});

s('a body read before the surface (a body parser mounted first) is a logged 500, not a hang', async () => {
  const lines: string[] = [];
  const mw = await mountable(handlers, { log: (line) => lines.push(line) });
  const server = http.createServer((req, res) => {
    // What a body parser does: reads the stream whole, then hands on.
    req.resume();
    req.once('end', () => mw(req, res, () => FALLBACK(res)));
  });
  await withApp(mw, server, async (base) => {
    const r = await call(base, 'POST', '/marketing', { headers: JSON_BODY, body: JSON.stringify(alp) });
    assert.is(r.status, 500);
    assert.match(lines.join('\n'), /body was read before the surface saw it/);
  });
});

s.run();
