// A schema without `type` (`{ properties: ... }`, `{ maxLength: 2 }`): in JSON Schema each keyword
// judges only values of its own JSON type and every other value passes. The codec keeps the kind
// of the type its keywords talk about, so samples, mocks, forms and docs still see an object.
import { type AnyCodec, type Codec, ok } from './types.js';

/** The JSON types as JSON Schema's keywords group them (an integer is a number). */
export type Family = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

/** The family of a JSON value; undefined for what JSON has not (undefined, functions). */
export function familyOfValue(v: unknown): Family | undefined {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  const t = typeof v;
  return t === 'boolean' || t === 'number' || t === 'string' || t === 'object' ? t : undefined;
}

/** The one family a codec's values have, when its kind or schema says so. */
export function familyOfCodec(codec: Codec<unknown>): Family | undefined {
  const c = codec.untyped?.base ?? codec;
  if (c.kind === 'object') return 'object';
  if (c.kind === 'array' || c.kind === 'tuple') return 'array';
  if (c.kind !== 'scalar') return undefined;
  const type = c.schema.type;
  return type === 'integer' ? 'number' : type === 'number' || type === 'string' || type === 'boolean' || type === 'null' ? type : undefined;
}

/**
 * `untyped(base, others)`: values of `base`'s JSON type meet `base`, values of an `others` codec's
 * type meet it, any other JSON value passes. Its kind, fields and generated values are `base`'s
 * (the type the keywords talk about); its schema is the keywords of all without `type`.
 */
// decided: a schema without `type` keeps the kind of the type its keywords imply, its static type is
// that type's, and generators give only values of it (docs/decisions.md "Codecs").
export function untyped<C extends AnyCodec>(base: C, others: readonly AnyCodec[] = []): C {
  const all = [base, ...others] as Codec<unknown>[];
  const families = all.map((c) => {
    const f = familyOfCodec(c);
    if (f === undefined) throw new TypeError(`untyped: ${c.label} has no single JSON type`);
    return f;
  });
  if (new Set(families).size !== families.length) throw new TypeError(`untyped: two codecs of one JSON type (${families.join(', ')})`);
  const schema: Record<string, unknown> = {};
  for (const c of all) {
    const { type: _type, ...keywords } = c.schema;
    Object.assign(schema, keywords);
  }
  const b = base as Codec<unknown>;
  return {
    ...base,
    schema,
    untyped: { base, others },
    check(json: unknown, path: string) {
      const f = familyOfValue(json);
      const i = f === undefined ? -1 : families.indexOf(f);
      return i < 0 ? ok(json) : all[i]!.check(json, path);
    },
    formatText: (v: unknown) => (familyOfValue(v) === families[0] ? b.formatText(v) : typeof v === 'string' ? v : JSON.stringify(v)),
  };
}
