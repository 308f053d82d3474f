// The JWT signing key: from a file (`--jwt-secret-file`), from API_SERVE_JWT_SECRET, or else
// generated once into the data dir (mode 0600) so tokens survive a restart.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** HS256 wants a key at least as long as its 256-bit hash (RFC 7518 section 3.2). */
export const MIN_SECRET_BYTES = 32;
export const SECRET_FILE = 'jwt-secret';
export const SECRET_ENV = 'API_SERVE_JWT_SECRET';

export class SecretError extends Error {}

export interface SecretSource {
  /** A file holding the secret (a trailing line break is ignored). */
  readonly file?: string | undefined;
  /** The secret itself (API_SERVE_JWT_SECRET). */
  readonly value?: string | undefined;
  readonly dataDir: string;
  readonly log: (line: string) => void;
}

function stripLineEnd(b: Buffer): Buffer {
  let end = b.length;
  while (end > 0 && (b[end - 1] === 0x0a || b[end - 1] === 0x0d)) end--;
  return b.subarray(0, end);
}

function checked(secret: Buffer, where: string): Uint8Array {
  if (secret.length < MIN_SECRET_BYTES) {
    throw new SecretError(`the JWT secret from ${where} is ${secret.length} bytes; it must be at least ${MIN_SECRET_BYTES} (try: openssl rand -base64 48)`);
  }
  return new Uint8Array(secret);
}

async function readSecretFile(path: string, where: string): Promise<Buffer> {
  try {
    return stripLineEnd(await readFile(path));
  } catch (err) {
    throw new SecretError(`cannot read the JWT secret ${where}: ${(err as Error).message}`);
  }
}

/** Finds (or makes) the key; a flag beats the environment, which beats the generated file. */
export async function loadSecret(src: SecretSource): Promise<Uint8Array> {
  if (src.file !== undefined && src.file !== '') return checked(await readSecretFile(src.file, `file ${src.file}`), `--jwt-secret-file ${src.file}`);
  if (src.value !== undefined && src.value !== '') return checked(Buffer.from(src.value, 'utf8'), SECRET_ENV);
  const path = join(src.dataDir, SECRET_FILE);
  try {
    await mkdir(src.dataDir, { recursive: true });
    // 'wx': two servers starting at once never overwrite each other's key.
    await writeFile(path, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    src.log(`api-serve: generated a JWT signing key in ${path}`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new SecretError(`cannot write the JWT secret ${path}: ${(err as Error).message}`);
    const mode = (await stat(path)).mode & 0o777;
    if ((mode & 0o077) !== 0) src.log(`api-serve: warning: ${path} is readable by others (mode ${mode.toString(8)}); chmod 600 it`);
  }
  return checked(await readSecretFile(path, path), path);
}
