// Turns a command-line surface argument (`S2`, `S2:9001`, `./my-api.js:9000`) into a loaded
// surface module and the port asked for.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { registry, type SurfaceModule } from '../../specs/index.js';

export class UsageError extends Error {}

/** What a module path gives: docs need only `surface`; serving needs `handlers` too. */
export type LoadedSurface = Pick<SurfaceModule, 'surface'> & Partial<Pick<SurfaceModule, 'handlers'>>;

export interface SurfaceArg {
  readonly label: string;
  readonly port?: number;
  load(): Promise<LoadedSurface>;
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

export function parseSurfaceArg(arg: string): SurfaceArg {
  const m = /^(.*):(\d+)$/.exec(arg);
  const name = m ? m[1]! : arg;
  const port = m ? parsePort(m[2]!, arg) : undefined;
  const key = registryKey(name);
  if (key) return { label: key, ...(port === undefined ? {} : { port }), load: () => registry[key]!.load() };
  if (name.includes('/') || /\.[cm]?[jt]s$/.test(name)) {
    return {
      label: name,
      ...(port === undefined ? {} : { port }),
      load: async () => {
        const mod = (await import(pathToFileURL(resolve(name)).href)) as Partial<SurfaceModule>;
        if (!mod.surface) throw new UsageError(`${name} does not export a \`surface\``);
        return mod as LoadedSurface;
      },
    };
  }
  throw new UsageError(`unknown surface "${name}" (known: ${Object.keys(registry).join(', ')}; or a path to a module exporting surface and handlers)`);
}
