// Structured codecs: objects (strict by default) and maps, arrays, optional fields, any JSON, raw bytes.
import { type ArrayCodec, type BytesCodec, type Codec, type Infer, type JsonCodec, type ObjectCodec, type OptionalCodec, type PatternField, fail, ok, quoteJson, showJson, type AnyCodec } from './types.js';
import { brokeJson, brokeText, rulesOf } from './constraints.js';
import { NEVER, compilePattern } from './pattern.js';
import { formPairs, objectFromPairs } from './object-text.js';

type Props = Readonly<Record<string, AnyCodec>>;
type OptionalKeys<P extends Props> = { [K in keyof P]: P[K] extends { readonly kind: 'optional' } ? K : never }[keyof P];
type RequiredKeys<P extends Props> = Exclude<keyof P, OptionalKeys<P>>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
export type ObjectOf<P extends Props> = Simplify<{ [K in RequiredKeys<P>]: Infer<P[K]> } & { [K in OptionalKeys<P>]?: Infer<P[K]> }>;

const noText = (label: string) => () => fail(`${label} cannot be given as text`);
/** The aeson-style location of a field: `$.name`, or `$["a key"]` where a bare name would not do. */
export const pathOf = (path: string, key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);

export interface ObjectOptions {
  /** Unknown keys are a 400 unless `allowExtra` (decided: strict, see docs/decisions.md "JSON bodies"). */
  readonly allowExtra?: boolean;
  /** Keys other than the fields, each value of this codec (`additionalProperties` with a schema). */
  readonly extra?: AnyCodec;
  /** Keys matching a regular expression, each value of its codec (`patternProperties`). */
  readonly patterns?: Readonly<Record<string, AnyCodec>>;
  readonly minProperties?: number;
  readonly maxProperties?: number;
  readonly description?: string;
}

/** Sets a key even when it is `__proto__` (a map's keys come from the request). */
function put(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/**
 * What an object codec's own check reads, keyed by that check function: the compiled refusal
 * (validator-refusal.ts) writes the failures check writes before reading any field (not an
 * object, a required key missing) itself, only for a codec whose check is this one over these props.
 */
export interface ObjectCheckFacts {
  readonly name: string;
  readonly props: Props;
}
const objectChecks = new WeakMap<object, ObjectCheckFacts>();
/** The facts of a check made by `object` (kept by copies of the codec), or undefined for any other check. */
export const objectCheckFacts = (check: object): ObjectCheckFacts | undefined => objectChecks.get(check);

/** A JSON object with named fields; `name` labels it in messages and docs (`ClientInfo`). */
export function object<const P extends Props>(name: string, props: P, options: ObjectOptions = {}): ObjectCodec<ObjectOf<P>> {
  const keys = Object.keys(props);
  const required = keys.filter((k) => props[k]!.kind !== 'optional');
  // Each field's step of a path (`.name`, `["a key"]`), worked out once: a check then only joins it on.
  const steps: Record<string, string> = Object.create(null);
  for (const k of keys) steps[k] = pathOf('', k);
  const extra: boolean | Codec<unknown> = options.extra ?? options.allowExtra === true;
  const patterns: PatternField[] = Object.entries(options.patterns ?? {}).map(([pattern, codec]) => ({
    // Keys are matched by RE2 (linear time). An invalid or backtracking pattern is refused when
    // the surface loads (validate.ts); until then it matches nothing.
    pattern, regex: compilePattern(pattern) ?? NEVER, codec,
  }));
  const schema: Record<string, unknown> = {
    type: 'object', title: name,
    properties: Object.fromEntries(keys.map((k) => [k, props[k]!.schema])),
    required,
    ...(patterns.length === 0 ? {} : { patternProperties: Object.fromEntries(patterns.map((p) => [p.pattern, p.codec.schema])) }),
    ...(extra === unsaid ? {} : { additionalProperties: typeof extra === 'boolean' ? extra : extra.schema }),
  };
  for (const k of ['minProperties', 'maxProperties'] as const) if (options[k] !== undefined) schema[k] = options[k];
  const rules = rulesOf(schema);
  const defaults = keys.flatMap((k) => {
    const c = props[k]!;
    return c.kind === 'optional' && c.default !== undefined ? [[k, c.default] as const] : [];
  });
  const self: ObjectCodec<ObjectOf<P>> = {
    kind: 'object', label: name, schema, props, extra, patterns, examples: [],
    ...(options.description === undefined ? {} : { description: options.description }),
    // As text (a query value), OpenAPI's `style: form, explode: false`: `key,value,key,value`.
    parseText(raw) {
      const pairs = formPairs(raw);
      return pairs.ok ? objectFromPairs(self, pairs.value) : pairs;
    },
    formatText: (v) => JSON.stringify(v),
    check(json, path) {
      if (json === null || typeof json !== 'object' || Array.isArray(json)) return fail(`expected ${name} (an object), got ${showJson(json)}`, path);
      const input = json as Record<string, unknown>;
      for (const k of required) if (!Object.hasOwn(input, k)) return fail(`key ${quoteJson(k)} not found`, path, 'required');
      for (const rule of rules) if (!rule.test(input)) return fail(brokeJson(rule, json), path, rule.keyword);
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(input)) {
        const codec = Object.hasOwn(props, k) ? props[k] : undefined;
        if (codec !== undefined) {
          const r = codec.check(input[k], path + steps[k]);
          if (!r.ok) return r;
          if (r.value !== undefined) put(out, k, r.value);
          // JSON Schema applies patternProperties to declared keys too: a field `x-id` under `^x-` meets both.
          for (const p of patterns) {
            if (r.value === undefined || !p.regex.test(k)) continue;
            const q = p.codec.check(input[k], pathOf(path, k));
            if (!q.ok) return q;
          }
          continue;
        }
        let matched = false;
        for (const p of patterns) {
          if (!p.regex.test(k)) continue;
          matched = true;
          const r = p.codec.check(input[k], pathOf(path, k));
          if (!r.ok) return r;
          put(out, k, r.value);
        }
        if (matched || extra === true) continue;
        if (extra === false) return fail(`unexpected key ${quoteJson(k)} (${name} has ${keys.join(', ')})`, path, 'additionalProperties');
        const r = extra.check(input[k], pathOf(path, k));
        if (!r.ok) return r;
        put(out, k, r.value);
      }
      for (const [k, v] of defaults) if (!Object.hasOwn(out, k)) put(out, k, typeof v === 'object' && v !== null ? structuredClone(v) : v);
      return ok(out as ObjectOf<P>);
    },
  };
  objectChecks.set(self.check, { name, props });
  return self;
}

/** A JSON object used as a map: any keys, each value of `value` (`additionalProperties`). */
export function record<V>(value: Codec<V>, options: Omit<ObjectOptions, 'extra' | 'allowExtra'> & { readonly name?: string } = {}): ObjectCodec<Record<string, V>> {
  const codec = object(options.name ?? `map of ${value.label}`, {}, { ...options, extra: value });
  // A map has no fields: the schema says only what its values are.
  const { title: _t, properties: _p, required: _r, ...schema } = codec.schema as Record<string, unknown>;
  return { ...(codec as unknown as ObjectCodec<Record<string, V>>), schema: options.name === undefined ? schema : { ...schema, title: options.name } };
}

export interface ArrayOptions {
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
}

/**
 * A list. As text (a query value, a header) it is comma-separated, OpenAPI's `style: form,
 * explode: false` (a repeated query key is `queryList`'s business).
 */
export function array<T>(item: Codec<T>, options: ArrayOptions = {}): ArrayCodec<T[]> {
  const schema = { type: 'array', items: item.schema, ...options };
  const rules = rulesOf(schema);
  const label = `list of ${item.label}`;
  const checkRules = (value: T[], json: unknown, path: string) => {
    for (const rule of rules) if (!rule.test(json)) return fail(brokeJson(rule, json), path, rule.keyword);
    return ok(value);
  };
  return {
    kind: 'array', label, schema, item, examples: [],
    parseText(raw) {
      const parts = raw === '' ? [] : raw.split(',');
      const out: T[] = [];
      for (let i = 0; i < parts.length; i++) {
        const r = item.parseText(parts[i]!);
        if (!r.ok) return fail(`item ${i + 1}: ${r.error}`, undefined, r.constraint);
        out.push(r.value);
      }
      for (const rule of rules) if (!rule.test(out)) return fail(brokeText(rule, raw), undefined, rule.keyword);
      return ok(out);
    },
    formatText: (v) => v.map((x) => item.formatText(x)).join(','),
    check(json, path) {
      if (!Array.isArray(json)) return fail(`expected ${label}, got ${showJson(json)}`, path);
      const out: T[] = new Array(json.length);
      for (let i = 0; i < json.length; i++) {
        const r = item.check(json[i], `${path}[${i}]`);
        if (!r.ok) return r;
        out[i] = r.value;
      }
      // Rules judge the JSON as sent: uniqueItems compares items before defaults fill them in.
      return rules.length === 0 ? ok(out) : checkRules(out, json, path);
    },
  };
}

export interface OptionalOptions<T> {
  /** What an absent field decodes as; the docs show it as the schema's `default`. */
  readonly default?: T;
}

/**
 * An object field that may be absent (absent or null reads as undefined, or as `default` when
 * one is given).
 */
export function optional<T>(inner: Codec<T>, options: OptionalOptions<T> = {}): OptionalCodec<T | undefined> {
  const withDefault = options.default !== undefined;
  return {
    kind: 'optional', label: inner.label, inner, examples: [],
    schema: withDefault ? { ...inner.schema, default: options.default } : inner.schema,
    ...(withDefault ? { default: options.default } : {}),
    parseText: (raw) => inner.parseText(raw),
    formatText: (v) => (v === undefined ? '' : inner.formatText(v)),
    check: (json, path) => (json === undefined || json === null ? ok(withDefault ? structuredClone(options.default) : undefined) : inner.check(json, path)),
  };
}

/**
 * Any JSON value, passed through unchecked. From text (a query item, a header, a capture) it is the
 * JSON the text spells, else the text itself: a schema that says nothing takes `?ids=a,b` as
 * strings (wikipathways), where "not valid JSON" refused a value any schema-less parameter allows.
 */
export const json: JsonCodec<unknown> = {
  kind: 'json', label: 'JSON value', schema: {}, examples: [],
  parseText: (raw) => {
    try { return ok(JSON.parse(raw) as unknown); } catch { return ok(raw); }
  },
  formatText: (v) => JSON.stringify(v),
  check: (value) => ok(value),
};

/**
 * Any JSON value where a schema says nothing: an absent `items`, a name `required` lists without a
 * property schema, and as `extra`, an object whose schema says nothing of other keys (no
 * `additionalProperties`: they are kept, and the schema text has no such keyword). It checks
 * what `json` checks (nothing) but, unlike `json` (`true`), evaluates nothing, so
 * `unevaluatedProperties`/`unevaluatedItems` still judge what it takes. Told apart by identity.
 */
export const unsaid: JsonCodec<unknown> = { ...json };

/** Raw bytes (octet-stream bodies). */
export const bytes: BytesCodec<Buffer> = {
  kind: 'bytes', label: 'bytes', schema: { type: 'string', format: 'binary' }, examples: [],
  parseText: (raw) => ok(Buffer.from(raw)),
  formatText: (v) => v.toString('base64'),
  check: (value, path) => (Buffer.isBuffer(value) ? ok(value) : fail('expected bytes', path)),
};
