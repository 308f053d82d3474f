// An implementation made ready for the web fetch handler: what `build` (server/build-surface.ts)
// does for `serve`, but with nothing from Node on its import path: the load checks, the handlers
// found in the handler map, given extension runtimes, the compiled pipeline.
import type { Implementation, ServeEnv } from '../dsl/implement.js';
import type { ExtensionDescriptor } from '../dsl/extension.js';
import { checkSurface } from '../dsl/check-surface.js';
import { SurfaceError } from '../dsl/surface-error.js';
import { MOCK_RESET } from '../dsl/mocked.js';
import { prepareDeclaredErrors } from '../describe/declared-error.js';
import { type CompiledSurface, compile, resolveHandlers } from '../server/pipeline.js';
import type { ExtensionFactory, ExtensionRuntime } from '../server/extensions.js';

export interface WebSurfaceOptions {
  /** Largest request body read, in bytes (413 past it); 1 MiB, as served. */
  readonly maxBody?: number;
  /** Where diagnostics go (a crashed handler's stack); `console.error` by default. */
  readonly log?: (line: string) => void;
  /** Surface-specific settings, as `serve`'s `options`. */
  readonly options?: Readonly<Record<string, string | undefined>>;
  /** The serve environment's `dataDir`, for handlers that read it; nothing is written there. */
  readonly dataDir?: string;
  /** Runtimes of extensions whose read leaves a claim to verify (as `serve`'s `runtimes`). */
  readonly runtimes?: ReadonlyMap<ExtensionDescriptor, ExtensionFactory>;
}

export const WEB_DEFAULT_MAX_BODY = 1024 * 1024;

export interface WebSurface {
  readonly surface: string;
  readonly cs: CompiledSurface;
  readonly notes: readonly string[];
  close(): Promise<void>;
}

/**
 * Builds `impl` for answering Requests without Node.
 * decided: what needs Node is refused here with the way out named, not answered differently
 * (docs/fetch.md "The web fetch handler: what needs Node"): a stateful mock (its stores and reset
 * route are the Node server's) and `auth` (its user directory and password hashing are).
 */
export async function buildWebSurface(impl: Implementation, options: WebSurfaceOptions = {}): Promise<WebSurface> {
  const surface = impl.surface;
  const endpoints = checkSurface(surface);
  const log = options.log ?? ((line: string) => { console.error(line); });
  const notes: string[] = [];
  const closers: (() => void | Promise<void>)[] = [];
  const env: ServeEnv = {
    dataDir: options.dataDir ?? 'data', options: options.options ?? {}, log,
    announce: (note) => { notes.push(note); }, onClose: (fn) => { closers.push(fn); },
  };
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= (async () => { for (const fn of closers.reverse()) await fn(); })());
  try {
    const built: unknown = await impl.build(env);
    if (built !== null && typeof built === 'object' && MOCK_RESET in built) {
      throw new Error(`${surface.name}: a stateful mock needs Node (its collection store and reset route are the server's); answer it with fetchHandler from api-serve/fetch, or mock it without stateful`);
    }
    const handlers = resolveHandlers(surface.name, endpoints, built);
    const extensions = new Map<ExtensionDescriptor, ExtensionRuntime>();
    for (const e of endpoints) {
      for (const x of e.extensions) {
        if (extensions.has(x.ext) || !x.ext.claims) continue;
        const factory = options.runtimes?.get(x.ext);
        if (factory === undefined) {
          throw new SurfaceError(surface.name, `${e.method} ${e.path} (${e.name})`, `"${x.ext.name}" credentials are verified by the Node server (its user directory, password hashes and keys): answer this surface with fetchHandler from api-serve/fetch, or give options.runtimes a runtime for "${x.ext.name}"`);
        }
        extensions.set(x.ext, await factory(env, {}));
      }
    }
    await prepareDeclaredErrors(endpoints);
    const cs = compile(endpoints, handlers, {
      ...(surface.meta.formatters ? { formatters: surface.meta.formatters } : {}),
      extensions, maxBody: options.maxBody ?? WEB_DEFAULT_MAX_BODY, log,
    });
    return { surface: surface.name, cs, notes, close };
  } catch (err) {
    await close();
    throw err;
  }
}
