// A second opinion on an imported schema: ajv, compiled from the suite's original schema, must
// accept the codec's sample and refuse each of its near misses (what the mock and fuzz send).
import { Ajv2020 } from 'ajv/dist/2020.js';
import Ajv04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { isFormatName } from '../../src/codec/formats.js';
import { sample } from '../../src/codec/sample.js';
import { nearMisses } from '../../src/codec/near-miss.js';
import type { Codec } from '../../src/codec/types.js';
import type { Draft, SuiteTest } from './suite-files.js';

// Both are CommonJS: the export is module.exports and module.exports.default.
const addFormats = addFormatsModule.default;
// ajv-draft-04 (ajv's draft-04 class) comes with @readme/openapi-parser, which the loader uses.
const Ajv04 = Ajv04Module.default;

/**
 * `ok`; `fail`; `none` (the codec has no sample); `n/a` (ajv cannot compile the schema: a remote or
 * unknown ref, or ajv misjudges one of the group's own tests, so its opinion is not a check there).
 */
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

/**
 * Whether the schema names a format api-serve checks and ajv-formats does not (`iri`, `idn-email`):
 * ajv takes any string for it, so it is no judge of a near miss that breaks it.
 */
const checksFormatAjvLacks = (schema: unknown): boolean =>
  [...JSON.stringify(schema).matchAll(/"format":"((?:[^"\\]|\\.)*)"/g)].some(([, f]) => isFormatName(f!) && !Object.hasOwn(fullFormats, f!));

export function ajvCheck(draft: Draft, schema: unknown, codec: Codec<unknown>, tests: readonly SuiteTest[]): AjvResult {
  const valid = compile(draft, schema);
  if (valid === undefined) return { sample: 'n/a', nearMisses: 'n/a', misses: 0, accepted: 0 };
  // ajv's opinion counts only where it decides the group's own tests the suite's way: one that
  // refuses a valid test is no judge of a sample, one that accepts an invalid test no judge of a
  // near miss (it ignores contains' annotations under unevaluatedItems; on some $dynamicRef groups
  // it recurses without end, which counts as a wrong answer).
  const says = (v: unknown): boolean | undefined => { try { return valid(v); } catch { return undefined; } };
  const tooStrict = tests.some((t) => t.valid && says(t.data) !== true);
  const tooLoose = tests.some((t) => !t.valid && says(t.data) !== false);
  let value: unknown;
  try { value = sample(codec); } catch { return { sample: 'none', nearMisses: 'none', misses: 0, accepted: 0 }; }
  const sampled: AjvVerdict = tooStrict ? 'n/a' : says(value) === true ? 'ok' : 'fail';
  let misses: unknown[];
  try { misses = nearMisses(codec).map((m) => m.value); } catch { return { sample: sampled, nearMisses: 'fail', misses: 0, accepted: 0 }; }
  if (tooLoose || checksFormatAjvLacks(schema)) return { sample: sampled, nearMisses: 'n/a', misses: misses.length, accepted: 0 };
  const accepted = misses.filter((v) => says(v) !== false).length;
  return { sample: sampled, nearMisses: accepted === 0 ? 'ok' : 'fail', misses: misses.length, accepted };
}
