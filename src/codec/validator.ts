// Compiled validators: one closure tree per codec, built once and cached, that answers "this JSON
// value is valid and decodes to itself" without building paths, results or copies. A request body
// that passes is used as it is; anything else (invalid, or valid but decoded differently: a null
// optional field, a default to fill, extra keys to drop) goes through the codec's `check`, which
// alone writes messages. So the happy path allocates nothing per field.
import type { Codec, ObjectCodec } from './types.js';
import { bool, date, int, isDate, number, text } from './scalars.js';
import { rulesOf, type Rule } from './constraints.js';

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

/** `codec.check`, with the compiled validator in front: a valid value is returned as it came. */
export function checkFast<T>(codec: Codec<T>, value: unknown): ReturnType<Codec<T>['check']> {
  return validatorOf(codec as Codec<unknown>)(value) ? { ok: true, value: value as T } : codec.check(value, '$');
}

const all = (rules: readonly Pick<Rule, 'test'>[], v: unknown) => {
  for (let i = 0; i < rules.length; i++) if (!rules[i]!.test(v)) return false;
  return true;
};

function build(codec: Codec<unknown>): Valid {
  if (codec.applied !== undefined) {
    const base = validatorOf(codec.applied.base);
    const { rules } = codec.applied;
    return (v) => {
      if (!base(v)) return false;
      for (let i = 0; i < rules.length; i++) if (rules[i]!.test(v) !== undefined) return false;
      return true;
    };
  }
  // A value of the base's type valid for the base is valid; any other goes to the full check.
  if (codec.untyped !== undefined) return validatorOf(codec.untyped.base);
  switch (codec.kind) {
    case 'scalar': return scalar(codec);
    case 'object': return object(codec);
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
    case 'union': {
      const d = codec.discriminator;
      // Without a discriminator, telling "exactly one option" needs every option's full check.
      if (d === undefined) return () => false;
      const options = codec.options.map(validatorOf);
      return (v) => {
        if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
        const key = (v as Record<string, unknown>)[d.property];
        const i = typeof key === 'string' && Object.hasOwn(d.mapping, key) ? d.mapping[key] : undefined;
        return i !== undefined && options[i]!(v);
      };
    }
    case 'lazy': {
      let target: Valid | undefined;
      return (v) => (target ??= validatorOf(codec.target()))(v);
    }
    case 'json': return () => true;
    case 'bytes': return (v) => Buffer.isBuffer(v);
  }
}

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
    return (v) => base(v) && all(rules, v);
  }
  // Any other scalar (word sets, literals, a user's own): valid when its check keeps the value.
  return (v) => {
    const r = codec.check(v, '$');
    return r.ok && r.value === v;
  };
}

function object(codec: ObjectCodec<unknown>): Valid {
  // allOf of objects checks each part's patterns, maps and key counts itself: its check decides.
  if (Array.isArray(codec.schema.allOf)) return () => false;
  const keys = Object.keys(codec.props);
  const n = keys.length;
  const valids: Valid[] = [];
  const optional: boolean[] = [];
  for (const k of keys) {
    const c = codec.props[k]!;
    // A field with a default decodes an absent key to a value: only the full check writes it.
    if (c.kind === 'optional' && c.default !== undefined) return () => false;
    optional.push(c.kind === 'optional');
    const own = validatorOf(c.kind === 'optional' ? c.inner : c);
    // A declared key a pattern also matches meets both codecs (JSON Schema's patternProperties).
    const also = codec.patterns.filter((p) => p.regex.test(k)).map((p) => validatorOf(p.codec));
    valids.push(also.length === 0 ? own : (v) => own(v) && also.every((f) => f(v)));
  }
  // Extra keys a non-strict object drops on decoding: the decoded value would not be the input.
  if (codec.extra === true) return () => false;
  const declared = new Set(keys);
  const extra = typeof codec.extra === 'boolean' ? undefined : validatorOf(codec.extra);
  const patterns = codec.patterns.map((p) => ({ regex: p.regex, valid: validatorOf(p.codec) }));
  const closed = extra === undefined && patterns.length === 0;
  const rules = rulesOf(codec.schema);
  /** Keys beyond the declared fields: each must match a pattern or the extra codec. */
  const others = (o: Record<string, unknown>) => {
    for (const k of Object.keys(o)) {
      if (declared.has(k)) continue;
      let matched = false;
      for (const p of patterns) {
        if (!p.regex.test(k)) continue;
        matched = true;
        if (!p.valid(o[k])) return false;
      }
      if (!matched && (extra === undefined || !extra(o[k]))) return false;
    }
    return true;
  };
  // Generated once per object codec: each field read by its literal name, so every read site sees
  // one key (a named, monomorphic load) rather than a loop's keyed load over all of them.
  const lines = keys.map((k, i) => {
    // A name Object.prototype has (`toString`, `__proto__`) is read only when the value owns it.
    const read = k in Object.prototype ? `x = hasOwn(o, ${JSON.stringify(k)}) ? o[${JSON.stringify(k)}] : undefined;` : `x = o[${JSON.stringify(k)}];`;
    return optional[i]
      // A null optional field decodes as absent, which is not the input.
      ? `${read} if (x !== undefined) { if (x === null || !valids[${i}](x)) return false; present++; }`
      : `${read} if (x === undefined || !valids[${i}](x)) return false; present++;`;
  });
  const body = [
    "if (o === null || typeof o !== 'object' || Array.isArray(o)) return false;",
    'let present = 0; let x;',
    ...lines,
    // Strict: no key but the declared ones present (counted, so nothing is allocated).
    closed ? 'let count = 0; for (const k in o) if (hasOwn(o, k)) count++; if (count !== present) return false;' : 'if (!others(o)) return false;',
    'return rules.length === 0 || all(rules, o);',
  ].join('\n');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- field names come from the surface, quoted by JSON.stringify
  return new Function('valids', 'hasOwn', 'others', 'all', 'rules', `return (o) => {\n${body}\n};`)(valids, Object.hasOwn, others, all, rules) as Valid;
}
