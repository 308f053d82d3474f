// The value a JSON pointer names, found as json-pointer.ts's resolvePointer finds it but without
// building the pointer of each step (what only a miss reports): the importer looks up every
// `$ref` target, and Microsoft Graph's thousands of deep pointers made that walk a hot spot.
import { resolvePointer } from '../codec/json-pointer.js';

const INDEX = /^(0|[1-9]\d*)$/;

/** `{ found: true, value }` exactly when `resolvePointer(doc, pointer)` finds the value; else `{ found: false }`. */
export function valueAt(doc: unknown, pointer: string): { readonly found: true; readonly value: unknown } | { readonly found: false } {
  if (pointer === '') return { found: true, value: doc };
  // A token with `~` is unescaped as resolvePointer does it (the rare case: left to it).
  if (pointer.includes('~')) {
    const r = resolvePointer(doc, pointer);
    return r.found ? r : { found: false };
  }
  let node = doc;
  for (const key of pointer.slice(1).split('/')) {
    if (Array.isArray(node)) {
      if (!INDEX.test(key) || Number(key) >= node.length) return { found: false };
      node = node[Number(key)];
    } else if (node !== null && typeof node === 'object' && Object.hasOwn(node, key)) node = (node as Record<string, unknown>)[key];
    else return { found: false };
  }
  return { found: true, value: node };
}
