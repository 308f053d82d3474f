// HTTPS: any surface served with a certificate, S6 logins over TLS, a client that does not trust
// the certificate being turned away, and a handshake that never finishes being closed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { request } from 'undici';
import { handlers as s6 } from '../../specs/S6.js';
import { handlers as s2 } from '../../specs/S2.js';
import { start, tempDir } from '../helpers/server.js';
import { portOf } from '../helpers/raw.js';
import { type SelfSigned, selfSigned } from '../helpers/self-signed.js';

const tls = suite<{ dir: string; pki?: SelfSigned }>('TLS', { dir: '' });
tls.before((ctx) => { ctx.dir = tempDir(); ctx.pki = selfSigned(ctx.dir); });
tls.after((ctx) => { rmSync(ctx.dir, { recursive: true, force: true }); });

tls('S6 over HTTPS: an https:// URL, a basic login sets the cookies, the token works as bearer', async ({ pki }) => {
  const s = await start(s6, { tls: { cert: pki!.cert, key: pki!.key } });
  const dispatcher = pki!.agent();
  try {
    assert.match(s.url, /^https:\/\/127\.0\.0\.1:\d+$/);
    const auth = `Basic ${Buffer.from('user:pass').toString('base64')}`;
    const r = await request(`${s.url}/foo/42`, { headers: { authorization: auth }, dispatcher });
    assert.is(r.statusCode, 200);
    assert.is(await r.body.text(), '[]');
    const token = /JWT-Cookie=([^;]+)/.exec((r.headers['set-cookie'] as string[])[1]!)![1]!;
    const b = await request(`${s.url}/bar`, { headers: { authorization: `Bearer ${token}` }, dispatcher });
    assert.is(b.statusCode, 200);
    await b.body.dump();
    const no = await request(`${s.url}/bar`, { dispatcher });
    assert.is(no.statusCode, 401);
    await no.body.dump();
  } finally {
    await dispatcher.close();
    await s.close();
  }
});

tls('any surface can be served over TLS (S2)', async ({ pki }) => {
  const s = await start(s2, { tls: { cert: pki!.cert, key: pki!.key } });
  const dispatcher = pki!.agent();
  try {
    const r = await request(`${s.url}/position/3/4`, { dispatcher });
    assert.equal(await r.body.json(), { xCoord: 3, yCoord: 4 });
  } finally {
    await dispatcher.close();
    await s.close();
  }
});

tls('a client that does not trust the certificate cannot talk to the server', async ({ pki }) => {
  const s = await start(s2, { tls: { cert: pki!.cert, key: pki!.key } });
  try {
    await request(`${s.url}/position/3/4`).then(
      () => assert.unreachable('the self-signed certificate was trusted'),
      (err: Error & { code?: string }) => assert.match(`${err.code} ${err.message}`, /SELF_SIGNED|self.signed|certificate/i),
    );
  } finally { await s.close(); }
});

/**
 * Opens a TCP connection, writes `bytes` (the start of a handshake, or nothing) and resolves with
 * whether the server closed it before the test stopped waiting (a bound, not a measure of speed).
 */
function heldOpen(port: number, bytes: Buffer, waitMs = 5000): Promise<'closed by the server' | 'still open'> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1', () => { if (bytes.length > 0) sock.write(bytes); });
    const timer = setTimeout(() => { resolve('still open'); sock.destroy(); }, waitMs);
    sock.on('error', () => {});
    sock.on('close', () => { clearTimeout(timer); resolve('closed by the server'); });
    sock.resume();
  });
}

// A TLS 1.2 record header announcing a 512-byte ClientHello, and only its first bytes.
const PARTIAL_CLIENT_HELLO = Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03]);

tls('a TLS handshake that never finishes (nothing sent, half a ClientHello) is closed within the headers timeout, not held for minutes', async ({ pki }) => {
  const s = await start(s2, { tls: { cert: pki!.cert, key: pki!.key }, timeouts: { headers: 300, request: 600 } });
  try {
    for (const [name, bytes] of [['nothing sent', Buffer.alloc(0)], ['half a ClientHello', PARTIAL_CLIENT_HELLO]] as const) {
      assert.is(await heldOpen(portOf(s.url), bytes), 'closed by the server', name);
    }
  } finally { await s.close(); }
});

tls('plain HTTP sent to the HTTPS port: the connection is closed', async ({ pki }) => {
  const s = await start(s2, { tls: { cert: pki!.cert, key: pki!.key } });
  try {
    assert.is(await heldOpen(portOf(s.url), Buffer.from('GET /hello HTTP/1.1\r\nHost: x\r\n\r\n')), 'closed by the server');
  } finally { await s.close(); }
});

tls.run();
