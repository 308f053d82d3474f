// Lists whose leading positions have their own types (JSON Schema `prefixItems`), and what may
// follow them (`items`): a fixed-length tuple by default, open or partial when asked.
import { type Codec, type Infer, type TupleCodec, fail, ok, showJson, type AnyCodec } from './types.js';
import { brokeJson, brokeText, rulesOf } from './constraints.js';

type Items = readonly AnyCodec[];
type TupleOf<I extends Items> = { -readonly [K in keyof I]: Infer<I[K]> };

export interface TupleOptions {
  /**
   * Items after the positions, each checked by this codec (JSON Schema `items` beside
   * `prefixItems`; `t.json` for any); `false`, the default, allows none.
   */
  readonly rest?: AnyCodec | false;
  /**
   * Trailing positions may be absent, as JSON Schema reads `prefixItems` (`[]` and `[a]` are
   * values of `[A?, B?]`); by default every position must be there.
   */
  readonly partial?: boolean;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
}

type Head<I extends Items, O> = O extends { readonly partial: true } ? Partial<TupleOf<I>> : TupleOf<I>;
type Tail<O> = O extends { readonly rest: infer R extends AnyCodec } ? Infer<R>[] : [];
/** `[A, B]`, `[A?, B?]`, `[A, B, ...C[]]` or `[A?, B?, ...C[]]`, as the options say. */
export type TupleType<I extends Items, O> = [...Head<I, O>, ...Tail<O>];

/**
 * `[A, B, ...]`: as many items as codecs unless `partial` (fewer may be given) or `rest` (more may
 * follow, each of that codec). As text, comma-separated.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no options: the fixed tuple
export function tuple<const I extends Items, const O extends TupleOptions = {}>(items: I, options?: O): TupleCodec<TupleType<I, O>> {
  const n = items.length;
  const rest: Codec<unknown> | false = options?.rest ?? false;
  const partial = options?.partial === true;
  const fixed = !partial && rest === false;
  const label = `(${items.map((c) => `${c.label}${partial ? '?' : ''}`).join(', ')}${rest === false ? '' : `${n === 0 ? '' : ', '}...${rest.label}`})`;
  const least = partial ? 0 : n;
  // JSON Schema wants prefixItems non-empty: a tuple of no positions says `items` alone.
  const schema: Record<string, unknown> = n === 0 ? { type: 'array' } : { type: 'array', prefixItems: items.map((c) => c.schema) };
  // Absent `items` is JSON Schema's "anything": an unchecked rest says nothing.
  if (rest === false) schema.items = false;
  else if (Object.keys(rest.schema).length > 0) schema.items = rest.schema;
  const minItems = Math.max(least, options?.minItems ?? 0);
  if (!partial || options?.minItems !== undefined) schema.minItems = minItems;
  if (options?.maxItems !== undefined) schema.maxItems = options.maxItems;
  if (options?.uniqueItems !== undefined) schema.uniqueItems = options.uniqueItems;
  // The positions' own count is checked first (its message names the tuple); the rules then judge the rest.
  const rules = rulesOf(schema).filter((r) => !(r.keyword === 'minItems' && minItems <= least));
  const codecAt = (i: number): Codec<unknown> | undefined => (i < n ? items[i] : rest === false ? undefined : rest);
  const wrongLength = (got: number) => `expected ${n} item${n === 1 ? '' : 's'} ${label}, got ${got}`;
  const tooMany = (i: number) => `unexpected item ${i + 1}: ${label} has ${n} position${n === 1 ? '' : 's'} and no more`;
  return {
    kind: 'tuple', label, items, rest, partial, examples: [], schema,
    parseText(raw) {
      const parts = raw === '' ? [] : raw.split(',');
      if (fixed && parts.length !== n) return fail(wrongLength(parts.length), undefined, parts.length < n ? 'minItems' : 'items');
      if (parts.length < least) return fail(wrongLength(parts.length), undefined, 'minItems');
      const out: unknown[] = [];
      for (let i = 0; i < parts.length; i++) {
        const c = codecAt(i);
        if (c === undefined) return fail(tooMany(i), undefined, 'items');
        const r = c.parseText(parts[i]!);
        if (!r.ok) return fail(`item ${i + 1}: ${r.error}`, undefined, r.constraint);
        out.push(r.value);
      }
      for (const rule of rules) if (!rule.test(out)) return fail(brokeText(rule, raw), undefined, rule.keyword);
      return ok(out as TupleType<I, O>);
    },
    formatText: (v) => (v as unknown[]).map((x, i) => codecAt(i)!.formatText(x)).join(','),
    check(json, path) {
      if (!Array.isArray(json)) return fail(`expected ${label}, got ${showJson(json)}`, path);
      // decided (docs/decisions.md "Codecs"): a fixed tuple's wrong length is one message about the whole, as it always was.
      if (fixed && json.length !== n) return fail(wrongLength(json.length), path, json.length < n ? 'minItems' : 'items');
      if (json.length < least) return fail(wrongLength(json.length), path, 'minItems');
      const out: unknown[] = new Array(json.length);
      for (let i = 0; i < json.length; i++) {
        const c = codecAt(i);
        // Past the positions with no rest: the first extra item is named, so a 400 says where.
        if (c === undefined) return fail(tooMany(i), `${path}[${i}]`, 'items');
        const r = c.check(json[i], `${path}[${i}]`);
        if (!r.ok) return r;
        out[i] = r.value;
      }
      for (const rule of rules) if (!rule.test(json)) return fail(brokeJson(rule, json), path, rule.keyword);
      return ok(out as TupleType<I, O>);
    },
  };
}
