// An implemented surface built for serving: load-time checks, its handlers found in the handler
// map, its extensions' runtimes, and its compiled pipeline (what `serve` and `mountable` share).
import type { Implementation, ServeEnv } from '../dsl/implement.js';
import type { EndpointInfo } from '../dsl/types.js';
import { checkSurface } from '../dsl/check-surface.js';
import { SurfaceError } from '../dsl/surface-error.js';
import { type CompiledSurface, type HandlerFn, compile, resolveHandlers } from './pipeline.js';
import type { ExtensionDescriptor } from '../dsl/extension.js';
import { type ExtensionRuntime, runtimeFactory } from './extensions.js';
import type { Observing } from './transport.js';
import type { ExchangeObserver } from './record.js';
import type { ServeOptions } from './serve.js';
import { prepareDeclaredErrors } from '../describe/declared-error.js';

export const DEFAULT_MAX_BODY = 1024 * 1024;

/** An implemented surface compiled to its pipeline, with what it announced and opened. */
export interface Built {
  readonly cs: CompiledSurface;
  readonly handlers: ReadonlyMap<EndpointInfo, HandlerFn>;
  /** What the implementation built (the handler map; a stateful mock's reset rides on it). */
  readonly built: unknown;
  readonly notes: string[];
  readonly log: (line: string) => void;
  /** Closes what the handlers and extensions opened (stores, pools), once. */
  close(): Promise<void>;
}

/** Checks an implemented surface, builds its handlers and extension runtimes, compiles its pipeline. */
export async function build(impl: Implementation, options: ServeOptions = {}): Promise<Built> {
  const surface = impl.surface;
  const endpoints = checkSurface(surface);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const closers: (() => void | Promise<void>)[] = [];
  const dataDir = options.dataDir ?? 'data';
  const notes: string[] = [];
  const env: ServeEnv = { dataDir, options: options.options ?? {}, log, announce: (note) => { notes.push(note); }, onClose: (fn) => { closers.push(fn); } };
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= (async () => { for (const fn of closers.reverse()) await fn(); })());
  try {
    const built = await impl.build(env);
    const handlers = resolveHandlers(surface.name, endpoints, built);
    const extensions = new Map<ExtensionDescriptor, ExtensionRuntime>();
    const seen = new Set<ExtensionDescriptor>();
    for (const e of endpoints) {
      for (const x of e.extensions) {
        if (seen.has(x.ext)) continue;
        seen.add(x.ext);
        // A descriptor whose read decides alone (range) needs no runtime.
        const factory = runtimeFactory(x.ext, options.runtimes);
        if (factory) extensions.set(x.ext, await (await factory)(env, { ...(options.users === undefined ? {} : { users: options.users }) }));
        else if (x.ext.claims) throw new SurfaceError(surface.name, `${e.method} ${e.path} (${e.name})`, `no server support for "${x.ext.name}"`);
      }
    }
    // Error bodies in a declared format may need samples: the sampler loads only then.
    await prepareDeclaredErrors(endpoints);
    const cs = compile(endpoints, handlers, { ...(surface.meta.formatters ? { formatters: surface.meta.formatters } : {}), extensions, maxBody: options.maxBody ?? DEFAULT_MAX_BODY, log });
    return { cs, handlers, built, notes, log, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The observers of every exchange, with the recorder's wrapper (loaded only when there is one). */
export async function observingOf(observers: readonly (ExchangeObserver | undefined)[]): Promise<Observing | undefined> {
  const given = observers.filter((o): o is ExchangeObserver => o !== undefined);
  if (given.length === 0) return undefined;
  const observer: ExchangeObserver = given.length === 1 ? given[0]! : (x, e) => { for (const o of given) o(x, e); };
  return { observer, observeExchange: (await import('./record.js')).observeExchange };
}
