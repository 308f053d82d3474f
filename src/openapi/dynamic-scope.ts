// The dynamic scope of JSON Schema 2020-12 while a document's schemas are read: the schema
// resources entered on the way to a schema, which decide where a `$dynamicRef` leads. Resolved at
// import, so a schema read under two scopes that bind its anchors differently is two codecs.
import type { RefTarget, SchemaResources } from './schema-resources.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Each `$dynamicAnchor` name to the schema carrying it in the outermost resource entered that has one. */
export type Scope = ReadonlyMap<string, string>;

export class DynamicScope {
  private current: Scope = new Map();

  /** Reading starts in the document's own resource (`$dynamicAnchor`s outside every `$id`). */
  constructor(private readonly resources: SchemaResources) {
    this.current = this.entering('') ?? this.current;
  }

  /** The scope once `resource` (its root's pointer) is entered; undefined when that changes nothing. */
  entering(resource: string): Scope | undefined {
    let next: Map<string, string> | undefined;
    for (const [anchor, at] of this.resources.dynamicAnchors(resource)) {
      // An outer resource's anchor of the same name wins: only new names are bound.
      if (this.current.has(anchor)) continue;
      next ??= new Map(this.current);
      next.set(anchor, at);
    }
    return next;
  }

  /** Runs `read` under `scope` (undefined: the current one), then restores the scope before. */
  within<T>(scope: Scope | undefined, read: () => T): T {
    if (scope === undefined) return read();
    const before = this.current;
    this.current = scope;
    try { return read(); } finally { this.current = before; }
  }

  /** What a codec of the schema at `pointer` read under `scope` is memoised by. */
  key(pointer: string, scope: Scope = this.current): string {
    return this.resources.hasDynamicAnchors ? `${pointer} ${JSON.stringify([...scope].sort())}` : pointer;
  }

  /**
   * Where a `$dynamicRef` written at `from` leads: where it resolves as a `$ref`, unless that schema
   * has the `$dynamicAnchor` its fragment names; then that anchor's schema in the outermost resource
   * of the scope that has one.
   */
  target(ref: string, from: string): RefTarget | undefined {
    const initial = this.resources.resolve(ref, from);
    const hash = ref.indexOf('#');
    const anchor = hash < 0 ? '' : ref.slice(hash + 1);
    if (initial === undefined || anchor === '' || anchor.startsWith('/') || !isObj(initial.value) || initial.value.$dynamicAnchor !== anchor) return initial;
    const outermost = this.current.get(anchor);
    return outermost === undefined ? initial : this.resources.at(outermost) ?? initial;
  }
}
