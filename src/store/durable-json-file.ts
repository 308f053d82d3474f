// A lowdb adapter for one JSON file that never leaves a torn or half-durable file: each write
// goes to a temp file, is fsynced, renamed over the target, and the directory is fsynced.
import { open, readFile, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { StoreOpenError } from './record-store.js';

/** Turns the parsed JSON of the file into the store's data, or throws a message saying why not. */
export type Validate<T> = (json: unknown) => T;

const errnoOf = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export class DurableJsonFile<T> implements Adapter<T> {
  readonly file: string;
  readonly folder: string;
  /** The size of the file as last read or written, in bytes. */
  lastBytes = 0;
  readonly #temp: string;
  readonly #validate: Validate<T>;

  constructor(file: string, validate: Validate<T>) {
    this.file = file;
    this.folder = dirname(file);
    // decided: one fixed temp name next to the target (`.persons.json.tmp`), as steno does; a
    // leftover from a crash is never read and is overwritten by the next write.
    this.#temp = join(dirname(file), `.${basename(file)}.tmp`);
    this.#validate = validate;
  }

  /** `null` when the file does not exist yet; throws StoreOpenError when it cannot be used. */
  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (err) {
      if (errnoOf(err) === 'ENOENT') return null;
      throw new StoreOpenError(`cannot read the store ${this.file}: ${oneLine((err as Error).message)}`);
    }
    this.lastBytes = Buffer.byteLength(text);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw this.#corrupt(text.trim() === '' ? 'the file is empty' : `not valid JSON: ${oneLine((err as Error).message)}`);
    }
    try {
      return this.#validate(json);
    } catch (err) {
      throw this.#corrupt(oneLine((err as Error).message));
    }
  }

  /** Writes `data` as the file; resolves once it is durable (its size is then `lastBytes`). */
  async write(data: T): Promise<void> {
    const bytes = Buffer.from(`${JSON.stringify(data, null, 2)}\n`, 'utf8');
    const handle = await open(this.#temp, 'w', 0o644);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(this.#temp, this.file);
    await syncDirectory(this.folder);
    this.lastBytes = bytes.length;
  }

  #corrupt(why: string): StoreOpenError {
    return new StoreOpenError(`the store ${this.file} is corrupt (${why}); refusing to start rather than lose data: repair or move the file away`);
  }
}

/** Makes a rename durable; platforms that cannot fsync a directory (Windows) skip it. */
export async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (err) {
    if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF'].includes(errnoOf(err) ?? '')) throw err;
  } finally {
    await handle?.close();
  }
}
