// The schema resources of a document (JSON Schema 2020-12, as OpenAPI 3.1 holds it): each `$id`,
// `$anchor` and `$dynamicAnchor` by the URI it names, and the base URI at each schema, so that a
// `$ref` resolves by looking its URI up in the document itself. Nothing is ever fetched or read.
import { child, resolvePointer } from '../codec/json-pointer.js';
import { valueAt } from './pointer-value.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The base URI of a document read from no file (the loader gives the file's URL). */
export const DOCUMENT_BASE = 'file:///api-serve/document.json';

/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas (2020-12 and draft 4). */
const ONE = new Set(['items', 'additionalItems', 'additionalProperties', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema']);
const LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
/**
 * Keywords whose values decide what is valid: a `$ref` in them is a value like any other. (One in
 * `default` or `examples` naming a file beside the document is inlined by the parser, what split
 * documents mean by it; any other is kept as data, literal-values.ts.)
 */
const DATA = new Set(['enum', 'const']);
const MAP = new Set(['$defs', 'definitions', 'properties', 'patternProperties', 'dependentSchemas', 'dependencies']);

/** What a reference names: the schema, where it is, and the resource (its root's pointer) it is in. */
export interface RefTarget {
  readonly pointer: string;
  readonly value: unknown;
  readonly resource: string;
  /**
   * Set when a pointer fragment (`#/components/schemas/Pet`) inside an `$id` names nothing in that
   * resource and was read from the document's root instead, as documents written before `$id`
   * mattered mean it.
   */
  readonly fromDocumentRoot?: true;
}

/** The URI without its fragment, and the fragment (decoded, without `#`); undefined when not a URI reference. */
function split(ref: string, base: string): { uri: string; fragment: string } | undefined {
  let url: URL;
  try { url = new URL(ref, base); } catch { return undefined; }
  const fragment = decoded(url.hash.slice(1));
  url.hash = '';
  return { uri: url.href.endsWith('#') ? url.href.slice(0, -1) : url.href, fragment };
}

/** A fragment decoded; a `%` that starts no escape is kept as written (a bundled document may hold one). */
function decoded(fragment: string): string {
  try { return decodeURIComponent(fragment); } catch { return fragment; }
}

export class SchemaResources {
  /** Resource roots: pointer to absolute URI (the document's root is one, at ''). */
  private readonly roots = new Map<string, string>();
  private readonly byUri = new Map<string, string>();
  /** `uri#name` of each `$anchor` and `$dynamicAnchor` to the pointer of its schema. */
  private readonly anchors = new Map<string, string>();
  /** Per resource root pointer, its `$dynamicAnchor`s: name to the pointer of the schema. */
  private readonly dynamic = new Map<string, Map<string, string>>();
  /** Pointers of objects with a `$ref` key inside a schema's values (`enum`, `const`, ...): data, not references. */
  readonly dataRefs: string[] = [];

  /** `ids`: whether `$id` and anchors count (OpenAPI 3.1); without, only pointers into the document resolve. */
  constructor(readonly doc: unknown, base: string, ids: boolean) {
    const documentUri = split(base, base)?.uri ?? base;
    this.roots.set('', documentUri);
    this.byUri.set(documentUri, '');
    if (ids) this.walkDocument(doc, '');
  }

  /** The OpenAPI document around its schemas: a `schema` field anywhere, `components.schemas`. */
  private walkDocument(node: unknown, pointer: string): void {
    if (Array.isArray(node)) { node.forEach((v, i) => this.walkDocument(v, child(pointer, i))); return; }
    if (!isObj(node)) return;
    for (const [k, v] of Object.entries(node)) {
      // Examples and extensions are data: a `schema` or `$id` in them is not one.
      if (k.startsWith('x-') || k === 'example' || k === 'examples') continue;
      const at = child(pointer, k);
      if (k === 'schema') this.walkSchema(v, at, this.roots.get('')!, '');
      else if (pointer === '/components' && k === 'schemas' && isObj(v)) for (const [n, s] of Object.entries(v)) this.walkSchema(s, child(at, n), this.roots.get('')!, '');
      else this.walkDocument(v, at);
    }
  }

  private walkSchema(node: unknown, pointer: string, base: string, resource: string): void {
    if (!isObj(node)) return;
    let uri = base;
    let root = resource;
    if (typeof node.$id === 'string') {
      const id = split(node.$id, base);
      // An `$id` with a fragment is no resource identifier in 2020-12 (it was draft 6's anchor).
      if (id !== undefined && id.fragment === '' && !node.$id.includes('#/')) {
        uri = id.uri;
        root = pointer;
        this.roots.set(pointer, uri);
        if (!this.byUri.has(uri)) this.byUri.set(uri, pointer);
      }
    }
    for (const key of ['$anchor', '$dynamicAnchor'] as const) {
      const name = node[key];
      if (typeof name !== 'string') continue;
      if (!this.anchors.has(`${uri}#${name}`)) this.anchors.set(`${uri}#${name}`, pointer);
      if (key === '$dynamicAnchor') {
        const own = this.dynamic.get(root) ?? new Map<string, string>();
        if (!own.has(name)) own.set(name, pointer);
        this.dynamic.set(root, own);
      }
    }
    for (const [k, v] of Object.entries(node)) {
      const at = child(pointer, k);
      if (DATA.has(k)) this.walkData(v, at);
      else if (LIST.has(k) && Array.isArray(v)) v.forEach((s, i) => this.walkSchema(s, child(at, i), uri, root));
      else if (ONE.has(k)) this.walkSchema(v, at, uri, root);
      else if (MAP.has(k) && isObj(v)) for (const [n, s] of Object.entries(v)) this.walkSchema(s, child(at, n), uri, root);
    }
  }

  private walkData(node: unknown, pointer: string): void {
    if (Array.isArray(node)) { node.forEach((v, i) => this.walkData(v, child(pointer, i))); return; }
    if (!isObj(node)) return;
    if (typeof node.$ref === 'string') this.dataRefs.push(pointer);
    for (const [k, v] of Object.entries(node)) this.walkData(v, child(pointer, k));
  }

  /** The resource a schema is in: its root's pointer and URI (the nearest `$id` at or above it). */
  resourceAt(pointer: string): { readonly root: string; readonly uri: string } {
    // Without embedded resources (every 3.0 document) the walk up would end at the root anyway.
    if (this.roots.size === 1) return { root: '', uri: this.roots.get('')! };
    let p = pointer;
    for (;;) {
      const uri = this.roots.get(p);
      if (uri !== undefined) return { root: p, uri };
      const cut = p.lastIndexOf('/');
      p = cut <= 0 ? '' : p.slice(0, cut);
    }
  }

  /** The schema a reference written at `from` names, resolved against the base URI there. */
  resolve(ref: string, from: string): RefTarget | undefined {
    const base = this.resourceAt(from).uri;
    // A fragment alone (most `$ref`s) names a place in the resource it is written in.
    const parts = ref.startsWith('#') ? { uri: base, fragment: decoded(ref.slice(1)) } : split(ref, base);
    if (parts === undefined) return undefined;
    const found = this.find(parts.uri, parts.fragment);
    if (found !== undefined || !ref.startsWith('#/') || base === this.roots.get('')) return found;
    // decided (docs/decisions.md "Codecs"): a pointer inside an `$id` that names nothing there is
    // read from the document's root (what it means in documents whose `$id`s are labels).
    const root = this.find(this.roots.get('')!, parts.fragment);
    return root === undefined ? undefined : { ...root, fromDocumentRoot: true };
  }

  private find(uri: string, fragment: string): RefTarget | undefined {
    const resource = this.byUri.get(uri);
    if (resource === undefined) return undefined;
    let pointer: string | undefined;
    if (fragment === '' || fragment.startsWith('/')) pointer = resource + fragment;
    else pointer = this.anchors.get(`${uri}#${fragment}`);
    return pointer === undefined ? undefined : this.at(pointer);
  }

  /** The schema at a pointer, as a target. */
  at(pointer: string): RefTarget | undefined {
    const r = valueAt(this.doc, pointer);
    return r.found ? { pointer, value: r.value, resource: this.resourceAt(pointer).root } : undefined;
  }

  /**
   * Whether a reference written at `from` names an embedded schema resource of this document (an
   * `$id` inside it): not a bare fragment, and not the document by its file's name.
   */
  namesResource(ref: string, from: string): boolean {
    if (ref.startsWith('#')) return false;
    const parts = split(ref, this.resourceAt(from).uri);
    return parts !== undefined && parts.uri !== this.roots.get('') && this.resolve(ref, from) !== undefined;
  }

  /** The pointer and `$id` of each embedded resource (the document's root apart). */
  identified(): [pointer: string, id: string][] {
    return [...this.roots.keys()].flatMap((p) => {
      const id = p === '' ? undefined : resolvePointer(this.doc, p);
      return id?.found === true && isObj(id.value) && typeof id.value.$id === 'string' ? [[p, id.value.$id] as [string, string]] : [];
    });
  }

  /** The `$dynamicAnchor`s of a resource: name to the pointer of the schema carrying it. */
  dynamicAnchors(resource: string): ReadonlyMap<string, string> {
    return this.dynamic.get(resource) ?? new Map();
  }

  /** Whether the document embeds schema resources (an `$id` inside it): else every base URI is the document's. */
  get embedsResources(): boolean {
    return this.roots.size > 1;
  }

  /** Whether any schema of the document has a `$dynamicAnchor` (else the dynamic scope never matters). */
  get hasDynamicAnchors(): boolean {
    return this.dynamic.size > 0;
  }

  /** Every pointer a `$dynamicAnchor` of this name stands at (what a `$dynamicRef` may end at). */
  dynamicAnchorsNamed(name: string): string[] {
    return [...this.dynamic.values()].flatMap((m) => (m.has(name) ? [m.get(name)!] : []));
  }
}
