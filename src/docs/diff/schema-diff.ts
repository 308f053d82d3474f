// What changed between two JSON Schemas (a codec's `schema`), each change judged by its effect on
// the set of values the schema admits: it widens it, narrows it, or neither contains the other.
// Whether that breaks a client depends on the side: see compare.ts.
import type { JsonSchema } from '../../codec/types.js';
import { KEYWORDS } from '../../codec/keywords/index.js';
import { type DiffDirection, RULE_KEYWORDS } from '../../codec/rules/index.js';

export type Effect = 'widens' | 'narrows' | 'incomparable';

export interface SchemaChange {
  /** Where in the value: `$`, `$.clientAge`, `$[]` (every item). */
  readonly at: string;
  /** What changed, in a few words: `maximum set to 99`, `enum value "z" added`. */
  readonly what: string;
  readonly effect: Effect;
  /** A short key of the change's kind (`type`, `enum-added`, `property-removed`...). */
  readonly kind: string;
  /** For a property added or removed: whether it is required (in the schema that has it). */
  readonly required?: boolean;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords that describe and never change which values are admitted. */
const ANNOTATIONS = new Set(['title', 'description', 'examples', 'example', 'default', 'deprecated', 'readOnly', 'writeOnly', '$anchor', '$comment', 'discriminator']);
/** The validation keywords (codec/rules/) in one direction of change, in the table's order. */
const directed = (d: DiffDirection) => RULE_KEYWORDS.filter((k) => k.diff === d).map((k) => k.name);
/** Lower bounds: raising one narrows. */
const LOWER = directed('lower');
/** Upper bounds: lowering one narrows. */
const UPPER = directed('upper');
/**
 * Keywords whose presence only restricts, and whose change neither side contains: the validation
 * keywords' restrictions, and two keywords of other modules (`const`, `contentMediaType`).
 */
const RESTRICTIONS = [...directed('restriction'), 'const', 'contentMediaType'];

/**
 * The applicator keywords of the keyword table (`not`, `contains`, `if`, `unevaluatedProperties`...):
 * each only restricts, so adding one narrows, removing one widens, changing one is incomparable.
 * `propertyNames` is judged with the object's keywords (diffObject).
 */
const APPLICATORS: readonly string[] = KEYWORDS.flatMap((k) => k.keys).filter((k) => k !== 'propertyNames');

function diffApplicators(a: Obj, b: Obj, at: string, out: SchemaChange[], objectJudged = false): void {
  for (const k of APPLICATORS) {
    const [x, y] = [a[k], b[k]];
    if (canonical(x) === canonical(y)) continue;
    // `unevaluatedProperties: false` closing an object is diffObject's `closed`/`opened`.
    if (objectJudged && k === 'unevaluatedProperties' && (x === false || x === undefined) && (y === false || y === undefined)) continue;
    if (x === undefined) out.push({ at, kind: `${k}-set`, effect: 'narrows', what: `${k} set to ${show(y)}` });
    else if (y === undefined) out.push({ at, kind: `${k}-unset`, effect: 'widens', what: `${k} ${show(x)} removed` });
    else out.push({ at, kind: `${k}-changed`, effect: 'incomparable', what: `${k} changed from ${show(x)} to ${show(y)}` });
  }
}

/** The schema without its applicator keywords: what is left to compare whole. */
const withoutApplicators = (s: Obj): Obj => Object.fromEntries(Object.entries(s).filter(([k]) => !APPLICATORS.includes(k)));

/** A stable text of a JSON value (keys sorted, annotations left out) to compare by content. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObj(v)) {
    return `{${Object.keys(v).filter((k) => !ANNOTATIONS.has(k) && !k.startsWith('x-')).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

const typesOf = (s: Obj): Set<string> | undefined => {
  if (s.type === undefined) return undefined;
  const list = Array.isArray(s.type) ? s.type.map(String) : [String(s.type)];
  return new Set(list);
};

/** Whether every value of type set `a` is a value of type set `b` (an integer is a number). */
const within = (a: Set<string>, b: Set<string>) => [...a].every((t) => b.has(t) || (t === 'integer' && b.has('number')));

const show = (v: unknown) => JSON.stringify(v);

/** The options of a union (`oneOf`/`anyOf`), or the schema itself as the only option. */
function optionsOf(s: Obj): { key: 'oneOf' | 'anyOf' | undefined; options: unknown[] } {
  if (Array.isArray(s.oneOf)) return { key: 'oneOf', options: s.oneOf };
  if (Array.isArray(s.anyOf)) return { key: 'anyOf', options: s.anyOf };
  return { key: undefined, options: [s] };
}

function diffUnion(a: Obj, b: Obj, at: string, out: SchemaChange[]): void {
  const oa = optionsOf(a).options;
  const ob = optionsOf(b).options;
  const textsB = ob.map(canonical);
  const textsA = oa.map(canonical);
  const removed = oa.filter((_, i) => !textsB.includes(textsA[i]!));
  const added = ob.filter((_, i) => !textsA.includes(textsB[i]!));
  // One option replaced by one other: compare them (a nullable object whose object changed).
  if (removed.length === 1 && added.length === 1 && isObj(removed[0]) && isObj(added[0])) {
    diffInto(removed[0], added[0], at, out);
    return;
  }
  for (const r of removed) out.push({ at, kind: 'option-removed', effect: 'narrows', what: `option ${describe(r)} removed` });
  for (const n of added) out.push({ at, kind: 'option-added', effect: 'widens', what: `option ${describe(n)} added` });
}

/** A few words for a schema: its title, else its type (`null`, `integer`). */
function describe(s: unknown): string {
  if (!isObj(s)) return show(s);
  if (typeof s.title === 'string') return s.title;
  if (s.enum !== undefined) return `enum ${show(s.enum)}`;
  if (s.type !== undefined) return Array.isArray(s.type) ? s.type.join('|') : String(s.type);
  return canonical(s);
}

function diffBounds(a: Obj, b: Obj, at: string, out: SchemaChange[]): void {
  for (const [keys, lower] of [[LOWER, true], [UPPER, false]] as const) {
    for (const k of keys) {
      const x = a[k];
      const y = b[k];
      if (x === y) continue;
      if (x === undefined) out.push({ at, kind: `${k}-set`, effect: 'narrows', what: `${k} set to ${show(y)}` });
      else if (y === undefined) out.push({ at, kind: `${k}-unset`, effect: 'widens', what: `${k} ${show(x)} removed` });
      else {
        const up = Number(y) > Number(x);
        out.push({ at, kind: `${k}-${up ? 'increased' : 'decreased'}`, effect: up === lower ? 'narrows' : 'widens', what: `${k} ${up ? 'raised' : 'lowered'} from ${show(x)} to ${show(y)}` });
      }
    }
  }
  for (const k of RESTRICTIONS) {
    const x = a[k];
    const y = b[k];
    if (canonical(x) === canonical(y) || (k === 'uniqueItems' && !x && !y)) continue;
    if (x === undefined || x === false) out.push({ at, kind: `${k}-set`, effect: 'narrows', what: `${k} set to ${show(y)}` });
    else if (y === undefined || y === false) out.push({ at, kind: `${k}-unset`, effect: 'widens', what: `${k} ${show(x)} removed` });
    else out.push({ at, kind: `${k}-changed`, effect: 'incomparable', what: `${k} changed from ${show(x)} to ${show(y)}` });
  }
}

function diffEnum(a: Obj, b: Obj, at: string, out: SchemaChange[]): void {
  const x = a.enum;
  const y = b.enum;
  if (x === undefined && y === undefined) return;
  if (x === undefined) { out.push({ at, kind: 'enum-set', effect: 'narrows', what: `restricted to the values ${show(y)}` }); return; }
  if (!Array.isArray(x)) return;
  if (y === undefined) { out.push({ at, kind: 'enum-unset', effect: 'widens', what: `no longer restricted to ${show(x)}` }); return; }
  if (!Array.isArray(y)) return;
  const ty = y.map(canonical);
  const tx = x.map(canonical);
  for (const v of x) if (!ty.includes(canonical(v))) out.push({ at, kind: 'enum-value-removed', effect: 'narrows', what: `enum value ${show(v)} removed` });
  for (const v of y) if (!tx.includes(canonical(v))) out.push({ at, kind: 'enum-value-added', effect: 'widens', what: `enum value ${show(v)} added` });
}

function diffObject(a: Obj, b: Obj, at: string, out: SchemaChange[]): void {
  const pa = isObj(a.properties) ? a.properties : {};
  const pb = isObj(b.properties) ? b.properties : {};
  const ra = new Set(Array.isArray(a.required) ? a.required.map(String) : []);
  const rb = new Set(Array.isArray(b.required) ? b.required.map(String) : []);
  const closedA = a.additionalProperties === false || a.unevaluatedProperties === false;
  const closedB = b.additionalProperties === false || b.unevaluatedProperties === false;
  for (const name of Object.keys(pa)) {
    const where = `${at}.${name}`;
    if (!Object.hasOwn(pb, name)) {
      // A field a closed object no longer declares is refused if sent, and absent if read.
      out.push({ at: where, kind: 'property-removed', required: ra.has(name), effect: closedB || ra.has(name) ? 'narrows' : 'widens', what: `${ra.has(name) ? 'required' : 'optional'} field removed` });
      continue;
    }
    if (ra.has(name) && !rb.has(name)) out.push({ at: where, kind: 'became-optional', effect: 'widens', what: 'field became optional' });
    if (!ra.has(name) && rb.has(name)) out.push({ at: where, kind: 'became-required', effect: 'narrows', what: 'field became required' });
    diffInto(pa[name], pb[name], where, out);
  }
  for (const name of Object.keys(pb)) {
    if (Object.hasOwn(pa, name)) continue;
    const required = rb.has(name);
    // A new optional field: a closed object used to refuse it (widens); a required one narrows.
    out.push({ at: `${at}.${name}`, kind: 'property-added', required, effect: required ? 'narrows' : closedA ? 'widens' : 'narrows', what: `${required ? 'required' : 'optional'} field added` });
  }
  if (closedA !== closedB) out.push({ at, kind: closedB ? 'closed' : 'opened', effect: closedB ? 'narrows' : 'widens', what: closedB ? 'no longer admits undeclared fields' : 'admits undeclared fields' });
  for (const k of ['additionalProperties', 'patternProperties', 'propertyNames']) {
    if (k === 'additionalProperties' && (typeof a[k] === 'boolean' || typeof b[k] === 'boolean')) continue;
    if (canonical(a[k]) !== canonical(b[k])) {
      if (isObj(a[k]) && isObj(b[k]) && k === 'additionalProperties') diffInto(a[k], b[k], `${at}[*]`, out);
      else out.push({ at, kind: `${k}-changed`, effect: 'incomparable', what: `${k} changed` });
    }
  }
}

function diffInto(a: unknown, b: unknown, at: string, out: SchemaChange[]): void {
  if (canonical(a) === canonical(b)) return;
  if (!isObj(a) || !isObj(b)) {
    // `true`/`{}` admit anything.
    out.push({ at, kind: 'schema-changed', effect: 'incomparable', what: 'schema replaced' });
    return;
  }
  if (Array.isArray(a.oneOf) || Array.isArray(a.anyOf) || Array.isArray(b.oneOf) || Array.isArray(b.anyOf)) {
    if (optionsOf(a).key !== undefined || optionsOf(b).key !== undefined) { diffUnion(a, b, at, out); return; }
  }
  if (typeof a.$ref === 'string' || typeof b.$ref === 'string' || Array.isArray(a.allOf) || Array.isArray(b.allOf)) {
    // A reference or an intersection is compared whole: a different one admits other values;
    // the same one with applicator keywords added or removed narrows or widens by them.
    if (canonical(withoutApplicators(a)) === canonical(withoutApplicators(b))) { diffApplicators(a, b, at, out); return; }
    const [da, db] = [describe(a), describe(b)];
    out.push({ at, kind: 'schema-changed', effect: 'incomparable', what: da === db ? `the schema of ${da} changed` : `${da} replaced by ${db}` });
    return;
  }
  const ta = typesOf(a);
  const tb = typesOf(b);
  if (ta && tb && canonical([...ta].sort()) !== canonical([...tb].sort())) {
    const widened = within(ta, tb);
    const narrowed = within(tb, ta);
    out.push({ at, kind: 'type', effect: widened ? 'widens' : narrowed ? 'narrows' : 'incomparable', what: `type changed from ${[...ta].join('|')} to ${[...tb].join('|')}` });
    if (!widened && !narrowed) return;
  } else if (!ta !== !tb) {
    out.push({ at, kind: 'type', effect: ta ? 'widens' : 'narrows', what: ta ? `type ${[...ta].join('|')} no longer required` : `type restricted to ${[...tb!].join('|')}` });
  }
  diffEnum(a, b, at, out);
  diffBounds(a, b, at, out);
  diffApplicators(a, b, at, out, true);
  diffObject(a, b, at, out);
  if (a.items !== undefined || b.items !== undefined) diffInto(a.items ?? {}, b.items ?? {}, `${at}[]`, out);
  if (canonical(a.prefixItems) !== canonical(b.prefixItems)) {
    const xa = Array.isArray(a.prefixItems) ? a.prefixItems : [];
    const xb = Array.isArray(b.prefixItems) ? b.prefixItems : [];
    if (xa.length !== xb.length) out.push({ at, kind: 'tuple-length', effect: 'incomparable', what: `tuple of ${xa.length} became a tuple of ${xb.length}` });
    else xa.forEach((x, i) => diffInto(x, xb[i], `${at}[${i}]`, out));
  }
}

/** Every change from schema `a` to schema `b`; none when they admit the same values as written. */
export function diffSchemas(a: JsonSchema, b: JsonSchema, at = '$'): SchemaChange[] {
  const out: SchemaChange[] = [];
  diffInto(a, b, at, out);
  return out;
}
