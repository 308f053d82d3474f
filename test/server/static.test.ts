// Static files through S8's /static/{path...}: content types, ETag/304, HEAD, byte ranges, a 1 MB
// file, files added while serving, and every way out of the directory (all 404, never a file).
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { handlers } from '../../specs/S8.js';
import { type Running, call, start, tempDir } from '../helpers/server.js';

interface Raw { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** A request with the path sent exactly as written (undici would normalise `..` and `%2e%2e`). */
function raw(base: string, path: string, method = 'GET', headers: Record<string, string> = {}): Promise<Raw> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const big = randomBytes(1024 * 1024);
const s = suite<{ server?: Running; outside?: string }>('static files', {});

s.before(async (ctx) => {
  const server = await start(handlers);
  const root = join(server.dataDir, 'static');
  const outside = tempDir('api-serve-outside-');
  mkdirSync(join(root, 'sub'), { recursive: true });
  mkdirSync(join(root, '.hidden'));
  writeFileSync(join(root, 'hello.txt'), 'hi there\n');
  writeFileSync(join(root, 'page.html'), '<p>hi</p>');
  writeFileSync(join(root, 'style.css'), 'p{}');
  writeFileSync(join(root, 'data.json'), '{}');
  writeFileSync(join(root, 'blob'), 'raw');
  writeFileSync(join(root, 'big.bin'), big);
  writeFileSync(join(root, '100%.txt'), 'percent');
  writeFileSync(join(root, 'two words.txt'), 'spaced');
  writeFileSync(join(root, 'résumé.txt'), 'unicode');
  writeFileSync(join(root, 'sub', 'deep.txt'), 'deep');
  writeFileSync(join(root, '.secret'), 'dot-file');
  writeFileSync(join(root, 'sub', '.env'), 'dot-file');
  writeFileSync(join(root, '.hidden', 'file.txt'), 'in a dot-directory');
  writeFileSync(join(server.dataDir, 'myfile.txt'), 'next to static/');
  writeFileSync(join(outside, 'secret.txt'), 'outside');
  symlinkSync(join(outside, 'secret.txt'), join(root, 'escape.txt'));
  symlinkSync(outside, join(root, 'escape-dir'));
  symlinkSync(join(root, 'sub', 'deep.txt'), join(root, 'alias.txt'));
  symlinkSync(join(root, '.secret'), join(root, 'to-dot.txt'));
  ctx.server = server;
  ctx.outside = outside;
});
s.after(async (ctx) => {
  await ctx.server?.close();
  if (ctx.outside) rmSync(ctx.outside, { recursive: true, force: true });
});

const served: [string, string, string][] = [
  ['/static/hello.txt', 'text/plain', 'hi there\n'],
  ['/static/page.html', 'text/html;charset=utf-8', '<p>hi</p>'],
  ['/static/style.css', 'text/css', 'p{}'],
  ['/static/data.json', 'application/json', '{}'],
  ['/static/blob', 'application/octet-stream', 'raw'],
  ['/static/sub/deep.txt', 'text/plain', 'deep'],
  ['/static/100%25.txt', 'text/plain', 'percent'],
  ['/static/two%20words.txt', 'text/plain', 'spaced'],
  ['/static/r%C3%A9sum%C3%A9.txt', 'text/plain', 'unicode'],
  ['/static/alias.txt', 'text/plain', 'deep'],
];
for (const [path, type, body] of served) {
  s(`GET ${path} -> 200 ${type}`, async (ctx) => {
    const r = await call(ctx.server!.url, 'GET', path);
    assert.is(r.status, 200, r.text);
    assert.is(r.headers['content-type'], type);
    assert.is(r.text, body);
    assert.is(r.headers['content-length'], String(Buffer.byteLength(body)));
  });
}

s('GET a 1 MB file -> every byte, with its length', async (ctx) => {
  const r = await raw(ctx.server!.url, '/static/big.bin');
  assert.is(r.status, 200);
  assert.is(r.headers['content-length'], String(big.length));
  assert.is(r.headers['content-type'], 'application/octet-stream');
  assert.ok(r.body.equals(big), 'the body is the file');
});

s('If-None-Match with the ETag -> 304 without a body; a stale ETag -> 200', async (ctx) => {
  const first = await call(ctx.server!.url, 'GET', '/static/hello.txt');
  const etag = first.headers.etag as string;
  assert.ok(etag, 'an ETag is sent');
  assert.ok(first.headers['last-modified']);
  const again = await raw(ctx.server!.url, '/static/hello.txt', 'GET', { 'if-none-match': etag });
  assert.is(again.status, 304);
  assert.is(again.body.length, 0);
  const stale = await raw(ctx.server!.url, '/static/hello.txt', 'GET', { 'if-none-match': 'W/"0-0"' });
  assert.is(stale.status, 200);
});

s('a file changed while serving gets a new ETag and its new content', async (ctx) => {
  const root = join(ctx.server!.dataDir, 'static');
  writeFileSync(join(root, 'changing.txt'), 'one');
  const one = await call(ctx.server!.url, 'GET', '/static/changing.txt');
  writeFileSync(join(root, 'changing.txt'), 'two, longer');
  const two = await call(ctx.server!.url, 'GET', '/static/changing.txt');
  assert.is(one.text, 'one');
  assert.is(two.text, 'two, longer');
  assert.is.not(one.headers.etag, two.headers.etag);
});

s('HEAD /static/hello.txt -> 200, the headers, no body', async (ctx) => {
  const r = await raw(ctx.server!.url, '/static/hello.txt', 'HEAD');
  assert.is(r.status, 200);
  assert.is(r.headers['content-length'], '9');
  assert.is(r.body.length, 0);
});

s('Range: bytes=0-1 -> 206 with the two bytes; an unsupported Range form -> the whole file', async (ctx) => {
  const part = await raw(ctx.server!.url, '/static/hello.txt', 'GET', { range: 'bytes=0-1' });
  assert.is(part.status, 206);
  assert.is(part.body.toString(), 'hi');
  assert.is(part.headers['content-range'], 'bytes 0-1/9');
  for (const range of ['bytes=-3', 'bytes=0-1,4-5', 'bytes=5-2', 'bytes=0-0', 'lines=1-2', 'bytes=x-']) {
    const whole = await raw(ctx.server!.url, '/static/hello.txt', 'GET', { range });
    assert.is(whole.status, 200, range);
    assert.is(whole.body.toString(), 'hi there\n', range);
  }
  const beyond = await raw(ctx.server!.url, '/static/hello.txt', 'GET', { range: 'bytes=100-' });
  assert.is(beyond.status, 416);
});

s('POST /static/hello.txt -> 405 with Allow: GET, HEAD', async (ctx) => {
  const r = await raw(ctx.server!.url, '/static/hello.txt', 'POST');
  assert.is(r.status, 405);
  assert.is(r.headers.allow, 'GET, HEAD');
});

const refused = [
  '/static/nope.txt',
  '/static/sub',
  '/static/sub/',
  '/static/',
  '/static',
  '/static/../myfile.txt',
  '/static/%2e%2e/myfile.txt',
  '/static/%2E%2E/myfile.txt',
  '/static/..%2Fmyfile.txt',
  '/static/sub/..%2F..%2Fmyfile.txt',
  '/static/sub/%2e%2e/%2e%2e/myfile.txt',
  '/static/..%5Cmyfile.txt',
  '/static/.',
  '/static/%2Fetc%2Fpasswd',
  '/static//etc/passwd',
  '/static/%2F..%2Fmyfile.txt',
  '/static/hello.txt%00',
  '/static/.secret',
  '/static/sub/.env',
  '/static/.hidden/file.txt',
  '/static/%2Esecret',
  '/static/escape.txt',
  '/static/escape-dir/secret.txt',
  '/static/to-dot.txt',
];
for (const path of refused) {
  s(`GET ${path} -> 404, nothing from outside or hidden`, async (ctx) => {
    const r = await raw(ctx.server!.url, path);
    assert.is(r.status, 404, `${path}: ${r.body.toString()}`);
    assert.not.match(r.body.toString(), /outside|dot-file|next to static|root:/);
  });
}

s('GET /static/%zz -> 400 (a malformed escape is not a path)', async (ctx) => {
  const r = await raw(ctx.server!.url, '/static/%zz');
  assert.is(r.status, 400);
});
s.run();
