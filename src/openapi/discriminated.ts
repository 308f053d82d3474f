// A `oneOf` with OpenAPI's `discriminator`: the union that picks its option by the property's
// value, when each option states its values as constants and no value is two options'.
import * as t from '../codec/codecs.js';
import type { Codec } from '../codec/types.js';
import { discriminatorValues } from '../codec/union.js';

/**
 * The discriminated union of `options` by property `d`. The discriminator is a hint beside oneOf
 * (OpenAPI): where it cannot pick (an option that does not state its value as a constant, a value
 * two options both allow, as peertube's grant_type), this throws why, and the reader tells the
 * options apart by their schemas, as oneOf says, with a warning (never a refused document).
 */
export function discriminated(options: readonly Codec<unknown>[], d: string): Codec<unknown> {
  const lacking = options.find((o) => { try { return discriminatorValues(o, d).length === 0; } catch { return true; } });
  if (lacking !== undefined) throw new Error(`the discriminator property "${d}" is not a constant of ${lacking.label}, so options are told apart by their schemas`);
  const owner = new Map<string, Codec<unknown>>();
  for (const o of options) {
    for (const v of discriminatorValues(o, d)) {
      const first = owner.get(v);
      if (first !== undefined && first !== o) throw new Error(`the discriminator value ${JSON.stringify(v)} of "${d}" is allowed by both ${first.label} and ${o.label}, so options are told apart by their schemas`);
      owner.set(v, o);
    }
  }
  return t.union(options, { discriminator: d }) as Codec<unknown>;
}
