// `--tls-cert`/`--tls-key` files through the real bin (issue 32): only regular files under 1 MiB are
// read (a FIFO, a device or a directory is one line and exit 2, never a hang), OpenSSL's reason when
// it refuses a certificate, and a warning (but a start) for one expired or not valid yet.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { type Spawned, runBin, spawnServe } from '../helpers/cli.js';
import { type SelfSigned, selfSigned } from '../helpers/self-signed.js';

const openssl = (args: string[], cwd?: string) => spawnSync('openssl', args, { encoding: 'utf8', ...(cwd === undefined ? {} : { cwd }) });

/**
 * A self-signed certificate valid only from `start` to `end` (openssl `ca` dates, YYYYMMDDHHMMSSZ),
 * with its key: `openssl req -x509` cannot date one in the past or the future.
 */
function dated(dir: string, start: string, end: string): { certFile: string; keyFile: string } {
  mkdirSync(dir);
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  const req = openssl(['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile, '-out', join(dir, 'req.csr'), '-subj', '/CN=localhost']);
  if (req.status !== 0) throw new Error(`openssl req failed: ${req.stderr}`);
  writeFileSync(join(dir, 'ca.cnf'), '[ca]\ndefault_ca = own\n[own]\ndatabase = index.txt\nnew_certs_dir = .\nserial = serial\ndefault_md = sha256\npolicy = any\n[any]\ncommonName = supplied\n');
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '01\n');
  const ca = openssl(['ca', '-batch', '-notext', '-config', 'ca.cnf', '-selfsign', '-keyfile', keyFile, '-in', 'req.csr', '-startdate', start, '-enddate', end, '-out', certFile], dir);
  if (ca.status !== 0) throw new Error(`openssl ca failed: ${ca.stderr}`);
  return { certFile, keyFile };
}

/**
 * Resolves once the server's stderr matches `line` (warnings follow the listening line), or fails
 * when it exits first or the bound passes (a guard against a hang, not a measure of speed).
 */
function stderrMatching(s: Spawned, line: RegExp, waitMs = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!line.test(s.stderr())) return;
      clearTimeout(timer);
      s.child.stderr!.off('data', onData);
      resolve(s.stderr());
    };
    // After the helper's own listener has appended the chunk.
    const onData = () => setImmediate(check);
    const timer = setTimeout(() => { s.child.stderr!.off('data', onData); reject(new Error(`no ${line} on stderr: ${s.stderr()}`)); }, waitMs);
    s.child.stderr!.on('data', onData);
    check();
  });
}

/** An HTTPS answer from the server (whatever its certificate): it has started and serves. */
async function status(url: string): Promise<number> {
  const dispatcher = new Agent({ connect: { rejectUnauthorized: false } });
  try {
    const r = await request(`${url}/hello`, { dispatcher });
    await r.body.dump();
    return r.statusCode;
  } finally {
    await dispatcher.close();
  }
}

const t = suite<{ dir: string; pki?: SelfSigned }>('api-serve --tls-cert/--tls-key files', { dir: '' });
t.before((ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), 'api-serve-tls-files-'));
  ctx.pki = selfSigned(ctx.dir);
});
t.after(({ dir }) => { rmSync(dir, { recursive: true, force: true }); });

t('a FIFO, /dev/zero or a directory as --tls-cert or --tls-key: one line naming it, exit 2 (no hang, no endless read)', ({ dir, pki }) => {
  const fifo = join(dir, 'cert.fifo');
  const made = spawnSync('mkfifo', [fifo]);
  assert.is(made.status, 0, `mkfifo: ${made.stderr}`);
  const cases: [string[], RegExp][] = [
    [['--tls-cert', fifo, '--tls-key', pki!.keyFile], /^api-serve: --tls-cert: .*cert\.fifo is a FIFO \(named pipe\); give a regular file\n$/],
    [['--tls-cert', pki!.certFile, '--tls-key', fifo], /^api-serve: --tls-key: .*cert\.fifo is a FIFO \(named pipe\); give a regular file\n$/],
    [['--tls-cert', '/dev/zero', '--tls-key', pki!.keyFile], /^api-serve: --tls-cert: \/dev\/zero is a device; give a regular file\n$/],
    [['--tls-cert', pki!.certFile, '--tls-key', '/dev/zero'], /^api-serve: --tls-key: \/dev\/zero is a device; give a regular file\n$/],
    [['--tls-cert', dir, '--tls-key', pki!.keyFile], /^api-serve: --tls-cert: .* is a directory; give a regular file\n$/],
  ];
  for (const [args, message] of cases) {
    const r = runBin('api-serve', ['S2', '--port', '0', ...args]);
    assert.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message, args.join(' '));
  }
});

t('a --tls-cert file over 1 MiB: one line saying the cap, exit 2', ({ dir, pki }) => {
  const big = join(dir, 'big.pem');
  writeFileSync(big, Buffer.alloc(1024 * 1024 + 1, 0x41));
  const r = runBin('api-serve', ['S2', '--port', '0', '--tls-cert', big, '--tls-key', pki!.keyFile]);
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, /^api-serve: --tls-cert: .*big\.pem is larger than 1 MiB, the most read for it\n$/);
});

t('a certificate with a 512-bit RSA key: OpenSSL\'s reason ("key too small"), not "not a PEM certificate"', ({ dir }) => {
  const keyFile = join(dir, 'rsa512-key.pem');
  const certFile = join(dir, 'rsa512-cert.pem');
  const made = openssl(['req', '-x509', '-newkey', 'rsa:512', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=localhost']);
  if (made.status !== 0) {
    // Only this case: an openssl that will not even generate a 512-bit key cannot test it.
    process.stderr.write(`skipped the RSA-512 case: openssl refused to generate the key (${made.stderr.trim().split('\n').pop()})\n`);
    return;
  }
  const r = runBin('api-serve', ['S2', '--port', '0', '--tls-cert', certFile, '--tls-key', keyFile]);
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, /^api-serve: --tls-cert: OpenSSL refuses the certificate in .*rsa512-cert\.pem: .*key too small \(its RSA key has 512 bits\)\n$/);
  assert.not.match(r.stderr, /not a PEM certificate/);
});

t('an expired certificate: a warning line on stderr naming the date, and the server still starts', async ({ dir }) => {
  const { certFile, keyFile } = dated(join(dir, 'expired'), '20200101000000Z', '20200102000000Z');
  const s = await spawnServe(['S2', '--port', '0', '--tls-cert', certFile, '--tls-key', keyFile]);
  try {
    assert.match(s.urls.S2!, /^https:/);
    await stderrMatching(s, /^api-serve: warning: .*expired[/\\]cert\.pem: the certificate expired on 2020-01-02T00:00:00Z; clients will refuse it$/m);
    assert.is(await status(s.urls.S2!), 200);
  } finally {
    await s.stop('SIGTERM');
  }
});

t('a certificate not valid yet: a warning line on stderr naming the date, and the server still starts', async ({ dir }) => {
  const { certFile, keyFile } = dated(join(dir, 'future'), '20991231000000Z', '21000101000000Z');
  const s = await spawnServe(['S2', '--port', '0', '--tls-cert', certFile, '--tls-key', keyFile]);
  try {
    assert.match(s.urls.S2!, /^https:/);
    await stderrMatching(s, /^api-serve: warning: .*future[/\\]cert\.pem: the certificate is not valid before 2099-12-31T00:00:00Z; clients will refuse it until then$/m);
    assert.is(await status(s.urls.S2!), 200);
  } finally {
    await s.stop('SIGTERM');
  }
});

t('a certificate valid now: no warning', async ({ pki }) => {
  const s = await spawnServe(['S2', '--port', '0', '--tls-cert', pki!.certFile, '--tls-key', pki!.keyFile]);
  try {
    // Answered, so past the point where the warnings are written (right after the listening line).
    assert.is(await status(s.urls.S2!), 200);
    assert.not.match(s.stderr(), /warning/);
  } finally {
    await s.stop('SIGTERM');
  }
});

t.run();
