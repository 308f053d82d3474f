// One writer per store file: a lock file beside it holding the owner's pid and start time. A lock
// left by a process that is gone (kill -9, a crash, a container restart that reuses the pid) is
// taken over; a live owner makes the open fail.
import { readFileSync } from 'node:fs';
import { open, readFile, unlink } from 'node:fs/promises';
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

/** Locks this process holds now: a lock naming our pid but not in here is a previous life's. */
const held = new Set<string>();

/**
 * Whether the lock's owner still runs: its pid is alive and, when the lock recorded it, started
 * at the same moment (a pid reused after a restart, pid 1 in a container, is not the owner).
 */
function ownerRuns(lock: string, pid: number, started: string | undefined): boolean {
  if (pid === process.pid) return held.has(lock);
  if (!alive(pid)) return false;
  return started === undefined || started === '' || startOf(pid) === '' || startOf(pid) === started;
}

type Release = () => Promise<void>;

/** One attempt at `lock`: its release, or the pid of the live process holding it. */
async function tryLock(lock: string, what: string): Promise<Release | { owner: number }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(lock, 'wx', 0o600);
      held.add(lock);
      await handle.writeFile(`${process.pid} ${startOf(process.pid)}\n`);
      await handle.close();
      return async () => { held.delete(lock); await unlink(lock).catch(() => undefined); };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new StoreOpenError(`cannot lock ${what}: ${(err as Error).message}`);
    }
    const [pidText, started] = (await readFile(lock, 'utf8').catch(() => '')).trim().split(/\s+/);
    const owner = Number(pidText);
    if (Number.isSafeInteger(owner) && owner > 0 && ownerRuns(lock, owner, started)) return { owner };
    await unlink(lock).catch(() => undefined);
  }
  throw new StoreOpenError(`cannot lock ${what}: its lock keeps reappearing`);
}

/** Takes the lock of `file` for as long as a server runs; resolves to its release. */
export async function lockStore(file: string): Promise<Release> {
  const r = await tryLock(`${file}.lock`, file);
  if (typeof r === 'function') return r;
  throw new StoreOpenError(`${file} is in use by another server (pid ${r.owner}); serve one data directory from one server at a time`);
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
    if (Date.now() > deadline) throw new StoreOpenError(`${file} is being changed by another process (pid ${r.owner}); try again`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
