// Static files through S8's /static/{path...}: content types, ETag/304, HEAD, byte ranges, a 1 MB
// file, files added while serving, and every way out of the directory (all 404, never a file).
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
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

const ranges: [string, number, string, string | undefined][] = [
  // [Range, status, body, Content-Range]
  ['bytes=0-1', 206, 'hi', 'bytes 0-1/9'],
  ['bytes=0-0', 206, 'h', 'bytes 0-0/9'],
  ['bytes=3-', 206, 'there\n', 'bytes 3-8/9'],
  ['bytes=-3', 206, 're\n', 'bytes 6-8/9'],
  ['bytes=-100', 206, 'hi there\n', 'bytes 0-8/9'],
  ['bytes=4-100', 206, 'here\n', 'bytes 4-8/9'],
  // RFC 9110: a last position at or beyond the end means the end, however large the number.
  ['bytes=0-9007199254740992', 206, 'hi there\n', 'bytes 0-8/9'],
  ['bytes=2-99999999999999999999999999', 206, ' there\n', 'bytes 2-8/9'],
  // Forms not honoured: the whole file.
  ['bytes=0-1,4-5', 200, 'hi there\n', undefined],
  ['bytes=5-2', 200, 'hi there\n', undefined],
  ['lines=1-2', 200, 'hi there\n', undefined],
  ['bytes=x-', 200, 'hi there\n', undefined],
  ['bytes=-', 200, 'hi there\n', undefined],
  // Starting at or beyond the end: unsatisfiable.
  ['bytes=100-', 416, '', 'bytes */9'],
  ['bytes=9-', 416, '', 'bytes */9'],
  ['bytes=9007199254740993-9007199254740999', 416, '', 'bytes */9'],
  ['bytes=-0', 416, '', 'bytes */9'],
];
for (const [range, status, body, contentRange] of ranges) {
  s(`Range: ${range} -> ${status}${status === 206 ? ` ${JSON.stringify(body)}` : ''}`, async (ctx) => {
    const r = await raw(ctx.server!.url, '/static/hello.txt', 'GET', { range });
    assert.is(r.status, status, r.body.toString());
    assert.is(r.body.toString(), body);
    assert.is(r.headers['content-range'], contentRange);
    assert.is(r.headers['content-length'], String(Buffer.byteLength(body)));
  });
}

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

s('a file swapped back and forth with a symlink to an outside file while it is served: never the outside file, never a 5xx, every request answered', async (ctx) => {
  const root = join(ctx.server!.dataDir, 'static');
  const target = join(root, 'swapped.txt');
  writeFileSync(target, 'inside');
  // Another process swaps the name as fast as it can: a symlink to the outside file, then a file.
  const swapper = spawn(process.execPath, ['-e', `
    const fs = require('node:fs');
    const [target, outside] = process.argv.slice(1);
    for (let i = 0; ; i++) {
      try { fs.symlinkSync(outside, target + '.link'); fs.renameSync(target + '.link', target); } catch {}
      try { fs.writeFileSync(target + '.file', 'inside'); fs.renameSync(target + '.file', target); } catch {}
    }`, target, join(ctx.outside!, 'secret.txt')], { stdio: 'ignore' });
  try {
    const seen = new Map<string, number>();
    for (let round = 0; round < 30; round++) {
      const answers = await Promise.all(Array.from({ length: 20 }, () =>
        raw(ctx.server!.url, '/static/swapped.txt').catch((e: Error): Raw => ({ status: 0, headers: {}, body: Buffer.from(`no answer: ${e.message}`) }))));
      for (const r of answers) {
        const key = `${r.status} ${r.body.toString()}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }
    const kinds = [...seen.keys()].sort();
    assert.ok(kinds.every((k) => k === '200 inside' || k.startsWith('404 ')), JSON.stringify(Object.fromEntries(seen)));
    assert.ok(seen.has('200 inside'), 'the file itself is served between swaps');
  } finally {
    swapper.kill();
  }
});

s('a file replaced by renames while it is served: every answer a 200 with one whole version, never a 404 or 5xx', async (ctx) => {
  const root = join(ctx.server!.dataDir, 'static');
  const target = join(root, 'renamed.txt');
  const stop = join(ctx.server!.dataDir, 'stop-renaming');
  // Each version names itself at both ends around 16 KiB: a torn or mixed body matches none.
  const version = (i: number) => `${i}:${'abcdefgh'.repeat(2048)}:${i}`;
  writeFileSync(target, version(0));
  // A writer as editors and deploy tools do it: a fresh file, renamed over the served name.
  // Bounded: it stops when told, and after 200,000 renames whatever happens.
  const writer = spawn(process.execPath, ['-e', `
    const fs = require('node:fs');
    const [target, stop] = process.argv.slice(1);
    const version = ${version.toString()};
    for (let i = 1; i <= 200000 && !fs.existsSync(stop); i++) {
      fs.writeFileSync(target + '.tmp', version(i));
      fs.renameSync(target + '.tmp', target);
      if (i === 1) process.stdout.write('renaming\\n');
    }`, target, stop], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      writer.stdout!.once('data', () => resolve());
      writer.once('exit', (code) => reject(new Error(`the writer stopped first (${code})`)));
    });
    const seen = new Map<string, number>();
    const wrong: string[] = [];
    for (let round = 0; round < 40; round++) {
      const answers = await Promise.all(Array.from({ length: 25 }, () =>
        raw(ctx.server!.url, '/static/renamed.txt').catch((e: Error): Raw => ({ status: 0, headers: {}, body: Buffer.from(`no answer: ${e.message}`) }))));
      for (const r of answers) {
        const text = r.body.toString();
        const n = Number(/^(\d+):/.exec(text)?.[1]);
        if (r.status !== 200 || text !== version(n) || r.headers['content-length'] !== String(r.body.length)) wrong.push(`${r.status} ${text.slice(0, 60)}`);
        else seen.set(String(n), (seen.get(String(n)) ?? 0) + 1);
      }
    }
    assert.is(wrong.length, 0, `${wrong.length} of 1000 answers were not a whole version, like: ${wrong.slice(0, 3).join(' | ')}`);
    assert.ok(seen.size > 1, 'the requests ran while the file was being replaced');
  } finally {
    writeFileSync(stop, '');
    writer.kill();
  }
});

s('GET /static/%zz -> 400 (a malformed escape is not a path)', async (ctx) => {
  const r = await raw(ctx.server!.url, '/static/%zz');
  assert.is(r.status, 400);
});
s.run();
