// Compiled validators: one closure tree per codec, built once and cached, that answers "this JSON
// value is valid and decodes to itself" without building paths, results or copies. A request body
// that passes is used as it is; a refused one gets the codec's `check`'s failure from a walk that
// copies nothing (validator-refusal.ts: only the failing part's check runs, and it alone writes the
// message); one valid but for absent defaulted fields is copied with the defaults added
// (validator-defaults.ts); one otherwise decoded differently (a null optional field, extra keys to
// drop) goes through `check` whole. So the happy path allocates nothing per field. Closures
// everywhere but objects, whose validator is generated with no text of the document in its source
// (validator-object.ts); a codec with applicator rules is its base's validator and each rule's
// compiled test (validator-applied.ts), the message of a value they refuse still check's.
import type { Codec, ObjectCodec, Result, UnionCodec } from './types.js';
import { bool, date, int, isDate, number, text } from './scalars.js';
import { rulesOf, type Rule } from './constraints.js';
import { familyOfCodec, familyOfValue, type Family } from './untyped.js';
import { allOfParts } from './intersection.js';
import { objectValidator } from './validator-object.js';
import { evaluatedByBase } from './validator-evaluated.js';
import { appliedValidator, compilable, ruleCompiler, untypedOuter } from './validator-applied.js';
import { layeredCheckFast } from './validator-layered.js';
import { isLiteral, literalValidator } from './validator-literal.js';
import { missing } from './validator-lacking.js';
import { compiledRules } from './keywords/applied.js';
import { isCheck, refusalOf } from './validator-refusal.js';
import { defaultsFill } from './validator-defaults.js';
import { distinct } from './validator-source.js';
import { miss, recording } from './validator-miss.js';

type Valid = (value: unknown) => boolean;

const built = new WeakMap<Codec<unknown>, Valid>();

/** The validator of a codec, built on first use and kept as long as the codec lives. */
export function validatorOf(codec: Codec<unknown>): Valid {
  let v = built.get(codec);
  if (v === undefined) {
    v = build(codec);
    built.set(codec, v);
  }
  return v;
}

/**
 * `codec.check`, with the compiled validator in front: a valid value is returned as it came; a
 * refused one gets check's failure from a walk that copies nothing (validator-refusal.ts); only a
 * value that decodes otherwise (a null optional field, a default, a key dropped) runs check whole.
 */
export function checkFast<T>(codec: Codec<T>, value: unknown): ReturnType<Codec<T>['check']> {
  // The codec of the last call first: bodies of one route come in runs, and a WeakMap lookup cost a refused body a tenth of its time.
  if (codec === lastCodec) return lastCheck(value) as ReturnType<Codec<T>['check']>;
  const f = compiledCheck(codec as Codec<unknown>);
  lastCodec = codec as Codec<unknown>;
  lastCheck = f;
  return f(value) as ReturnType<Codec<T>['check']>;
}

let lastCodec: Codec<unknown> | undefined;
let lastCheck: (value: unknown) => Result<unknown> = () => ({ ok: true, value: undefined });

/** checkFast of one codec as a function of the value alone, built on first use and kept as long as the codec lives. */
export function compiledCheck<T>(codec: Codec<T>): (value: unknown) => ReturnType<Codec<T>['check']> {
  let f = fast.get(codec as Codec<unknown>);
  if (f === undefined) {
    f = fastCheck(codec as Codec<unknown>);
    fast.set(codec as Codec<unknown>, f);
  }
  return f as (value: unknown) => ReturnType<Codec<T>['check']>;
}

/** checkFast of one codec: one cache lookup per value, not one for the validator and one for the refusal. */
const fast = new WeakMap<Codec<unknown>, (value: unknown) => Result<unknown>>();

function fastCheck(codec: Codec<unknown>): (value: unknown) => Result<unknown> {
  // A codec `withRule` made: one pass down its layers (validator-layered.ts).
  const layered = layeredCheckFast(codec, validatorOf, (c) => refusalOf(c, validatorOf));
  if (layered !== undefined) return layered;
  const refuse = refusalOf(codec, validatorOf);
  // An object with defaults: a valid value is copied with them added, not decoded by check field by field.
  const fill = defaultsFill(codec, validatorOf);
  const valid = validatorOf(codec);
  // A refusal that is check itself answers in full: check is not run a second time on a value it accepts.
  // Where the validator stopped, when it records it (an object's, and the defaults' fill, which records or resets it).
  const at = fill !== undefined || recording.has(valid) ? ', M.at' : '';
  const source = fill !== undefined ? `return (v) => fill(v) ?? refuse(v, '$'${at}) ?? C.check(v, '$');`
    : isCheck(refuse) ? "return (v) => (valid(v) ? { ok: true, value: v } : C.check(v, '$'));"
    : `return (v) => (valid(v) ? { ok: true, value: v } : refuse(v, '$'${at}) ?? C.check(v, '$'));`;
  try {
    // One function per codec (fixed source, no text of the document): each call site sees one validator and one check.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- fixed source
    return new Function('valid', 'refuse', 'C', 'fill', 'M', distinct(source))(valid, refuse, codec, fill, miss) as (value: unknown) => Result<unknown>;
  } catch {
    const rest = (v: unknown) => refuse(v, '$') ?? codec.check(v, '$');
    return fill !== undefined ? (v) => fill(v) ?? rest(v) : (v) => (valid(v) ? { ok: true, value: v } : rest(v));
  }
}

const refuting = new WeakMap<Codec<unknown>, boolean>();

/**
 * Whether the validator's `false` means `check` refuses the value (not merely "decodes otherwise"
 * or "not judged here"): a union then needs no option's `check` to know the option fails. Objects
 * are not (a null optional field, a key to drop); a cycle is answered `false` while it is worked out.
 */
export function refutes(codec: Codec<unknown>): boolean {
  let r = refuting.get(codec);
  if (r === undefined) {
    refuting.set(codec, false);
    r = judgeRefutes(codec);
    refuting.set(codec, r);
  }
  return r;
}


/**
 * Whether a codec's applicator rules are left to its check: some rule has no compiled test (one
 * neither of keywords/ nor an `allOf` part's: it would run its subschemas' checks here and again
 * in the check that writes a refused value's message), and for `unevaluated*` the base itself
 * does not evaluate every key or item.
 */
// decided: measured, not guessed (docs/benchmark.md "Compiled validator against ajv (issue 31)").
export const ruleBound = (codec: Codec<unknown>): boolean => codec.applied !== undefined && !untypedOuter(codec)
  && codec.applied.rules.some((rule) => !compilable(rule) && evaluatedByBase(codec.applied!.base, rule.keyword) === undefined);

/** The rules' compiler: subschemas by their validators, or the compiled check where a validator's `false` is no refusal. */
const compiler = ruleCompiler({ validatorOf, refutes, missing: (c) => missing(c), checkOf: (c) => compiledCheck(c) });
// The rules' own tests (run by check, for a refused value's message) use it too: the same answers, compiled.
compiledRules.compiler = compiler;

function judgeRefutes(codec: Codec<unknown>): boolean {
  if (ruleBound(codec)) return false;
  // Rules over an untyped codec whose base is not the whole: a value of another named type may pass.
  if (codec.applied !== undefined && !untypedOuter(codec)) return (codec.untyped === undefined || codec.untyped.others.length === 0) && refutes(codec.applied.base);
  if (codec.untyped !== undefined) return codec.refines === (codec.untyped.base as Codec<unknown>).refines && [codec.untyped.base, ...codec.untyped.others].every((c) => refutes(c as Codec<unknown>));
  switch (codec.kind) {
    case 'scalar': return BUILT_IN.has(codec.check) || (codec.refines !== undefined && refutes(codec.refines.base)) || isLiteral(codec);
    case 'array': return refutes(codec.item);
    case 'tuple': return codec.items.every(refutes) && (codec.rest === false || refutes(codec.rest));
    case 'nullable': return refutes(codec.inner);
    case 'union': return codec.discriminator !== undefined && codec.options.every(refutes);
    case 'lazy': return refutes(codec.target());
    case 'json': case 'bytes': return true;
    case 'object': case 'optional': return false;
  }
}

const all = (rules: readonly Pick<Rule, 'test'>[], v: unknown) => {
  for (let i = 0; i < rules.length; i++) if (!rules[i]!.test(v)) return false;
  return true;
};

function build(codec: Codec<unknown>): Valid {
  if (codec.applied !== undefined && !untypedOuter(codec)) {
    if (ruleBound(codec)) return () => false;
    const base = validatorOf(codec.applied.base);
    const tests = codec.applied.rules.map((rule): Valid => {
      const compiled = compiler.rule(rule)?.test;
      if (compiled !== undefined) return compiled;
      // No compiled test: for `unevaluated*`, the keys or items the base evaluates need no walk.
      const quick = evaluatedByBase(codec.applied!.base, rule.keyword);
      const test = (v: unknown) => rule.test(v) === undefined;
      return quick === undefined ? test : (v) => quick(v) || test(v);
    });
    const u = codec.untyped;
    // Rules over an untyped codec: a value of a type its schema does not name meets the rules alone.
    return appliedValidator(base, tests, u === undefined ? undefined : new Set([u.base, ...u.others].map((c) => familyOfCodec(c as Codec<unknown>))));
  }
  if (codec.untyped !== undefined) return untyped(codec);
  switch (codec.kind) {
    case 'scalar': return scalar(codec);
    case 'object': {
      // allOf of objects checks each part's patterns, maps and key counts over the whole object.
      const parts = Array.isArray(codec.schema.allOf) ? allOfParts(codec)?.parts : undefined;
      if (Array.isArray(codec.schema.allOf) && parts === undefined) return () => false;
      return objectValidator(codec, parts as readonly ObjectCodec<unknown>[] | undefined, validatorOf);
    }
    case 'array': {
      const item = validatorOf(codec.item);
      const rules = rulesOf(codec.schema);
      return (v) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (!item(v[i])) return false;
        return rules.length === 0 || all(rules, v);
      };
    }
    case 'tuple': {
      const items = codec.items.map(validatorOf);
      const n = items.length;
      const rest = codec.rest === false ? undefined : validatorOf(codec.rest);
      const least = codec.partial ? 0 : n;
      const rules = rulesOf(codec.schema);
      return (v) => {
        if (!Array.isArray(v) || v.length < least || (rest === undefined && v.length > n)) return false;
        for (let i = 0; i < v.length; i++) if (!(i < n ? items[i]! : rest!)(v[i])) return false;
        return rules.length === 0 || all(rules, v);
      };
    }
    case 'optional': {
      // Outside an object, an absent value decodes to undefined or a default: not itself.
      const inner = validatorOf(codec.inner);
      return (v) => v !== undefined && v !== null && inner(v);
    }
    case 'nullable': {
      const inner = validatorOf(codec.inner);
      return (v) => v === null || inner(v);
    }
    case 'union': return union(codec);
    case 'lazy': {
      let target: Valid | undefined;
      return (v) => (target ??= validatorOf(codec.target()))(v);
    }
    case 'json': return () => true;
    case 'bytes': return (v) => Buffer.isBuffer(v);
  }
}

/**
 * A union decodes a value by the option that takes it: with a discriminator, the one it names;
 * `anyOf`, the first whose check accepts it; `oneOf`, the only one. An option's validator saying
 * `true` gives "valid, decodes to itself" for that option; the others must be known to refuse it,
 * by their validator where its `false` means a refusal, or by a required key the value lacks;
 * else the union's check decides.
 */
function union(codec: UnionCodec<unknown>): Valid {
  const options = codec.options.map(validatorOf);
  const n = options.length;
  const d = codec.discriminator;
  if (d !== undefined) {
    return (v) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
      const key = (v as Record<string, unknown>)[d.property];
      const i = typeof key === 'string' && Object.hasOwn(d.mapping, key) ? d.mapping[key] : undefined;
      return i !== undefined && options[i]!(v);
    };
  }
  const sure = codec.options.map(refutes);
  const quick = codec.options.map((o) => missing(o));
  // Known refusals only (an option lacking a required key is passed over before its validator
  // runs): calling an option's check here would be paid again by the union's own check whenever
  // the answer is false, and most values a union's validator refuses are invalid.
  if (codec.mode === 'anyOf') {
    return (v) => {
      for (let i = 0; i < n; i++) {
        const q = quick[i];
        if (q !== undefined && q(v)) continue;
        if (options[i]!(v)) return true;
        // An earlier option that may accept the value decodes it (perhaps otherwise): check decides.
        if (!sure[i]) return false;
      }
      return false;
    };
  }
  return (v) => {
    let hit = false;
    for (let i = 0; i < n; i++) {
      const q = quick[i];
      if (q !== undefined && q(v)) continue;
      if (options[i]!(v)) {
        if (hit) return false;
        hit = true;
      } else if (!sure[i]) return false;
    }
    return hit;
  };
}

const always: Valid = () => true;

/** A schema without `type`: a value is judged by the codec of its JSON type; of no such type, it passes as it is. */
function untyped(codec: Codec<unknown>): Valid {
  const { base, others } = codec.untyped!;
  // Constrained after the fact (a refinement other than its base's): those keywords are no part's, so check decides.
  if (codec.refines !== (base as Codec<unknown>).refines) return () => false;
  const by: Partial<Record<Family, Valid>> = {};
  for (const c of [base, ...others] as Codec<unknown>[]) {
    const f = familyOfCodec(c);
    if (f !== undefined) by[f] = validatorOf(c);
  }
  const [vNull, vBool, vNum, vStr, vArr, vObj] = (['null', 'boolean', 'number', 'string', 'array', 'object'] as const).map((f) => by[f] ?? always) as [Valid, Valid, Valid, Valid, Valid, Valid];
  return (v) => {
    if (v === null) return vNull(v);
    switch (typeof v) {
      case 'boolean': return vBool(v);
      case 'number': return vNum(v);
      case 'string': return vStr(v);
      case 'object': return Array.isArray(v) ? vArr(v) : vObj(v);
      default: return false;
    }
  };
}

const BUILT_IN: ReadonlySet<unknown> = new Set([int.check, number.check, bool.check, text.check, date.check]);

/** Built-in scalars by their check (copies share it); constrained ones by their base and rules. */
function scalar(codec: Codec<unknown>): Valid {
  switch (codec.check) {
    case int.check: return (v) => typeof v === 'number' && Number.isSafeInteger(v);
    case number.check: return (v) => typeof v === 'number' && Number.isFinite(v);
    case bool.check: return (v) => typeof v === 'boolean';
    case text.check: return (v) => typeof v === 'string';
    case date.check: return (v) => typeof v === 'string' && isDate(v);
    default: break;
  }
  const refines = codec.refines;
  if (refines !== undefined) {
    const base = validatorOf(refines.base);
    const { rules } = refines;
    // One function per codec, each rule's test at its own call site (fixed source: positions only),
    // where one shared closure called every base and rule through the same sites.
    const source = `const ${['b = B', ...rules.map((_, i) => `t${i} = T[${i}]`)].join(', ')}; return (v) => b(v)${rules.map((_, i) => ` && t${i}.test(v)`).join('')};`;
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- fixed source
      return new Function('B', 'T', distinct(source))(base, rules) as Valid;
    } catch {
      return (v) => base(v) && all(rules, v);
    }
  }
  // A literal: its values compared as its check compares them, with no failure written for the others.
  const literal = literalValidator(codec);
  if (literal !== undefined) return literal;
  // Any other scalar (word sets, a user's own): valid when its check keeps the value.
  return (v) => {
    const r = codec.check(v, '$');
    return r.ok && r.value === v;
  };
}
