// One writer per store file: a lock file beside it holding the owner's pid and start time. A lock
// left by a process that is gone (kill -9, a crash, a container restart that reuses the pid) is
// taken over; a live owner makes the open fail.
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { StoreOpenError } from './record-store.js';

const alive = (pid: number): boolean => {
  try { process.kill(pid, 0); return true; } catch (err) { return (err as NodeJS.ErrnoException).code === 'EPERM'; }
};

/** When a process started (Linux: clock ticks since boot, from /proc), '' where unknown. */
function startOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch { return ''; }
}

/**
 * Locks this process holds now, with the token each was written with: a lock naming our pid but
 * not in here (or with another token) is a previous life's, or one being released.
 */
const held = new Map<string, string>();

/**
 * Whether the lock's owner still runs: its pid is alive and, when the lock recorded it, started
 * at the same moment (a pid reused after a restart, pid 1 in a container, is not the owner).
 */
function ownerRuns(lock: string, pid: number, started: string | undefined, token: string | undefined): boolean {
  if (pid === process.pid) return token !== undefined && held.get(lock) === token;
  if (!alive(pid)) return false;
  const now = startOf(pid);
  return started === undefined || started === '' || started === '-' || now === '' || now === started;
}

/**
 * Creates `lock` already holding our pid, or false when it exists. Written to a private file and
 * hard-linked into place, so no other process ever reads a lock file that is still empty (and
 * would take it for a dead one's).
 */
async function createLock(lock: string, token: string): Promise<boolean> {
  const tmp = `${lock}.${process.pid}.${token}`;
  // The token makes each lock's text its own: two locks of one process (its store handles) would
  // otherwise read the same, and a waiter removing "the dead lock it read" could remove a new one.
  await writeFile(tmp, `${process.pid} ${startOf(process.pid) || '-'} ${token}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(tmp, lock);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

type Release = () => Promise<void>;

/**
 * One attempt at `lock`: its release, or the pid of the live process holding it (undefined when
 * it kept changing hands while we looked).
 */
async function tryLock(lock: string, what: string): Promise<Release | { owner: number | undefined }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    let created: boolean;
    const token = randomBytes(6).toString('hex');
    try {
      created = await createLock(lock, token);
    } catch (err) {
      throw new StoreOpenError(`cannot lock ${what}: ${(err as Error).message}`);
    }
    if (created) {
      held.set(lock, token);
      // Removed before it stops counting as held: while the file is there, a waiter in this
      // process sees a live owner, never a dead lock to remove.
      return async () => { await unlink(lock).catch(() => undefined); if (held.get(lock) === token) held.delete(lock); };
    }
    const text = await readFile(lock, 'utf8').catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? undefined : ''));
    // Released between our attempt and the read: try again, removing nothing (it may be new).
    if (text === undefined) continue;
    const [pidText, started, written] = text.trim().split(/\s+/);
    const owner = Number(pidText);
    if (Number.isSafeInteger(owner) && owner > 0 && ownerRuns(lock, owner, started, written)) return { owner };
    // A dead owner's lock: removed only while it still says what we judged.
    if ((await readFile(lock, 'utf8').catch(() => undefined)) === text) await unlink(lock).catch(() => undefined);
  }
  return { owner: undefined };
}

/** Takes the lock of `file` for as long as a server runs; resolves to its release. */
export async function lockStore(file: string): Promise<Release> {
  const r = await tryLock(`${file}.lock`, file);
  if (typeof r === 'function') return r;
  throw new StoreOpenError(`${file} is in use by another server${r.owner === undefined ? '' : ` (pid ${r.owner})`}; serve one data directory from one server at a time`);
}

/**
 * Runs one read-modify-write of `file` under a short-lived lock, waiting up to `waitMs` for
 * another writer (another `api-serve users` run) to finish, so that no write is lost.
 */
export async function withEditLock<T>(file: string, edit: () => Promise<T>, waitMs = 10000): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let pause = 5; ; pause = Math.min(100, pause * 2)) {
    const r = await tryLock(`${file}.edit-lock`, file);
    if (typeof r === 'function') {
      try { return await edit(); } finally { await r(); }
    }
    if (Date.now() > deadline) throw new StoreOpenError(`${file} is being changed by another process${r.owner === undefined ? '' : ` (pid ${r.owner})`}; try again`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
