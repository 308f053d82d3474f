// A sample of one oneOf option that no other option accepts, for documents whose options overlap
// (objects with no required field, which every option's sample fits): a field another option
// declares is set to a value that option refuses and this one lets through, at the top or one
// level down (a field both declare, an object or a list of objects, told apart the same way).
import type { Codec, UnionCodec } from './types.js';

/** Values tried for a telling field, in order: the plainest a declared field's type refuses. */
const CANDIDATES: readonly unknown[] = [null, false, 0, '', [], {}];

/** Candidate values tried for one option of a oneOf, at most (each costs two checks). */
const BUDGET = 2_000;

/** How far below the top a field may be set to tell two options apart. */
const DEPTH = 1;

type Obj = Record<string, unknown>;
const plain = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The codec under optional, nullable and `$ref` (lazy) wrappers. */
function bare(codec: Codec<unknown>): Codec<unknown> {
  let c = codec;
  for (let i = 0; i < 8; i++) {
    if (c.kind === 'optional' || c.kind === 'nullable') c = c.inner;
    else if (c.kind === 'lazy') c = c.target();
    else break;
  }
  return c;
}

/** The declared fields of an object codec, by name; none for other kinds. */
function fieldsOf(codec: Codec<unknown>): Readonly<Record<string, Codec<unknown>>> {
  const c = bare(codec);
  return c.kind === 'object' ? c.props : {};
}

/** An own property set, `__proto__` included (an assignment would set the prototype). */
function withField(o: Obj, field: string, value: unknown): Obj {
  const next = { ...o };
  Object.defineProperty(next, field, { value, enumerable: true, writable: true, configurable: true });
  return next;
}

interface Budget { left: number }

/**
 * `value` (one `own` accepts) changed so that `other` refuses it and `own` still accepts it, or
 * undefined: a field `other` declares and the value lacks, set to a candidate; else (above DEPTH)
 * a field both declare whose value is an object, or a list whose first item is one, told apart
 * inside.
 */
function tellApart(own: Codec<unknown>, other: Codec<unknown>, value: Obj, budget: Budget, depth: number): Obj | undefined {
  const holds = (v: Obj) => !other.check(v, '$').ok && own.check(v, '$').ok;
  const theirs = fieldsOf(other);
  for (const field of Object.keys(theirs)) {
    if (Object.hasOwn(value, field)) continue;
    for (const candidate of CANDIDATES) {
      if (--budget.left < 0) return undefined;
      const next = withField(value, field, candidate);
      if (holds(next)) return next;
    }
  }
  if (depth >= DEPTH) return undefined;
  const mine = fieldsOf(own);
  for (const field of Object.keys(theirs)) {
    if (!Object.hasOwn(value, field) || !Object.hasOwn(mine, field)) continue;
    const v = value[field];
    const a = bare(mine[field]!);
    const b = bare(theirs[field]!);
    let inner: unknown;
    if (plain(v)) inner = tellApart(a, b, v, budget, depth + 1);
    else if (Array.isArray(v) && plain(v[0]) && a.kind === 'array' && b.kind === 'array') {
      const item = tellApart(a.item, b.item, v[0], budget, depth + 1);
      inner = item === undefined ? undefined : [item, ...v.slice(1)];
    }
    if (inner === undefined) continue;
    const next = withField(value, field, inner);
    if (holds(next)) return next;
  }
  return undefined;
}

/**
 * `value` (a sample of option `index`) with fields added until only that option accepts it, or
 * undefined when some other option cannot be told apart this way. Bounded: a document's oneOf of
 * hundreds of options of hundreds of fields must not stall the start (a hostile one would).
 */
// decided: docs/decisions.md "Codecs" (overlapping oneOf options are told apart, not answered 500).
export function apartFrom(union: UnionCodec<unknown>, index: number, value: unknown): unknown {
  if (!plain(value)) return undefined;
  const own = union.options[index]!;
  let out: Obj = { ...value };
  const budget: Budget = { left: BUDGET };
  for (let j = 0; j < union.options.length; j++) {
    const other = union.options[j]!;
    if (j === index || !other.check(out, '$').ok) continue;
    const told = tellApart(own, other, out, budget, 0);
    if (told === undefined) return undefined;
    out = told;
  }
  return union.check(out, '$').ok ? out : undefined;
}
