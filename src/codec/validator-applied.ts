// The compiled validator of a codec with applicator rules (`not`, `contains`, `if`, `dependentSchemas`,
// `unevaluatedProperties`...): its base's validator and each rule's compiled test, built once per
// codec from the compiled answers of the rule's subschemas instead of their `check`s. For
// `unevaluated*`, what the codec's other keywords evaluated is found by a compiled walk that
// mirrors keywords/evaluated.ts node for node, adding key and item tests to a coverage instead of
// building sets, and testing union options by their compiled answers. Only the accept/refuse
// decision is compiled: a refused value's message is still check's (validator-layered.ts).
import type { Codec, UnionCodec } from './types.js';
import { anyOf } from './union.js';
import type { Collect, CompiledRule, Coverage, KeywordRule, RuleCompiler } from './keywords/applied.js';
import { type Evaluated, evaluated as evaluatedSlowly } from './keywords/evaluated.js';
import { allOfParts } from './intersection.js';
import { unsaid } from './structured.js';
import { type Family, familyOfCodec, familyOfValue } from './untyped.js';

type Valid = (value: unknown) => boolean;

/** What the compiled rules are built from (validator.ts's, passed in: it imports this module). */
export interface Compiled {
  readonly validatorOf: (c: Codec<unknown>) => Valid;
  /** Whether the validator's `false` means check refuses the value. */
  readonly refutes: (c: Codec<unknown>) => boolean;
  /** A test that holds only where check surely refuses the value (a required key missing), if there is one. */
  readonly missing: (c: Codec<unknown>) => Valid | undefined;
  /** Exactly `check(v, '$')`, compiled (validator.ts's compiledCheck). */
  readonly checkOf: (c: Codec<unknown>) => (v: unknown) => { readonly ok: boolean };
}

const { hasOwn } = Object;
const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Whether `untyped` is the codec's outer layer: `untyped` copies its base, keeping the base's
 * `applied` as it was, while `withRule` over an untyped codec makes a new `applied`.
 */
export const untypedOuter = (codec: Codec<unknown>): boolean => codec.untyped !== undefined && codec.applied === (codec.untyped.base as Codec<unknown>).applied;

/** The compiler the rules are given, one for the validators of validator.ts. */
export function ruleCompiler(of: Compiled): RuleCompiler {
  const accepting = new WeakMap<Codec<unknown>, Valid>();
  const walks = new WeakMap<Codec<unknown>, Collect>();
  const rules = new WeakMap<KeywordRule, CompiledRule>();

  const accepts = (codec: Codec<unknown>): Valid => {
    let a = accepting.get(codec);
    if (a === undefined) {
      // Where the validator's `false` is a refusal, it is the whole answer; elsewhere (an object, whose
      // `false` may be "decodes otherwise") a value it does not pass gets the compiled check's word.
      // That check is built on first use: a `$ref` cycle reaches its own codec while it is built;
      // a value lacking a key every option requires needs none.
      const valid = of.validatorOf(codec);
      const lacks = of.missing(codec);
      if (of.refutes(codec)) a = valid;
      else if (isUnion(codec)) a = unionAccepts(codec as UnionCodec<unknown>, accepts);
      else {
        let check: ((v: unknown) => { readonly ok: boolean }) | undefined;
        a = lacks === undefined ? (v) => valid(v) || (check ??= of.checkOf(codec))(v).ok
          : (v) => valid(v) || (!lacks(v) && (check ??= of.checkOf(codec))(v).ok);
      }
      accepting.set(codec, a);
    }
    return a;
  };

  const evaluated = (codec: Codec<unknown>): Collect => {
    let w = walks.get(codec);
    if (w === undefined) {
      let own: Collect | undefined;
      // As evaluated.ts's walk: a reference met again in the same walk adds nothing (a `$ref` cycle;
      // only a reference closes one, every other codec is made of codecs made before it, and one
      // met twice adds what it added), and once every key or item is evaluated nothing can add
      // more. Built on first use, as above.
      w = codec.kind === 'lazy' ? (v, into) => {
        if (into.all || into.seen.includes(codec)) return;
        into.seen.push(codec);
        (own ??= walkOf(codec))(v, into);
      } : (v, into) => {
        if (!into.all) (own ??= walkOf(codec))(v, into);
      };
      walks.set(codec, w);
    }
    return w;
  };

  const rule = (r: KeywordRule): CompiledRule | undefined => {
    let c = rules.get(r);
    if (c === undefined) {
      const part = r.compile === undefined ? partOf(r) : undefined;
      if (r.compile !== undefined) c = r.compile(compiler);
      else if (part !== undefined) c = { test: accepts(part), evaluated: evaluated(part) };
      else return undefined;
      rules.set(r, c);
    }
    return c;
  };

  /** What one codec evaluates, the subschemas at the same place through `evaluated` (evaluated.ts's `walk` and `own`). */
  function walkOf(c: Codec<unknown>): Collect {
    if (c.applied !== undefined) {
      const base = evaluated(c.applied.base);
      const each = c.applied.rules.flatMap((r) => (r.evaluated === undefined ? [] : [rule(r)?.evaluated ?? slowly(r)]));
      return (v, into) => {
        base(v, into);
        for (let i = 0; i < each.length; i++) each[i]!(v, into);
      };
    }
    if (c.untyped !== undefined) {
      // The first of its codecs of the value's JSON type.
      const options = [c.untyped.base, ...c.untyped.others] as Codec<unknown>[];
      const families = options.map(familyOfCodec);
      const walks = options.map(evaluated);
      return (v, into) => {
        const i = families.indexOf(familyOfValue(v));
        if (i >= 0) walks[i]!(v, into);
      };
    }
    // An `allOf` merged into one codec: every part held, so what each evaluated counts.
    const parts = allOfParts(c)?.parts;
    if (parts !== undefined) {
      const each = parts.map(evaluated);
      return (v, into) => {
        for (let i = 0; i < each.length; i++) each[i]!(v, into);
      };
    }
    switch (c.kind) {
      case 'object': return objectKeys(c.props, c.patterns.map((p) => p.regex), c.extra !== false && c.extra !== unsaid);
      case 'array':
        return c.item === unsaid ? nothing : (v, into) => {
          if (Array.isArray(v)) into.all = true;
        };
      case 'tuple': {
        if (c.rest !== false && c.rest !== unsaid) {
          return (v, into) => {
            if (Array.isArray(v)) into.all = true;
          };
        }
        const n = c.items.length;
        return (v, into) => {
          if (Array.isArray(v)) into.prefix = Math.max(into.prefix, Math.min(v.length, n));
        };
      }
      case 'union': {
        const options = c.options as readonly Codec<unknown>[];
        const tests = options.map(accepts);
        const walks = options.map(evaluated);
        const d = c.discriminator;
        if (d !== undefined) {
          // The option its value names is the one that validated, if it accepts the value.
          return (v, into) => {
            if (!isObj(v)) return;
            const named = v[d.property];
            const i = typeof named === 'string' && hasOwn(d.mapping, named) ? d.mapping[named] : undefined;
            if (i !== undefined && tests[i]!(v)) walks[i]!(v, into);
          };
        }
        // Every option that accepts the value counts.
        return (v, into) => {
          for (let i = 0; i < tests.length; i++) if (tests[i]!(v)) walks[i]!(v, into);
        };
      }
      case 'optional': return evaluated(c.inner);
      case 'nullable': {
        const inner = evaluated(c.inner);
        return (v, into) => {
          if (v !== null) inner(v, into);
        };
      }
      case 'lazy': return evaluated(c.target());
      case 'scalar': case 'json': case 'bytes': return nothing;
    }
  }

  const compiler: RuleCompiler = { accepts, evaluated, rule };
  return compiler;
}

const nothing: Collect = () => undefined;

/** A union's check's code (union.ts: each union's check is its own closure over the same code). */
const UNION_CHECK = String(anyOf([]).check);

/** A union as union.ts makes it (or a copy with its check), with nothing over it. */
const isUnion = (c: Codec<unknown>): boolean => c.kind === 'union' && c.applied === undefined && c.untyped === undefined
  && c.refines === undefined && String(c.check) === UNION_CHECK;

/**
 * Whether a union's check accepts a value, from its options' answers as its check reads them: with
 * a discriminator, the option the value names; `anyOf`, any option; `oneOf`, exactly one. No option's
 * failure is written, as its check would write them all.
 */
function unionAccepts(c: UnionCodec<unknown>, accepts: (c: Codec<unknown>) => Valid): Valid {
  const options = (c.options as readonly Codec<unknown>[]).map(accepts);
  const n = options.length;
  const d = c.discriminator;
  if (d !== undefined) {
    return (v) => {
      const named = isObj(v) ? v[d.property] : undefined;
      const i = typeof named === 'string' && hasOwn(d.mapping, named) ? d.mapping[named] : undefined;
      return i !== undefined && options[i]!(v);
    };
  }
  if (c.mode === 'anyOf') {
    return (v) => {
      for (let i = 0; i < n; i++) if (options[i]!(v)) return true;
      return false;
    };
  }
  return (v) => {
    let hit = false;
    for (let i = 0; i < n; i++) {
      if (!options[i]!(v)) continue;
      if (hit) return false;
      hit = true;
    }
    return hit;
  };
}

const PART_KEYWORDS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf']);

/**
 * The validator of a codec with rules: its base's and every rule's test; over a schema without
 * `type` (`families`: the JSON types it names), a value of another type meets the rules alone.
 */
// decided: closures, not a function generated per codec: measured on the suite's values mixed,
// a generated one was slower (each is called too seldom to be optimized on its own).
export function appliedValidator(base: Valid, tests: readonly Valid[], families: ReadonlySet<Family | undefined> | undefined): Valid {
  const passes = (v: unknown) => {
    for (let i = 0; i < tests.length; i++) if (!tests[i]!(v)) return false;
    return true;
  };
  if (families === undefined) return (v) => base(v) && passes(v);
  return (v) => {
    const f = familyOfValue(v);
    return f !== undefined && (!families.has(f) || base(v)) && passes(v);
  };
}

/** Whether a rule has a compiled test (its own, or as an `allOf` part's), told without building it. */
export const compilable = (r: KeywordRule): boolean => r.compile !== undefined || partOf(r) !== undefined;

/**
 * The codec of an `allOf` part held as a rule on another part (openapi/all-of-parts.ts's
 * `partRule`, which has no compiled form of its own: its test is the part's check, what it
 * evaluated the part's, its schema the part's or `allOf` of it alone), recognized by that shape:
 * the one codec its `evaluated` walks, whose schema is the rule's. Any other rule: undefined.
 */
function partOf(r: KeywordRule): Codec<unknown> | undefined {
  if (r.evaluated === undefined || !PART_KEYWORDS.has(r.keyword)) return undefined;
  const walked: Codec<unknown>[] = [];
  try {
    r.evaluated(null, (c) => {
      walked.push(c);
      return { keys: new Set(), items: new Set() };
    });
  } catch {
    return undefined;
  }
  const part = walked.length === 1 ? walked[0]! : undefined;
  if (part === undefined) return undefined;
  const s = r.schema;
  const alone = Array.isArray(s.allOf) && s.allOf.length === 1 && s.allOf[0] === part.schema && Object.keys(s).length === 1;
  return s === part.schema || alone ? part : undefined;
}

/**
 * An object's own evaluated keys: its declared properties (not a name it only lists as required),
 * its patterns' matches, and every other key when `additionalProperties` was said and not false.
 */
function objectKeys(props: Readonly<Record<string, Codec<unknown>>>, patterns: readonly RegExp[], extra: boolean): Collect {
  const names = Object.keys(props);
  const bare = names.some((k) => props[k] === unsaid);
  // Every key of an object evaluated: nothing to test key by key.
  if (extra && !bare) {
    return (v, into) => {
      if (isObj(v)) into.all = true;
    };
  }
  if (names.length === 0 && patterns.length === 0) return nothing;
  const matched = (k: string) => {
    for (let i = 0; i < patterns.length; i++) if (patterns[i]!.test(k)) return true;
    return false;
  };
  const test = patterns.length === 0 && !bare && !extra ? (k: string) => hasOwn(props, k)
    : (k: string) => (hasOwn(props, k) ? props[k] !== unsaid || matched(k) : extra || matched(k));
  return (v, into) => {
    if (isObj(v)) into.keys.push(test);
  };
}

/** A rule with no compiled form: its own `evaluated` over evaluated.ts's walk, read into the coverage. */
function slowly(r: KeywordRule): Collect {
  return (v, into) => add(r.evaluated!(v, (c) => evaluatedSlowly(c, v)), v, into);
}

/** Sets read into a coverage: the keys of an object, the items of a list (the coverage holds one value's). */
function add(e: Evaluated, v: unknown, into: Coverage): void {
  const { keys, items } = e;
  if (Array.isArray(v)) {
    if (items === 'all') into.all = true;
    else if (items.size > 0) into.items.push((_, i) => items.has(i));
  } else if (isObj(v)) {
    if (keys === 'all') into.all = true;
    else if (keys.size > 0) into.keys.push((k) => keys.has(k));
  }
}
