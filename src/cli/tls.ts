// TLS on the command line: `--tls-cert`/`--tls-key` read into serve()'s `tls` option, and the
// warning for a surface that takes credentials over plain HTTP.
import { readFileSync } from 'node:fs';
import { walk } from '../dsl/walk.js';
import type { Surface } from '../dsl/types.js';
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
  return { cert: readPem(certPath, '--tls-cert'), key: readPem(keyPath, '--tls-key') };
}

/** A warning line when this surface authenticates requests and is served without TLS. */
export function plainHttpWarning(surface: Surface): string | undefined {
  const authenticates = walk(surface).some((e) => e.extensions.some((x) => x.ext === 'auth'));
  return authenticates
    ? `api-serve: warning: ${surface.name} is served over plain HTTP: passwords and tokens travel in clear text; serve it with --tls-cert FILE --tls-key FILE`
    : undefined;
}
