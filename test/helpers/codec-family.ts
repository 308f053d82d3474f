// A fast-check generator of codecs: every kind and keyword of the type language (bounds, multipleOf,
// lengths, patterns, formats, enums, const, unions with and without a discriminator, anyOf, allOf,
// nullable, maps, patternProperties, tuples, key and item counts, defaults, recursion), bounded in
// depth and built only from satisfiable constraints, so each codec has valid values to draw.
import { fc } from '../../src/codec/arbitrary.js';
import { t } from '../../src/codec/index.js';
import { sample } from '../../src/codec/sample.js';
import { jsonTypesOf } from '../../src/codec/leaf.js';
import type { Codec } from '../../src/codec/types.js';

type C = Codec<any>;

/** A codec that prints as its JSON Schema (fast-check shows counterexamples with it). */
export interface Generated {
  readonly codec: C;
  [fc.toStringMethod](): string;
}

export const shown = (codec: C): Generated => ({ codec, [fc.toStringMethod]: () => JSON.stringify(codec.schema) });

const plain: C[] = [
  t.int, t.number, t.bool, t.text, t.date, t.int32, t.int64, t.dateTime, t.time, t.email, t.uuid, t.uri,
  t.ipv4, t.ipv6, t.hostname, t.byte, t.binary, t.password, t.oneOf(['red', 'green', 'blue']),
];
const JSONS = ['cat', '', 0, -1.5, 7, true, false, null, [1, 'a'], { a: 1, b: [null] }] as const;

// Patterns and whether lengths may be added freely (the others fix their own length).
const PATTERNS: readonly (readonly [string, boolean])[] = [
  ['^[a-z]+$', true], ['\\d', true], ['^\\p{L}+$', true], ['^\\S+$', true], ['é', true], ['^[^@\\s]+@[a-z]+$', true],
  ['^[A-Z]{2,3}-\\d{3}$', false], ['^(foo|bar)[0-9]*$', false], ['^.{2,5}$', false], ['^[\\u{1F600}-\\u{1F64F}]{1,3}$', false],
];

const ints = fc.record({
  lo: fc.integer({ min: -100, max: 100 }), span: fc.integer({ min: 0, max: 300 }),
  mult: fc.option(fc.constantFrom(2, 3, 5, 10), { nil: undefined }),
  loKind: fc.constantFrom('minimum', 'exclusiveMinimum', 'none'), hiKind: fc.constantFrom('maximum', 'exclusiveMaximum', 'none'),
}).map(({ lo, span, mult, loKind, hiKind }) => {
  const hi = lo + span + 2 * (mult ?? 1) + 2;
  return t.constrain(t.int, {
    ...(loKind === 'none' ? {} : { [loKind]: lo }), ...(hiKind === 'none' ? {} : { [hiKind]: hi }), ...(mult === undefined ? {} : { multipleOf: mult }),
  });
});

const numbers = fc.record({
  lo: fc.constantFrom(-10.5, -1, 0, 0.25, 3, 1e6), span: fc.constantFrom(0.5, 1, 10, 1e3),
  mult: fc.option(fc.constantFrom(0.1, 0.25, 0.5, 2.5, 0.01, 3), { nil: undefined }),
  loKind: fc.constantFrom('minimum', 'exclusiveMinimum', 'none'), hiKind: fc.constantFrom('maximum', 'exclusiveMaximum', 'none'),
}).map(({ lo, span, mult, loKind, hiKind }) => {
  const hi = lo + span + 2 * (mult ?? 0) + 1;
  return t.constrain(t.number, {
    ...(loKind === 'none' ? {} : { [loKind]: lo }), ...(hiKind === 'none' ? {} : { [hiKind]: hi }), ...(mult === undefined ? {} : { multipleOf: mult }),
  });
});

const texts = fc.oneof(
  fc.record({ min: fc.integer({ min: 0, max: 4 }), more: fc.integer({ min: 0, max: 8 }), pattern: fc.option(fc.constantFrom(...PATTERNS.filter(([, free]) => free).map(([p]) => p)), { nil: undefined }), max: fc.boolean() })
    .map(({ min, more, pattern, max }) => t.constrain(t.text, { ...(min > 0 ? { minLength: min } : {}), ...(max ? { maxLength: min + more + 3 } : {}), ...(pattern === undefined ? {} : { pattern }) })),
  fc.constantFrom(...PATTERNS.map(([p]) => p)).map((pattern) => t.constrain(t.text, { pattern })),
  fc.constantFrom(...plain.filter((c) => c.schema.format !== undefined && c.schema.type === 'string')).map((c) => t.constrain(c as Codec<string>, { minLength: 2 })),
  fc.constant(t.constrain(t.uuid, { maxLength: 36 })),
);

const literals = fc.oneof(
  fc.constantFrom(...JSONS).map((v) => t.constant(v)),
  fc.subarray([...JSONS], { minLength: 1 }).map((vs) => t.enumOf(vs)),
);

const scalarAllOf = fc.constantFrom(
  t.allOf('Slug', [t.constrain(t.text, { minLength: 2 }), t.constrain(t.text, { pattern: '^[a-z-]+$' })]),
  t.allOf('Even', [t.constrain(t.int, { minimum: 0 }), t.constrain(t.int, { multipleOf: 2 }), t.constrain(t.int, { maximum: 1000 })]),
);

const leaf: fc.Arbitrary<C> = fc.oneof(
  { arbitrary: fc.constantFrom(...plain), weight: 4 },
  { arbitrary: ints, weight: 2 }, { arbitrary: numbers, weight: 2 }, { arbitrary: texts, weight: 3 },
  { arbitrary: literals, weight: 2 }, { arbitrary: scalarAllOf, weight: 1 }, { arbitrary: fc.constant(t.json as C), weight: 1 },
);

const NAMES = ['id', 'name', 'a', 'b', 'x-tag', 'odd key', 'é'];
let counter = 0;

/** Whether no two codecs can accept the same value, judged by JSON type (so `oneOf` has values). */
function disjoint(options: readonly C[]): boolean {
  const seen = new Set<string>();
  for (const o of options) {
    const types = jsonTypesOf(o);
    if (types === 'any') return false;
    const family = new Set([...types].map((x) => (x === 'integer' ? 'number' : x)));
    for (const f of family) { if (seen.has(f)) return false; }
    for (const f of family) seen.add(f);
  }
  return true;
}

/** A field codec: the child as it is, optional (with or without a default), or nullable. */
function field(child: fc.Arbitrary<C>): fc.Arbitrary<C> {
  return fc.tuple(child, fc.constantFrom('required', 'optional', 'default', 'nullable')).map(([c, how]) =>
    how === 'required' ? c : how === 'optional' ? t.optional(c) : how === 'nullable' ? t.nullable(c) : t.optional(c, { default: sample(c) }));
}

function objects(child: fc.Arbitrary<C>): fc.Arbitrary<C> {
  return fc.record({
    props: fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), field(child)), { minLength: 0, maxLength: 4, selector: ([k]) => k }),
    extra: fc.oneof(fc.constant<'closed' | 'open' | 'map'>('closed'), fc.constant<'open'>('open'), fc.constant<'map'>('map')),
    map: child,
    pattern: fc.option(child, { nil: undefined }),
    counts: fc.record({ min: fc.integer({ min: 0, max: 3 }), max: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }) }),
  }).map(({ props, extra, map, pattern, counts }) => {
    const required = props.filter(([, c]) => c.kind !== 'optional').length;
    const open = extra !== 'closed' || pattern !== undefined;
    // Counts that some value meets: a closed object holds at most its fields.
    const most = open ? Infinity : props.length;
    // An object open to any key writes only its declared fields and pattern keys: minProperties
    // beyond what those give would make valid values the encoder refuses.
    const min = Math.min(counts.min, most, extra === 'open' ? required : Infinity);
    const max = counts.max === undefined ? undefined : Math.max(counts.max, min, required);
    // A declared `x-tag` also falls under `^x-`: the pattern gets its codec, so a value can meet both.
    const tag = props.find(([k]) => k === 'x-tag')?.[1];
    const patternCodec = tag === undefined ? pattern : tag.kind === 'optional' ? tag.inner : tag;
    return t.object(`O${counter++}`, Object.fromEntries(props), {
      ...(extra === 'open' ? { allowExtra: true } : extra === 'map' ? { extra: map } : {}),
      ...(pattern === undefined || patternCodec === undefined ? {} : { patterns: { '^x-': patternCodec } }),
      ...(min > 0 ? { minProperties: min } : {}), ...(max === undefined ? {} : { maxProperties: max }),
    });
  });
}

function composite(child: fc.Arbitrary<C>): fc.Arbitrary<C> {
  const arrays = fc.record({ item: child, min: fc.integer({ min: 0, max: 2 }), more: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }), unique: fc.boolean() })
    .map(({ item, min, more, unique }) => t.array(item, {
      // Distinct items only where a list of one already satisfies minItems (a constant has one value).
      ...(unique ? { uniqueItems: true, minItems: Math.min(min, 1) } : min > 0 ? { minItems: min } : {}),
      ...(more === undefined ? {} : { maxItems: (unique ? Math.min(min, 1) : min) + more }),
    }));
  const tuples = fc.array(child, { minLength: 1, maxLength: 3 }).map((items) => t.tuple(items));
  const oneOfs = fc.array(child, { minLength: 2, maxLength: 3 }).filter(disjoint).map((o) => t.union(o));
  const anyOfs = fc.array(child, { minLength: 2, maxLength: 3 }).map((o) => t.anyOf(o));
  const tagged = fc.array(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), child), { maxLength: 2 }), { minLength: 2, maxLength: 3 })
    .map((variants) => t.union(variants.map((fields, i) => t.object(`V${i}`, { kind: t.constant(`k${i}`), ...Object.fromEntries(fields) })), { discriminator: 'kind' }));
  const records = fc.record({ value: child, max: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }) })
    .map(({ value, max }) => t.record(value, max === undefined ? {} : { maxProperties: max }));
  return fc.oneof(
    { arbitrary: objects(child), weight: 4 }, { arbitrary: arrays, weight: 3 }, { arbitrary: tuples, weight: 1 },
    { arbitrary: child.map((c) => t.nullable(c)), weight: 1 }, { arbitrary: oneOfs, weight: 1 }, { arbitrary: anyOfs, weight: 1 },
    { arbitrary: tagged, weight: 2 }, { arbitrary: records, weight: 1 }, { arbitrary: allOfs, weight: 2 },
  );
}

// Fields of allOf parts: integers whose constraints all hold from 0 to 50 for even numbers, so a
// field two parts declare, a part's map (which covers the other parts' fields) and a pattern can
// all be met at once.
const PART_FIELDS: C[] = [t.int, t.constrain(t.int, { minimum: 0 }), t.constrain(t.int, { maximum: 100 }), t.constrain(t.int, { multipleOf: 2 })];
const part = fc.record({
  fields: fc.uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'c', 'x-d'), fc.constantFrom(...PART_FIELDS), fc.boolean()), { maxLength: 3, selector: ([k]) => k }),
  keys: fc.constantFrom<'closed' | 'open' | 'map' | 'pattern'>('closed', 'closed', 'open', 'map', 'pattern'),
  min: fc.integer({ min: 0, max: 2 }),
});
const allOfs = fc.array(part, { minLength: 2, maxLength: 3 }).map((parts) => {
  const declared = new Set(parts.flatMap((p) => p.fields.map(([k]) => k)));
  const open = parts.some((p) => p.keys === 'open');
  const any = parts.some((p) => p.keys === 'map' || p.keys === 'pattern');
  return t.allOf(`All${counter++}`, parts.map((p, i) => t.object(`P${i}`, Object.fromEntries(p.fields.map(([k, c, opt]) => [k, opt ? t.optional(c) : c])), {
    ...(p.keys === 'open' ? { allowExtra: true } : p.keys === 'map' ? { extra: t.int } : p.keys === 'pattern' ? { patterns: { '^x-': t.constrain(t.int, { maximum: 50 }) } } : {}),
    // Key counts some value meets and the encoder writes: an object open to any key writes only
    // declared fields, one closed to other keys has no more than those.
    ...(p.min > 0 && !open && (any || p.min <= declared.size) ? { minProperties: p.min } : {}),
  })));
});


/** Recursive codecs: a tree, a linked list, an expression (a union that ends in a leaf). */
const recursives: fc.Arbitrary<C> = fc.tuple(fc.constantFrom('tree', 'list', 'expr'), leaf).map(([shape, value]) => {
  const name = `R${counter++}`;
  if (shape === 'tree') return t.recursive<unknown>(name, (self) => t.object(name, { value, children: t.array(self, { maxItems: 3 }) }));
  if (shape === 'list') return t.recursive<unknown>(name, (self) => t.object(name, { value, next: t.optional(t.nullable(self)) }));
  return t.recursive<unknown>(name, (self) => t.union([t.int, t.object(name, { op: t.constant('add'), args: t.tuple([self, self]) })]));
});

/** Codecs up to `depth` levels of nesting (a recursive codec counts as one). */
export function codecFamily(depth = 3): fc.Arbitrary<C> {
  if (depth <= 0) return leaf;
  const child = codecFamily(depth - 1);
  return fc.oneof(
    { arbitrary: leaf, weight: 2 },
    { arbitrary: composite(child), weight: 4 },
    { arbitrary: recursives, weight: 1 },
  );
}
