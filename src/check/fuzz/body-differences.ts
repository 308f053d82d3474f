// Every place a JSON value departs from a codec, by JSON pointer: codec.check stops at the first
// problem, a conformance report should name them all (an undeclared key and a wrong type at once).
import type { Codec } from '../../codec/index.js';
import { child } from '../../codec/json-pointer.js';

export interface BodyDifference {
  /** JSON pointer into the body ('' is the whole body). */
  readonly pointer: string;
  /** `additionalProperties`, `required`, `type`, or the keyword the codec names. */
  readonly keyword: string;
  readonly message: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The codec's own verdict on a value, as a difference at `pointer` (its message kept). */
function leaf(codec: Codec<unknown>, value: unknown, pointer: string, out: BodyDifference[]): void {
  const r = codec.check(value, '$');
  if (r.ok) return;
  const keyword = r.constraint ?? 'type';
  // The codec's path is aeson-style (`$.a[0]`): kept in the message, the pointer is ours.
  out.push({ pointer, keyword, message: r.path !== undefined && r.path !== '$' ? `${r.error} (at ${r.path})` : r.error });
}

export function bodyDifferences(codec: Codec<unknown>, value: unknown, pointer = '', out: BodyDifference[] = [], depth = 0): BodyDifference[] {
  if (depth > 64) { leaf(codec, value, pointer, out); return out; }
  const before = out.length;
  switch (codec.kind) {
    case 'lazy': return bodyDifferences(codec.target(), value, pointer, out, depth + 1);
    case 'nullable': return value === null ? out : bodyDifferences(codec.inner, value, pointer, out, depth + 1);
    case 'optional': return value === undefined || value === null ? out : bodyDifferences(codec.inner, value, pointer, out, depth + 1);
    case 'object': {
      if (!isObject(value)) break;
      for (const [k, c] of Object.entries(codec.props)) {
        if (!Object.hasOwn(value, k)) {
          if (c.kind !== 'optional') out.push({ pointer: child(pointer, k), keyword: 'required', message: `missing key "${k}" (${c.label})` });
        } else bodyDifferences(c, value[k], child(pointer, k), out, depth + 1);
      }
      for (const k of Object.keys(value)) {
        if (Object.hasOwn(codec.props, k)) continue;
        const p = codec.patterns.find((f) => f.regex.test(k));
        if (p) bodyDifferences(p.codec, value[k], child(pointer, k), out, depth + 1);
        else if (codec.extra === false) out.push({ pointer: child(pointer, k), keyword: 'additionalProperties', message: `undeclared key "${k}"` });
        else if (codec.extra !== true) bodyDifferences(codec.extra, value[k], child(pointer, k), out, depth + 1);
      }
      break;
    }
    case 'array':
      if (!Array.isArray(value)) break;
      value.forEach((v, i) => bodyDifferences(codec.item, v, child(pointer, i), out, depth + 1));
      break;
    case 'tuple': {
      if (!Array.isArray(value)) break;
      const n = codec.items.length;
      value.forEach((v, i) => {
        const c = i < n ? codec.items[i]! : codec.rest;
        // Past the positions with nothing allowed after them: each extra item is a difference of its own.
        if (c === false) out.push({ pointer: child(pointer, i), keyword: 'items', message: `unexpected item ${i + 1} (${codec.label} has ${n} position${n === 1 ? '' : 's'})` });
        else bodyDifferences(c, v, child(pointer, i), out, depth + 1);
      });
      break;
    }
    case 'scalar': case 'union': case 'json': case 'bytes':
      leaf(codec, value, pointer, out);
      return out;
  }
  // The container's own rules (its type, item counts, key counts) when its parts raised nothing.
  if (out.length === before) leaf(codec, value, pointer, out);
  return out;
}
