// `api-serve --watch`: a surface given by path is loaded again when its file, or a module of the
// user's it imports, changes; the new surface answers on the same port. A load that fails (a
// syntax error, a surface the checks refuse) is printed and the last good surface goes on answering.
import { type FSWatcher, watch } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Implementation } from '../dsl/implement.js';
import type { Served } from '../server/index.js';
import { onModuleFile } from './load-module.js';
import type { SurfaceArg } from './resolve-surface.js';

/** One watched surface: its argument, its server, and how a fresh load becomes an implementation. */
export interface Watched {
  readonly arg: SurfaceArg & { readonly path: string };
  readonly served: Served;
  implement(generation: number): Promise<Implementation>;
}

/** How long after the last change a reload starts: an editor's save is often several writes. */
const SETTLE_MS = 120;

/** Watches every watched surface; returns what stops the watching. */
export function watchSurfaces(surfaces: readonly Watched[], out: (line: string) => void, err: (line: string) => void): () => void {
  const stops = surfaces.map((w) => watchOne(w, out, err));
  return () => { for (const stop of stops) stop(); };
}

function watchOne(w: Watched, out: (line: string) => void, err: (line: string) => void): () => void {
  // Files of the surface's module graph, and one directory watcher per folder that holds any:
  // a folder rather than a file, so a save by rename (most editors) is seen too.
  const files = new Set<string>([w.arg.path]);
  const folders = new Map<string, FSWatcher>();
  let generation = 0;
  let timer: NodeJS.Timeout | undefined;
  let reloading: Promise<void> = Promise.resolve();
  let stopped = false;

  const reload = async () => {
    const g = ++generation;
    try {
      const notes = await w.served.replace(await w.implement(g));
      out(`${w.served.surface} reloaded from ${w.arg.label} on ${w.served.url}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`);
    } catch (e) {
      err(`api-serve: ${(e as Error)?.message ?? String(e)}; still serving the last good ${w.arg.label}`);
    }
  };
  const changed = (folder: string, name: string | null) => {
    if (stopped || (name !== null && !files.has(join(folder, name)))) return;
    clearTimeout(timer);
    timer = setTimeout(() => { reloading = reloading.then(reload); }, SETTLE_MS);
  };
  const add = (file: string) => {
    files.add(file);
    const folder = dirname(file);
    if (stopped || folders.has(folder)) return;
    try {
      const watcher = watch(folder, { persistent: false }, (_event, name) => changed(folder, name === null ? null : basename(name.toString())));
      watcher.on('error', () => { watcher.close(); folders.delete(folder); });
      folders.set(folder, watcher);
    } catch {
      // A folder that cannot be watched (gone, no permission) leaves its files unwatched.
    }
  };
  add(resolve(w.arg.path));
  const unsubscribe = onModuleFile(add);
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    for (const f of folders.values()) f.close();
  };
}
