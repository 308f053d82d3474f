// Refusals without copies: for a value the compiled validator did not pass, the failure the codec's
// check gives, found by walking the value in check's own order and running check only where the
// walk cannot see further (the part that fails writes its message, as it always did). Objects,
// lists, optional and nullable fields, schemas without type and discriminated unions are walked;
// a constrained scalar is its base's refusal and then its rules (validator-refined.ts); everything
// else (and every doubt) is the codec's check itself, so the answer is check's. Where
// check's failure is known without running it (an `object` codec's own check: not an object, a
// required key missing; a built-in scalar field of the wrong type) the walk writes it, as check does
// (test/codec/validator-refusal.test.ts holds them to check's; the messages are joined as
// validator-message.ts joins them); an object's walk starts at the field its validator stopped at
// (validator-miss.ts).
import { type Codec, type ObjectCodec, type Result, type UnionCodec, fail, quoteJson } from './types.js';
import { rulesOf } from './constraints.js';
import { allOfParts } from './intersection.js';
import { objectCheckFacts, pathOf } from './structured.js';
import { miss, recording } from './validator-miss.js';
import { builtInFailure } from './validator-scalar-failure.js';
import { familyOfCodec, familyOfValue, type Family } from './untyped.js';
import { distinct } from './validator-source.js';
import { REFUSED, refinedRefusal, refinedRules } from './validator-refined.js';
import { flat, showAfter, shownAfter } from './validator-message.js';
import { appliedRefusal } from './validator-layered.js';

type Valid = (value: unknown) => boolean;

/**
 * What `codec.check(value, path)` returns, or undefined when check accepts the value but its
 * decoded copy is not at hand (then check builds it). A failure is check's, exactly: a walk goes
 * past a field only on check's own word that the field is accepted (the field's validator, or its
 * refusal answering undefined or an accepting result); a codec that only hands the value on
 * (nullable, a schema without type, a reference) answers what the codec it hands to answers.
 */
export type Refusal = (value: unknown, path: string, at?: number) => Result<unknown> | undefined;

const built = new WeakMap<Codec<unknown>, Refusal>();

/** The refusal of a codec, built on first use and kept as long as the codec lives. */
export function refusalOf(codec: Codec<unknown>, validatorOf: (c: Codec<unknown>) => Valid): Refusal {
  let r = built.get(codec);
  if (r === undefined) {
    r = build(codec, validatorOf);
    built.set(codec, r);
  }
  return r;
}

/** Refusals that are check itself: a walk calls such a field's check directly, checkFast calls it once. */
const plain = new WeakSet<Refusal>();

/** Whether a refusal is the codec's check itself (its answer, accepting or not, is check's whole answer). */
export const isCheck = (r: Refusal): boolean => plain.has(r);

/** Refusals of constrained scalars (validator-refined.ts): told by `at` when their validator has just refused the value. */
const refinedOnes = new WeakSet<Refusal>();

/** A constrained scalar's refusal, compiled (validator-refined.ts); any other constrained codec, check. */
function refined(codec: Codec<unknown>, validatorOf: (c: Codec<unknown>) => Valid, of: (c: Codec<unknown>) => Refusal): Refusal {
  const rules = refinedRules(codec);
  if (rules === undefined) return byCheck(codec);
  const base = codec.refines!.base;
  const baseRefusal = of(base);
  const r = refinedRefusal(base, rules, validatorOf(base), baseRefusal, plain.has(baseRefusal));
  refinedOnes.add(r);
  return r;
}

/** Check itself. */
const byCheck = (codec: Codec<unknown>): Refusal => {
  const r: Refusal = (v, path) => codec.check(v, path);
  plain.add(r);
  return r;
};

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const { hasOwn } = Object;

function build(codec: Codec<unknown>, validatorOf: (c: Codec<unknown>) => Valid): Refusal {
  const of = (c: Codec<unknown>) => refusalOf(c, validatorOf);
  // Rules over the codec run after its check: those `withRule` made are refused layer by layer
  // (validator-layered.ts), the codec under first, then the rule; any others (an `allOf`'s kept rules), check.
  if (codec.applied !== undefined && codec.applied !== (codec.untyped?.base as Codec<unknown> | undefined)?.applied) return appliedRefusal(codec, validatorOf, of) ?? byCheck(codec);
  if (codec.untyped !== undefined) return untyped(codec, validatorOf, of);
  if (codec.refines !== undefined) return refined(codec, validatorOf, of);
  switch (codec.kind) {
    case 'object': {
      // An allOf this module cannot take apart (not made by intersection.ts's allOf): check.
      const allOf = allOfParts(codec) !== undefined;
      if (Array.isArray(codec.schema.allOf) && !allOf) return byCheck(codec);
      return objectRefusal(codec, allOf, validatorOf, of);
    }
    case 'array': {
      const valid = validatorOf(codec.item);
      const item = of(codec.item);
      const rules = rulesOf(codec.schema);
      // An item's validator that records where it stopped hands that to the item's refusal.
      const told = recording.has(valid);
      const said = refinedOnes.has(item) ? REFUSED : -1;
      return (v, path) => {
        // Not a list, or a rule over the whole broken: check fails there (after the items, which pass).
        if (!Array.isArray(v)) return codec.check(v, path);
        for (let i = 0; i < v.length; i++) {
          if (valid(v[i])) continue;
          const r = item(v[i], `${path}[${i}]`, told ? miss.at : said);
          if (r !== undefined && !r.ok) return r;
        }
        for (let i = 0; i < rules.length; i++) if (!rules[i]!.test(v)) return codec.check(v, path);
        return undefined;
      };
    }
    case 'optional': {
      const inner = of(codec.inner);
      return (v, path) => (v === undefined || v === null ? undefined : inner(v, path));
    }
    case 'nullable': {
      const inner = of(codec.inner);
      return (v, path) => (v === null ? undefined : inner(v, path));
    }
    case 'union': return union(codec, of);
    case 'lazy': {
      let target: Refusal | undefined;
      return (v, path) => (target ??= of(codec.target()))(v, path);
    }
    case 'json': return () => undefined;
    case 'scalar': case 'tuple': case 'bytes': return byCheck(codec);
  }
}

/**
 * A plain object's check, step by step: not an object, a required key missing or a rule over the
 * whole broken fail before any field is read (check then fails at once, copying nothing); then
 * each key in the value's order: a declared field by its codec, another key by the patterns it
 * matches and else the extra codec, or, where the object takes no other keys, check (which fails
 * on that key). An `allOf` of objects checks its merged fields first (an object that keeps other
 * keys), and past them, check decides. Generated once per codec as validator-object.ts generates
 * validators: fields by position only, keys reach the source as captured constants, never as
 * text (a document never runs code).
 */
function objectRefusal(codec: ObjectCodec<unknown>, allOf: boolean, validatorOf: (c: Codec<unknown>) => Valid, of: (c: Codec<unknown>) => Refusal): Refusal {
  const { props } = codec;
  const extra = allOf ? true : codec.extra;
  const patterns = allOf ? [] : codec.patterns;
  const keys = Object.keys(props);
  const required = keys.flatMap((k, i) => (props[k]!.kind === 'optional' ? [] : [i]));
  // An optional field's check is its inner codec's for any value but null (which it accepts).
  const optional = keys.map((k) => props[k]!.kind === 'optional');
  const codecs = keys.map((k) => { const c = props[k]!; return c.kind === 'optional' ? c.inner : c; });
  const valids = codecs.map(validatorOf);
  const refusals = codecs.map(of);
  // Each field's path step (`.name`, `["a key"]`), joined onto the path only where it fails.
  const steps = keys.map((k) => pathOf('', k));
  // And the whole path of a field of the value itself, joined once: `'$' + '.id'` is short enough
  // that V8 copies it into a new string on every refusal.
  const full = steps.map((s) => flat(`$${s}`));
  const fieldPath = (i: number) => `(path === '$' ? f${i} : path + s${i})`;
  // A declared key a pattern also matches meets both codecs, the pattern's judged on what the field decoded: check.
  const alsoPattern = keys.map((k) => patterns.some((p) => p.regex.test(k)));
  const extraValid = typeof extra === 'boolean' ? undefined : validatorOf(extra);
  const extraRefusal = typeof extra === 'boolean' ? undefined : of(extra);
  const P = patterns.map((p) => p.regex);
  const PV = patterns.map((p) => validatorOf(p.codec));
  const PR = patterns.map((p) => of(p.codec));
  // Another key: kept as it is (`extra: true`), refused by check, or judged by the extra codec.
  const unmatched = extra === true ? 'continue;' : extra === false ? 'return whole(o, path);'
    : 'if (extraValid(x)) continue; r = extraRefusal(x, pathOf(path, k));';
  const other = patterns.length === 0 ? unmatched : [
    'let matched = false;',
    'for (let p = 0; p < P.length; p++) {',
    'if (!P[p].test(k)) continue;',
    'matched = true;',
    'if (PV[p](x)) continue;',
    'const q = PR[p](x, pathOf(path, k)); if (q !== undefined && !q.ok) return q;',
    '}',
    `if (!matched) { ${unmatched} }`,
  ].join('\n');
  // `at`: the field this object's validator refused the value at, those before it passed (validator-miss.ts), -1 when unknown.
  const field = (i: number) => {
    const skip = `if (at > ${i}) continue; `;
    if (alsoPattern[i]) return `${skip}return whole(o, path);`;
    const absent = optional[i] ? 'if (x === undefined || x === null) continue; ' : '';
    // A constrained scalar's refusal, told that its validator refused the value, skips the test that failed there.
    if (refinedOnes.has(refusals[i]!)) return `${skip}${absent}if (at !== ${i} && v${i}(x)) continue; r = r${i}(x, ${fieldPath(i)}, ${REFUSED});`;
    if (!plain.has(refusals[i]!)) return `${skip}${absent}if (v${i}(x)) continue; r = r${i}(x, ${fieldPath(i)}${recording.has(valids[i]!) ? ', M.at' : ''});`;
    const check = `const w = c${i}.check(x, ${fieldPath(i)}); if (!w.ok) return w; continue;`;
    // The field the validator refused goes to its check at once; a constrained scalar (a format, a
    // pattern, bounds) not known to be valid too, not its rules run twice for a failing value.
    const first = codecs[i]!.kind === 'scalar' && codecs[i]!.refines !== undefined ? 'at >= 0 && ' : '';
    return `${skip}${absent}if (at !== ${i} && ${first}v${i}(x)) continue; ${check}`;
  };
  // Another key never fails (kept, dropped, or any JSON): when one declared field alone is not
  // valid, check fails there or nowhere, whatever the keys' order, so no walk over the keys is needed.
  const open = !allOf && patterns.length === 0 && (extra === true || (typeof extra !== 'boolean' && extra.kind === 'json'
    && extra.applied === undefined && extra.untyped === undefined && extra.refines === undefined));
  const inherited = keys.map((k) => k in Object.prototype);
  const typeFail = codecs.map((c) => builtInFailure(c.check) ?? '');
  const T = typeFail.map((t) => (t === '' ? undefined : shownAfter(t)));
  const single = () => [
    'single: {',
    'let bad = -1, bx;',
    ...keys.map((_, i) => {
      // A required key is the value's own (tested above); an optional one is read only when it is.
      const read = !optional[i] ? `o[k${i}]` : inherited[i] ? `hasOwn(o, k${i}) ? o[k${i}] : undefined` : `o[k${i}]`;
      const absent = optional[i] ? 'x !== undefined && x !== null && ' : '';
      return `if (at <= ${i}) { const x = ${read}; if (${absent}(at === ${i} || !v${i}(x))) { if (bad >= 0) break single; bad = ${i}; bx = x; } }`;
    }),
    'switch (bad) {',
    ...keys.map((_, i) => (typeFail[i] !== ''
      // A built-in scalar's validator is its check's word: its failure, written here as check writes it.
      ? `case ${i}: return fail(showAfter(t${i}, bx), ${fieldPath(i)});`
      : plain.has(refusals[i]!)
      ? `case ${i}: { const w = c${i}.check(bx, ${fieldPath(i)}); return w.ok ? undefined : w; }`
      // The field's validator has refused it (at this field, or just above): a constrained scalar is told so.
      : `case ${i}: { const w = r${i}(bx, ${fieldPath(i)}${refinedOnes.has(refusals[i]!) ? `, ${REFUSED}` : ''}); return w === undefined || w.ok ? undefined : w; }`)),
    'default: return undefined;',
    '}',
    '}',
  ];
  // Check's own failures before any field is read, written here where the check is `object`'s over these props.
  const facts = objectCheckFacts(codec.check);
  const own = facts !== undefined && facts.props === props;
  const notObject = shownAfter(own ? `expected ${facts.name} (an object), got ` : '');
  const missing = keys.map((k) => (own ? `key ${quoteJson(k)} not found` : ''));
  const rules = allOf ? [] : rulesOf(codec.schema);
  const body = [
    ...keys.map((_, i) => `const k${i} = K[${i}], v${i} = valids[${i}], r${i} = refusals[${i}], s${i} = steps[${i}], f${i} = full[${i}], c${i} = codecs[${i}], m${i} = missing[${i}], t${i} = T[${i}];`),
    // Check itself, its own copy here so that each object's call site sees one check.
    'const whole = (o, path) => C.check(o, path);',
    // `at`: given only by a caller that has just run this object's validator and got false.
    'return (o, path, at = -1) => {',
    `if (o === null || typeof o !== 'object' || Array.isArray(o)) return ${own ? 'fail(showAfter(notObject, o), path)' : 'whole(o, path)'};`,
    // A key held with a value is the object's own, as the validator reads it (a JSON value's
    // prototype is Object.prototype or none), unless Object.prototype has that name: a read, where
    // Object.hasOwn (and a look at the prototype) cost a refused body more than all else it did.
    ...required.map((i) => `if (${inherited[i] ? '' : `o[k${i}] === undefined && `}!hasOwn(o, k${i})) return ${own ? `fail(m${i}, path, 'required')` : 'whole(o, path)'};`),
    ...(rules.length === 0 ? [] : ['for (let i = 0; i < rules.length; i++) if (!rules[i].test(o)) return whole(o, path);']),
    ...(open ? single() : []),
    // Own keys in for-in order, which is Object.keys' order (check's), with no list allocated.
    'for (const k in o) {',
    'if (!hasOwn(o, k)) continue;',
    'const x = o[k]; let r;',
    ...keys.map((_, i) => `${i === 0 ? '' : 'else '}if (k === k${i}) { ${field(i)} }`),
    keys.length === 0 ? `{ ${other} }` : `else { ${other} }`,
    'if (r !== undefined && !r.ok) return r;',
    '}',
    // allOf: the merged fields pass; each part's rules, patterns and map values are check's.
    allOf ? 'return whole(o, path);' : 'return undefined;',
    '};',
  ].join('\n');
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the source holds positions and fixed names only (see above)
    return new Function('K', 'valids', 'refusals', 'steps', 'codecs', 'C', 'hasOwn', 'rules', 'extraValid', 'extraRefusal', 'pathOf', 'P', 'PV', 'PR',
      'M', 'fail', 'showAfter', 'notObject', 'missing', 'T', 'full', distinct(body))(
      keys, valids, refusals, steps, codecs, codec, Object.hasOwn, rules, extraValid, extraRefusal, pathOf, P, PV, PR,
      miss, fail, showAfter, notObject, missing, T, full) as Refusal;
  } catch {
    // Eval forbidden (a page's Content-Security-Policy): check itself, the same answers.
    return byCheck(codec);
  }
}

/** A discriminated union checks the option its property names; without one (or naming none), check. */
function union(codec: UnionCodec<unknown>, of: (c: Codec<unknown>) => Refusal): Refusal {
  const d = codec.discriminator;
  const whole = byCheck(codec);
  if (d === undefined) return whole;
  const options = codec.options.map(of);
  return (v, path) => {
    const key = isObject(v) ? v[d.property] : undefined;
    const i = typeof key === 'string' && hasOwn(d.mapping, key) ? d.mapping[key] : undefined;
    return i === undefined ? whole(v, path) : options[i]!(v, path);
  };
}

/** A value's JSON family as a test in generated source (fixed text: the family names are this module's). */
const FAMILY_TEST: Record<Family, string> = {
  null: 'v === null', boolean: "typeof v === 'boolean'", number: "typeof v === 'number'", string: "typeof v === 'string'",
  array: 'Array.isArray(v)', object: "v !== null && typeof v === 'object' && !Array.isArray(v)",
};

/** A schema without `type` checks a value by the codec of its JSON type, and passes any other. */
function untyped(codec: Codec<unknown>, validatorOf: (c: Codec<unknown>) => Valid, of: (c: Codec<unknown>) => Refusal): Refusal {
  const { base, others } = codec.untyped!;
  // Constrained after the fact: those keywords are no part's (as the validator reads it).
  if (codec.refines !== (base as Codec<unknown>).refines) return byCheck(codec);
  const by = new Map<Family, Refusal>();
  for (const c of [base, ...others] as Codec<unknown>[]) {
    const f = familyOfCodec(c);
    if (f !== undefined && !by.has(f)) by.set(f, of(c));
  }
  const families = [...by.keys()];
  const refusals = [...by.values()];
  // This codec's validator (validator.ts's `untyped`, as this refusal is built past the same
  // guards) refuses an object only by its object codec's validator: when that one records where it
  // stopped (validator-miss.ts), so does this one, and the object's refusal is told where.
  const object = ([base, ...others] as Codec<unknown>[]).find((c) => familyOfCodec(c) === 'object');
  const told = object !== undefined && recording.has(validatorOf(object));
  if (told) recording.add(validatorOf(codec));
  const pass = (f: Family) => (told && f === 'object' ? 'v, path, at' : 'v, path');
  // One function per codec, so that each call site sees one refusal (most schemas without type name one family).
  const body = `return (v, path, at) => { ${families.map((f, i) => `if (${FAMILY_TEST[f]}) return R[${i}](${pass(f)});`).join(' ')} return undefined; };`;
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- fixed source: family tests and positions
    return new Function('R', distinct(body))(refusals) as Refusal;
  } catch {
    return (v, path) => {
      const f = familyOfValue(v);
      const r = f === undefined ? undefined : by.get(f);
      return r === undefined ? undefined : r(v, path);
    };
  }
}
