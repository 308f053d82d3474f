// Valid bodies of an object with defaults: the compiled validator cannot pass them as they came
// (check adds the absent defaulted fields), so each went through check whole, a copy made field by
// field. Here a validator that lets defaulted fields be absent answers "valid, and decodes to
// itself plus the defaults", and the copy is made at once: the value's own keys in their order,
// then each absent default in declared order, as `object`'s check makes it (structured.ts).
import type { Codec, ObjectCodec, Result } from './types.js';
import { objectCheckFacts } from './structured.js';
import { objectValidator } from './validator-object.js';
import { miss } from './validator-miss.js';
import { distinct } from './validator-source.js';

type Valid = (value: unknown) => boolean;

const { hasOwn } = Object;

/** Sets a key even when it is `__proto__`, as check's copy does. */
function put(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/**
 * For a plain object codec with defaults whose check is `object`'s over its props: check's answer
 * for a value valid but for absent defaulted fields, or undefined for any other value (and for a
 * key holding `undefined`, which no JSON value has: check decides). Undefined for other codecs.
 */
export function defaultsFill(codec: Codec<unknown>, validatorOf: (c: Codec<unknown>) => Valid): ((value: unknown) => Result<unknown> | undefined) | undefined {
  if (codec.kind !== 'object' || codec.applied !== undefined || codec.untyped !== undefined || codec.refines !== undefined || Array.isArray(codec.schema.allOf)) return undefined;
  const facts = objectCheckFacts(codec.check);
  if (facts === undefined || facts.props !== codec.props) return undefined;
  const o = codec as ObjectCodec<unknown>;
  const defaults = Object.keys(o.props).flatMap((k) => {
    const c = o.props[k]!;
    return c.kind === 'optional' && c.default !== undefined ? [[k, c.default] as const] : [];
  });
  if (defaults.length === 0) return undefined;
  const valid = objectValidator(o, undefined, validatorOf, true);
  const clone = (v: unknown) => (typeof v === 'object' && v !== null ? structuredClone(v) : v);
  // Generated as validator-object.ts generates validators: each default set by a key held in a
  // captured constant (a keyed store through one shared site cost this copy more than check's).
  // The copy holds no `undefined` (a key holding it is left to check, from the first field: the
  // validator passed, so where it stopped means nothing), so a key reads `undefined` exactly when
  // the copy lacks it, unless Object.prototype has that name: then it is asked.
  const body = [
    ...defaults.map((_, i) => `const k${i} = D[${i}][0], d${i} = D[${i}][1];`),
    'return (input) => {',
    'if (!valid(input)) return undefined;',
    'const keys = Object.keys(input); const out = {};',
    'for (let i = 0; i < keys.length; i++) { const k = keys[i]; const x = input[k]; if (x === undefined) { M.at = -1; return undefined; } put(out, k, x); }',
    ...defaults.map(([k, v], i) => {
      const value = typeof v === 'object' && v !== null ? `clone(d${i})` : `d${i}`;
      return k in Object.prototype ? `if (!hasOwn(out, k${i})) put(out, k${i}, ${value});` : `if (out[k${i}] === undefined) out[k${i}] = ${value};`;
    }),
    'return { ok: true, value: out };',
    '};',
  ].join('\n');
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the source holds positions and fixed names only
    return new Function('D', 'valid', 'put', 'hasOwn', 'clone', 'M', distinct(body))(defaults, valid, put, hasOwn, clone, miss) as (value: unknown) => Result<unknown> | undefined;
  } catch {
    return undefined;
  }
}
