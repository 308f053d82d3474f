// Surely refused for a missing key: a test, per codec, that holds where its check refuses a value
// for lacking a required key, without running it. A union's validator passes over such an option
// before asking its validator (whose `false` alone would leave the union to check), and a rule's
// subschema test (validator-applied.ts) needs no check for it.
import type { Codec } from './types.js';
import { untypedOuter } from './validator-applied.js';

type Valid = (value: unknown) => boolean;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * For an object codec (bare, untyped, or under rules, which its check runs after its own's): a
 * test that holds when its check surely refuses an object value for lacking a required key (or,
 * typed, any value that is no object); for a union without discriminator (or a reference to one),
 * when that holds for every option, none of which then takes the value. Undefined for other codecs.
 */
export function missing(codec: Codec<unknown>, seen = new Set<Codec<unknown>>()): Valid | undefined {
  // A reference cycle back to a union being read (`oneOf: [{ $ref: '#' }, ...]`) says nothing.
  if (seen.has(codec)) return undefined;
  seen.add(codec);
  let c = codec;
  // Rules over a schema without type keep its `untyped` (read below): their base alone is typed.
  if (c.applied !== undefined && !untypedOuter(c) && c.untyped === undefined) c = c.applied.base;
  if (c.kind === 'lazy' && c.applied === undefined && c.untyped === undefined) return missing(c.target(), seen);
  if (c.kind === 'union' && c.discriminator === undefined && c.applied === undefined && c.untyped === undefined && c.refines === undefined) {
    const each: Valid[] = [];
    for (const o of c.options) {
      const q = missing(o, seen);
      if (q === undefined) return undefined;
      each.push(q);
    }
    return (v) => {
      for (let i = 0; i < each.length; i++) if (!each[i]!(v)) return false;
      return true;
    };
  }
  const typed = c.untyped === undefined;
  if (!typed) c = ([c.untyped!.base, ...c.untyped!.others] as Codec<unknown>[]).find((o) => o.kind === 'object') ?? c;
  if (c.kind !== 'object' || c.applied !== undefined || c.untyped !== undefined || c.refines !== undefined || Array.isArray(c.schema.allOf)) return undefined;
  const props = c.props;
  const required = Object.keys(props).filter((k) => props[k]!.kind !== 'optional');
  return (v) => {
    if (!isObject(v)) return typed;
    for (let i = 0; i < required.length; i++) if (!Object.hasOwn(v, required[i]!)) return true;
    return false;
  };
}
