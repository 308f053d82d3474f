// TLS on the command line: `--tls-cert`/`--tls-key` read into serve()'s `tls` option, with what is
// wrong with them said in OpenSSL's words. Loaded only when one of them is given (node:tls and
// node:crypto are not needed to serve plain HTTP).
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import { UsageError } from './resolve-surface.js';
import { readRegularFile } from './regular-file.js';

export interface TlsFiles { readonly cert: Buffer; readonly key: Buffer }

/** The files to serve with, and what the user should know about them (it still starts). */
export interface TlsSetup {
  readonly files: TlsFiles;
  /** Whole stderr lines: a certificate expired or not valid yet. */
  readonly warnings: readonly string[];
}

/**
 * decided: a PEM file may be 1 MiB at most (docs/serving.md "TLS",
 * files): a certificate chain is a few KiB; the cap keeps a wrong path from being read without end.
 */
export const PEM_LIMIT = 1024 * 1024;

/** OpenSSL's whole error line ("error:0480006C:PEM routines::no start line"). */
const openSslText = (err: unknown): string => (err as Error)?.message ?? String(err);

/** OpenSSL's reason alone ("ee key too small"), for a file it read but will not use. */
function reasonOf(err: unknown): string {
  const reason = (err as { reason?: unknown })?.reason;
  return typeof reason === 'string' && reason !== '' ? reason : openSslText(err);
}

/** The certificate as parsed, or undefined when the bytes are not one. */
function parsedCertificate(bytes: Buffer): X509Certificate | undefined {
  try { return new X509Certificate(bytes); } catch { return undefined; }
}

/** " (its RSA key has 512 bits)", " (its EC key is on prime256v1)": what OpenSSL judged, for the message. */
function keyNote(cert: X509Certificate): string {
  const k = cert.publicKey;
  const d = k.asymmetricKeyDetails;
  const type = (k.asymmetricKeyType ?? 'unknown').toUpperCase();
  if (d?.modulusLength !== undefined) return ` (its ${type} key has ${d.modulusLength} bits)`;
  if (d?.namedCurve !== undefined) return ` (its ${type} key is on ${d.namedCurve})`;
  return '';
}

const PEM_CERT = /-----BEGIN (TRUSTED )?CERTIFICATE-----/;

function checkCertificate(cert: Buffer, path: string): void {
  try {
    createSecureContext({ cert });
  } catch (err) {
    const parsed = PEM_CERT.test(cert.toString('latin1')) ? parsedCertificate(cert) : undefined;
    // A certificate OpenSSL can read but will not serve (a 512-bit RSA key): its reason, not "not PEM".
    if (parsed) throw new UsageError(`--tls-cert: OpenSSL refuses the certificate in ${path}: ${reasonOf(err)}${keyNote(parsed)}`);
    throw new UsageError(`--tls-cert: ${path} is not a PEM certificate (${openSslText(err)})`);
  }
}

function checkKey(key: Buffer, path: string): void {
  try {
    createSecureContext({ key });
  } catch (err) {
    let readable = false;
    try { createPrivateKey(key); readable = true; } catch { /* not a key node:crypto can read either */ }
    if (readable) throw new UsageError(`--tls-key: OpenSSL refuses the private key in ${path}: ${reasonOf(err)}`);
    throw new UsageError(`--tls-key: ${path} is not a PEM private key (${openSslText(err)})`);
  }
}

const when = (date: string) => {
  const d = new Date(date);
  return Number.isNaN(d.getTime()) ? date : d.toISOString().replace(/\.000Z$/, 'Z');
};

/**
 * decided: a certificate outside its validity still serves, with a warning (docs/serving.md
 * "TLS"): a test setup may want exactly that, and clients say so anyway.
 */
function validityWarning(cert: Buffer, path: string, now: Date): string | undefined {
  const parsed = parsedCertificate(cert);
  if (!parsed) return undefined;
  const from = new Date(parsed.validFrom);
  const to = new Date(parsed.validTo);
  if (to.getTime() < now.getTime()) return `api-serve: warning: ${path}: the certificate expired on ${when(parsed.validTo)}; clients will refuse it`;
  if (from.getTime() > now.getTime()) return `api-serve: warning: ${path}: the certificate is not valid before ${when(parsed.validFrom)}; clients will refuse it until then`;
  return undefined;
}

/** The certificate and key, or undefined for plain HTTP; one without the other is a usage error. */
export function readTls(certPath: string | undefined, keyPath: string | undefined, now = new Date()): TlsSetup | undefined {
  if (certPath === undefined && keyPath === undefined) return undefined;
  if (certPath === undefined || keyPath === undefined) throw new UsageError('--tls-cert and --tls-key go together: give both PEM files');
  const files = { cert: readRegularFile(certPath, '--tls-cert', PEM_LIMIT), key: readRegularFile(keyPath, '--tls-key', PEM_LIMIT) };
  // Checked here, so that a wrong file is named instead of surfacing as a bare OpenSSL code.
  checkCertificate(files.cert, certPath);
  checkKey(files.key, keyPath);
  try {
    createSecureContext(files);
  } catch (err) {
    throw new UsageError(`--tls-cert ${certPath} and --tls-key ${keyPath} do not belong together (${openSslText(err)})`);
  }
  const warning = validityWarning(files.cert, certPath, now);
  return { files, warnings: warning === undefined ? [] : [warning] };
}
