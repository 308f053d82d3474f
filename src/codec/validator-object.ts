// The compiled validator of an object codec (and of an `allOf` of objects): a function generated
// once per codec that reads each field by a key held in a captured constant, so every read site
// sees one key. No text of the document is ever part of the generated source: keys, patterns and
// codecs reach it only as values in arrays it indexes by position (a document never runs code).
import type { Codec, ObjectCodec } from './types.js';
import { rulesOf, type Rule } from './constraints.js';
import { missed, recording } from './validator-miss.js';
import { distinct } from './validator-source.js';

type Valid = (value: unknown) => boolean;

const { hasOwn } = Object;

const all = (rules: readonly Pick<Rule, 'test'>[], v: unknown) => {
  for (let i = 0; i < rules.length; i++) if (!rules[i]!.test(v)) return false;
  return true;
};

/**
 * What JSON Schema's `allOf` adds over the merged fields, key by key: each part's patterns, or its
 * map schema for keys it neither declares nor matches, must take the value; a key no part
 * evaluates is dropped on decoding (or refused), so such a value is for check.
 */
function partsCheck(props: Readonly<Record<string, unknown>>, parts: readonly ObjectCodec<unknown>[], validatorOf: (c: Codec<unknown>) => Valid) {
  const compiled = parts.map((o) => ({
    props: o.props,
    patterns: o.patterns.map((p) => ({ regex: p.regex, valid: validatorOf(p.codec) })),
    extra: typeof o.extra === 'boolean' ? undefined : validatorOf(o.extra),
  }));
  return (input: Record<string, unknown>): boolean => {
    for (const k of Object.keys(input)) {
      let evaluated = hasOwn(props, k);
      const x = input[k];
      for (const o of compiled) {
        const own = hasOwn(o.props, k);
        let matched = false;
        for (const p of o.patterns) {
          if (!p.regex.test(k)) continue;
          matched = true;
          if (!p.valid(x)) return false;
        }
        if (!own && !matched && o.extra !== undefined) {
          matched = true;
          if (!o.extra(x)) return false;
        }
        evaluated ||= matched;
      }
      if (!evaluated) return false;
    }
    return true;
  };
}

/**
 * The validator of an object codec; `parts` when it is an `allOf` of them (their rules and patterns
 * hold over the whole). `fillable`: a field with a default may be absent (the value is then valid
 * and decodes to itself with the defaults added, validator-defaults.ts), else such a codec's values are all check's.
 */
export function objectValidator(codec: ObjectCodec<unknown>, parts: readonly ObjectCodec<unknown>[] | undefined, validatorOf: (c: Codec<unknown>) => Valid, fillable = false): Valid {
  const keys = Object.keys(codec.props);
  const valids: Valid[] = [];
  const optional: boolean[] = [];
  for (const k of keys) {
    const c = codec.props[k]!;
    // A field with a default decodes an absent key to a value: only the full check writes it.
    if (c.kind === 'optional' && c.default !== undefined && !fillable) return () => false;
    optional.push(c.kind === 'optional');
    const own = validatorOf(c.kind === 'optional' ? c.inner : c);
    // A declared key a pattern also matches meets both codecs (JSON Schema's patternProperties).
    const also = codec.patterns.filter((p) => p.regex.test(k)).map((p) => validatorOf(p.codec));
    valids.push(also.length === 0 ? own : (v) => own(v) && also.every((f) => f(v)));
  }
  // Keys beyond the declared fields: refused when the object is strict, dropped on decoding when it
  // takes any (`extra: true`): either way not a value that decodes to itself.
  const declared = new Set(keys);
  const extra = typeof codec.extra === 'boolean' ? undefined : validatorOf(codec.extra);
  const patterns = codec.patterns.map((p) => ({ regex: p.regex, valid: validatorOf(p.codec) }));
  const closed = parts === undefined && extra === undefined && patterns.length === 0;
  // Open to any value (`t.json`, an unsaid `additionalProperties`) and no patterns: other keys need no look.
  const open = parts === undefined && typeof codec.extra !== 'boolean' && codec.extra.kind === 'json' && codec.extra.applied === undefined && patterns.length === 0;
  const rules = parts === undefined ? rulesOf(codec.schema) : parts.flatMap((o) => rulesOf(o.schema));
  /** Keys beyond the declared fields: each must match a pattern or the extra codec. */
  const others = parts !== undefined ? partsCheck(codec.props, parts, validatorOf) : (o: Record<string, unknown>) => {
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
  // The generated source names fields only by position (`k3`, `valids[3]`): the keys themselves
  // are values in `K`, bound to constants once, so a key is never source text.
  const lines = keys.map((k, i) => {
    // A name Object.prototype has (`toString`, `__proto__`) is read only when the value owns it.
    const read = k in Object.prototype ? `x = hasOwn(o, k${i}) ? o[k${i}] : undefined;` : `x = o[k${i}];`;
    // A field refused is recorded (validator-miss.ts): the refusal then starts at it.
    return optional[i]
      // A null optional field decodes as absent, which is not the input.
      ? `${read} if (x !== undefined) { if (x === null || !v${i}(x)) return missed(${i}); present++; }`
      : `${read} if (x === undefined || !v${i}(x)) return missed(${i}); present++;`;
  });
  const n = keys.length;
  const body = [
    ...keys.map((_, i) => `const k${i} = K[${i}], v${i} = valids[${i}];`),
    'return (o) => {',
    "if (o === null || typeof o !== 'object' || Array.isArray(o)) return false;",
    'let present = 0; let x;',
    ...lines,
    // Strict: no key but the declared ones present (counted, so nothing is allocated).
    closed ? `let count = 0; for (const k in o) if (hasOwn(o, k)) count++; if (count !== present) return missed(${n});` : open ? '' : `if (!others(o)) return missed(${n});`,
    `return rules.length === 0 || all(rules, o) || missed(${n});`,
    '};',
  ].join('\n');
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the source holds positions and fixed names only (see above)
    const valid = new Function('K', 'valids', 'hasOwn', 'others', 'all', 'rules', 'missed', distinct(body))(keys, valids, hasOwn, others, all, rules, missed) as Valid;
    recording.add(valid);
    return valid;
  } catch {
    // A page whose Content-Security-Policy forbids eval (api-serve/browser): every value goes to the full check, slower but the same answers.
    return () => false;
  }
}
