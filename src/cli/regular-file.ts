// A small file named on the command line, read only when it is a regular file under a size cap:
// a FIFO would hold the start until something writes to it, a device (/dev/zero) never ends.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { UsageError } from './resolve-surface.js';

function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

const sizeText = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`);

/** The bytes of `path`, or a UsageError naming `flag` when it is not a regular file of at most `limit` bytes. */
export function readRegularFile(path: string, flag: string, limit: number): Buffer {
  let fd: number;
  try {
    // Non-blocking, so that opening a FIFO returns at once (and is refused below) instead of
    // waiting for a writer; reads of a regular file do not heed the flag. Absent on Windows.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    throw new UsageError(`${flag}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  try {
    // The opened file itself is checked, not its name again (which could be swapped meanwhile).
    const st = fstatSync(fd);
    if (!st.isFile()) throw new UsageError(`${flag}: ${path} is ${kindOf(st)}; give a regular file`);
    const tooLarge = () => new UsageError(`${flag}: ${path} is larger than ${sizeText(limit)}, the most read for it`);
    if (st.size > limit) throw tooLarge();
    // Read to the end, whatever the size said, but never past the cap (a file may grow meanwhile).
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(64 * 1024);
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      if (total > limit) throw tooLarge();
      chunks.push(chunk.subarray(0, n));
    }
    return Buffer.concat(chunks, total);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`${flag}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  } finally {
    closeSync(fd);
  }
}
