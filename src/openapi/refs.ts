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

/** Each `$ref` and `$dynamicRef` inside a value (not following them), with the pointer of the schema holding it. */
function refsIn(value: unknown, pointer: string, out: { ref: string; from: string; dynamic: boolean }[]): typeof out {
  if (Array.isArray(value)) value.forEach((v, i) => refsIn(v, child(pointer, i), out));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if ((k === '$ref' || k === '$dynamicRef') && typeof v === 'string') out.push({ ref: v, from: pointer, dynamic: k === '$dynamicRef' });
      else refsIn(v, child(pointer, k), out);
    }
  }
  return out;
}

/**
 * The schemas (by pointer) from which following references leads back to themselves. A
 * `$dynamicRef` is taken to lead to every `$dynamicAnchor` of its name, which a dynamic scope may
 * pick: a target counted cyclic that is not only costs a named recursive codec.
 */
export function cyclicTargets(resources: SchemaResources): Set<string> {
  const edges = new Map<string, Set<string>>();
  const targetsOf = (r: { ref: string; from: string; dynamic: boolean }): string[] => {
    const found = resources.resolve(r.ref, r.from);
    const out = found === undefined ? [] : [found.pointer];
    const hash = r.ref.indexOf('#');
    const name = hash < 0 ? '' : r.ref.slice(hash + 1);
    if (r.dynamic && name !== '' && !name.startsWith('/')) out.push(...resources.dynamicAnchorsNamed(name));
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
  const cyclic = new Set<string>();
  for (const start of edges.keys()) {
    const seen = new Set<string>();
    const stack = [...edges.get(start)!];
    while (stack.length > 0) {
      const target = stack.pop()!;
      if (target === start) { cyclic.add(start); break; }
      if (seen.has(target)) continue;
      seen.add(target);
      stack.push(...(edges.get(target) ?? []));
    }
  }
  return cyclic;
}
