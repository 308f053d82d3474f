// What answers on one listener, swappable without a new socket: `--watch` replaces the surface,
// requests wait while a surface that holds a store's lock is swapped, and a last good surface that
// cannot start again after a failed reload answers 503 while it is retried.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Implementation } from '../dsl/implement.js';
import { SurfaceError } from '../dsl/surface-error.js';
import type { Prepared } from './serve.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** What answers while a surface is swapped: requests wait (their bodies unread) for what serves next. */
function holding(surface: string): Prepared & { flush(to: Listener): void } {
  const waiting: [IncomingMessage, ServerResponse][] = [];
  return {
    surface,
    notes: [],
    listener: (req, res) => { waiting.push([req, res]); },
    close: () => Promise.resolve(),
    flush(to) { for (const [req, res] of waiting.splice(0)) to(req, res); },
  };
}

/** A surface that cannot answer now: every request a 503 saying why. */
function unavailable(surface: string, why: string): Prepared {
  return {
    surface,
    notes: [],
    listener: (_req, res) => {
      res.statusCode = 503;
      res.setHeader('content-type', 'text/plain;charset=utf-8');
      res.setHeader('retry-after', '1');
      res.end(`Service Unavailable: ${why}; retrying`);
    },
    close: () => Promise.resolve(),
  };
}

const reason = (err: unknown) => (err as Error)?.message ?? String(err);

export class SurfaceSlot {
  private closing: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    /** What answers now: read at each request. */
    public current: Prepared,
    /** The implementation that last started (the last good one). */
    private running: Implementation,
    private readonly prepare: (impl: Implementation) => Promise<Prepared>,
    private readonly log: (line: string) => void,
  ) {}

  /** Swaps in `next` (its notes returned); a surface the checks refuse is refused while the old one answers. */
  async replace(next: Implementation): Promise<readonly string[]> {
    let fresh: Prepared;
    try {
      fresh = await this.prepare(next);
    } catch (err) {
      // Anything but a refused surface may be the old one holding what the new one opens (a store's
      // lock): retried once it is closed, with requests held (not answered by a closed surface)
      // until one of them serves again.
      if (err instanceof SurfaceError) throw err;
      const old = this.current;
      const held = holding(old.surface);
      this.current = held;
      // Requests are held until something serves again: a failing close must not keep them waiting.
      await old.close().catch((e: unknown) => this.log(`${old.surface}: closing the last good surface for a reload failed: ${reason(e)}`));
      try {
        fresh = await this.prepare(next);
      } catch (again) {
        await this.restore(again);
        held.flush(this.current.listener);
        throw again;
      }
      held.flush(fresh.listener);
    }
    clearTimeout(this.retry);
    this.retry = undefined;
    const old = this.current;
    this.current = fresh;
    this.running = next;
    await old.close();
    return fresh.notes;
  }

  /**
   * Brings the last good surface back after it was closed for a reload that then failed. When it
   * cannot start again either (its store is away), requests get a 503 saying so while it is
   * retried, with a growing pause, until it starts, a later reload succeeds, or the server closes.
   */
  private async restore(why: unknown): Promise<void> {
    try {
      this.current = await this.prepare(this.running);
      return;
    } catch (err) {
      this.log(`${this.current.surface}: the last good surface could not start again after a failed reload (${reason(err)}); answering 503 and retrying`);
      this.current = unavailable(this.current.surface, `the last good surface could not start again after a failed reload (${reason(why)})`);
    }
    const stand = this.current;
    const again = (pause: number) => {
      this.retry = setTimeout(() => {
        this.retry = undefined;
        if (this.closing) return;
        const wanted = this.running;
        this.prepare(wanted).then(async (back) => {
          // A reload that succeeded meanwhile, or a close, wins over this late restart.
          if (this.closing || this.running !== wanted || this.current.listener !== stand.listener) { await back.close(); return; }
          this.current = back;
          this.log(`${back.surface}: the last good surface answers again`);
        }, () => again(Math.min(pause * 2, 5000)));
      }, pause);
      this.retry.unref();
    };
    again(250);
  }

  /** Stops the retries, then the server (`stopServer`), then closes what answers; once. */
  close(stopServer: () => Promise<void>): Promise<void> {
    this.closing ??= (async () => {
      clearTimeout(this.retry);
      await stopServer();
      await this.current.close();
    })();
    return this.closing;
  }
}
