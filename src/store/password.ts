// Password hashes: scrypt from node:crypto with a per-user random salt, encoded with their
// parameters so they can be raised later; verification is constant-time.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, params: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, { ...params, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** `scrypt$N=16384,r=8,p=1$<salt base64>$<hash base64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, PARAMS, KEY_LENGTH);
  return `scrypt$N=${PARAMS.N},r=${PARAMS.r},p=${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface Parsed { readonly params: ScryptOptions; readonly salt: Buffer; readonly key: Buffer }

function parse(encoded: string): Parsed | undefined {
  const m = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(encoded);
  if (!m) return undefined;
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (N < 2 || (N & (N - 1)) !== 0 || N > 1 << 20 || r < 1 || r > 32 || p < 1 || p > 16) return undefined;
  const salt = Buffer.from(m[4]!, 'base64');
  const key = Buffer.from(m[5]!, 'base64');
  if (salt.length < 8 || key.length < 16) return undefined;
  return { params: { N, r, p }, salt, key };
}

/** Whether `encoded` looks like a hash this module wrote (used to validate the store file). */
export const isPasswordHash = (encoded: string): boolean => parse(encoded) !== undefined;

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const h = parse(encoded);
  if (!h) return false;
  const key = await derive(password, h.salt, h.params, h.key.length);
  return timingSafeEqual(key, h.key);
}
