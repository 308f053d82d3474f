// `$ref`s of a bundled document: what a local pointer names, and which targets reach themselves
// (those become recursive codecs; every other target is read once and shared).
import { child, resolvePointer } from '../codec/json-pointer.js';
import type { SchemaResources } from './schema-resources.js';

type Found = { readonly found: true; readonly value: unknown } | { readonly found: false };

/** The value a local reference (`#/components/schemas/Pet`) names. */
export function resolveRef(doc: unknown, ref: string): Found {
  if (!ref.startsWith('#')) return { found: false };
  let pointer: string;
  try { pointer = decodeURIComponent(ref.slice(1)); } catch { return { found: false }; }
  const r = resolvePointer(doc, pointer);
  return r.found ? { found: true, value: r.value } : { found: false };
}

type FoundRef = { ref: string; from: string; dynamic: boolean };

/**
 * Each `$ref` and `$dynamicRef` inside a value (not following them), with the pointer of the schema
 * holding it. The keys walked are kept on a stack and joined into a pointer only for an object
 * holding a reference: building one per node walked was most of reading a large document's refs.
 */
function refsIn(value: unknown, pointer: string, out: FoundRef[]): FoundRef[] {
  const path: string[] = [];
  const here = () => path.reduce((p, k) => child(p, k), pointer);
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) { path.push(String(i)); visit(node[i]); path.pop(); }
    } else if (typeof node === 'object' && node !== null) {
      let from: string | undefined;
      for (const [k, v] of Object.entries(node)) {
        if ((k === '$ref' || k === '$dynamicRef') && typeof v === 'string') out.push({ ref: v, from: from ??= here(), dynamic: k === '$dynamicRef' });
        else { path.push(k); visit(v); path.pop(); }
      }
    }
  };
  visit(value);
  return out;
}

/**
 * The schemas (by pointer) from which following references leads back to themselves. A
 * `$dynamicRef` is taken to lead to every `$dynamicAnchor` of its name, which a dynamic scope may
 * pick: a target counted cyclic that is not only costs a named recursive codec.
 */
export function cyclicTargets(resources: SchemaResources): Set<string> {
  const edges = new Map<string, Set<string>>();
  // What a reference names depends on it and on the resource it is written in (its base URI):
  // a document's thousands of `$ref`s to the same few schemas are resolved once each.
  const resolved = new Map<string, string[]>();
  const targetsOf = (r: FoundRef): string[] => {
    const root = resources.resourceAt(r.from).root;
    const key = `${r.dynamic ? 'd' : 'r'}${root.length}:${root}${r.ref}`;
    const known = resolved.get(key);
    if (known !== undefined) return known;
    const found = resources.resolve(r.ref, r.from);
    const out = found === undefined ? [] : [found.pointer];
    const hash = r.ref.indexOf('#');
    const name = hash < 0 ? '' : r.ref.slice(hash + 1);
    if (r.dynamic && name !== '' && !name.startsWith('/')) out.push(...resources.dynamicAnchorsNamed(name));
    resolved.set(key, out);
    return out;
  };
  const pending = refsIn(resources.doc, '', []).flatMap(targetsOf);
  while (pending.length > 0) {
    const target = pending.pop()!;
    if (edges.has(target)) continue;
    const found = resolvePointer(resources.doc, target);
    const next = new Set(found.found ? refsIn(found.value, target, []).flatMap(targetsOf) : []);
    edges.set(target, next);
    pending.push(...next);
  }
  return onCycles(edges);
}

/**
 * The nodes of a graph that lie on a cycle (a path of one or more edges back to themselves): those
 * of a strongly connected component of two or more, or with an edge to themselves. Tarjan's
 * algorithm, without recursion (a long chain of references would overflow the stack): one pass
 * over the graph, where a search from each node was quadratic in a document's schemas.
 */
function onCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): Set<string> {
  const cyclic = new Set<string>();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  let next = 0;
  for (const root of edges.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; out: Iterator<string> }[] = [];
    const enter = (node: string) => {
      index.set(node, next); low.set(node, next); next++;
      stack.push(node); onStack.add(node);
      work.push({ node, out: (edges.get(node) ?? new Set<string>()).values() });
    };
    enter(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const step = top.out.next();
      if (!step.done) {
        const to = step.value;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) { const up = work[work.length - 1]!.node; low.set(up, Math.min(low.get(up)!, low.get(top.node)!)); }
      if (low.get(top.node) !== index.get(top.node)) continue;
      const component: string[] = [];
      let member: string;
      do { member = stack.pop()!; onStack.delete(member); component.push(member); } while (member !== top.node);
      if (component.length > 1 || edges.get(top.node)?.has(top.node) === true) for (const m of component) cyclic.add(m);
    }
  }
  return cyclic;
}
