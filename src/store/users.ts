// The user store: logins with scrypt password hashes and the AuthenticatedUser they stand for,
// kept in one JSON file under the data dir (mode 0600, replaced atomically), re-read when it
// changes on disk so `api-serve users add` reaches a running server.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AuthenticatedUser } from '../dsl/auth.js';
import { hashPassword, isPasswordHash, verifyPassword } from './password.js';
import { withEditLock } from './lock.js';

export const USERS_FILE = 'users.json';

export interface StoredUser extends AuthenticatedUser {
  readonly login: string;
  /** `scrypt$...`: never the password itself. */
  readonly hash: string;
}

export interface NewUser extends AuthenticatedUser {
  readonly login: string;
  readonly password: string;
}

/** The reference's demo users, seeded (hashed) into a fresh store. */
export const DEMO_USERS: readonly NewUser[] = [
  { login: 'user', password: 'pass', auID: 1, auOrgID: 1 },
  { login: 'user2', password: 'pass2', auID: 2, auOrgID: 1 },
];

export class UserStoreError extends Error {}

/** Why a login cannot be stored, or undefined when it can (Basic credentials split at the first `:`). */
export function loginProblem(login: string): string | undefined {
  if (login === '') return 'a login may not be empty';
  if (login.includes(':')) return 'a login may not contain ":" (HTTP basic credentials split at the first colon)';
  if (/[\u0000-\u001f\u007f]/.test(login)) return 'a login may not contain control characters';
  if (login.length > 256) return 'a login may have at most 256 characters';
  return undefined;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

function validate(path: string, text: string): StoredUser[] {
  const bad = (why: string) => new UserStoreError(`the user store ${path} is not valid: ${why}`);
  let doc: unknown;
  try { doc = JSON.parse(text); } catch (err) { throw bad(`not JSON (${(err as Error).message})`); }
  const users = (doc as { users?: unknown } | null)?.users;
  if (!Array.isArray(users)) throw bad('expected an object with a "users" array');
  const seen = new Set<string>();
  return users.map((u: unknown, i) => {
    const r = (u ?? {}) as Record<string, unknown>;
    if (typeof r.login !== 'string' || loginProblem(r.login)) throw bad(`users[${i}].login: ${typeof r.login === 'string' ? loginProblem(r.login) : 'expected a string'}`);
    if (seen.has(r.login)) throw bad(`the login ${JSON.stringify(r.login)} appears twice`);
    seen.add(r.login);
    if (!isId(r.auID) || !isId(r.auOrgID)) throw bad(`users[${i}]: auID and auOrgID must be integers`);
    if (typeof r.hash !== 'string' || !isPasswordHash(r.hash)) throw bad(`users[${i}].hash is not a password hash this program wrote`);
    return { login: r.login, auID: r.auID, auOrgID: r.auOrgID, hash: r.hash };
  });
}

/** Writes the whole file to a temp file beside it, then renames it over the old one. */
async function writeAtomically(path: string, users: readonly StoredUser[]): Promise<void> {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fh = await open(tmp, 'wx', 0o600);
  try {
    await fh.writeFile(`${JSON.stringify({ version: 1, users }, null, 2)}\n`);
    await fh.sync();
  } finally {
    await fh.close();
  }
  try { await rename(tmp, path); } catch (err) { await rm(tmp, { force: true }); throw err; }
  // The rename itself is durable only once the directory is synced.
  const dir = await open(dirname(path), 'r');
  try { await dir.sync(); } finally { await dir.close(); }
}

export class UserStore {
  readonly path: string;
  private users: StoredUser[] = [];
  private version = '';
  /** A hash of a random password: an unknown login is checked against it, costing what a wrong password costs. */
  private readonly dummy: string;

  private constructor(path: string, dummy: string) {
    this.path = path;
    this.dummy = dummy;
  }

  /** Opens the store in `dataDir`, creating it with the demo users when it does not exist. */
  static async open(dataDir: string): Promise<UserStore> {
    await mkdir(dataDir, { recursive: true });
    const store = new UserStore(join(dataDir, USERS_FILE), await hashPassword(randomBytes(16).toString('hex')));
    const exists = await stat(store.path).then(() => true, (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return false;
      throw err;
    });
    if (!exists) {
      // decided: a fresh store holds the reference's demo users; see docs/reference-surfaces.md "S6 authentication".
      const seeded = await Promise.all(DEMO_USERS.map(async ({ password, ...u }) => ({ ...u, hash: await hashPassword(password) })));
      // Under the edit lock, and only if still absent: a concurrent `users add` may have seeded it.
      await withEditLock(store.path, async () => {
        if (!(await stat(store.path).then(() => true, () => false))) await writeAtomically(store.path, seeded);
      });
    }
    await store.refresh();
    return store;
  }

  /**
   * Re-reads the file when it changed on disk since the last read; `always` before a change made
   * under the edit lock, where a stale copy would drop another writer's user (a rewrite can reuse
   * the inode, the size and, on a coarse clock, the mtime).
   */
  private async refresh(always = false): Promise<void> {
    const s = await stat(this.path);
    const version = `${s.ino}:${s.size}:${s.mtimeMs}`;
    if (version === this.version && !always) return;
    this.users = validate(this.path, await readFile(this.path, 'utf8'));
    this.version = version;
  }

  async list(): Promise<readonly StoredUser[]> {
    await this.refresh();
    return this.users;
  }

  /** The user these credentials belong to, or undefined (unknown login or wrong password, same cost). */
  async verify(login: string, password: string): Promise<AuthenticatedUser | undefined> {
    await this.refresh();
    const u = this.users.find((x) => x.login === login);
    const ok = await verifyPassword(password, u?.hash ?? this.dummy);
    return u && ok ? { auID: u.auID, auOrgID: u.auOrgID } : undefined;
  }

  async add(user: NewUser): Promise<void> {
    const problem = loginProblem(user.login);
    if (problem) throw new UserStoreError(problem);
    if (!isId(user.auID) || !isId(user.auOrgID)) throw new UserStoreError('auID and auOrgID must be integers');
    if (user.password === '') throw new UserStoreError('the password may not be empty');
    const stored: StoredUser = { login: user.login, auID: user.auID, auOrgID: user.auOrgID, hash: await hashPassword(user.password) };
    await withEditLock(this.path, async () => {
      await this.refresh(true);
      if (this.users.some((x) => x.login === user.login)) throw new UserStoreError(`the user ${JSON.stringify(user.login)} exists already (remove it first)`);
      await writeAtomically(this.path, [...this.users, stored]);
      await this.refresh();
    });
  }

  /** Removes a login; false when there was none. */
  async remove(login: string): Promise<boolean> {
    return withEditLock(this.path, async () => {
      await this.refresh(true);
      const rest = this.users.filter((x) => x.login !== login);
      if (rest.length === this.users.length) return false;
      await writeAtomically(this.path, rest);
      await this.refresh();
      return true;
    });
  }
}
