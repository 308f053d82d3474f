// Compiled JSON encoders: one closure tree per codec, built once and cached, that writes only the
// declared fields in declared order and refuses a value of the wrong type (naming its JSON path)
// instead of sending it. Every JSON answer goes through here, so the happy path allocates nothing
// but the output string.
import type { ArrayCodec, Codec, ObjectCodec, TupleCodec, UnionCodec } from './types.js';
import { rulesOf } from './constraints.js';
import { showJson } from './types.js';
import { bool, date, int, isDate, number, text } from './scalars.js';
import { familyOfCodec, familyOfValue } from './untyped.js';

/** The JSON text of a value its codec allows; throws `EncodeError` for any other. */
export type JsonEncoder = (value: unknown) => string;

/** A value its codec does not allow: `path` is where (`$`, `$.to`, `$.items[2]`), `reason` why. */
export class EncodeError extends Error {
  constructor(readonly label: string, readonly path: string, readonly reason: string) {
    super(`${label} at ${path}: ${reason}`);
    this.name = 'EncodeError';
  }
}

/**
 * Thrown inside the tree and caught once at its root. Not an Error: no stack is captured while it
 * climbs, and each object or array on the way prepends its key or index to `at`.
 */
class Refusal {
  constructor(readonly reason: string, public at = '') {}
}

type Encode = (value: unknown) => string;

const refuse = (reason: string): never => { throw new Refusal(reason); };
const expected = (codec: Codec<unknown>, value: unknown): never => refuse(`expected ${codec.label}, got ${showJson(value)}`);
/**
 * JSON text of a string. decided: always JSON.stringify (docs/benchmark.md "Replies, the remaining gap, and noise"): strings a handler
 * builds from templates are cons strings, which a scan-then-concatenate quoting flattened twice;
 * on S2's email (two literal, two built strings) JSON.stringify of each is about a fifth cheaper.
 */
const quoted = (s: string): string => JSON.stringify(s);
const keyStep = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);

const built = new WeakMap<Codec<unknown>, Encode>();
const roots = new WeakMap<Codec<unknown>, JsonEncoder>();

/** The encoder of a codec, built on first use and kept as long as the codec lives. */
export function jsonEncoder(codec: Codec<unknown>): JsonEncoder {
  let root = roots.get(codec);
  if (root === undefined) {
    const encode = encoderOf(codec);
    root = (value) => {
      try {
        return encode(value);
      } catch (err) {
        if (err instanceof Refusal) throw new EncodeError(codec.label, `$${err.at}`, err.reason);
        throw err;
      }
    };
    roots.set(codec, root);
  }
  return root;
}

/** Encodes a value as JSON text by its codec (cached encoder). */
export const encodeJson = (value: unknown, codec: Codec<unknown>): string => jsonEncoder(codec)(value);

function encoderOf(codec: Codec<unknown>): Encode {
  let encode = built.get(codec);
  if (encode === undefined) {
    encode = build(codec);
    built.set(codec, encode);
  }
  return encode;
}

function build(codec: Codec<unknown>): Encode {
  if (codec.applied !== undefined) {
    // Applicator keywords (`not`, `contains`...): the base writes the value once every rule holds.
    const base = encoderOf(codec.applied.base);
    const { rules } = codec.applied;
    return (v) => {
      for (const r of rules) {
        const why = r.test(v);
        if (why !== undefined) return refuse(why);
      }
      return base(v);
    };
  }
  if (codec.untyped !== undefined) {
    // A schema without `type`: its base's type through the base, any other JSON value as it is.
    const base = encoderOf(codec.untyped.base);
    const family = familyOfCodec(codec.untyped.base);
    return (v) => {
      if (familyOfValue(v) === family) return base(v);
      const r = v === undefined ? undefined : codec.check(v, '$');
      return r?.ok === true ? JSON.stringify(v) : refuse(r === undefined || r.ok ? 'not a JSON value' : r.error);
    };
  }
  switch (codec.kind) {
    case 'scalar': return scalarEncoder(codec);
    case 'object': return objectEncoder(codec);
    case 'array': return arrayEncoder(codec);
    case 'optional': {
      // Outside an object (a list item, a whole body) an absent value can only be written as null.
      const inner = encoderOf(codec.inner);
      return (v) => (v === undefined || v === null ? 'null' : inner(v));
    }
    case 'json': return (v) => {
      let out: string | undefined;
      try { out = JSON.stringify(v); } catch (err) { refuse(`not a JSON value (${(err as Error)?.message ?? String(err)})`); }
      return out ?? refuse(`expected ${codec.label}, got ${showJson(v)}`);
    };
    case 'bytes': return (v) => (Buffer.isBuffer(v) ? JSON.stringify(v.toString('base64')) : expected(codec, v));
    case 'nullable': {
      const inner = encoderOf(codec.inner);
      return (v) => (v === null ? 'null' : inner(v));
    }
    case 'tuple': return tupleEncoder(codec);
    case 'union': return unionEncoder(codec);
    case 'lazy': {
      // Resolved on first use: the codec it names is still being built when this is.
      let target: Encode | undefined;
      return (v) => (target ??= encoderOf(codec.target()))(v);
    }
  }
}

function tupleEncoder(codec: TupleCodec<unknown>): Encode {
  const items = codec.items.map(encoderOf);
  const n = items.length;
  const rest = codec.rest === false ? undefined : encoderOf(codec.rest);
  const least = codec.partial ? 0 : n;
  const rules = rulesOf(codec.schema);
  return (v) => {
    if (!Array.isArray(v) || v.length < least || (rest === undefined && v.length > n)) return refuse(`expected ${codec.label}, got ${showJson(v)}`);
    for (const rule of rules) if (!rule.test(v)) refuse(`${rule.reason}, got ${v.length} items`);
    let out = '[';
    let i = 0;
    try {
      for (; i < v.length; i++) out += (i === 0 ? '' : ',') + (i < n ? items[i]! : rest!)(v[i]);
    } catch (err) {
      throw at(err, `[${i}]`);
    }
    return `${out}]`;
  };
}

/**
 * The option that accepts the value writes it: the discriminator's choice, else the first option
 * whose check passes (a `oneOf` value two options accept is refused, as the decoder would).
 */
function unionEncoder(codec: UnionCodec<unknown>): Encode {
  const encoders = codec.options.map(encoderOf);
  const d = codec.discriminator;
  return (v) => {
    if (d !== undefined && v !== null && typeof v === 'object') {
      const key = (v as Record<string, unknown>)[d.property];
      const i = typeof key === 'string' && Object.hasOwn(d.mapping, key) ? d.mapping[key] : undefined;
      if (i !== undefined) return encoders[i]!(v);
    }
    const r = codec.check(v, '$');
    if (!r.ok) return refuse(r.error);
    const i = codec.options.findIndex((o) => o.check(v, '$').ok);
    return encoders[i]!(v);
  };
}

/**
 * The built-in scalars by their check (copies made by `describe`/`examples` share it): a type
 * guard each. Any other scalar (dates, word sets, a user's own) is encoded by its own check.
 */
function scalarEncoder(codec: Codec<unknown>): Encode {
  switch (codec.check) {
    case int.check: return (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? `${v}` : expected(codec, v));
    case number.check: return (v) => (typeof v === 'number' && Number.isFinite(v) ? `${v}` : expected(codec, v));
    case bool.check: return (v) => (v === true ? 'true' : v === false ? 'false' : expected(codec, v));
    case text.check: return (v) => (typeof v === 'string' ? quoted(v) : expected(codec, v));
    case date.check: return (v) => (typeof v === 'string' && isDate(v) ? `"${v}"` : expected(codec, v));
    default: return (v) => {
      const r = codec.check(v, '$');
      if (!r.ok) return refuse(r.error);
      return JSON.stringify(r.value) ?? expected(codec, v);
    };
  }
}

function objectEncoder(codec: ObjectCodec<unknown>): Encode {
  const keys = Object.keys(codec.props);
  const optional = keys.map((k) => codec.props[k]!.kind === 'optional');
  // decided: an optional field that is undefined or null is omitted (null is not its declared
  // type, and the decoder reads both as absent); an object declared `allowExtra` still writes only
  // its declared fields (the option is about reading). docs/describing.md "Responses typed per status".
  const encoders = keys.map((k) => {
    const c = codec.props[k]!;
    return encoderOf(c.kind === 'optional' ? c.inner : c);
  });
  const steps = keys.map(keyStep);
  const notObject = (v: unknown) => v === null || typeof v !== 'object' || Array.isArray(v);
  const extra = codec.extra;
  if (typeof extra !== 'boolean' || codec.patterns.length > 0 || rulesOf(codec.schema).length > 0) return openObjectEncoder(codec, encoders, notObject);

  return closedObjectEncoder(codec, keys, optional, encoders, steps);
}

/**
 * The inline JSON text of field `i`'s value `x` when its codec is a built-in scalar; anything else
 * (and a wrong-typed scalar, which it refuses with its message) goes to `enc[i]`.
 */
function inlineField(c: Codec<unknown>, i: number): string {
  if (c.kind === 'scalar') {
    switch (c.check) {
      case text.check: return `(typeof x === 'string' ? JSON.stringify(x) : enc[${i}](x))`;
      case int.check: return `(typeof x === 'number' && Number.isSafeInteger(x) ? '' + x : enc[${i}](x))`;
      case number.check: return `(typeof x === 'number' && Number.isFinite(x) ? '' + x : enc[${i}](x))`;
      case bool.check: return `(x === true ? 'true' : x === false ? 'false' : enc[${i}](x))`;
    }
  }
  return `enc[${i}](x)`;
}

/**
 * An object of declared fields only. Generated once per codec (as the validator is): each field is
 * read by its literal name, so every read site sees one key and one shape, whatever other codecs
 * the server encodes (a shared closure's keyed loads turn megamorphic once several surfaces are
 * served), and the built-in scalars are written inline.
 */
function closedObjectEncoder(codec: ObjectCodec<unknown>, keys: string[], optional: boolean[], encoders: Encode[], steps: string[]): Encode {
  const required = !optional.includes(true);
  const lines = keys.map((k, i) => {
    const c = codec.props[k]!;
    const value = inlineField(c.kind === 'optional' ? c.inner : c, i);
    const read = `i = ${i}; x = o[${JSON.stringify(k)}];`;
    if (required) {
      // Every field present: separators are fixed, `{"a":` then `,"b":`.
      return `${read} if (x === undefined) missing(${i}); out += ${JSON.stringify(`${i === 0 ? '{' : ','}${JSON.stringify(k)}:`)} + ${value};`;
    }
    // decided: an optional field that is undefined or null is omitted (see objectEncoder).
    const present = optional[i] ? 'x !== undefined && x !== null' : '(x !== undefined || missing(' + i + '))';
    return `${read} if (${present}) { out += sep + ${JSON.stringify(`${JSON.stringify(k)}:`)} + ${value}; sep = ','; }`;
  });
  const body = [
    `if (o === null || typeof o !== 'object' || Array.isArray(o)) return notObject(o);`,
    // All required: each field's fixed prefix opens the object (`{"a":`); otherwise `out` starts at `{`.
    `let out = ${required && keys.length > 0 ? "''" : "'{'"}; let sep = ''; let i = 0; let x;`,
    'try {',
    ...lines,
    '} catch (err) { throw at(err, steps[i]); }',
    "return out + '}';",
  ].join('\n');
  const notObject = (v: unknown) => refuse(`expected ${codec.label} (an object), got ${showJson(v)}`);
  const missing = (i: number) => refuse(`${codec.label} requires key ${JSON.stringify(keys[i])}`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- field names come from the surface, quoted by JSON.stringify
  return new Function('enc', 'steps', 'at', 'notObject', 'missing', `return (o) => {\n${body}\n};`)(encoders, steps, at, notObject, missing) as Encode;
}

/**
 * Objects with typed extra keys (maps, `patternProperties`) or key-count rules: the declared fields
 * in order, then every other key its pattern or `extra` codec allows, in the value's own order.
 */
function openObjectEncoder(codec: ObjectCodec<unknown>, encoders: Encode[], notObject: (v: unknown) => boolean): Encode {
  const keys = Object.keys(codec.props);
  const declared = new Set(keys);
  const extra = typeof codec.extra === 'boolean' ? undefined : encoderOf(codec.extra);
  const patterns = codec.patterns.map((p) => ({ regex: p.regex, encode: encoderOf(p.codec) }));
  const rules = rulesOf(codec.schema);
  return (v) => {
    if (notObject(v)) return refuse(`expected ${codec.label} (an object), got ${showJson(v)}`);
    const o = v as Record<string, unknown>;
    const parts: string[] = [];
    // The keys written, for the key-count rules: an object open to extra keys writes only the
    // declared ones, and what it writes must still meet minProperties.
    const written: Record<string, true> = {};
    let key = '';
    try {
      keys.forEach((k, i) => {
        key = k;
        const x = o[k];
        if (x === undefined || (x === null && codec.props[k]!.kind === 'optional')) {
          if (codec.props[k]!.kind !== 'optional') refuse(`${codec.label} requires key ${JSON.stringify(k)}`);
          return;
        }
        parts.push(`${JSON.stringify(k)}:${encoders[i]!(x)}`);
        written[k] = true;
      });
      for (const k of Object.keys(o)) {
        if (declared.has(k) || o[k] === undefined) continue;
        key = k;
        const pattern = patterns.find((p) => p.regex.test(k));
        const encode = pattern?.encode ?? extra;
        if (encode !== undefined) {
          parts.push(`${JSON.stringify(k)}:${encode(o[k])}`);
          written[k] = true;
        }
      }
    } catch (err) {
      throw at(err, keyStep(key));
    }
    for (const rule of rules) if (!rule.test(written)) refuse(`${rule.reason}, got ${parts.length} keys written`);
    return `{${parts.join(',')}}`;
  };
}

function arrayEncoder(codec: ArrayCodec<unknown>): Encode {
  const item = encoderOf(codec.item);
  const rules = rulesOf(codec.schema);
  const unique = rules.find((r) => r.keyword === 'uniqueItems');
  return (v) => {
    if (!Array.isArray(v)) return refuse(`expected ${codec.label}, got ${showJson(v)}`);
    for (const rule of rules) if (!rule.test(v)) refuse(`${rule.reason}, got ${v.length} items`);
    const n = v.length;
    if (n === 0) return '[]';
    let out = '[';
    let i = 0;
    // Items as written: objects open to extra keys write only their declared fields, so two
    // distinct items can be written alike, which uniqueItems refuses.
    const written = unique === undefined ? undefined : new Set<string>();
    try {
      for (; i < n; i++) {
        const text = item(v[i]);
        if (written !== undefined) {
          if (written.has(text)) refuse(`${unique!.reason}, item ${i} is written as an earlier one`);
          written.add(text);
        }
        out += (i === 0 ? '' : ',') + text;
      }
    } catch (err) {
      throw at(err, `[${i}]`);
    }
    return `${out}]`;
  };
}

/** Prefixes a refusal's location with one step; anything else (a bug) passes unchanged. */
function at(err: unknown, step: string): unknown {
  if (err instanceof Refusal) err.at = step + err.at;
  return err;
}
