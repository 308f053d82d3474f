// A second opinion on an imported schema: ajv, compiled from the suite's original schema, must
// accept the codec's sample and refuse each of its near misses (what the mock and fuzz send).
import { Ajv2020 } from 'ajv/dist/2020.js';
import Ajv04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import { sample } from '../../src/codec/sample.js';
import { nearMisses } from '../../src/codec/near-miss.js';
import type { Codec } from '../../src/codec/types.js';
import type { Draft } from './suite-files.js';

// Both are CommonJS: the export is module.exports and module.exports.default.
const addFormats = addFormatsModule.default;
// ajv-draft-04 (ajv's draft-04 class) comes with @readme/openapi-parser, which the loader uses.
const Ajv04 = Ajv04Module.default;

/** `ok`; `fail`; `none` (the codec has no sample); `n/a` (ajv cannot compile the schema: a remote or unknown ref). */
export type AjvVerdict = 'ok' | 'fail' | 'none' | 'n/a';

export interface AjvResult {
  readonly sample: AjvVerdict;
  readonly nearMisses: AjvVerdict;
  /** How many near misses there were, and how many of them ajv accepted. */
  readonly misses: number;
  readonly accepted: number;
}

/**
 * decided (docs/testing.md "JSON Schema conformance"): formats are asserted (ajv-formats "full"),
 * as api-serve's codecs assert them; otherwise a near miss breaking a format would count as accepted.
 * A fresh ajv per schema: the suite's schemas reuse `$id`s across groups.
 */
function compile(draft: Draft, schema: unknown): ((v: unknown) => boolean) | undefined {
  const ajv = draft === 'draft4' ? new Ajv04({ strict: false, logger: false }) : new Ajv2020({ strict: false, logger: false });
  addFormats(ajv, { mode: 'full' });
  try {
    const validate = ajv.compile(schema as object);
    return (v) => validate(v) === true;
  } catch {
    return undefined;
  }
}

export function ajvCheck(draft: Draft, schema: unknown, codec: Codec<unknown>): AjvResult {
  const valid = compile(draft, schema);
  if (valid === undefined) return { sample: 'n/a', nearMisses: 'n/a', misses: 0, accepted: 0 };
  let sampled: AjvVerdict;
  try { sampled = valid(sample(codec)) ? 'ok' : 'fail'; } catch { sampled = 'none'; }
  if (sampled === 'none') return { sample: sampled, nearMisses: 'none', misses: 0, accepted: 0 };
  let misses: unknown[];
  try { misses = nearMisses(codec).map((m) => m.value); } catch { return { sample: sampled, nearMisses: 'fail', misses: 0, accepted: 0 }; }
  const accepted = misses.filter((v) => valid(v)).length;
  return { sample: sampled, nearMisses: accepted === 0 ? 'ok' : 'fail', misses: misses.length, accepted };
}
