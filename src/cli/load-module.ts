// Loads a user's surface module by path: JavaScript natively, TypeScript through tsx's loader hooks
// (registered once, and only when a TypeScript path is given), and turns every way a module can
// fail to load into one line naming the file and, where known, the line and column.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A module that cannot be loaded: `message` is the one line the commands print. */
export class ModuleLoadError extends Error {}

const TYPESCRIPT = /\.[mc]?ts$/;
/** This package's own built code (dist/): frames there are never the user's line. */
const OWN = fileURLToPath(new URL('../../', import.meta.url));

let typescript: Promise<void> | undefined;

/** tsx's ES module hooks, then ours on top (see esm-typescript-hook.ts); once per process. */
function typescriptLoader(): Promise<void> {
  // decided (docs/decisions.md "Your own surfaces"):
  // tsx's hooks for the whole process rather than its namespaced tsImport, which loads a second
  // copy of every module the surface imports (api-serve included, so the server would not
  // recognise the surface's HttpError or auth descriptors).
  typescript ??= (async () => {
    const [{ register }, { register: registerHook }] = await Promise.all([import('tsx/esm/api'), import('node:module')]);
    register();
    registerHook(new URL('./esm-typescript-hook.js', import.meta.url));
  })();
  return typescript;
}

/** A path as the user reads it: relative to the working directory when it is under it. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : rel.split(sep).join('/');
}

function fileOf(location: string): string {
  return location.startsWith('file:') ? fileURLToPath(location) : location;
}

/** esbuild's `Transform failed with 2 errors:\n/abs/api.ts:3:7: ERROR: Expected ";"...`. */
function transformError(message: string): string | undefined {
  const head = /^Transform failed with (\d+) errors?:\n(.+?):(\d+):(\d+): ERROR: (.*)$/m.exec(message);
  if (!head) return undefined;
  const more = Number(head[1]) - 1;
  return `${shown(head[2]!)}:${head[3]}:${head[4]}: ${head[5]}${more > 0 ? ` (and ${more} more error${more === 1 ? '' : 's'})` : ''}`;
}

/**
 * Node's own SyntaxError for a JavaScript module carries no position when caught (Node prints it
 * only for an uncaught one), so `node --check` is asked where it is; this costs a process, on the
 * failure path only.
 */
function syntaxError(err: Error, file: string, given: string): string | undefined {
  if (err.name !== 'SyntaxError') return undefined;
  const check = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8', timeout: 10_000 });
  const at = /^(file:\/\/\S+?|\/\S+?):(\d+)$/m.exec(check.stderr ?? '');
  if (check.status === 0 || !at) return `${given}: SyntaxError: ${err.message} (in a module it imports)`;
  return `${shown(fileOf(at[1]!))}:${at[2]}: SyntaxError: ${err.message}`;
}

/** The first stack frame in the user's code (not this package, not node_modules, not node:). */
function userFrame(err: Error): string | undefined {
  for (const m of (err.stack ?? '').matchAll(/(?:^|\s|\()((?:file:\/\/)?\/[^\s()]+?):(\d+):(\d+)\)?$/gm)) {
    const file = fileOf(m[1]!);
    if (file.startsWith(OWN)) continue;
    if (file.includes(`${sep}node_modules${sep}`)) continue;
    return `${shown(file)}:${m[2]}:${m[3]}`;
  }
  return undefined;
}

/** One line for anything a module's loading threw. */
export function loadFailure(given: string, file: string, err: unknown): string {
  if (!(err instanceof Error)) return `${given}: ${String(err)}`;
  const firstLine = (err.message.split('\n')[0] ?? '').replaceAll(`${process.cwd()}${sep}`, './');
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'ERR_PACKAGE_PATH_NOT_EXPORTED' || code === 'ERR_UNSUPPORTED_DIR_IMPORT') return `${given}: ${firstLine}`;
  const compiled = transformError(err.message) ?? syntaxError(err, file, given);
  if (compiled) return compiled;
  const where = userFrame(err);
  // JavaScript's own error kinds keep their name (`TypeError: x is not a function`); a SurfaceError
  // or a plain Error is its message.
  const kind = /^(Type|Reference|Range|Syntax|Eval|URI)Error$/.test(err.name) ? `${err.name}: ` : '';
  return `${where ?? given}: ${kind}${firstLine}`;
}

let watching: Promise<void> | undefined;
const moduleFileListeners = new Set<(file: string) => void>();
/** Every user module reported so far: a listener that subscribes after a load is told of them too. */
const moduleFiles = new Set<string>();

/** Tells `listener` the path of every user module a watched surface imports (see watch-hook.ts). */
export function onModuleFile(listener: (file: string) => void): () => void {
  for (const file of moduleFiles) listener(file);
  moduleFileListeners.add(listener);
  return () => { moduleFileListeners.delete(listener); };
}

/** The `--watch` hook, once per process and only for a watched surface. */
function watchLoader(): Promise<void> {
  watching ??= (async () => {
    const [{ register }, { MessageChannel }] = await Promise.all([import('node:module'), import('node:worker_threads')]);
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (file: string) => {
      moduleFiles.add(file);
      for (const l of moduleFileListeners) l(file);
    });
    // The channel never keeps the process alive: the server does.
    port1.unref();
    register(new URL('./watch-hook.js', import.meta.url), { data: { port: port2 }, transferList: [port2] });
  })();
  return watching;
}

/**
 * The module at `path` (relative to the working directory), or a ModuleLoadError. A `generation`
 * (from `--watch`) loads the module and the user's modules it imports afresh.
 */
export async function loadModule(path: string, generation?: number): Promise<Record<string, unknown>> {
  const file = resolve(path);
  if (!existsSync(file)) throw new ModuleLoadError(`${path}: no such file`);
  if (statSync(file).isDirectory()) throw new ModuleLoadError(`${path} is a directory, not a module`);
  // decided (docs/decisions.md "Your own surfaces"):
  // TypeScript surfaces are ES modules; a .cts file would load api-serve (an ES module package)
  // through a second, CommonJS-compiled copy.
  if (file.endsWith('.cts')) throw new ModuleLoadError(`${path}: a .cts file is CommonJS; write the surface as an ES module (.ts or .mts)`);
  try {
    if (TYPESCRIPT.test(file)) await typescriptLoader();
    const url = pathToFileURL(file);
    if (generation !== undefined) {
      await watchLoader();
      url.searchParams.set('api-serve-generation', String(generation));
    }
    return (await import(url.href)) as Record<string, unknown>;
  } catch (err) {
    throw new ModuleLoadError(loadFailure(path, file, err));
  }
}
