// Named object types (`t.object('Position', ...)`) and recursive codecs (a `$anchor`) become
// `components.schemas` entries referenced by `$ref`; a title two different shapes share stays
// inline, so no reference ever lies.
import type { JsonSchema } from '../codec/types.js';

type Json = unknown;

const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
const NAME = /^[A-Za-z0-9._-]+$/;
/** The component name of a schema worth one: its `$anchor` (a recursive codec), else an object's title. */
function nameOf(s: Json): string | undefined {
  if (!isObject(s)) return undefined;
  if (typeof s.$anchor === 'string' && NAME.test(s.$anchor)) return s.$anchor;
  // An object without `type` (`t.untyped` of an object: `properties` alone) is named as one.
  const object = s.type === 'object' || (s.type === undefined && isObject(s.properties));
  return object && typeof s.title === 'string' && NAME.test(s.title) ? s.title : undefined;
}

/** A stable text of a JSON value (keys sorted) to compare schemas by content. */
function canonical(v: Json): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

function visit(s: Json, fn: (s: Record<string, Json>) => void): void {
  if (Array.isArray(s)) { s.forEach((x) => visit(x, fn)); return; }
  if (!isObject(s)) return;
  fn(s);
  for (const v of Object.values(s)) visit(v, fn);
}

export class SchemaRegistry {
  private readonly byTitle = new Map<string, { text: string; schema: JsonSchema } | 'conflict'>();

  /** Registers every named object inside these schemas (call for all of them before `ref`). */
  collect(schemas: readonly JsonSchema[]): void {
    for (const root of schemas) {
      visit(root, (s) => {
        const name = nameOf(s);
        if (name === undefined) return;
        const text = canonical(s);
        const seen = this.byTitle.get(name);
        if (seen === undefined) this.byTitle.set(name, { text, schema: s });
        else if (seen !== 'conflict' && seen.text !== text) this.byTitle.set(name, 'conflict');
      });
    }
  }

  /** The schema with registered named objects replaced by `$ref`s. */
  ref(s: JsonSchema): JsonSchema {
    return this.rewrite(s, true) as JsonSchema;
  }

  private rewrite(s: Json, replace: boolean): Json {
    if (Array.isArray(s)) return s.map((x) => this.rewrite(x, true));
    if (!isObject(s)) return s;
    const name = nameOf(s);
    const seen = name === undefined ? undefined : this.byTitle.get(name);
    const registered = seen !== undefined && seen !== 'conflict';
    if (replace && registered) return { $ref: `#/components/schemas/${name}` };
    // A recursive codec's self-reference (`#Tree`) points at its component.
    if (typeof s.$ref === 'string' && s.$ref.startsWith('#') && !s.$ref.startsWith('#/')) {
      const target = this.byTitle.get(s.$ref.slice(1));
      if (target !== undefined && target !== 'conflict') return { ...s, $ref: `#/components/schemas/${s.$ref.slice(1)}` };
    }
    return Object.fromEntries(Object.entries(s)
      .filter(([k]) => !(k === '$anchor' && registered))
      .map(([k, v]) => [k, this.rewrite(v, true)]));
  }

  /** `components.schemas`, in title order. */
  components(): Record<string, JsonSchema> {
    const out: Record<string, JsonSchema> = {};
    for (const title of [...this.byTitle.keys()].sort()) {
      const seen = this.byTitle.get(title)!;
      if (seen !== 'conflict') out[title] = this.rewrite(seen.schema, false) as JsonSchema;
    }
    return out;
  }
}
