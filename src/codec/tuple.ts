// Fixed-length lists whose positions have their own types (JSON Schema `prefixItems`).
import { type Codec, type Infer, type TupleCodec, fail, ok, showJson, type AnyCodec } from './types.js';

type Items = readonly AnyCodec[];
type TupleOf<I extends Items> = { -readonly [K in keyof I]: Infer<I[K]> };

/** `[A, B, ...]`, exactly as many items as codecs; as text, comma-separated. */
export function tuple<const I extends Items>(items: I): TupleCodec<TupleOf<I>> {
  const n = items.length;
  const label = `(${items.map((c) => c.label).join(', ')})`;
  const wrongLength = (got: number) => `expected ${n} item${n === 1 ? '' : 's'} ${label}, got ${got}`;
  return {
    kind: 'tuple', label, items, examples: [],
    schema: { type: 'array', prefixItems: items.map((c) => c.schema), items: false, minItems: n },
    parseText(raw) {
      const parts = raw === '' ? [] : raw.split(',');
      if (parts.length !== n) return fail(wrongLength(parts.length), undefined, parts.length < n ? 'minItems' : 'items');
      const out: unknown[] = [];
      for (let i = 0; i < n; i++) {
        const r = items[i]!.parseText(parts[i]!);
        if (!r.ok) return fail(`item ${i + 1}: ${r.error}`, undefined, r.constraint);
        out.push(r.value);
      }
      return ok(out as TupleOf<I>);
    },
    formatText: (v) => (v as unknown[]).map((x, i) => items[i]!.formatText(x)).join(','),
    check(json, path) {
      if (!Array.isArray(json)) return fail(`expected ${label}, got ${showJson(json)}`, path);
      if (json.length !== n) return fail(wrongLength(json.length), path, json.length < n ? 'minItems' : 'items');
      const out: unknown[] = new Array(n);
      for (let i = 0; i < n; i++) {
        const r = items[i]!.check(json[i], `${path}[${i}]`);
        if (!r.ok) return r;
        out[i] = r.value;
      }
      return ok(out as TupleOf<I>);
    },
  };
}
