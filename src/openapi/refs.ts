// Local `$ref`s of a bundled document: what a pointer names, and which targets reach themselves
// (those become recursive codecs; every other target is read once and shared).
import { resolvePointer } from '../codec/json-pointer.js';

type Found = { readonly found: true; readonly value: unknown } | { readonly found: false };

/** The value a local reference (`#/components/schemas/Pet`) names. */
export function resolveRef(doc: unknown, ref: string): Found {
  if (!ref.startsWith('#')) return { found: false };
  let pointer: string;
  try { pointer = decodeURIComponent(ref.slice(1)); } catch { return { found: false }; }
  const r = resolvePointer(doc, pointer);
  return r.found ? { found: true, value: r.value } : { found: false };
}

/** Every `$ref` string inside a value (not following them). */
function refsIn(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.add(v);
      else refsIn(v, out);
    }
  }
  return out;
}

/** The reference targets from which following references leads back to themselves. */
export function cyclicTargets(doc: unknown): Set<string> {
  const edges = new Map<string, Set<string>>();
  const pending = [...refsIn(doc, new Set())];
  while (pending.length > 0) {
    const ref = pending.pop()!;
    if (edges.has(ref)) continue;
    const found = resolveRef(doc, ref);
    const next = found.found ? refsIn(found.value, new Set()) : new Set<string>();
    edges.set(ref, next);
    pending.push(...next);
  }
  const cyclic = new Set<string>();
  for (const start of edges.keys()) {
    const seen = new Set<string>();
    const stack = [...edges.get(start)!];
    while (stack.length > 0) {
      const ref = stack.pop()!;
      if (ref === start) { cyclic.add(start); break; }
      if (seen.has(ref)) continue;
      seen.add(ref);
      stack.push(...(edges.get(ref) ?? []));
    }
  }
  return cyclic;
}
