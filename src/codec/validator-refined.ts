// The refusal of a constrained scalar (`constrain`: a base codec and keyword rules, constraints.ts):
// compiled as constrain's check runs, the base's refusal first and then each rule in order on what
// the base decoded, failing as that check fails (brokeJson's message of the value as it came, the
// path, the rule's keyword), so that no test runs twice: not the base's check after its validator
// passed, and not the last rule when the caller's validator has just refused the value and every
// test before it passed (the validator runs the same tests in the same order, validator.ts).
import { type Codec, type Result, fail } from './types.js';
import type { Rule } from './constraints.js';
import { bool, date, int, number, text } from './scalars.js';
import { builtInFailure } from './validator-scalar-failure.js';
import { showAfter, shownAfter } from './validator-message.js';
import { distinct } from './validator-source.js';

type Valid = (value: unknown) => boolean;
type Refusal = (value: unknown, path: string, at?: number) => Result<unknown> | undefined;

/**
 * `at` from a caller that has just run this codec's own validator on the value and got `false`
 * (an object's walk at the field its validator refused, an array's at an item its validator
 * refused); any other `at` (-1, absent, an object's field position) says nothing.
 */
export const REFUSED = -2;

/** Checks whose compiled validator is their own (validator.ts's `scalar`), not the base and rules'. */
const OWN: ReadonlySet<unknown> = new Set([int.check, number.check, bool.check, text.check, date.check]);

/**
 * The rules of a constrained scalar whose check is constrain's over `refines` (each rule with its
 * message's reason), or undefined: a codec of another kind, or whose check is a built-in's, is check's.
 */
export function refinedRules(codec: Codec<unknown>): readonly Rule[] | undefined {
  const refines = codec.refines;
  if (refines === undefined || codec.kind !== 'scalar' || OWN.has(codec.check)) return undefined;
  const rules = refines.rules as readonly Partial<Rule>[];
  return rules.every((r) => typeof r.reason === 'string' && typeof r.keyword === 'string') ? (rules as readonly Rule[]) : undefined;
}

/**
 * The refusal of a constrained scalar: `base` and its validator and refusal (`plainBase`: that
 * refusal is the base's check itself), and the rules refinedRules gave.
 */
export function refinedRefusal(base: Codec<unknown>, rules: readonly Rule[], baseValid: Valid, baseRefusal: Refusal, plainBase: boolean): Refusal {
  const n = rules.length;
  const keywords = rules.map((r) => r.keyword);
  // brokeJson(rule, json) is `${reason}, got ${showJson(json)}`.
  const broke = rules.map((r) => shownAfter(`${r.reason}, got `));
  // A built-in base (integer, number, boolean, text): its validator is its check's word, and its failure is written here.
  const prefix = builtInFailure(base.check);
  const wrong = prefix === undefined ? undefined : shownAfter(prefix);
  const failed = (i: number) => `return fail(showAfter(m${i}, v), path, k${i});`;
  const test = (i: number, x: string) => `if (!t${i}.test(${x})) ${failed(i)}`;
  // One function per codec (fixed source: positions only), each rule's test at its own call site,
  // as validator.ts compiles the validator: one closure for all called every test through one site.
  const body = [
    `const b = B, br = BR, w = W${rules.map((_, i) => `, t${i} = R[${i}], m${i} = M[${i}], k${i} = K[${i}]`).join('')};`,
    'return (v, path, at) => {',
    // Valid for the base: it decodes to itself, and the validator's tests before the last ran on
    // this very value, so when the caller's validator refused it the last rule is the one broken.
    'if (b(v)) {',
    ...rules.map((_, i) => (i === n - 1 ? `if (at === ${REFUSED} || !t${i}.test(v)) ${failed(i)}` : test(i, 'v'))),
    // Accepted (check then answers in full): no result is built for a field that passes.
    'return undefined;',
    '}',
    wrong !== undefined ? 'return fail(showAfter(w, v), path);' : `const r = ${plainBase ? 'base.check(v, path)' : 'br(v, path) ?? base.check(v, path)'}; if (!r.ok) return r;`,
    // What the base decoded is what the rules judge (constrain's check); the message shows the value as it came.
    ...(wrong !== undefined ? [] : [...rules.map((_, i) => test(i, 'r.value')), 'return r;']),
    '};',
  ].join('\n');
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- fixed source: positions only
    return new Function('B', 'BR', 'W', 'R', 'M', 'K', 'base', 'fail', 'showAfter', distinct(body))(
      baseValid, baseRefusal, wrong, rules, broke, keywords, base, fail, showAfter) as Refusal;
  } catch {
    // Eval forbidden (a page's Content-Security-Policy): the same steps in one closure.
    return (v, path, at) => {
      if (baseValid(v)) {
        for (let i = 0; i < n; i++) if ((i === n - 1 && at === REFUSED) || !rules[i]!.test(v)) return fail(showAfter(broke[i]!, v), path, keywords[i]);
        return undefined;
      }
      if (wrong !== undefined) return fail(showAfter(wrong, v), path);
      const r = plainBase ? base.check(v, path) : baseRefusal(v, path) ?? base.check(v, path);
      if (!r.ok) return r;
      for (let i = 0; i < n; i++) if (!rules[i]!.test(r.value)) return fail(showAfter(broke[i]!, v), path, keywords[i]);
      return r;
    };
  }
}
