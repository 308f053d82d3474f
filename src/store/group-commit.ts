// Group commit for a store kept in a file: the operations that arrive while a write is on its way
// are applied to a draft over the state and go to disk together in the next write; each is
// answered only once the write that carries it has succeeded, and a failed write undoes its batch.
import { StoreWriteError } from './record-store.js';

interface Op<D> {
  /** Applies the operation to the draft; returns its result and whether the draft changed. */
  apply(draft: D): { result: unknown; changed: boolean };
  resolve(result: unknown): void;
  reject(err: Error): void;
}

export class GroupCommit<S, D> {
  #committed: S;
  #pending: Op<D>[] = [];
  #draining = false;
  #writing: Promise<void> = Promise.resolve();
  #closed = false;

  /**
   * `begin` makes the draft a batch edits over the committed state (which it must leave as it is:
   * readers see only what is written); `write` makes a draft durable, given the state it was
   * drawn from; `finish` turns the state and a written draft into the new state.
   */
  constructor(
    initial: S,
    private readonly begin: (s: S) => D,
    private readonly write: (d: D, s: S) => Promise<void>,
    private readonly finish: (s: S, d: D) => S,
  ) {
    this.#committed = initial;
  }

  /** The state as last written. */
  get state(): S { return this.#committed; }

  run<R>(apply: (draft: D) => { result: R; changed: boolean }): Promise<R> {
    if (this.#closed) return Promise.reject(new StoreWriteError('the store is closed'));
    return new Promise<R>((resolve, reject) => {
      this.#pending.push({ apply, resolve: resolve as (r: unknown) => void, reject });
      if (!this.#draining) {
        this.#draining = true;
        this.#writing = this.#drain();
      }
    });
  }

  /** Refuses new operations and waits for the writes under way. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#writing;
  }

  /**
   * Writes batches until no operation is waiting. Clears `#draining` in the same turn as it sees
   * the queue empty, so no operation is left behind.
   */
  async #drain(): Promise<void> {
    for (;;) {
      if (this.#pending.length === 0) {
        this.#draining = false;
        return;
      }
      const batch = this.#pending.splice(0);
      const draft = this.begin(this.#committed);
      const outcomes: { result: unknown; changed: boolean }[] = [];
      let failed: Error | undefined;
      for (const op of batch) {
        try { outcomes.push(op.apply(draft)); } catch (err) { failed = err as Error; break; }
      }
      if (failed === undefined && outcomes.some((o) => o.changed)) {
        try {
          await this.write(draft, this.#committed);
        } catch (err) {
          failed = new StoreWriteError(`could not write the store: ${(err as Error)?.message ?? String(err)}`);
        }
      }
      if (failed !== undefined) {
        for (const op of batch) op.reject(failed);
        continue;
      }
      if (outcomes.some((o) => o.changed)) this.#committed = this.finish(this.#committed, draft);
      batch.forEach((op, i) => op.resolve(outcomes[i]!.result));
    }
  }
}
