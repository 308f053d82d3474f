// Which collections a stateful run can follow, and where: top-level ones and nested ones (each
// collection above a nested one gives the sequence a parent item first), all with a create that
// answers the new item's id.
import type { EndpointInfo } from '../../dsl/types.js';
import type { Codec, ObjectCodec } from '../../codec/types.js';
import { type Collection, findCollections } from '../../mock/collections.js';
import { requiredParts } from '../../describe/required-parts.js';

export const objectOf = (c: Codec<unknown> | undefined): ObjectCodec<unknown> | undefined => {
  const t = c?.kind === 'lazy' ? c.target() : c?.kind === 'optional' ? c.inner : c;
  return t?.kind === 'object' ? t : undefined;
};
export const success = (e: EndpointInfo) => e.responses.find((r) => r.status >= 200 && r.status < 300);

/** Whether a collection's create answers the new item with its id field (else no later step can name it). */
function namesWhatItCreates(c: Collection): boolean {
  const create = [...c.endpoints].find(([, r]) => r === 'create')?.[0];
  const created = create && objectOf(success(create)?.content?.codec);
  return created !== undefined && Object.hasOwn(created.props, c.idField);
}

/**
 * The collections above a nested one, outermost first (`/things` for `/things/{id}/parts`: the
 * collection whose item path is the nested one's parent); undefined when the path above is no
 * collection's item.
 */
export function ancestorsOf(c: Collection, all: readonly Collection[]): Collection[] | undefined {
  if (!c.path.includes('{')) return [];
  const itemPath = c.path.slice(0, c.path.lastIndexOf('/'));
  const capture = /^\{(.+)\}$/.exec(itemPath.slice(itemPath.lastIndexOf('/') + 1))?.[1];
  const parent = all.find((p) => p.path === (itemPath.slice(0, itemPath.lastIndexOf('/')) || '/') && p.idCapture === capture);
  const above = parent && ancestorsOf(parent, all);
  return above && parent ? [...above, parent] : undefined;
}

/** A required parameter of one of a collection's endpoints (`query parameter limit`), if any. */
function requiring(c: Collection): string | undefined {
  for (const [e] of c.endpoints) {
    const [first] = requiredParts(e);
    if (first) return `${first.in === 'query' ? 'query parameter' : first.in} ${first.name} of ${e.method} ${e.path}`;
  }
  return undefined;
}

/**
 * The collections a sequence can follow: those whose create names what it creates, nested ones
 * too when every collection above them does (the sequence creates one item in each first).
 */
export function runnableCollections(endpoints: readonly EndpointInfo[]): Collection[] {
  const all = findCollections(endpoints);
  return all.filter((c) => namesWhatItCreates(c) && (ancestorsOf(c, all)?.every(namesWhatItCreates) ?? false) && requiring(c) === undefined);
}

/** A collection's path with its captures, in order, replaced by the ids of the items above it. */
export const instanceOf = (path: string, ids: readonly string[]) => {
  let i = 0;
  return path.replace(/\{[^}]+\}/g, () => encodeURIComponent(ids[i++] ?? ''));
};

export const roleOf = (c: Collection, role: string) => [...c.endpoints].find(([, r]) => r === role)?.[0];

/**
 * Paths shaped as collections that no sequence follows, each with why: the item carries no id
 * field (S5's generic collections: the mock does not keep them either), the create does not
 * answer the new item's id, or a nested one's parent path is no such collection.
 */
export function notRunnable(endpoints: readonly EndpointInfo[]): { readonly path: string; readonly why: string }[] {
  const all = findCollections(endpoints);
  const out: { path: string; why: string }[] = [];
  for (const c of all) {
    if (!namesWhatItCreates(c)) out.push({ path: c.path, why: `its create does not answer the new item's ${c.idField}` });
    else if (!(ancestorsOf(c, all)?.every(namesWhatItCreates) ?? false)) out.push({ path: c.path, why: 'the path above it is no collection that creates with an id' });
    else if (requiring(c) !== undefined) out.push({ path: c.path, why: `${requiring(c)!} is required, and a sequence sends no parameters` });
  }
  for (const e of endpoints) {
    const last = e.segments[e.segments.length - 1];
    if (e.method !== 'GET' || last?.kind !== 'capture') continue;
    const parent = e.path.slice(0, e.path.lastIndexOf('/')) || '/';
    const item = objectOf(success(e)?.content?.codec);
    const shaped = endpoints.some((p) => p.path === parent && ((p.method === 'POST' && p.body) || (p.method === 'GET' && success(p)?.content?.codec.kind === 'array')));
    if (item && shaped && !all.some((c) => c.path === parent) && !out.some((o) => o.path === parent)) out.push({ path: parent, why: 'its items carry no id field' });
  }
  return out;
}
