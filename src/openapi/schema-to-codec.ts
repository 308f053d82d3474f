// An OpenAPI schema (3.0 or 3.1) read into a codec of the codec layer: types, formats, validation
// keywords, objects, maps, lists, tuples, enums, unions, allOf, nullable; `$ref`s resolve through
// the document, a circular one becomes a recursive codec. What a codec cannot say is a warning.
import * as t from '../codec/codecs.js';
import type { Codec, LazyCodec, AnyCodec } from '../codec/types.js';
import { outsideUnicodeMode, patternProblem } from '../codec/pattern.js';
import { LEGACY_PATTERN, unusablePattern } from './schema-patterns.js';
import { discriminated } from './discriminated.js';
import { annotated, optionalField } from './schema-annotations.js';
import { ANNOTATIONS, ARRAY_KEYS, FAMILY_KEYS, FORMAT_CODECS, NUMBER_KEYS, READ, STRING_KEYS } from './schema-keywords.js';
import { deepEqual } from '../codec/json-equal.js';
import { KEYWORDS, type ReadSub, withRule } from '../codec/keywords/index.js';
import { intersect, narrowed } from './all-of-parts.js';
import { readRule } from '../codec/keywords/keyword-args.js';
import { isFormatName } from '../codec/formats.js';
import { formatsAnnotate } from './format-dialect.js';
import { child, type Warnings } from './warnings.js';
import { cyclicTargets } from './refs.js';
import { DOCUMENT_BASE, SchemaResources } from './schema-resources.js';
import { DynamicScope } from './dynamic-scope.js';
import { metaSchemaCodec } from './meta-schemas.js';
import { ASSERTING_KEYWORDS } from './vocabulary.js';
import { codecName } from './codec-name.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Sets an own property, `__proto__` included (an assignment would set the prototype and lose the key). */
function own<V>(o: Record<string, V>, key: string, value: V): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

export class SchemaReader {
  /** Codecs of `$ref` targets by pointer (and dynamic scope, when the document has `$dynamicAnchor`s). */
  private readonly memo = new Map<string, Codec<unknown>>();
  private readonly selves = new Map<string, LazyCodec<unknown>>();
  private readonly cyclic: ReadonlySet<string>;
  private readonly resources: SchemaResources;
  private readonly dynamic: DynamicScope;
  /** Where a `{ $ref }` this module made (beside its siblings, in an `allOf`) was written: its base URI is there. */
  private readonly origins = new WeakMap<object, string>();

  /** `base`: the document's URL (the base URI outside every `$id`), when it was read from a file. */
  constructor(readonly doc: Obj, private readonly version: '3.0' | '3.1', private readonly warnings: Warnings, base = DOCUMENT_BASE) {
    this.resources = new SchemaResources(doc, base, version === '3.1');
    this.cyclic = cyclicTargets(this.resources);
    this.dynamic = new DynamicScope(this.resources);
  }

  /** Whether `format` only annotates at `pointer` (a 3.1 schema naming the standard dialect). */
  private annotating(pointer: string): boolean {
    return this.version === '3.1' && formatsAnnotate(this.doc, pointer);
  }

  /** The codec of the schema at `pointer`; `name` names an object that has no title. */
  read(schema: unknown, pointer: string, name = 'Object'): Codec<unknown> {
    if (schema === true || (isObj(schema) && Object.keys(schema).length === 0)) return t.json;
    // decided: `false` is the schema no value meets, read as `not: true` (docs/decisions.md "Codecs"):
    // an optional property of it must be absent; generators leave it out.
    if (schema === false) return this.read({ not: true }, pointer, name);
    if (!isObj(schema)) {
      this.warnings.add(pointer, 'not a schema; read as any JSON value', 'schema');
      return t.json;
    }
    // An embedded schema resource (`$id`) puts its `$dynamicAnchor`s in the dynamic scope.
    const entered = this.version === '3.1' && typeof schema.$id === 'string' && this.resources.resourceAt(pointer).root === pointer ? this.dynamic.entering(pointer) : undefined;
    if (entered !== undefined) return this.dynamic.within(entered, () => this.read(schema, pointer, name));
    const keyword = typeof schema.$ref === 'string' ? '$ref' : this.version === '3.1' && typeof schema.$dynamicRef === 'string' ? '$dynamicRef' : undefined;
    if (keyword !== undefined) {
      // 3.1 (JSON Schema 2020-12): keywords beside `$ref` apply too, as `allOf` of the target and
      // them. 3.0 ignores them (a warning says so, in `ref`). decided: docs/decisions.md "Codecs".
      const { [keyword]: ref, ...siblings } = schema;
      const applied = Object.keys(siblings).some((k) => !ANNOTATIONS.has(k) && k !== 'summary' && !k.startsWith('x-'));
      if (this.version === '3.1' && applied) {
        const part = { [keyword]: ref };
        this.origins.set(part, this.origins.get(schema) ?? pointer);
        // After the schema's own `allOf` items, which so keep their pointers (and base URIs).
        return this.read({ ...siblings, allOf: Array.isArray(siblings.allOf) ? [...siblings.allOf, part] : [part] }, pointer, name);
      }
      return this.ref(schema, pointer, keyword);
    }
    const codec = annotated(this.valued(schema, pointer, name), schema, pointer, this.warnings, this.version);
    for (const k of Object.keys(schema)) {
      if (READ.has(k) || ANNOTATIONS.has(k) || k.startsWith('x-')) continue;
      if (ASSERTING_KEYWORDS.has(k)) this.warnings.add(child(pointer, k), `the keyword ${k} is not supported and is not checked`, k);
      else this.warnings.add(child(pointer, k), `${k} is not a JSON Schema keyword; read as an annotation (no check)`);
    }
    return codec;
  }

  /**
   * The codec a `$ref` (or `$dynamicRef`) names: resolved against the base URI where it is written
   * (schema-resources.ts), memoised per target and dynamic scope, recursive when the target reaches itself.
   */
  private ref(schema: Obj, pointer: string, keyword: '$ref' | '$dynamicRef'): Codec<unknown> {
    const target = schema[keyword] as string;
    // A `{ $ref }` made by a caller (`{ $ref: '#/components/schemas/Pet' }`) is read as written at the document's root.
    // Without embedded resources every place has the document's base URI: where it was written
    // changes nothing, and looking the schema up again (a walk of its pointer) is left out.
    const from = this.origins.get(schema) ?? (this.resources.embedsResources && this.resources.at(pointer)?.value === schema ? pointer : '');
    // `$schema` and `$comment` change no check, beside a `$ref` or not; in 3.1 identifiers and
    // definitions beside it name schemas (indexed), they check nothing here.
    const named = new Set([keyword, 'description', 'summary', '$schema', '$comment', ...(this.version === '3.1' ? ['$id', '$defs', 'definitions', '$anchor', '$dynamicAnchor'] : [])]);
    // Annotations (`readOnly`, `example`, `x-...`) check nothing: only a check left out is said.
    // decided (docs/openapi-in.md "Checks api-serve cannot make"): 3.0 says siblings are ignored, so they are, with a warning.
    const siblings = Object.keys(schema).filter((k) => !named.has(k) && (ASSERTING_KEYWORDS.has(k) || k === 'nullable'));
    if (siblings.length > 0) this.warnings.add(pointer, `keywords beside $ref (${siblings.join(', ')}) are not applied (OpenAPI 3.0 ignores them)`);
    // A well-known meta-schema (JSON Schema 2020-12, draft-04, OpenAPI 3.1's dialect): any JSON Schema.
    const meta = metaSchemaCodec(target);
    if (meta !== undefined) return meta;
    const found = keyword === '$ref' ? this.resources.resolve(target, from) : this.dynamic.target(target, from);
    if (found === undefined) {
      this.warnings.add(pointer, `${keyword} ${target} does not resolve; read as any JSON value`, keyword);
      return t.json;
    }
    if (found.fromDocumentRoot) this.warnings.add(pointer, `${keyword} ${target} names nothing inside its $id (${this.resources.resourceAt(from).uri}); read from the document's root`);
    const scope = this.dynamic.entering(found.resource);
    const key = this.dynamic.key(found.pointer, scope);
    const done = this.memo.get(key) ?? this.selves.get(key);
    if (done) return done;
    const last = target.split('/').pop() ?? 'Object';
    const name = codecName(last.replace(/~1/g, '/').replace(/~0/g, '~'));
    const codec = this.dynamic.within(scope, () => (this.cyclic.has(found.pointer)
      ? t.recursive<unknown>(name, (lazy) => {
        this.selves.set(key, lazy);
        return this.read(found.value, found.pointer, name);
      })
      : this.named(this.read(found.value, found.pointer, name), name)));
    this.selves.delete(key);
    this.memo.set(key, codec);
    return codec;
  }

  /** A component keeps its name on an object (its title: what the docs make a component of). */
  private named(codec: Codec<unknown>, name: string): Codec<unknown> {
    if (codec.kind !== 'object' || codec.schema.title !== undefined) return codec;
    return { ...codec, label: name, schema: { ...codec.schema, title: name } };
  }

  /**
   * `enum` and `const` with the schema's other keywords: every one must hold. The values are a
   * finite list, so the codec is the values the other keywords accept (JSON values equal by
   * content are judged alike, so keeping those is exact).
   */
  private valued(schema: Obj, pointer: string, name: string): Codec<unknown> {
    const hasConst = Object.hasOwn(schema, 'const');
    if (!Array.isArray(schema.enum) && !hasConst) return this.nullable(schema, pointer, name);
    const { enum: list, const: fixed, ...rest } = schema;
    let values: unknown[] = Array.isArray(list) ? list : [fixed];
    if (hasConst && Array.isArray(list)) values = list.some((v) => deepEqual(v, fixed)) ? [fixed] : [];
    const others = this.nullable(rest, pointer, name);
    if (others.kind === 'json') return hasConst && !Array.isArray(list) ? t.constant(fixed as never) : t.enumOf(values as never);
    // decided: the values the other keywords accept; none is a warning (docs/decisions.md "Codecs").
    const kept = values.filter((v) => others.check(v, '$').ok);
    if (kept.length === 0) this.warnings.add(pointer, `no value of ${hasConst ? 'const' : 'enum'} meets the schema's other keywords: no value is valid`);
    const codec = hasConst && kept.length === 1 ? t.constant(kept[0] as never) : t.enumOf(kept as never);
    const { title: _t, ...shape } = others.schema;
    return { ...codec, schema: { ...shape, ...(hasConst && kept.length === 1 ? { const: kept[0] } : { enum: kept }) } };
  }

  private nullable(schema: Obj, pointer: string, name: string): Codec<unknown> {
    const types = Array.isArray(schema.type) ? schema.type.filter((x): x is string => typeof x === 'string') : typeof schema.type === 'string' ? [schema.type] : [];
    const nullable = (this.version === '3.0' && schema.nullable === true) || types.includes('null');
    const rest = types.filter((x) => x !== 'null');
    let inner: Codec<unknown>;
    if (types.length > 0 && rest.length === 0) inner = t.constant(null);
    else if (rest.length > 1) inner = t.anyOf(rest.map((ty) => this.structural({ ...schema, type: ty }, pointer, name, ty)));
    else inner = this.structural(schema, pointer, name, rest[0]);
    // Without `type`, null is a type no keyword judges: it passes already.
    if (!nullable || inner.kind === 'json' || inner.untyped !== undefined || (types.length > 0 && rest.length === 0)) return inner;
    return t.nullable(inner);
  }

  /** A schema with combinators and its own keywords, then the applicators of keywords/index.ts. */
  private structural(schema: Obj, pointer: string, name: string, type: string | undefined): Codec<unknown> {
    let codec = this.combined(schema, pointer, name, type);
    const sub: ReadSub = (s, ...steps) => this.read(s, child(pointer, ...steps), codecName(`${name}_${steps.join('_')}`));
    for (const keyword of KEYWORDS) {
      const rule = readRule(keyword, schema, sub, codec);
      if (rule !== undefined) codec = withRule(codec, rule);
    }
    return codec;
  }

  /** A schema with combinators (`allOf`, `oneOf`, `anyOf`) and its own keywords. */
  private combined(schema: Obj, pointer: string, name: string, type: string | undefined): Codec<unknown> {
    const own = this.typed(schema, pointer, name, type);
    const parts: Codec<unknown>[] = [];
    if (Array.isArray(schema.allOf)) {
      // A part that is any JSON value (`{}`) narrows nothing.
      parts.push(...schema.allOf.map((s, i) => this.read(s, child(pointer, 'allOf', i), `${name}_${i}`)).filter((c) => c.kind !== 'json' || c.applied !== undefined));
    }
    for (const mode of ['oneOf', 'anyOf'] as const) {
      const list = schema[mode];
      if (!Array.isArray(list)) continue;
      const options = list.map((s, i) => this.read(s, child(pointer, mode, i), `${name}_${mode}${i}`));
      if (options.length === 0) continue;
      const discriminator = isObj(schema.discriminator) && typeof schema.discriminator.propertyName === 'string' ? schema.discriminator.propertyName : undefined;
      if (mode === 'oneOf') parts.push(this.attempt(pointer, undefined, () => (discriminator ? discriminated(options, discriminator) : t.union(options)), () => t.union(options)));
      else parts.push(t.anyOf(options));
    }
    if (parts.length === 0) return own ?? t.json;
    if (own) parts.unshift(own);
    const all = narrowed(parts);
    if (all.length === 1) return all[0]!;
    return this.attempt(pointer, 'allOf', () => intersect(name, all), () => all[0]!);
  }

  /**
   * Tries a construction; a codec the codec layer refuses is a warning and the fallback. `weaker`
   * names the keyword whose check the fallback leaves out (undefined: the fallback is exact).
   */
  private attempt(pointer: string, weaker: string | undefined, make: () => Codec<unknown>, fallback: () => Codec<unknown>): Codec<unknown> {
    try { return make(); } catch (err) {
      this.warnings.add(pointer, `${(err as Error).message}; read more loosely`, weaker);
      return fallback();
    }
  }

  /** The codec of the type keywords alone, or undefined when the schema has none. */
  private typed(schema: Obj, pointer: string, name: string, type: string | undefined): Codec<unknown> | undefined {
    if (type === undefined) return this.untyped(schema, pointer, name);
    switch (type) {
      case 'integer': return this.constrained(schema, pointer, schema.format === 'int32' ? t.int32 : schema.format === 'int64' ? t.int64 : t.int, NUMBER_KEYS);
      case 'number': return this.constrained(schema, pointer, t.number, NUMBER_KEYS);
      case 'boolean': return t.bool;
      case 'string': return this.string(schema, pointer);
      case 'array': return this.array(schema, pointer, name);
      case 'object': return this.object(schema, pointer, name);
      default: return undefined;
    }
  }

  /**
   * A schema without `type`: each keyword judges values of its own type and others pass. The codec
   * has the kind of the first type its keywords name (object, array, string, number), which
   * samples and mocks give; undefined when no keyword names one.
   */
  private untyped(schema: Obj, pointer: string, name: string): Codec<unknown> | undefined {
    const named = (k: string) => schema[k] !== undefined && (k !== 'format' || (typeof schema.format === 'string' && isFormatName(schema.format) && !this.annotating(pointer)));
    const families = (['object', 'array', 'string', 'number'] as const).filter((f) => FAMILY_KEYS[f].some(named));
    if (families.length === 0) return undefined;
    const [first, ...rest] = families.map((f) => this.typed(schema, pointer, name, f)!);
    return this.attempt(pointer, 'type', () => t.untyped(first!, rest), () => first!);
  }

  private string(schema: Obj, pointer: string): Codec<unknown> {
    const format = typeof schema.format === 'string' ? schema.format : undefined;
    // A schema naming JSON Schema's standard dialect: its formats annotate (format-dialect.ts).
    const asserted = format !== undefined && !this.annotating(pointer);
    const known = asserted && Object.hasOwn(FORMAT_CODECS, format);
    let base: Codec<unknown> = known ? FORMAT_CODECS[format]! : t.text;
    // decided (docs/decisions.md "OpenAPI in"): an unknown format is kept as an annotation, as JSON Schema
    // treats formats by default: no warning. An asserted format without a codec of its own (`uri-reference`)
    // constrains text (docs/decisions.md "Formats assert").
    if (format !== undefined && !known) base = asserted && isFormatName(format) ? t.constrain(t.text, { format }) : { ...base, schema: { ...base.schema, format } };
    // A pattern that is no regular expression, or one the linear-time matcher cannot run (a
    // lookahead past the start, a backreference): a check the codec cannot make, refused unless --lenient.
    const unusable = typeof schema.pattern !== 'string' ? undefined : unusablePattern(schema.pattern);
    if (unusable !== undefined) {
      this.warnings.add(child(pointer, 'pattern'), `${unusable}; not checked`, 'pattern');
      const { pattern: _p, ...rest } = schema;
      return this.constrained(rest, pointer, base, STRING_KEYS);
    }
    if (typeof schema.pattern === 'string' && outsideUnicodeMode(schema.pattern)) this.warnings.add(child(pointer, 'pattern'), LEGACY_PATTERN(schema.pattern));
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
    return this.attempt(pointer, Object.keys(rules).join(', '), () => t.constrain(base as AnyCodec, rules as never), () => base);
  }

  /**
   * A list, or a tuple: `prefixItems` checks the positions present and `items` every item after
   * them (absent: anything); draft 4's `items: [..]` with `additionalItems` says the same.
   */
  private array(schema: Obj, pointer: string, name: string): Codec<unknown> {
    const opts: Obj = {};
    for (const k of ARRAY_KEYS) if (schema[k] !== undefined) opts[k] = schema[k];
    // decided (docs/decisions.md "Codecs"): draft 4's tuple form is read in 3.1 documents too.
    const [listKey, afterKey] = Array.isArray(schema.prefixItems) ? ['prefixItems', 'items'] : Array.isArray(schema.items) ? ['items', 'additionalItems'] : [];
    if (listKey !== undefined && afterKey !== undefined) {
      const list = schema[listKey] as unknown[];
      // A position no value satisfies (`false`) ends the list before it: nothing can stand there or after.
      const stop = list.findIndex((s) => s === false);
      const items = (stop < 0 ? list : list.slice(0, stop)).map((s, i) => this.read(s, child(pointer, listKey, i), `${name}_${i}`));
      const after = schema[afterKey];
      const rest = stop >= 0 || after === false ? false : after === undefined ? t.unsaid : this.read(after, child(pointer, afterKey), `${name}Item`);
      // Enough items required to fill every position: the fixed tuple (typed `[A, B]`, not `[A?, B?]`).
      const partial = !(typeof opts.minItems === 'number' && opts.minItems >= items.length);
      return t.tuple(items, { ...opts, rest, partial });
    }
    // `items: false` alone allows only the empty list: a tuple of no positions.
    if (schema.items === false) return t.tuple([], { ...opts, partial: true });
    const item = schema.items === undefined ? t.unsaid : this.read(schema.items, child(pointer, 'items'), `${name}Item`);
    return this.attempt(pointer, Object.keys(opts).join(', '), () => t.array(item, opts), () => t.array(item));
  }

  private object(schema: Obj, pointer: string, name: string): Codec<unknown> {
    const properties = isObj(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required.filter((x): x is string => typeof x === 'string') : []);
    const props: Record<string, Codec<unknown>> = {};
    for (const [key, s] of Object.entries(properties)) {
      const at = child(pointer, 'properties', key);
      const codec = this.read(s, at, codecName(`${name}_${key}`));
      own(props, key, required.has(key) ? codec : optionalField(codec, s, at, this.warnings));
    }
    for (const key of required) {
      if (!Object.hasOwn(props, key)) own(props, key, t.unsaid);
    }
    const patterns: Record<string, Codec<unknown>> = {};
    if (isObj(schema.patternProperties)) {
      for (const [p, s] of Object.entries(schema.patternProperties)) {
        if (outsideUnicodeMode(p)) this.warnings.add(child(pointer, 'patternProperties', p), LEGACY_PATTERN(p));
        const problem = patternProblem(p);
        if (problem !== undefined) {
          this.warnings.add(child(pointer, 'patternProperties', p), `${problem}; its keys are not told apart`, 'patternProperties');
          continue;
        }
        own(patterns, p, this.read(s, child(pointer, 'patternProperties', p), `${name}Pattern`));
      }
    }
    const ap = schema.additionalProperties;
    // OpenAPI objects take keys they do not list unless they say `additionalProperties: false`, and
    // keep them (JSON Schema checks, it does not transform): any value where it says nothing or
    // `true`; an absent one evaluates none of them (`unevaluatedProperties` judges them).
    const extra = ap === false ? {} : ap === undefined ? { extra: t.unsaid } : ap === true || (isObj(ap) && Object.keys(ap).length === 0) ? { extra: t.json } : { extra: this.read(ap, child(pointer, 'additionalProperties'), `${name}Value`) };
    const counts: Obj = {};
    for (const k of ['minProperties', 'maxProperties']) if (typeof schema[k] === 'number') counts[k] = schema[k];
    const label = typeof schema.title === 'string' ? schema.title : name;
    const made = () => t.object(label, props, { ...extra, patterns, ...counts });
    const codec = this.attempt(pointer, 'properties', made, () => t.json) as Codec<unknown>;
    // An inline object without a title stays inline in the docs (only titled objects become components).
    if (typeof schema.title === 'string' || codec.kind !== 'object') return codec;
    const { title: _title, ...untitled } = codec.schema;
    return { ...codec, schema: untitled };
  }
}

