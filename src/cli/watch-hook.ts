// A module loader hook for `api-serve --watch` (it runs on Node's loader thread): a module imported
// by a reloaded surface carries the surface's generation, so the user's whole module graph is
// evaluated afresh on each reload while api-serve's own modules and node_modules stay one copy.
import { fileURLToPath } from 'node:url';
import type { MessagePort } from 'node:worker_threads';

interface Resolved { url: string; format?: string | null | undefined }
interface Context { parentURL?: string | undefined }
type NextResolve = (specifier: string, context: Context) => Promise<Resolved>;

const PARAM = 'api-serve-generation';
/** This package's root (the hook is at dist/src/cli/ or src/cli/ under it). */
const ROOT = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../../../' : '../../', import.meta.url));
/** api-serve's own code: one copy, or the server would not recognise the surface's HttpError. */
const OWN = ['dist/', 'src/', 'specs/'].map((d) => `${ROOT}${d}`);

/** Where each user module of a generation is reported, so the watcher watches exactly those files. */
let report: MessagePort | undefined;

export function initialize(data: { port?: MessagePort } | undefined): void {
  report = data?.port;
}

export async function resolve(specifier: string, context: Context, next: NextResolve): Promise<Resolved> {
  const r = await next(specifier, context);
  const parent = context.parentURL;
  if (parent === undefined || !parent.startsWith('file:') || !r.url.startsWith('file:')) return r;
  const generation = new URL(parent).searchParams.get(PARAM);
  if (generation === null) return r;
  const url = new URL(r.url);
  const file = fileURLToPath(url);
  if (file.includes('/node_modules/') || OWN.some((own) => file.startsWith(own))) return r;
  url.searchParams.set(PARAM, generation);
  report?.postMessage(file);
  return { ...r, url: url.href };
}
