// Fixed JSON values: `constant` (JSON Schema `const`) and `enumOf` (`enum`), of any JSON value.
import { type ScalarCodec, fail, ok, showJson } from './types.js';
import { deepEqual } from './json-equal.js';

type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };

/** A value as text: a string as itself, anything else as its JSON. */
const asText = (v: Json): string => (typeof v === 'string' ? v : JSON.stringify(v));

function fromText(raw: string, values: readonly Json[]): Json | undefined {
  for (const v of values) if (asText(v) === raw) return v;
  let parsed: unknown;
  try { parsed = JSON.parse(raw); } catch { return undefined; }
  return values.find((v) => typeof v !== 'string' && deepEqual(v, parsed));
}

/** `{ type }` when every value is a string, or every one a number, or a boolean (docs show it). */
function typed(values: readonly Json[]): { type?: string } {
  const types = new Set(values.map((v) => typeof v));
  const only = types.size === 1 ? [...types][0] : undefined;
  return only === 'string' || only === 'number' || only === 'boolean' ? { type: only } : {};
}

/**
 * The values of each check `literal` wrote, for the compiled validator (validator-literal.ts): by
 * the check, not the codec, so a copy with a name or examples added is still known, and a codec
 * whose check was replaced is not.
 */
const literalChecks = new WeakMap<object, readonly Json[]>();

/** The values a `const`/`enum` codec's check accepts (each as it is), or undefined for any other codec. */
export const literalValuesOf = (codec: { readonly check: object }): readonly unknown[] | undefined => literalChecks.get(codec.check);

function literal<T>(values: readonly Json[], schema: Record<string, unknown>, label: string): ScalarCodec<T> {
  const strings = values.every((v) => typeof v === 'string') ? new Set(values as string[]) : undefined;
  const keyword = 'const' in schema ? 'const' : 'enum';
  const codec: ScalarCodec<T> = {
    kind: 'scalar', label, schema, examples: [],
    parseText(raw) {
      const v = fromText(raw, values);
      return v === undefined ? fail(`${JSON.stringify(raw)} is not ${label}`, undefined, keyword) : ok(v as T);
    },
    formatText: (v) => asText(v as Json),
    check(json, path) {
      const hit = strings ? typeof json === 'string' && strings.has(json) : values.some((v) => deepEqual(v, json));
      return hit ? ok(json as T) : fail(`expected ${label}, got ${showJson(json)}`, path, keyword);
    },
  };
  literalChecks.set(codec.check, values);
  return codec;
}

/** Exactly this JSON value: `constant('cat')` (a discriminator's value), `constant(0)`. */
export function constant<const V extends Json>(value: V): ScalarCodec<V> {
  return literal<V>([value], { ...typed([value]), const: value }, JSON.stringify(value));
}

/** One of these JSON values (any mix of types): `enumOf([1, 2, 'many', null])`. */
export function enumOf<const V extends readonly Json[]>(values: V): ScalarCodec<V[number]> {
  return literal<V[number]>(values, { ...typed(values), enum: [...values] }, `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`);
}
