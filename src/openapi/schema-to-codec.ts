// An OpenAPI schema (3.0 or 3.1) read into a codec of the codec layer: types, formats, validation
// keywords, objects, maps, lists, tuples, enums, unions, allOf, nullable; `$ref`s resolve through
// the document, a circular one becomes a recursive codec. What a codec cannot say is a warning.
import * as t from '../codec/codecs.js';
import type { Codec, LazyCodec, AnyCodec } from '../codec/types.js';
import { compilePattern } from '../codec/constraints.js';
import { child, type Warnings } from './warnings.js';
import { cyclicTargets, resolveRef } from './refs.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords that only annotate (or that this module reads elsewhere): no warning when present. */
const ANNOTATIONS = new Set([
  'title', 'description', 'example', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', 'externalDocs', 'xml',
  '$comment', '$schema', '$id', 'discriminator', 'nullable', 'contentMediaType', 'contentEncoding',
]);
/** Keywords this module turns into codecs. */
const READ = new Set([
  'type', 'format', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'patternProperties', 'items', 'prefixItems',
  'oneOf', 'anyOf', 'allOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength',
  'pattern', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties', '$ref',
]);

const ANCHOR = /^[A-Za-z_][-A-Za-z0-9._]*$/;
/** A name usable as a codec's component name and `$anchor`. */
/** Sets an own property, `__proto__` included (an assignment would set the prototype and lose the key). */
function own<V>(o: Record<string, V>, key: string, value: V): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

export function codecName(raw: string): string {
  const cleaned = raw.replace(/[^-A-Za-z0-9._]/g, '_');
  return ANCHOR.test(cleaned) ? cleaned : `_${cleaned}`;
}

const FORMAT_CODECS: Readonly<Record<string, AnyCodec>> = {
  date: t.date, 'date-time': t.dateTime, time: t.time, email: t.email, uuid: t.uuid, uri: t.uri, ipv4: t.ipv4, ipv6: t.ipv6,
  hostname: t.hostname, byte: t.byte, binary: t.binary, password: t.password,
};

export class SchemaReader {
  private readonly memo = new Map<string, Codec<unknown>>();
  private readonly selves = new Map<string, LazyCodec<unknown>>();
  private readonly cyclic: ReadonlySet<string>;

  constructor(readonly doc: Obj, private readonly version: '3.0' | '3.1', private readonly warnings: Warnings) {
    this.cyclic = cyclicTargets(doc);
  }

  /** The codec of the schema at `pointer`; `name` names an object that has no title. */
  read(schema: unknown, pointer: string, name = 'Object'): Codec<unknown> {
    if (schema === true || (isObj(schema) && Object.keys(schema).length === 0)) return t.json;
    if (schema === false) {
      this.warnings.add(pointer, 'a schema no value satisfies (false) is read as any JSON value');
      return t.json;
    }
    if (!isObj(schema)) {
      this.warnings.add(pointer, 'not a schema; read as any JSON value');
      return t.json;
    }
    if (typeof schema.$ref === 'string') return this.ref(schema, pointer);
    const codec = this.annotated(this.nullable(schema, pointer, name), schema, pointer);
    for (const k of Object.keys(schema)) {
      if (!READ.has(k) && !ANNOTATIONS.has(k) && !k.startsWith('x-')) this.warnings.add(child(pointer, k), `the keyword ${k} is not supported and is not checked`);
    }
    return codec;
  }

  /** The codec a `$ref` names: memoised per target, recursive when the target reaches itself. */
  private ref(schema: Obj, pointer: string): Codec<unknown> {
    const target = schema.$ref as string;
    const siblings = Object.keys(schema).filter((k) => k !== '$ref' && k !== 'description' && k !== 'summary');
    if (siblings.length > 0) this.warnings.add(pointer, `keywords beside $ref (${siblings.join(', ')}) are not applied`);
    const done = this.memo.get(target);
    if (done) return done;
    const self = this.selves.get(target);
    if (self) return self;
    const found = resolveRef(this.doc, target);
    if (!found.found) {
      this.warnings.add(pointer, `$ref ${target} does not resolve; read as any JSON value`);
      return t.json;
    }
    const last = target.split('/').pop() ?? 'Object';
    const name = codecName(last.replace(/~1/g, '/').replace(/~0/g, '~'));
    const at = target.startsWith('#') ? target.slice(1) : pointer;
    const codec = this.cyclic.has(target)
      ? t.recursive<unknown>(name, (lazy) => {
        this.selves.set(target, lazy);
        return this.read(found.value, at, name);
      })
      : this.named(this.read(found.value, at, name), name);
    this.selves.delete(target);
    this.memo.set(target, codec);
    return codec;
  }

  /** A component keeps its name on an object (its title: what the docs make a component of). */
  private named(codec: Codec<unknown>, name: string): Codec<unknown> {
    if (codec.kind !== 'object' || codec.schema.title !== undefined) return codec;
    return { ...codec, label: name, schema: { ...codec.schema, title: name } };
  }

  private nullable(schema: Obj, pointer: string, name: string): Codec<unknown> {
    const types = Array.isArray(schema.type) ? schema.type.filter((x): x is string => typeof x === 'string') : typeof schema.type === 'string' ? [schema.type] : [];
    const nullable = (this.version === '3.0' && schema.nullable === true) || types.includes('null');
    const rest = types.filter((x) => x !== 'null');
    let inner: Codec<unknown>;
    if (types.length > 0 && rest.length === 0) inner = t.constant(null);
    else if (rest.length > 1) inner = t.anyOf(rest.map((ty) => this.structural({ ...schema, type: ty }, pointer, name, ty)));
    else inner = this.structural(schema, pointer, name, rest[0]);
    if (!nullable || inner.kind === 'json' || (types.length > 0 && rest.length === 0)) return inner;
    if (Array.isArray(schema.enum) && schema.enum.includes(null)) return inner;
    return t.nullable(inner);
  }

  /** A schema with combinators (`allOf`, `oneOf`, `anyOf`) and its own keywords. */
  private structural(schema: Obj, pointer: string, name: string, type: string | undefined): Codec<unknown> {
    const own = this.typed(schema, pointer, name, type);
    const parts: Codec<unknown>[] = [];
    if (Array.isArray(schema.allOf)) {
      parts.push(...schema.allOf.map((s, i) => this.read(s, child(pointer, 'allOf', i), `${name}_${i}`)));
    }
    for (const mode of ['oneOf', 'anyOf'] as const) {
      const list = schema[mode];
      if (!Array.isArray(list)) continue;
      const options = list.map((s, i) => this.read(s, child(pointer, mode, i), `${name}_${mode}${i}`));
      if (options.length === 0) continue;
      const discriminator = isObj(schema.discriminator) && typeof schema.discriminator.propertyName === 'string' ? schema.discriminator.propertyName : undefined;
      if (mode === 'oneOf') parts.push(this.attempt(pointer, () => t.union(options, discriminator ? { discriminator } : {}), () => t.union(options)));
      else parts.push(t.anyOf(options));
    }
    if (parts.length === 0) return own ?? t.json;
    if (own) parts.unshift(own);
    if (parts.length === 1) return parts[0]!;
    return this.attempt(pointer, () => t.allOf(name, parts), () => parts[0]!);
  }

  /** Tries a construction; a codec the codec layer refuses is a warning and the fallback. */
  private attempt(pointer: string, make: () => Codec<unknown>, fallback: () => Codec<unknown>): Codec<unknown> {
    try { return make(); } catch (err) {
      this.warnings.add(pointer, `${(err as Error).message}; read more loosely`);
      return fallback();
    }
  }

  /** The codec of the type keywords alone, or undefined when the schema has none. */
  private typed(schema: Obj, pointer: string, name: string, type: string | undefined): Codec<unknown> | undefined {
    if (Array.isArray(schema.enum)) return t.enumOf(schema.enum as never);
    if (Object.hasOwn(schema, 'const')) return t.constant(schema.const as never);
    const kind = type ?? (schema.properties || schema.additionalProperties !== undefined || schema.patternProperties ? 'object'
      : schema.items || schema.prefixItems ? 'array' : undefined);
    switch (kind) {
      case 'integer': return this.constrained(schema, pointer, schema.format === 'int32' ? t.int32 : schema.format === 'int64' ? t.int64 : t.int, NUMBER_KEYS);
      case 'number': return this.constrained(schema, pointer, t.number, NUMBER_KEYS);
      case 'boolean': return t.bool;
      case 'string': return this.string(schema, pointer);
      case 'array': return this.array(schema, pointer, name);
      case 'object': return this.object(schema, pointer, name);
      default: return undefined;
    }
  }

  private string(schema: Obj, pointer: string): Codec<unknown> {
    const format = typeof schema.format === 'string' ? schema.format : undefined;
    const known = format !== undefined && Object.hasOwn(FORMAT_CODECS, format);
    let base: Codec<unknown> = known ? FORMAT_CODECS[format]! : t.text;
    // decided (docs/decisions.md "OpenAPI in"): an unknown format is kept as an annotation, as JSON Schema
    // treats formats by default: no warning.
    if (format !== undefined && !known) base = { ...base, schema: { ...base.schema, format } };
    if (typeof schema.pattern === 'string' && compilePattern(schema.pattern) === undefined) {
      this.warnings.add(child(pointer, 'pattern'), `${JSON.stringify(schema.pattern)} is not an ECMAScript regular expression; not checked`);
      const { pattern: _p, ...rest } = schema;
      return this.constrained(rest, pointer, base, STRING_KEYS);
    }
    return this.constrained(schema, pointer, base, STRING_KEYS);
  }

  private constrained(schema: Obj, pointer: string, base: Codec<unknown>, keys: readonly string[]): Codec<unknown> {
    const rules: Obj = {};
    for (const k of keys) if (schema[k] !== undefined && typeof schema[k] !== 'boolean') rules[k] = schema[k];
    if (keys === NUMBER_KEYS && this.version === '3.0') {
      // 3.0 says exclusiveness as a boolean beside minimum/maximum.
      if (schema.exclusiveMinimum === true && typeof schema.minimum === 'number') { delete rules.minimum; rules.exclusiveMinimum = schema.minimum; }
      if (schema.exclusiveMaximum === true && typeof schema.maximum === 'number') { delete rules.maximum; rules.exclusiveMaximum = schema.maximum; }
    }
    if (Object.keys(rules).length === 0) return base;
    return this.attempt(pointer, () => t.constrain(base as AnyCodec, rules as never), () => base);
  }

  private array(schema: Obj, pointer: string, name: string): Codec<unknown> {
    if (Array.isArray(schema.prefixItems)) {
      const items = schema.prefixItems.map((s, i) => this.read(s, child(pointer, 'prefixItems', i), `${name}_${i}`));
      if (schema.items !== false && schema.items !== undefined) this.warnings.add(child(pointer, 'items'), 'items after prefixItems are not checked; the tuple is fixed-length');
      return t.tuple(items);
    }
    const item = schema.items === undefined ? t.json : this.read(schema.items, child(pointer, 'items'), `${name}Item`);
    const opts: Obj = {};
    for (const k of ARRAY_KEYS) if (schema[k] !== undefined) opts[k] = schema[k];
    return this.attempt(pointer, () => t.array(item, opts), () => t.array(item));
  }

  private object(schema: Obj, pointer: string, name: string): Codec<unknown> {
    const properties = isObj(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required.filter((x): x is string => typeof x === 'string') : []);
    const props: Record<string, Codec<unknown>> = {};
    for (const [key, s] of Object.entries(properties)) {
      const at = child(pointer, 'properties', key);
      const codec = this.read(s, at, codecName(`${name}_${key}`));
      own(props, key, required.has(key) ? codec : this.optional(codec, s, at));
    }
    for (const key of required) {
      if (!Object.hasOwn(props, key)) own(props, key, t.json);
    }
    const patterns: Record<string, Codec<unknown>> = {};
    if (isObj(schema.patternProperties)) {
      for (const [p, s] of Object.entries(schema.patternProperties)) own(patterns, p, this.read(s, child(pointer, 'patternProperties', p), `${name}Pattern`));
    }
    const ap = schema.additionalProperties;
    // OpenAPI objects take keys they do not list unless they say `additionalProperties: false`.
    const extra = ap === false ? {} : ap === undefined || ap === true || (isObj(ap) && Object.keys(ap).length === 0) ? { allowExtra: true } : { extra: this.read(ap, child(pointer, 'additionalProperties'), `${name}Value`) };
    const counts: Obj = {};
    for (const k of ['minProperties', 'maxProperties']) if (typeof schema[k] === 'number') counts[k] = schema[k];
    const label = typeof schema.title === 'string' ? schema.title : name;
    const codec = this.attempt(pointer, () => t.object(label, props, { ...extra, patterns, ...counts }), () => t.json) as Codec<unknown>;
    // An inline object without a title stays inline in the docs (only titled objects become components).
    if (typeof schema.title === 'string' || codec.kind !== 'object') return codec;
    const { title: _title, ...untitled } = codec.schema;
    return { ...codec, schema: untitled };
  }

  private optional(codec: Codec<unknown>, s: unknown, pointer: string): Codec<unknown> {
    const fallback = isObj(s) && typeof s.$ref !== 'string' ? s.default : undefined;
    if (fallback === undefined) return t.optional(codec);
    if (!codec.check(fallback, '$').ok) {
      this.warnings.add(child(pointer, 'default'), 'the default is not a value of the schema; left out');
      return t.optional(codec);
    }
    return t.optional(codec, { default: fallback });
  }

  /** Description, examples and annotations; an example the codec refuses is a warning. */
  private annotated(codec: Codec<unknown>, schema: Obj, pointer: string): Codec<unknown> {
    let out = codec;
    if (typeof schema.description === 'string') out = t.describe(out, schema.description);
    const examples = this.examplesOf(schema, pointer, out);
    if (examples.length > 0) out = t.examples(out, examples.map((value) => ({ value })));
    const notes: Obj = {};
    for (const k of ['readOnly', 'writeOnly', 'deprecated'] as const) if (schema[k] === true) notes[k] = true;
    if (typeof schema.title === 'string' && out.kind !== 'object') notes.title = schema.title;
    return Object.keys(notes).length > 0 ? t.annotate(out, notes) : out;
  }

  private examplesOf(schema: Obj, pointer: string, codec: Codec<unknown>): unknown[] {
    const given: [string, unknown][] = [];
    if (schema.example !== undefined) given.push([child(pointer, 'example'), schema.example]);
    if (Array.isArray(schema.examples)) schema.examples.forEach((v, i) => given.push([child(pointer, 'examples', i), v]));
    return given.flatMap(([at, v]) => {
      if (codec.check(v, '$').ok) return [v];
      this.warnings.add(at, 'the example is not a value of its schema; left out');
      return [];
    });
  }
}

const NUMBER_KEYS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const STRING_KEYS = ['minLength', 'maxLength', 'pattern'];
const ARRAY_KEYS = ['minItems', 'maxItems'];
