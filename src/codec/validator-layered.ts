// checkFast and the refusal of a codec `withRule` made (keywords/applied.ts): its check is the
// check of the codec it was made over, then its rule, so down its layers a refused value's failure
// is the first codec not made so refusing it (by that codec's own refusal, copying nothing) or
// else the first rule that does, innermost first, its test writing the message as in check. One
// pass: a refused value does not run the validator's work twice, once to refuse and once to find
// the failure. Codecs with rules made otherwise (an `allOf`'s kept rules) are left to check.
import type { Codec, Result } from './types.js';
import { type KeywordRule, compiledRules, layerOf, ruleFailure } from './keywords/applied.js';
import type { Refusal } from './validator-refusal.js';
import { miss, recording } from './validator-miss.js';

type Valid = (value: unknown) => boolean;

/** A `withRule` codec's layers: the first codec down them not made so, and the rules over it, innermost first. */
function layersOf(codec: Codec<unknown>): { readonly bottom: Codec<unknown>; readonly rules: readonly KeywordRule[] } | undefined {
  if (layerOf(codec) === undefined) return undefined;
  const rules: KeywordRule[] = [];
  let bottom = codec;
  for (let layer = layerOf(bottom); layer !== undefined; layer = layerOf(bottom)) {
    rules.unshift(layer.rule);
    bottom = layer.under;
  }
  return { bottom, rules };
}

/**
 * The refusal of a codec `withRule` made (keywords/applied.ts), as its check finds it but copying
 * nothing: its check is the check of the codec it was made over, then its rule; down the layers,
 * the first codec not made so refuses the value (by its own refusal), or else the first rule that
 * does, innermost first (its test writes the message, as in check). Undefined for any other codec
 * with rules (an `allOf`'s kept rules, a copy with another check), whose check then refuses alone;
 * and while no compiler is registered.
 */
export function appliedRefusal(codec: Codec<unknown>, validatorOf: (c: Codec<unknown>) => Valid, of: (c: Codec<unknown>) => Refusal): Refusal | undefined {
  const layered = layeredCheck(codec, validatorOf, of);
  return layered === undefined ? undefined : (v, path) => {
    const r = layered(v, path);
    return r !== undefined && !r.ok ? r : undefined;
  };
}

/** What a layered check answers for a value the codec under accepts as it is and every rule holds for. */
const ACCEPTED = { ok: true, value: undefined } as const;

/**
 * `codec.check`, layer by layer (see appliedRefusal), for a codec `withRule` made: a refusal as
 * check writes it, ACCEPTED for a value check accepts as it is, undefined for one the codec under
 * accepts but decodes otherwise and every rule holds for (its decoded copy is check's to make).
 */
function layeredCheck(codec: Codec<unknown>, validatorOf: (c: Codec<unknown>) => Valid, of: (c: Codec<unknown>) => Refusal): ((v: unknown, path: string) => Result<unknown> | undefined) | undefined {
  const compiler = compiledRules.compiler;
  const layers = layersOf(codec);
  if (compiler === undefined || layers === undefined) return undefined;
  const { bottom, rules } = layers;
  const valid = validatorOf(bottom);
  const refusal = of(bottom);
  // An object's validator says where it stopped: its refusal starts there.
  const told = recording.has(valid);
  // A keyword's own test judges its subschemas by the compiled answers once the compiler is
  // registered, and gives the message in the same pass; a rule without one (an `allOf` part's,
  // whose test is the part's check) is asked its compiled test first, its message only on failure.
  const holds = rules.map((rule) => (rule.compile === undefined ? compiler.rule(rule)?.test : undefined));
  return (v, path) => {
    let itself = true;
    if (!valid(v)) {
      const r = refusal(v, path, told ? miss.at : undefined);
      if (r !== undefined && !r.ok) return r;
      itself = false;
    }
    for (let i = 0; i < rules.length; i++) {
      const quick = holds[i];
      if (quick !== undefined && quick(v)) continue;
      const why = rules[i]!.test(v);
      if (why !== undefined) return ruleFailure(rules[i]!, v, why, path);
    }
    return itself ? ACCEPTED : undefined;
  };
}

/**
 * checkFast of a codec `withRule` made: one pass down its layers, so a refused value does not run
 * the validator's work twice (once to refuse, once to find the failure); a value check accepts as
 * it is comes back as it came, one it decodes otherwise gets check's copy. Undefined for others.
 */
export function layeredCheckFast(codec: Codec<unknown>, validatorOf: (c: Codec<unknown>) => Valid, of: (c: Codec<unknown>) => Refusal): ((v: unknown) => Result<unknown>) | undefined {
  const layered = layeredCheck(codec, validatorOf, of);
  if (layered === undefined) return undefined;
  return (v) => {
    const r = layered(v, '$');
    return r === ACCEPTED ? { ok: true, value: v } : r ?? codec.check(v, '$');
  };
}
