// api-check reads a response body up to --max-response-body (32 MiB by default): a server answering
// without end fails the case naming the cap, the checker stops reading and goes away, exit 1; a bad
// or missing size is a one-line usage error, exit 2.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { send } from '../../src/check/replay.js';
import { runBin, runBinAsync } from '../helpers/cli.js';

/** Never more than this from one answer, whoever reads it: the test stays bounded. */
const WRITE_LIMIT = 200 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

interface Endless { url: string; answers: { bytes: number; clientLeft: boolean }[]; close(): Promise<void> }

/**
 * A raw server: /endless writes a chunked body until the client goes away (or WRITE_LIMIT), /declared
 * announces 2 MiB in Content-Length, /small is 1,000 bytes.
 */
async function endless(): Promise<Endless> {
  const answers: Endless['answers'] = [];
  const server = http.createServer((req, res) => {
    if (req.url === '/small') { res.end(Buffer.alloc(1000, 'y')); return; }
    if (req.url === '/declared') { res.setHeader('content-length', String(2 * 1024 * 1024)); res.end(Buffer.alloc(2 * 1024 * 1024, 'z')); return; }
    const answer = { bytes: 0, clientLeft: false };
    answers.push(answer);
    res.on('close', () => { if (!res.writableFinished) answer.clientLeft = true; });
    const pump = () => {
      while (!res.destroyed && answer.bytes < WRITE_LIMIT) {
        answer.bytes += CHUNK.length;
        if (!res.write(CHUNK)) { res.once('drain', pump); return; }
      }
      if (!res.destroyed) res.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answers,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A fixture folder with one case asking `path` for a 200. */
function fixtureFor(path: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'api-check-cap-'));
  writeFileSync(join(dir, 'case.json'), JSON.stringify({ surface: 'Endless', name: `GET ${path}`, request: { method: 'GET', path }, response: { status: 200 } }));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function withEndless(fn: (s: Endless) => Promise<void>): Promise<void> {
  const s = await endless();
  try { await fn(s); } finally { await s.close(); }
}

const cap = suite('api-check --max-response-body');

cap('an endless body with --max-response-body 1mb: the case fails naming the cap, the checker hangs up, exit 1', () => withEndless(async (s) => {
  const f = fixtureFor('/endless');
  try {
    const r = await runBinAsync('api-check', [f.dir, '--base-url', s.url, '--reporter', 'plain', '--no-conformance', '--max-response-body', '1mb']);
    assert.is(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /response body exceeds 1 MiB \(--max-response-body\)/);
    assert.is(s.answers.length, 1);
    assert.ok(s.answers[0]!.clientLeft, 'the checker went away mid-body');
    assert.ok(s.answers[0]!.bytes < WRITE_LIMIT, 'it did not read on to the server\'s own limit');
  } finally { f.remove(); }
}));

cap('an endless body and no option: the default cap, 32 MiB, is named', () => withEndless(async (s) => {
  const f = fixtureFor('/endless');
  try {
    const r = await runBinAsync('api-check', [f.dir, '--base-url', s.url, '--reporter', 'plain', '--no-conformance']);
    assert.is(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /response body exceeds 32 MiB \(--max-response-body\)/);
    assert.ok(s.answers[0]!.clientLeft, 'the checker went away mid-body');
  } finally { f.remove(); }
}));

cap('a body under the cap passes; one whose Content-Length is past it fails', () => withEndless(async (s) => {
  const small = fixtureFor('/small');
  const declared = fixtureFor('/declared');
  try {
    const ok = await runBinAsync('api-check', [small.dir, '--base-url', s.url, '--reporter', 'plain', '--no-conformance', '--max-response-body', '1kb']);
    assert.is(ok.code, 0, ok.stdout + ok.stderr);
    const big = await runBinAsync('api-check', [declared.dir, '--base-url', s.url, '--reporter', 'plain', '--no-conformance', '--max-response-body', '1048576']);
    assert.is(big.code, 1, big.stdout + big.stderr);
    assert.match(big.stdout, /response body exceeds 1 MiB \(--max-response-body\)/);
  } finally { small.remove(); declared.remove(); }
}));

cap('send() (replay, fuzz and example verification read through it) stops at its cap', () => withEndless(async (s) => {
  const r = await send(s.url, { method: 'GET', path: '/endless' }, { timeoutMs: 30_000, maxResponseBody: 64 * 1024 });
  assert.equal(r, { ok: false, kind: 'too-large', message: 'response body exceeds 64 KiB (--max-response-body)' });
}));

const usage = suite('api-check --max-response-body, command-line faults');

for (const args of [['test/fixtures/S1'], ['fuzz', 'S1']]) {
  usage(`api-check ${args.join(' ')} --max-response-body (no value): one line, exit 2`, () => {
    const r = runBin('api-check', [...args, '--max-response-body']);
    assert.is(r.code, 2, r.stdout + r.stderr);
    assert.is(r.stderr, "api-check: option '--max-response-body <size>' argument missing\n");
    assert.is(r.stdout, '');
  });

  usage(`api-check ${args.join(' ')} --max-response-body lots: one line naming the flag, exit 2`, () => {
    const r = runBin('api-check', [...args, '--max-response-body', 'lots']);
    assert.is(r.code, 2, r.stdout + r.stderr);
    assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /^api-check: option '--max-response-body <size>' argument 'lots' is invalid\. expected a size of at least 1 byte/);
  });
}

cap.run();
usage.run();
