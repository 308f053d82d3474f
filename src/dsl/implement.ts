// Handlers as a value apart from the surface: typed from it, built per server start.
import type { HandlersOf } from './infer.js';
import type { Surface, Tree } from './types.js';

/** What a server start gives a surface's handlers. */
export interface ServeEnv {
  /** Where runtime state and served files live (`--data`). */
  readonly dataDir: string;
  /** Surface-specific settings from the command line (`upstream`, `upstreamTimeout`...). */
  readonly options: Readonly<Record<string, string | undefined>>;
  /** A diagnostic line on stderr. */
  log(line: string): void;
  /** A short note the listening line carries (e.g. where an upstream double listens). */
  announce(note: string): void;
  /** Runs when the server stops (close stores, pools...). */
  onClose(fn: () => void | Promise<void>): void;
}

/** What a handler knows about the request besides its typed input. */
export interface HandlerContext {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Aborted when the client goes away (stop producing a stream). */
  readonly signal: AbortSignal;
  /** Whether the request's Accept takes this media type (`application/pdf`), as the server negotiates. */
  accepts(type: string): boolean;
}

export interface Implementation<T extends Tree = Tree> {
  readonly kind: 'implementation';
  readonly surface: Surface<T>;
  build(env: ServeEnv): Promise<HandlersOf<T>>;
}

/**
 * Binds handlers to a surface, type-checked against it. Give the handler map itself, or a
 * function of the serve environment that builds it (to open a store under `--data`).
 */
export function implement<T extends Tree>(
  surface: Surface<T>,
  handlers: HandlersOf<T> | ((env: ServeEnv) => HandlersOf<T> | Promise<HandlersOf<T>>),
): Implementation<T> {
  return {
    kind: 'implementation',
    surface,
    build: async (env) => (typeof handlers === 'function' ? await handlers(env) : handlers),
  };
}
