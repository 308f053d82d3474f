// Objects read from text fields: OpenAPI's `style: form, explode: false` (`R,100,G,200`) and
// `style: deepObject` (`color[R]=100&color[G]=200`) both give key/value pairs, read here.
import { type Codec, type ObjectCodec, type Result, fail } from './types.js';

/** The codec of one key: its field, else the first pattern it matches, else the extra codec. */
export function fieldCodec(codec: ObjectCodec<unknown>, key: string): Codec<unknown> | undefined {
  if (Object.hasOwn(codec.props, key)) {
    const c = codec.props[key]!;
    return c.kind === 'optional' ? c.inner : c;
  }
  const p = codec.patterns.find((x) => x.regex.test(key));
  if (p) return p.codec;
  return typeof codec.extra === 'boolean' ? undefined : codec.extra;
}

/**
 * Reads each value by its key's codec, then checks the whole object (required fields, extra
 * keys, key counts) as JSON would be. A key given twice is refused (which value would be meant?).
 */
export function objectFromPairs<T>(codec: ObjectCodec<T>, pairs: readonly (readonly [string, string])[]): Result<T> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of pairs) {
    if (Object.hasOwn(out, key)) return fail(`key ${JSON.stringify(key)} given more than once`);
    const c = fieldCodec(codec as ObjectCodec<unknown>, key);
    if (c === undefined) {
      if (codec.extra === true) continue;
      return fail(`unexpected key ${JSON.stringify(key)} (${codec.label} has ${Object.keys(codec.props).join(', ')})`, undefined, 'additionalProperties');
    }
    const r = c.parseText(raw);
    if (!r.ok) return fail(`key ${JSON.stringify(key)}: ${r.error}`, undefined, r.constraint);
    Object.defineProperty(out, key, { value: r.value, enumerable: true, writable: true, configurable: true });
  }
  const whole = codec.check(out, '$');
  return whole.ok ? whole : fail(whole.error, undefined, whole.constraint);
}

/** `R,100,G,200` as pairs; an odd count of items is not an object. */
export function formPairs(raw: string): Result<[string, string][]> {
  if (raw === '') return { ok: true, value: [] };
  const items = raw.split(',');
  if (items.length % 2 !== 0) return fail(`${JSON.stringify(raw)} is not key,value pairs (an odd number of items)`);
  const out: [string, string][] = [];
  for (let i = 0; i < items.length; i += 2) out.push([items[i]!, items[i + 1]!]);
  return { ok: true, value: out };
}

/**
 * An object as the text its `parseText` reads, `R,100,G,200` (its `formatText` writes JSON, which
 * response headers and tokens read back).
 */
export function formPairsText(codec: ObjectCodec<unknown>, value: unknown): string {
  if (typeof value !== 'object' || value === null) return codec.formatText(value);
  return Object.entries(value).filter(([, v]) => v !== undefined)
    .flatMap(([k, v]) => [k, fieldCodec(codec, k)?.formatText(v) ?? String(v)]).join(',');
}
