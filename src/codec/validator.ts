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
      return (v) => Array.isArray(v) && v.length === items.length && items.every((f, i) => f(v[i]));
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
  const keys = Object.keys(codec.props);
  const fields = new Map<string, { valid: Valid; optional: boolean }>();
  const required: string[] = [];
  for (const k of keys) {
    const c = codec.props[k]!;
    const optional = c.kind === 'optional';
    // A field with a default decodes an absent key to a value: only the full check writes it.
    if (optional && c.default !== undefined) return () => false;
    fields.set(k, { valid: validatorOf(optional ? c.inner : c), optional });
    if (!optional) required.push(k);
  }
  // Extra keys a non-strict object drops on decoding: the decoded value would not be the input.
  if (codec.extra === true) return () => false;
  const extra = typeof codec.extra === 'boolean' ? undefined : validatorOf(codec.extra);
  const patterns = codec.patterns.map((p) => ({ regex: p.regex, valid: validatorOf(p.codec) }));
  const rules = rulesOf(codec.schema);
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
    const o = v as Record<string, unknown>;
    for (let i = 0; i < required.length; i++) if (!Object.hasOwn(o, required[i]!)) return false;
    for (const k in o) {
      if (!Object.hasOwn(o, k)) continue;
      const x = o[k];
      const f = fields.get(k);
      if (f !== undefined) {
        // A null or undefined optional field decodes as absent, which is not the input.
        if (x === undefined || x === null || !f.valid(x)) return false;
        continue;
      }
      if (patterns.length > 0) {
        let matched = false;
        for (const p of patterns) {
          if (!p.regex.test(k)) continue;
          matched = true;
          if (!p.valid(x)) return false;
        }
        if (matched) continue;
      }
      if (extra === undefined || !extra(x)) return false;
    }
    return rules.length === 0 || all(rules, o);
  };
}
