// TLS on the command line: `--tls-cert`/`--tls-key` read into serve()'s `tls` option. Loaded only
// when one of them is given (node:tls is not needed to serve plain HTTP).
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { UsageError } from './resolve-surface.js';

export interface TlsFiles { readonly cert: Buffer; readonly key: Buffer }

function readPem(path: string, flag: string): Buffer {
  try {
    return readFileSync(path);
  } catch (err) {
    throw new UsageError(`${flag}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

/** The certificate and key, or undefined for plain HTTP; one without the other is a usage error. */
export function readTls(certPath: string | undefined, keyPath: string | undefined): TlsFiles | undefined {
  if (certPath === undefined && keyPath === undefined) return undefined;
  if (certPath === undefined || keyPath === undefined) throw new UsageError('--tls-cert and --tls-key go together: give both PEM files');
  const files = { cert: readPem(certPath, '--tls-cert'), key: readPem(keyPath, '--tls-key') };
  // Checked here, so that a wrong file is named instead of surfacing as a bare OpenSSL code.
  try {
    createSecureContext({ cert: files.cert });
  } catch (err) {
    throw new UsageError(`--tls-cert: ${certPath} is not a PEM certificate (${(err as Error).message})`);
  }
  try {
    createSecureContext({ key: files.key });
  } catch (err) {
    throw new UsageError(`--tls-key: ${keyPath} is not a PEM private key (${(err as Error).message})`);
  }
  try {
    createSecureContext(files);
  } catch (err) {
    throw new UsageError(`--tls-cert ${certPath} and --tls-key ${keyPath} do not belong together (${(err as Error).message})`);
  }
  return files;
}
