// A codec written back as TypeScript source over the public `t` namespace (`t.object('Pet', {...})`):
// what `api-serve import` writes for each schema. Named codecs are referred to by name; a recursive
// one is `t.recursive` with its self-references bound; what no call can make is a noted `t.json`.
import * as t from '../codec/codecs.js';
import type { Codec, ObjectCodec } from '../codec/types.js';
import { familyOfCodec, familyOfValue } from '../codec/untyped.js';
import { allOfParts } from '../codec/intersection.js';
import { isFormatName } from '../codec/formats.js';
import { bindingName, literal, propertyKey, stringLiteral } from './source-text.js';

type Obj = Record<string, unknown>;

/** Keys a codec's schema gets from `t.constrain`, by the family they apply to. */
const CONSTRAINTS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern'];
const ANNOTATIONS = ['readOnly', 'writeOnly', 'deprecated'];
/** The leaf codecs of `t`, by label: what a scalar is built on. */
const LEAVES = new Map<string, string>();
/** Schemas of the codecs `t` exports as values: shared by every use, so never a named component's. */
const BUILT_IN = new Set<object>();
for (const [name, v] of Object.entries(t)) {
  if (typeof v !== 'object' || v === null || !('kind' in v)) continue;
  BUILT_IN.add((v as Codec<unknown>).schema);
  if ((v as Codec<unknown>).kind === 'scalar' && !LEAVES.has((v as Codec<unknown>).label)) LEAVES.set((v as Codec<unknown>).label, name);
}

/** Whether `null` is a value of a codec's static type (where a literal may say it). */
function typesNull(codec: Codec<unknown>): boolean {
  if (codec.untyped) return typesNull(codec.untyped.base);
  switch (codec.kind) {
    // A recursive codec's static type is `unknown` (`t.recursive<unknown>`), as is any JSON value's.
    case 'lazy': case 'json': case 'nullable': return true;
    case 'optional': return typesNull(codec.inner);
    case 'union': return codec.options.some(typesNull);
    case 'scalar': return codec.check(null, '$').ok;
    case 'object': case 'array': case 'tuple': case 'bytes': return false;
  }
}

/**
 * A value as a literal whose enum and constant positions say `as const`, so that it types as the
 * codec's type where nothing gives it context (`reply(200, value, headers)` infers from it), and
 * that passes TypeScript's checks of object literals wherever the codec takes it: keys beyond an
 * open object's fields in a spread, at any depth (in unions, allOf, arrays, optional fields, maps).
 */
export function typedLiteral(v: unknown, codec: Codec<unknown>): string {
  if (Buffer.isBuffer(v)) return `Buffer.from(${stringLiteral(v.toString('base64'))}, 'base64')`;
  // decided (docs/decisions.md "OpenAPI in"): a schema without `type` lets every value outside its
  // keywords' type through, but its static type is that type's: such a value is written `as never`,
  // the one cast the written module has.
  if (codec.untyped && familyOfValue(v) !== familyOfCodec(codec.untyped.base)) return `(${literal(v)} as never)`;
  const parts = allOfParts(codec);
  switch (codec.kind) {
    case 'lazy': return typedLiteral(v, codec.target());
    case 'optional': return v === undefined ? 'undefined' : typedLiteral(v, codec.inner);
    case 'nullable': return v === null ? 'null' : typedLiteral(v, codec.inner);
    case 'union': {
      const option = codec.options.find((o) => o.check(v, '$').ok);
      return option ? typedLiteral(v, option) : literal(v);
    }
    case 'array': return Array.isArray(v) ? `[${v.map((x) => typedLiteral(x, codec.item)).join(', ')}]` : literal(v);
    case 'tuple': {
      if (!Array.isArray(v)) return literal(v);
      const at = (i: number) => codec.items[i] ?? (codec.rest === false ? undefined : codec.rest);
      return `[${v.map((x, i) => { const c = at(i); return c ? typedLiteral(x, c) : literal(x); }).join(', ')}]`;
    }
    case 'object': return objectLiteral(v, codec);
    case 'scalar':
      // `as const` takes literals only: not `Infinity` or `NaN` (YAML's .inf, .nan).
      if (!parts && (Array.isArray(codec.schema.enum) || Object.hasOwn(codec.schema, 'const')) && v !== null && typeof v !== 'object' && (typeof v !== 'number' || Number.isFinite(v))) return `${literal(v)} as const`;
      return literal(v);
    case 'json': case 'bytes': return literal(v);
  }
}

/** An object value for an object codec (typedLiteral's case): its fields typed, other keys spread. */
function objectLiteral(v: unknown, codec: ObjectCodec<unknown>): string {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return literal(v);
  // Own keys only: an example's `constructor` or `__proto__` is not a codec of Object.prototype.
  const field = (k: string) => (Object.hasOwn(codec.props, k) ? codec.props[k] : undefined);
  // An optional field reads `null` as absent (decided: docs/decisions.md "Codecs"); where its type
  // has no null, the literal leaves the key out, as the codec's value does.
  const absent = (k: string, x: unknown) => {
    const c = field(k);
    return x === undefined || (x === null && c?.kind === 'optional' && !typesNull(c.inner));
  };
  const entries = Object.entries(v).filter(([k, x]) => !absent(k, x));
  const declared = entries.filter(([k]) => field(k) !== undefined).map(([k, x]) => `${propertyKey(k)}: ${typedLiteral(x, field(k)!)}`);
  // Keys an open object takes beyond its fields go in a spread: the inferred type lists the
  // fields only, and TypeScript checks excess properties of a literal, not of a spread.
  const undeclared = entries.filter(([k]) => field(k) === undefined).map(([k, x]) => `${propertyKey(k)}: ${literal(x)}`);
  if (undeclared.length === 0) return declared.length === 0 ? '{}' : `{ ${declared.join(', ')} }`;
  // Only other keys: a type whose fields are all optional is "weak", and TypeScript refuses a value
  // sharing none of its keys, spread or not; as `{}` (an upcast, which checks nothing away) it has none.
  if (declared.length === 0) return `({ ${undeclared.join(', ')} } as {})`;
  return `{ ${[...declared, `...{ ${undeclared.join(', ')} }`].join(', ')} }`;
}

/** An example (`{ title, value }`) as source, its value written for its codec by typedLiteral. */
export function exampleSource(x: object, codec: Codec<unknown> | undefined): string {
  const fields = Object.entries(x).filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${propertyKey(k)}: ${k === 'value' && codec !== undefined ? typedLiteral(v, codec) : k === 'value' && Buffer.isBuffer(v) ? `Buffer.from(${stringLiteral(v.toString('base64'))}, 'base64')` : literal(v)}`);
  return `{ ${fields.join(', ')} }`;
}

const options = (entries: [string, string | undefined][]): string => {
  const set = entries.filter((e): e is [string, string] => e[1] !== undefined);
  return set.length === 0 ? '' : `, { ${set.map(([k, v]) => `${k}: ${v}`).join(', ')} }`;
};

export class CodecSource {
  /** Named codecs by schema (a copy adding examples or a description keeps its schema). */
  private readonly names = new Map<object, { readonly name: string; readonly codec: Codec<unknown> }>();
  /** Recursive codecs' `$anchor` -> the name of the const holding the whole codec. */
  private readonly anchors = new Map<string, string>();
  private readonly free = new Map<Codec<unknown>, ReadonlySet<string>>();
  /** Names the last `expr` referred to: what a const must come after. */
  used = new Set<string>();
  /** What could not be written as a call, one line each: the caller writes them as comments. */
  readonly notes: string[] = [];

  /** Gives `codec` a name (a component); false when its schema is a built-in's or already named. */
  name(codec: Codec<unknown>, name: string): boolean {
    if (BUILT_IN.has(codec.schema) || this.names.has(codec.schema)) return false;
    this.names.set(codec.schema, { name, codec });
    const anchor = codec.schema.$anchor;
    if (typeof anchor === 'string' && !this.anchors.has(anchor)) this.anchors.set(anchor, name);
    return true;
  }

  /** The source of the named codec's own definition (its const's initialiser). */
  definition(codec: Codec<unknown>): string {
    this.used = new Set();
    return this.write(codec, new Set(), codec);
  }

  /** The source of a codec used somewhere (a parameter, a body): named codecs by their name. */
  expr(codec: Codec<unknown>): string {
    return this.write(codec, new Set());
  }

  /** The self-references a codec makes that no `t.recursive` inside it binds. */
  private freeSelves(codec: Codec<unknown>): ReadonlySet<string> {
    const known = this.free.get(codec);
    if (known) return known;
    const out = new Set<string>();
    this.free.set(codec, out);
    const anchor = codec.kind === 'optional' ? undefined : codec.schema.$anchor;
    const add = (c: Codec<unknown>) => { for (const n of this.freeSelves(c)) if (n !== anchor) out.add(n); };
    if (codec.kind === 'lazy') out.add(codec.name);
    for (const c of this.children(codec)) add(c);
    return out;
  }

  private children(codec: Codec<unknown>): readonly Codec<unknown>[] {
    const parts = codec.kind === 'optional' ? undefined : allOfParts(codec);
    if (parts) return parts.parts;
    if (codec.untyped) return [codec.untyped.base, ...codec.untyped.others];
    switch (codec.kind) {
      case 'object': return [...Object.values(codec.props), ...codec.patterns.map((p) => p.codec), ...(typeof codec.extra === 'boolean' ? [] : [codec.extra])];
      case 'array': return [codec.item];
      case 'tuple': return codec.rest === false ? codec.items : [...codec.items, codec.rest];
      case 'optional': case 'nullable': return [codec.inner];
      case 'union': return codec.options;
      case 'scalar': case 'lazy': case 'json': case 'bytes': return [];
    }
  }

  private write(codec: Codec<unknown>, scope: ReadonlySet<string>, defining?: Codec<unknown>): string {
    const named = this.names.get(codec.schema);
    // A named codec is referred to by name unless it closes over a self being bound here; an
    // optional field shares its inner codec's schema, so the kinds must agree too.
    if (named && named.codec.kind === codec.kind && named.codec !== defining && ![...this.freeSelves(named.codec)].some((n) => scope.has(n))) {
      this.used.add(named.name);
      return this.wrapped(named.name, codec, named.codec);
    }
    // An optional field's schema is its inner codec's, `$anchor` and all: only the recursive codec itself binds a self.
    const anchor = codec.kind === 'optional' ? undefined : codec.schema.$anchor;
    if (typeof anchor === 'string') {
      const { $anchor: _a, ...schema } = codec.schema;
      const body = this.core({ ...codec, schema } as Codec<unknown>, new Set([...scope, anchor]));
      // The body's type said (`Codec<unknown>`): strict tsc cannot infer it when two recursive
      // consts name each other (xero's Payment and CreditNote: TS7022, TS7024).
      return this.wrapped(`t.recursive<unknown>(${literal(anchor)}, (${selfName(anchor)}): Codec<unknown> => ${body})`, codec);
    }
    return this.wrapped(this.core(codec, scope), codec);
  }

  /** Description, examples and annotations the codec has beyond what `base` (the core's codec) has. */
  private wrapped(core: string, codec: Codec<unknown>, base?: Codec<unknown>): string {
    let out = core;
    // An optional field's schema is its inner codec's: the inner one says its annotations.
    if (base === undefined && codec.kind !== 'optional') {
      const notes: Obj = {};
      for (const k of ANNOTATIONS) if (codec.schema[k] === true) notes[k] = true;
      if (typeof codec.schema.title === 'string' && codec.kind !== 'object' && allOfParts(codec) === undefined) notes.title = codec.schema.title;
      for (const k of Object.keys(codec.schema)) if (k.startsWith('x-')) notes[k] = codec.schema[k];
      // The dialect a schema names (its formats may only annotate): kept for the OpenAPI the module writes.
      if (typeof codec.schema.$schema === 'string') notes.$schema = codec.schema.$schema;
      if (Object.keys(notes).length > 0) out = `t.annotate(${out}, ${literal(notes)})`;
    }
    if (codec.description !== undefined && codec.description !== base?.description) out = `t.describe(${out}, ${literal(codec.description)})`;
    if (codec.examples.length > 0 && codec.examples !== base?.examples) out = `t.examples(${out}, [${codec.examples.map((x) => exampleSource(x, codec)).join(', ')}])`;
    return out;
  }

  /** A keyword argument: codecs written as codecs, anything else as its literal. */
  private argsText(value: unknown, scope: ReadonlySet<string>): string {
    if (typeof value === 'object' && value !== null && typeof (value as { check?: unknown }).check === 'function') return this.write(value as Codec<unknown>, scope);
    if (Array.isArray(value)) return `[${value.map((v) => this.argsText(v, scope)).join(', ')}]`;
    if (typeof value === 'object' && value !== null) return `{ ${Object.entries(value).map(([k, v]) => `${propertyKey(k)}: ${this.argsText(v, scope)}`).join(', ')} }`;
    return literal(value);
  }

  private core(codec: Codec<unknown>, scope: ReadonlySet<string>): string {
    const w = (c: Codec<unknown>) => this.write(c, scope);
    // An optional field's schema is its inner codec's: an optional allOf is `t.optional(t.allOf(...))`.
    const parts = codec.kind === 'optional' ? undefined : allOfParts(codec);
    if (parts) return `t.allOf(${literal(parts.name)}, [${parts.parts.map(w).join(', ')}])`;
    if (codec.applied) {
      // The keyword modules' rules are written as `t.keywords(base, args)`, which makes them again;
      // a rule without arguments (an allOf part the merge kept apart) is said in a note.
      const { base, rules } = codec.applied;
      const args: Record<string, unknown> = {};
      for (const r of rules) if (r.args !== undefined) Object.assign(args, r.args);
      const unwritten = rules.filter((r) => r.args === undefined).map((r) => r.keyword);
      if (unwritten.length > 0) this.notes.push(`the keywords ${unwritten.join(', ')} of ${codec.label} are not written (the source does not check them)`);
      const written = this.write(base, scope);
      return Object.keys(args).length === 0 ? written : `t.keywords(${written}, ${this.argsText(args, scope)})`;
    }
    const loose = codec.untyped;
    if (loose) return `t.untyped(${w(loose.base)}${loose.others.length === 0 ? '' : `, [${loose.others.map(w).join(', ')}]`})`;
    switch (codec.kind) {
      case 'json': return codec === t.unsaid ? 't.unsaid' : 't.json';
      case 'bytes': return 't.bytes';
      case 'lazy': {
        if (scope.has(codec.name)) return selfName(codec.name);
        const whole = this.anchors.get(codec.name);
        if (whole !== undefined) { this.used.add(whole); return whole; }
        this.notes.push(`a reference to the recursive schema ${codec.name} outside its definition is written as any JSON value`);
        return 't.json';
      }
      case 'optional': return `t.optional(${w(codec.inner)}${options([['default', codec.default === undefined ? undefined : typedLiteral(codec.default, codec.inner)]])})`;
      case 'nullable': return `t.nullable(${w(codec.inner)})`;
      case 'tuple': {
        // minItems only where it says more than the positions do (a fixed tuple's is their count).
        const least = codec.partial ? 0 : codec.items.length;
        const min = codec.schema.minItems;
        return `t.tuple([${codec.items.map(w).join(', ')}]${options([
          ['rest', codec.rest === false ? undefined : w(codec.rest)],
          ['partial', codec.partial ? 'true' : undefined],
          ['minItems', typeof min === 'number' && (codec.partial || min > least) ? literal(min) : undefined],
          ...(['maxItems', 'uniqueItems'].map((k) => [k, codec.schema[k] === undefined ? undefined : literal(codec.schema[k])] as [string, string | undefined])),
        ])})`;
      }
      case 'array': return `t.array(${w(codec.item)}${options(['minItems', 'maxItems', 'uniqueItems'].map((k) => [k, codec.schema[k] === undefined ? undefined : literal(codec.schema[k])]))})`;
      case 'union': {
        const list = `[${codec.options.map(w).join(', ')}]`;
        if (codec.mode === 'anyOf') return `t.anyOf(${list})`;
        return `t.union(${list}${options([['discriminator', codec.discriminator ? literal(codec.discriminator.property) : undefined]])})`;
      }
      case 'object': {
        const props = Object.entries(codec.props).map(([k, c]) => `${propertyKey(k)}: ${w(c)}`).join(', ');
        const patterns = codec.patterns.length === 0 ? undefined : `{ ${codec.patterns.map((p) => `${propertyKey(p.pattern)}: ${w(p.codec)}`).join(', ')} }`;
        return `t.object(${literal(codec.label)}, { ${props} }${options([
          ['allowExtra', codec.extra === true ? 'true' : undefined],
          ['extra', typeof codec.extra === 'boolean' ? undefined : w(codec.extra)],
          ['patterns', patterns],
          ['minProperties', codec.schema.minProperties === undefined ? undefined : literal(codec.schema.minProperties)],
          ['maxProperties', codec.schema.maxProperties === undefined ? undefined : literal(codec.schema.maxProperties)],
        ])})`.replace('{  }', '{}');
      }
      case 'scalar': return this.scalar(codec);
    }
  }

  private scalar(codec: Codec<unknown>): string {
    const s = codec.schema;
    if (Array.isArray(s.enum)) return `t.enumOf(${literal(s.enum)})`;
    if (Object.hasOwn(s, 'const')) return `t.constant(${literal(s.const)})`;
    const leaf = LEAVES.get(codec.label) ?? (s.type === 'integer' ? 'int' : s.type === 'number' ? 'number' : s.type === 'boolean' ? 'bool' : s.type === 'string' ? 'text' : undefined);
    if (leaf === undefined) {
      this.notes.push(`a value of ${codec.label} (no codec of t makes it) is written as any JSON value`);
      return 't.json';
    }
    const base = (t as unknown as Record<string, Codec<unknown>>)[leaf]!;
    let out = `t.${leaf}`;
    const rules: Obj = {};
    // decided (docs/decisions.md "OpenAPI in"): an unknown format is an annotation on the base codec's schema;
    // an asserted one without a codec of its own (`uri-reference`) is a constraint, as the reader made it;
    // a known one the codec does not assert (a schema naming the standard dialect) stays an annotation.
    if (s.format !== base.schema.format && typeof s.format === 'string') {
      const asserted = codec.refines?.rules.some((r) => r.keyword === 'format') === true;
      if (isFormatName(s.format) && base.schema.format === undefined && asserted) rules.format = s.format;
      else out = `{ ...${out}, schema: { ...${out}.schema, format: ${literal(s.format)} } }`;
    }
    for (const k of CONSTRAINTS) if (s[k] !== undefined && s[k] !== base.schema[k]) rules[k] = s[k];
    return Object.keys(rules).length === 0 ? out : `t.constrain(${out}, ${literal(rules)})`;
  }
}

/** The parameter a recursive codec's builder binds its self-reference to: never a component's name. */
const selfName = (anchor: string) => bindingName(anchor);
