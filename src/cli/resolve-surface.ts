// Turns a command-line surface argument (`S2`, `S2:9001`, `./api.ts:9000`) into a loaded surface
// module and the port asked for.
import { basename, extname, resolve } from 'node:path';
import { registry, type SurfaceModule } from '../../specs/index.js';
import { isModulePath } from '../fixture/surface-ref.js';
import { ModuleLoadError, loadModule } from './load-module.js';
import type { PolkaSetup } from '../server/polka.js';

export class UsageError extends Error {}

/** How a command reads an OpenAPI document: `lenient` serves checks it cannot make left out (`--lenient`). */
export interface DocumentOptions {
  readonly lenient?: boolean;
}

/**
 * What a module path gives: docs need only `surface`; serving needs `handlers` too, and runs the
 * module's `middleware` and `configure` (Polka middleware and an app hook) before the surface.
 */
export type LoadedSurface = Pick<SurfaceModule, 'surface'> & Partial<Pick<SurfaceModule, 'handlers'>> & PolkaSetup;

export interface SurfaceArg {
  readonly label: string;
  /** The module's absolute path, for a surface given by path. */
  readonly path?: string;
  readonly port?: number;
  /** Loads the surface; a `generation` (from `--watch`) loads a module path afresh. */
  load(generation?: number): Promise<LoadedSurface>;
}

/** The handlers of a loaded surface, or a usage error naming the module. */
export function requireHandlers(mod: LoadedSurface, label: string): SurfaceModule['handlers'] {
  if (!mod.handlers) throw new UsageError(`${label} exports no \`handlers\` to serve`);
  const h = mod.handlers as { kind?: unknown; surface?: unknown } | null;
  if (typeof h !== 'object' || h === null || h.kind !== 'implementation' || typeof h.surface !== 'object') {
    throw new UsageError(`${label}: \`handlers\` must be the value of implement(surface, handlers), not a plain object`);
  }
  return mod.handlers;
}

export function parsePort(text: string, what: string): number {
  if (!/^\d+$/.test(text) || Number(text) > 65535) throw new UsageError(`${what}: "${text}" is not a port (0 to 65535)`);
  return Number(text);
}

const registryKey = (name: string) => Object.keys(registry).find((k) => k.toLowerCase() === name.toLowerCase());

/** The command whose warnings these are (`api-serve`), from the running bin script. */
const commandName = () => basename(process.argv[1] ?? 'api-serve').replace(/\.[cm]?[jt]s$/, '');

/**
 * The surface of an OpenAPI document (no handlers: it is served by the mock); each construct the
 * surface cannot carry is one warning line on stderr before anything is served.
 */
async function loadDocumentSurface(path: string, options: DocumentOptions): Promise<LoadedSurface> {
  const { loadDocument, importSurface, documentWarnings, OpenApiLoadError } = await import('../openapi/index.js');
  try {
    const imported = importSurface(await loadDocument(path, { lenient: options.lenient === true }), basename(path, extname(path)));
    const said = documentWarnings(commandName(), path, imported.warnings, options.lenient === true);
    if ('refusal' in said) throw new UsageError(said.refusal);
    for (const line of said.lines) process.stderr.write(`${line}\n`);
    return { surface: imported.surface };
  } catch (err) {
    if (err instanceof OpenApiLoadError) throw new UsageError(err.message);
    throw err;
  }
}

/** Documents read in this process: one read (and one set of warning lines) however often a command asks. */
const documents = new Map<string, Promise<LoadedSurface>>();

/** The surface a module at `path` exports (and its handlers, if any), or a one-line UsageError. */
export async function loadSurfaceModule(path: string, generation?: number, options: DocumentOptions = {}): Promise<LoadedSurface> {
  if (/\.(ya?ml|json)$/i.test(path)) {
    // A watched document (`--watch`, a generation) is read afresh each time.
    if (generation !== undefined) return loadDocumentSurface(path, options);
    const key = `${options.lenient === true ? 'lenient:' : ''}${resolve(path)}`;
    let loaded = documents.get(key);
    if (!loaded) documents.set(key, loaded = loadDocumentSurface(path, options));
    return loaded;
  }
  let mod: Partial<SurfaceModule>;
  try {
    mod = await loadModule(path, generation) as Partial<SurfaceModule>;
  } catch (err) {
    if (err instanceof ModuleLoadError) throw new UsageError(err.message);
    throw err;
  }
  // decided: a module whose default export is `implement(surface, ...)` is served by it, as one
  // exporting `handlers` and `surface` is (docs/serving.md "Use it in your project").
  const fallback = (mod as { default?: unknown }).default;
  if (isImplementation(fallback)) mod = { ...mod, surface: mod.surface ?? fallback.surface, handlers: mod.handlers ?? fallback };
  if (!mod.surface) throw new UsageError(`${path} does not export a \`surface\` (or an implement(surface, ...) as its default export)`);
  return { ...(mod as LoadedSurface), ...polkaSetup(mod as Record<string, unknown>, path) };
}

/** Whether a value is what implement(surface, handlers) returns. */
function isImplementation(v: unknown): v is SurfaceModule['handlers'] {
  const h = v as { kind?: unknown; surface?: unknown } | null;
  return typeof h === 'object' && h !== null && h.kind === 'implementation' && typeof h.surface === 'object' && h.surface !== null;
}

/** A module's `middleware` (a list of functions) and `configure` (a function), checked; else a one-line UsageError. */
function polkaSetup(mod: Record<string, unknown>, path: string): PolkaSetup {
  const { middleware, configure } = mod;
  if (middleware !== undefined && !(Array.isArray(middleware) && middleware.every((m) => typeof m === 'function'))) {
    throw new UsageError(`${path}: \`middleware\` must be a list of (req, res, next) functions`);
  }
  if (configure !== undefined && typeof configure !== 'function') throw new UsageError(`${path}: \`configure\` must be a function of the Polka app`);
  return { ...(middleware === undefined ? {} : { middleware: middleware as PolkaSetup['middleware'] }), ...(configure === undefined ? {} : { configure: configure as PolkaSetup['configure'] }) };
}

/** The loader of a registry surface (`name` in any case) or of the module at a path; else undefined. */
export function surfaceLoader(name: string, options: DocumentOptions = {}): (() => Promise<LoadedSurface>) | undefined {
  const key = registryKey(name);
  if (key) return () => registry[key]!.load();
  if (isModulePath(name)) return () => loadSurfaceModule(name, undefined, options);
  return undefined;
}

export function parseSurfaceArg(arg: string, options: DocumentOptions = {}): SurfaceArg {
  // `NAME:PORT`; a part after the last colon that is no port is a bad port when the part before
  // names a surface (`S2:abc`), not an unknown surface.
  const m = /^(.+):([^:/\\]*)$/.exec(arg);
  const named = m !== null && (registryKey(m[1]!) !== undefined || isModulePath(m[1]!));
  const name = named ? m[1]! : arg;
  const port = named ? parsePort(m[2]!, arg) : undefined;
  const key = registryKey(name);
  if (key) return { label: key, ...(port === undefined ? {} : { port }), load: () => registry[key]!.load() };
  if (isModulePath(name)) {
    return { label: name, path: resolve(name), ...(port === undefined ? {} : { port }), load: (generation?: number) => loadSurfaceModule(name, generation, options) };
  }
  throw new UsageError(`unknown surface "${name}" (known: ${Object.keys(registry).join(', ')}; or a path to a module exporting surface and handlers, or to an OpenAPI document)`);
}
