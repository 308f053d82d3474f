// One writer per store file: a lock file beside it holding the owner's pid. A lock left by a
// process that is gone (kill -9, a crash) is taken over; a live owner makes the open fail.
import { open, readFile, unlink } from 'node:fs/promises';
import { StoreOpenError } from './record-store.js';

const alive = (pid: number): boolean => {
  try { process.kill(pid, 0); return true; } catch (err) { return (err as NodeJS.ErrnoException).code === 'EPERM'; }
};

/** Takes the lock of `file`; resolves to its release. */
export async function lockStore(file: string): Promise<() => Promise<void>> {
  const lock = `${file}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(lock, 'wx', 0o600);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return async () => { await unlink(lock).catch(() => undefined); };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new StoreOpenError(`cannot lock ${file}: ${(err as Error).message}`);
    }
    const owner = Number((await readFile(lock, 'utf8').catch(() => '')).trim());
    if (Number.isSafeInteger(owner) && owner > 0 && alive(owner)) {
      throw new StoreOpenError(`${file} is in use by another server (pid ${owner}); serve one data directory from one server at a time`);
    }
    await unlink(lock).catch(() => undefined);
  }
  throw new StoreOpenError(`cannot lock ${file}: its lock keeps reappearing`);
}
