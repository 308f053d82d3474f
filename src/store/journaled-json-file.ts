// A JSON file plus an append-only journal beside it (`FILE.journal`, one change per line): a write
// appends only its changes and syncs them, so it costs what changed, not the whole file; the
// journal is folded into the file (written whole, durably) when it outgrows it and at close.
import { type FileHandle, open, readFile, unlink } from 'node:fs/promises';
import { DurableJsonFile, syncDirectory, type Validate } from './durable-json-file.js';
import { StoreOpenError } from './record-store.js';

/** A journal is folded once it is larger than the file, and never below this size. */
const FOLD_AT_LEAST = 256 * 1024;

const errnoOf = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The file's data and the changes the journal holds since it was written. */
export interface Journaled<T, C> {
  readonly data: T | null;
  readonly changes: readonly C[];
}

/**
 * The file carries `"generation": n` and the journal starts with the line `{"generation":n}`: a
 * journal of another generation was already folded into the file (a crash came between writing the
 * file and emptying the journal) and is not read again. A last line without its newline is a write
 * that was never acknowledged (a crash came in the middle of it) and is dropped.
 */
export class JournaledJsonFile<T extends object, C> {
  readonly file: string;
  readonly journal: string;
  readonly #whole: DurableJsonFile<T & { generation: number }>;
  readonly #changeOf: (json: unknown) => C;
  #generation = 0;
  #handle: FileHandle | undefined;
  #journalBytes = 0;
  #fileBytes = 0;
  /** No file yet, or the journal holds what an earlier run or a failed append left: fold before the next append. */
  #dirty = true;
  /** Whether a journal file exists (read found one, or this process started one). */
  #journalOnDisk = false;

  constructor(file: string, validate: Validate<T>, changeOf: (json: unknown) => C) {
    this.file = file;
    this.journal = `${file}.journal`;
    this.#changeOf = changeOf;
    this.#whole = new DurableJsonFile(file, (json) => {
      const generation = (json as { generation?: unknown } | null)?.generation ?? 0;
      if (!Number.isSafeInteger(generation) || (generation as number) < 0) throw new Error('"generation" is not a non-negative integer');
      return { ...validate(json), generation: generation as number };
    });
  }

  /** Reads the file and the journal's changes since; throws StoreOpenError when either cannot be used. */
  async read(): Promise<Journaled<T, C>> {
    const whole = await this.#whole.read();
    this.#generation = whole?.generation ?? 0;
    const data: T | null = whole;
    this.#fileBytes = this.#whole.lastBytes;
    // No file yet: the first append writes it, so the file named at start exists from then on.
    this.#dirty = whole === null;
    let text: string;
    try {
      text = await readFile(this.journal, 'utf8');
    } catch (err) {
      if (errnoOf(err) === 'ENOENT') return { data, changes: [] };
      throw new StoreOpenError(`cannot read the journal ${this.journal}: ${oneLine((err as Error).message)}`);
    }
    this.#journalOnDisk = true;
    this.#dirty ||= text !== '';
    const lines = text.split('\n');
    lines.pop(); // '' after the last newline, or a line never finished
    if (lines.length === 0) return { data, changes: [] };
    const header = this.#parse(lines[0]!, 1) as { generation?: unknown } | null;
    if (typeof header?.generation !== 'number') throw this.#corrupt('line 1 is not {"generation": n}');
    if (header.generation !== this.#generation) {
      if (header.generation < this.#generation) return { data, changes: [] };
      throw this.#corrupt(`it follows generation ${header.generation}, the file is generation ${this.#generation}`);
    }
    const changes = lines.slice(1).map((line, i) => {
      const json = this.#parse(line, i + 2);
      try { return this.#changeOf(json); } catch (err) { throw this.#corrupt(`line ${i + 2}: ${oneLine((err as Error).message)}`); }
    });
    return { data, changes };
  }

  /**
   * Appends `changes` and syncs them. Folds first when the journal has outgrown the file, or
   * holds what an earlier read or failed append left; `data` gives the state the journal is to be
   * folded into (the state without these changes).
   */
  async append(changes: readonly C[], data: () => T): Promise<void> {
    if (this.#dirty || this.#journalBytes > Math.max(FOLD_AT_LEAST, this.#fileBytes)) await this.fold(data());
    let text = '';
    for (const c of changes) text += `${JSON.stringify(c)}\n`;
    try {
      const handle = this.#handle ?? (await this.#start());
      await handle.write(text);
      await handle.datasync();
      this.#journalBytes += Buffer.byteLength(text);
    } catch (err) {
      // Part of the text may be in the journal: it is folded away before the next append.
      this.#dirty = true;
      throw err;
    }
  }

  /** Writes `data` as the file, durably, and starts an empty journal of the next generation. */
  async fold(data: T): Promise<void> {
    await this.#writeFile(data);
    await this.#start();
  }

  /** Folds what the journal holds into the file and removes the journal. */
  async close(data: T): Promise<void> {
    if (this.#dirty || this.#journalBytes > 0) await this.#writeFile(data);
    await this.#handle?.close();
    this.#handle = undefined;
    // Not synced: a journal that comes back after a crash is of an older generation than the file.
    if (this.#journalOnDisk) await unlink(this.journal).catch((err) => { if (errnoOf(err) !== 'ENOENT') throw err; });
    this.#journalOnDisk = false;
  }

  /** The file of the next generation; until a journal of that generation starts, the old one is stale. */
  async #writeFile(data: T): Promise<void> {
    await this.#handle?.close();
    this.#handle = undefined;
    this.#generation += 1;
    // generation first in the file, and ours even when `data` was read with an older one.
    await this.#whole.write(Object.assign({ generation: this.#generation }, data, { generation: this.#generation }));
    this.#fileBytes = this.#whole.lastBytes;
    this.#dirty = true;
  }

  /** Empties the journal and writes its header; a journal created here is made durable in its folder. */
  async #start(): Promise<FileHandle> {
    const handle = await open(this.journal, 'w', 0o644);
    try {
      const header = `${JSON.stringify({ generation: this.#generation })}\n`;
      await handle.write(header);
      await handle.datasync();
      if (!this.#journalOnDisk) await syncDirectory(this.#whole.folder);
      this.#journalOnDisk = true;
      this.#journalBytes = 0;
      this.#dirty = false;
      this.#handle = handle;
      return handle;
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  #parse(line: string, n: number): unknown {
    try { return JSON.parse(line); } catch (err) { throw this.#corrupt(`line ${n} is not valid JSON: ${oneLine((err as Error).message)}`); }
  }

  #corrupt(why: string): StoreOpenError {
    return new StoreOpenError(`the journal ${this.journal} is corrupt (${why}); refusing to start rather than lose data: repair or move it away`);
  }
}
