// A keyword rule read together with its arguments: the schema's keys with each subschema replaced
// by the codec read from it, so that `t.keywords(base, args)` makes the same rule again.
import type { Codec } from '../types.js';
import type { Keyword, KeywordRule, ReadSub } from './applied.js';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Sets an own property, `__proto__` included. */
function own(o: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/** `value` (at `steps` in the schema) with every subschema that was read replaced by its codec. */
function replaced(value: unknown, steps: readonly (string | number)[], read: ReadonlyMap<string, Codec<unknown>>): unknown {
  const codec = read.get(JSON.stringify(steps));
  if (codec !== undefined) return codec;
  if (Array.isArray(value)) return value.map((v, i) => replaced(v, [...steps, i], read));
  if (!isObj(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) own(out, k, replaced(v, [...steps, k], read));
  return out;
}

/** `keyword.read`, and the rule's `args`. */
export function readRule(keyword: Keyword, schema: Readonly<Record<string, unknown>>, sub: ReadSub, codec: Codec<unknown>): KeywordRule | undefined {
  const read = new Map<string, Codec<unknown>>();
  const rule = keyword.read(schema, (s, ...steps) => {
    const c = sub(s, ...steps);
    read.set(JSON.stringify(steps), c);
    return c;
  }, codec);
  if (rule === undefined) return undefined;
  const args: Record<string, unknown> = {};
  for (const k of keyword.keys) if (Object.hasOwn(schema, k)) own(args, k, replaced(schema[k], [k], read));
  return { ...rule, args };
}
