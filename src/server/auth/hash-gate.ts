// The password-check gate: at most a few scrypt hashes run at once, a bounded queue waits, and a
// check past the queue is refused at once (503 + Retry-After) rather than queued behind the rest.

/**
 * decided: 2 checks at once, 64 waiting (docs/decisions.md "Password hashing
 * limit"): scrypt runs on libuv's threadpool (4 threads by default), which file reads and the
 * JWT's HMAC share, so a flood of Basic logins must leave threads free for every other request.
 */
export const DEFAULT_HASH_CONCURRENCY = 2;
export const DEFAULT_HASH_QUEUE = 64;

/** What the gate made of one check: its result, or `busy` when the queue was full. */
export type Gated<T> = { readonly kind: 'done'; readonly value: T } | { readonly kind: 'busy' };

export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly concurrency: number, readonly queue: number) {}

  /** Checks running and waiting now (for tests and logs). */
  get load(): { readonly running: number; readonly waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(check: () => Promise<T>): Promise<Gated<T>> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) return { kind: 'busy' };
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return { kind: 'done', value: await check() };
    } finally {
      // The slot passes straight to the next in line (running stays counted), else it frees up.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
