// A throwaway self-signed certificate for 127.0.0.1/localhost, made with the openssl CLI, and an
// undici dispatcher that trusts exactly that certificate.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent } from 'undici';

export interface SelfSigned {
  readonly certFile: string;
  readonly keyFile: string;
  readonly cert: Buffer;
  readonly key: Buffer;
  /** Verifies the server against this certificate (hostname included), nothing else trusted. */
  agent(): Agent;
}

export function selfSigned(dir: string): SelfSigned {
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  const r = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`openssl failed: ${r.stderr || r.error?.message}`);
  const cert = readFileSync(certFile);
  return { certFile, keyFile, cert, key: readFileSync(keyFile), agent: () => new Agent({ connect: { ca: cert } }) };
}
