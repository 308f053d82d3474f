// The compiled validator of a `const`/`enum` codec (literal.ts): its values compared as its check
// compares them, so a value outside them is refused with no failure written (a subschema's test
// in `contains`, `if` or `not` asks it of every item), and its `false` is a refusal.
import type { Codec } from './types.js';
import { literalValuesOf } from './literal.js';
import { deepEqual } from './json-equal.js';

type Valid = (value: unknown) => boolean;

/** Whether a codec is a `const`/`enum` codec (literal.ts), told by its check. */
export const isLiteral = (codec: Codec<unknown>): boolean => codec.refines === undefined && literalValuesOf(codec) !== undefined;

/** A literal's values, when its check accepts each of them; else undefined (its check then judges every value). */
function literalValues(codec: Codec<unknown>): readonly unknown[] | undefined {
  if (!isLiteral(codec)) return undefined;
  const values = literalValuesOf(codec)!;
  return values.every((x) => codec.check(x, '$').ok) ? values : undefined;
}

/** A literal's validator (its check keeps every value it accepts as it is), or undefined for any other codec. */
export function literalValidator(codec: Codec<unknown>): Valid | undefined {
  const values = literalValues(codec);
  if (values === undefined) return undefined;
  if (values.every((x) => typeof x === 'string')) {
    const strings = new Set(values as string[]);
    return (v) => typeof v === 'string' && strings.has(v);
  }
  return (v) => {
    for (let i = 0; i < values.length; i++) if (deepEqual(values[i], v)) return true;
    return false;
  };
}
