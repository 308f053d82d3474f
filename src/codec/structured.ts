// Structured codecs: objects (strict by default), arrays, optional fields, any JSON, raw bytes.
import { type ArrayCodec, type BytesCodec, type Codec, type Infer, type JsonCodec, type ObjectCodec, type OptionalCodec, fail, ok, showJson } from './types.js';

type Props = Readonly<Record<string, Codec<any>>>;
type OptionalKeys<P extends Props> = { [K in keyof P]: P[K] extends OptionalCodec<any> ? K : never }[keyof P];
type RequiredKeys<P extends Props> = Exclude<keyof P, OptionalKeys<P>>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
export type ObjectOf<P extends Props> = Simplify<{ [K in RequiredKeys<P>]: Infer<P[K]> } & { [K in OptionalKeys<P>]?: Infer<P[K]> }>;

const noText = (label: string) => () => fail(`${label} cannot be given as text`);
const pathOf = (path: string, key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);

export interface ObjectOptions {
  /** Unknown keys are a 400 unless `allowExtra` (decided: strict, see README "Decisions"). */
  readonly allowExtra?: boolean;
  readonly description?: string;
}

/** A JSON object with named fields; `name` labels it in messages and docs (`ClientInfo`). */
export function object<const P extends Props>(name: string, props: P, options: ObjectOptions = {}): ObjectCodec<ObjectOf<P>> {
  const keys = Object.keys(props);
  const required = keys.filter((k) => props[k]!.kind !== 'optional');
  const schema = {
    type: 'object', title: name,
    properties: Object.fromEntries(keys.map((k) => [k, props[k]!.schema])),
    required, additionalProperties: options.allowExtra === true,
  };
  return {
    kind: 'object', label: name, schema, props, examples: [],
    ...(options.description === undefined ? {} : { description: options.description }),
    parseText: noText(name),
    formatText: (v) => JSON.stringify(v),
    check(json, path) {
      if (json === null || typeof json !== 'object' || Array.isArray(json)) return fail(`expected ${name} (an object), got ${showJson(json)}`, path);
      const input = json as Record<string, unknown>;
      for (const k of required) if (!Object.hasOwn(input, k)) return fail(`key ${JSON.stringify(k)} not found`, path);
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(input)) {
        const codec = props[k];
        if (codec === undefined || !Object.hasOwn(props, k)) {
          if (options.allowExtra === true) continue;
          return fail(`unexpected key ${JSON.stringify(k)} (${name} has ${keys.join(', ')})`, path);
        }
        const r = codec.check(input[k], pathOf(path, k));
        if (!r.ok) return r;
        if (r.value !== undefined) out[k] = r.value;
      }
      return ok(out as ObjectOf<P>);
    },
  };
}

export function array<T>(item: Codec<T>): ArrayCodec<T[]> {
  return {
    kind: 'array', label: `list of ${item.label}`, schema: { type: 'array', items: item.schema }, item, examples: [],
    parseText: noText(`list of ${item.label}`),
    formatText: (v) => v.map((x) => item.formatText(x)).join(','),
    check(json, path) {
      if (!Array.isArray(json)) return fail(`expected list of ${item.label}, got ${showJson(json)}`, path);
      const out: T[] = new Array(json.length);
      for (let i = 0; i < json.length; i++) {
        const r = item.check(json[i], `${path}[${i}]`);
        if (!r.ok) return r;
        out[i] = r.value;
      }
      return ok(out);
    },
  };
}

/** An object field that may be absent (absent or null reads as undefined). */
export function optional<T>(inner: Codec<T>): OptionalCodec<T | undefined> {
  return {
    kind: 'optional', label: inner.label, schema: inner.schema, inner, examples: [],
    parseText: (raw) => inner.parseText(raw),
    formatText: (v) => (v === undefined ? '' : inner.formatText(v)),
    check: (json, path) => (json === undefined || json === null ? ok(undefined) : inner.check(json, path)),
  };
}

/** Any JSON value, passed through unchecked. */
export const json: JsonCodec<unknown> = {
  kind: 'json', label: 'JSON value', schema: {}, examples: [],
  parseText: (raw) => {
    try { return ok(JSON.parse(raw) as unknown); } catch { return fail('not valid JSON'); }
  },
  formatText: (v) => JSON.stringify(v),
  check: (value) => ok(value),
};

/** Raw bytes (octet-stream bodies). */
export const bytes: BytesCodec<Buffer> = {
  kind: 'bytes', label: 'bytes', schema: { type: 'string', format: 'binary' }, examples: [],
  parseText: (raw) => ok(Buffer.from(raw)),
  formatText: (v) => v.toString('base64'),
  check: (value, path) => (Buffer.isBuffer(value) ? ok(value) : fail('expected bytes', path)),
};
