// The storage interface stateful surfaces use: records with server-assigned integer ids behind
// four async operations, so a backend can change without touching a surface.

/** A stored record: its id (unique, never reused) and its value. */
export interface Keyed<T> {
  readonly id: number;
  readonly value: T;
}

export interface RecordStore<T> {
  /** Every record, by ascending id. */
  list(): Promise<readonly Keyed<T>[]>;
  /** The record with this id, or `undefined` when there is none. */
  get(id: number): Promise<Keyed<T> | undefined>;
  /** Stores a value under a fresh id; resolves only once the record is durable. */
  insert(value: T): Promise<Keyed<T>>;
  /** Removes a record; resolves to whether it existed, once the removal is durable. */
  delete(id: number): Promise<boolean>;
  /** Finishes pending writes and releases the store. */
  close(): Promise<void>;
}

/** The store cannot be opened: its file is unreadable or not a valid store. Never reset. */
export class StoreOpenError extends Error {
  override readonly name = 'StoreOpenError';
}

/** A write did not reach the disk; the operation it carried did not happen. */
export class StoreWriteError extends Error {
  override readonly name = 'StoreWriteError';
}
