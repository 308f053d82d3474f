// HTTPS: any surface served with a certificate, S6 logins over TLS, and a client that does not
// trust the certificate being turned away.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rmSync } from 'node:fs';
import { request } from 'undici';
import { handlers as s6 } from '../../specs/S6.js';
import { handlers as s2 } from '../../specs/S2.js';
import { start, tempDir } from '../helpers/server.js';
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

tls.run();
