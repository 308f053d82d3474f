// The default record store: lowdb over one durable JSON file, its writes group-committed
// (group-commit.ts).
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Low } from 'lowdb';
import type { Result } from '../codec/types.js';
import { DurableJsonFile } from './durable-json-file.js';
import { lockStore } from './lock.js';
import { type Keyed, type RecordStore, StoreOpenError } from './record-store.js';
import { GroupCommit } from './group-commit.js';

/** The file's content: the next id to hand out (ids are never reused) and the records. */
export interface StoreFile<T> {
  readonly nextId: number;
  readonly records: readonly Keyed<T>[];
}

/** Checks one stored value (a value codec's `check` fits). */
export type CheckValue<T> = (json: unknown, path: string) => Result<T>;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1;

/** Reads the file's JSON into a StoreFile, or throws saying what is wrong and where. */
export function storeFileOf<T>(check: CheckValue<T>) {
  return (json: unknown): StoreFile<T> => {
    if (!isObject(json)) throw new Error('expected an object with "nextId" and "records"');
    const { nextId, records } = json;
    if (!isId(nextId)) throw new Error('"nextId" is not a positive integer');
    if (!Array.isArray(records)) throw new Error('"records" is not a list');
    const seen = new Set<number>();
    const out: Keyed<T>[] = records.map((r: unknown, i) => {
      const where = `records[${i}]`;
      if (!isObject(r) || !isId(r.id)) throw new Error(`${where} has no positive integer "id"`);
      if (r.id >= nextId) throw new Error(`${where} has id ${r.id}, not below "nextId" ${nextId}`);
      if (seen.has(r.id)) throw new Error(`${where} repeats id ${r.id}`);
      seen.add(r.id);
      const v = check(r.value, `$.${where}.value`);
      if (!v.ok) throw new Error(`${v.path ?? `$.${where}.value`}: ${v.error}`);
      return { id: r.id, value: v.value };
    });
    return { nextId, records: out.sort((a, b) => a.id - b.id) };
  };
}

/** The state a batch edits: the file's content, writable. */
interface Draft<T> { nextId: number; records: Keyed<T>[] }

class LowdbStore<T> implements RecordStore<T> {
  readonly #commit: GroupCommit<Draft<T>, Draft<T>>;
  #byId: Map<number, Keyed<T>>;
  #closed = false;
  readonly #release: () => Promise<void>;

  constructor(db: Low<StoreFile<T>>, release: () => Promise<void>) {
    this.#release = release;
    this.#byId = new Map(db.data.records.map((r) => [r.id, r]));
    this.#commit = new GroupCommit<Draft<T>, Draft<T>>(
      { nextId: db.data.nextId, records: [...db.data.records] },
      (d) => ({ nextId: d.nextId, records: [...d.records] }),
      async (draft) => {
        const before = db.data;
        db.data = draft;
        try { await db.write(); } catch (err) { db.data = before; throw err; }
      },
      (_, written) => {
        this.#byId = new Map(written.records.map((r) => [r.id, r]));
        return written;
      },
    );
  }

  list(): Promise<readonly Keyed<T>[]> { return Promise.resolve(this.#commit.state.records); }

  get(id: number): Promise<Keyed<T> | undefined> { return Promise.resolve(this.#byId.get(id)); }

  insert(value: T): Promise<Keyed<T>> {
    return this.#commit.run((draft) => {
      const record = { id: draft.nextId, value };
      draft.nextId += 1;
      draft.records.push(record);
      return { result: record, changed: true };
    });
  }

  delete(id: number): Promise<boolean> {
    return this.#commit.run((draft) => {
      const at = draft.records.findIndex((r) => r.id === id);
      if (at >= 0) draft.records.splice(at, 1);
      return { result: at >= 0, changed: at >= 0 };
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#commit.close();
    await this.#release();
  }
}

/**
 * Opens (or prepares to create) a record store in one JSON file. A file that exists but cannot
 * be read or is not a valid store throws StoreOpenError: it is never reset.
 */
export async function openLowdbStore<T>(file: string, check: CheckValue<T>): Promise<RecordStore<T>> {
  await mkdir(dirname(file), { recursive: true }).catch((err: Error) => { throw new StoreOpenError(`cannot create the folder of ${file}: ${err.message}`); });
  const release = await lockStore(file);
  try {
    const db = new Low<StoreFile<T>>(new DurableJsonFile(file, storeFileOf(check)), { nextId: 1, records: [] });
    await db.read();
    return new LowdbStore(db, release);
  } catch (err) {
    await release();
    throw err;
  }
}
