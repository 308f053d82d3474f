// The `$ref`s of a 3.1 document that name a schema resource of the document itself (an `$id`, an
// anchor under one), and the ones that are data (in a schema's `enum` or `const`): kept from the
// document parser, which would take them for files or URLs to read (or pointers to replace). The
// importer resolves the first from the document alone (schema-resources.ts).
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { child, resolvePointer } from '../codec/json-pointer.js';
import { SchemaResources } from './schema-resources.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the parser is shown in place of such a `$ref`: an extension, which every Schema Object may hold. */
const HIDDEN = 'x-api-serve-in-document-ref';

export interface InDocumentRefs {
  /** Pointers of the objects holding such a `$ref` (or a data `$ref`). */
  readonly at: readonly string[];
  /** Pointer and `$id` of each embedded resource (bundling drops an `$id` no `$ref` names). */
  readonly ids: readonly (readonly [string, string])[];
}

/** The `$ref`s of the document (read from `path`) that name one of its own schema resources. */
export function inDocumentRefs(doc: unknown, path: string): InDocumentRefs {
  const resources = new SchemaResources(doc, pathToFileURL(resolve(path)).href, true);
  const at: string[] = [];
  const walk = (value: unknown, pointer: string): void => {
    if (Array.isArray(value)) { value.forEach((v, i) => walk(v, child(pointer, i))); return; }
    if (!isObj(value)) return;
    if (typeof value.$ref === 'string' && resources.namesResource(value.$ref, pointer)) at.push(pointer);
    for (const [k, v] of Object.entries(value)) walk(v, child(pointer, k));
  };
  walk(doc, '');
  return { at: [...new Set([...at, ...resources.dataRefs])], ids: resources.identified() };
}

/** A copy of the document with those `$ref`s renamed, which the parser does not follow. */
export function hidden(doc: unknown, refs: InDocumentRefs): unknown {
  const copy = structuredClone(doc);
  for (const pointer of refs.at) {
    const r = resolvePointer(copy, pointer);
    if (!r.found || !isObj(r.value)) continue;
    const o = r.value;
    // The keys in their order, the `$ref` under its stand-in name.
    const entries = Object.entries(o);
    for (const k of Object.keys(o)) delete o[k];
    for (const [k, v] of entries) Object.defineProperty(o, k === '$ref' ? HIDDEN : k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** Puts the `$ref`s back into a bundled document, and each `$id` bundling dropped, in place. */
export function restored(doc: unknown, refs: InDocumentRefs): void {
  for (const pointer of refs.at) {
    const r = resolvePointer(doc, pointer);
    if (!r.found || !isObj(r.value) || typeof r.value[HIDDEN] !== 'string') continue;
    const o = r.value;
    const entries = Object.entries(o);
    for (const k of Object.keys(o)) delete o[k];
    for (const [k, v] of entries) Object.defineProperty(o, k === HIDDEN ? '$ref' : k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  for (const [pointer, id] of refs.ids) {
    const r = resolvePointer(doc, pointer);
    if (r.found && isObj(r.value) && !Object.hasOwn(r.value, '$id')) r.value.$id = id;
  }
}
