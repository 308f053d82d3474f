// Request plans drawn from a document: for each operation, the values a caller would give, valid
// by its schemas, in three variants: plain text, text with the characters each wire form must
// escape (space, `/ ? & = # % + ,` and a non-ASCII letter), and required parts only.
import type { Operation, Param, Schema } from './corpus.js';

export type Variant = 'plain' | 'reserved' | 'required only';

export interface Plan {
  readonly op: Operation;
  readonly variant: Variant;
  readonly path: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly header: Record<string, unknown>;
  /** Absent: no body sent. */
  readonly body?: unknown;
}

const RESERVED = 'a b/c?d&e=f#g%h+i,jé';

function text(schema: Schema, variant: Variant): string {
  if (Array.isArray(schema.enum)) return String(schema.enum[schema.enum.length - 1]);
  // A URI must stay one: its own reserved characters are the ones the wire form must escape.
  if (schema.format === 'uri') return variant === 'reserved' ? 'https://example.com/a%20b?c=d&e=f#g' : 'https://example.com/x';
  return variant === 'reserved' ? RESERVED : 'rex';
}

function integer(schema: Schema): number {
  const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  return Math.max(min, Math.min(max, 7));
}

/** A value valid by `schema` (resolved), shaped by the variant. */
export function valueOf(schema: Schema, variant: Variant): unknown {
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((s) => valueOf(s as Schema, variant) as object));
  switch (schema.type) {
    case 'integer': return integer(schema);
    case 'number': return integer(schema) + 0.5;
    case 'boolean': return true;
    case 'array': {
      const item = valueOf((schema.items ?? {}) as Schema, variant);
      return variant === 'reserved' && typeof item === 'string' ? [item, 'k l,m'] : [item, item];
    }
    case 'string': return text(schema, variant);
    default: break;
  }
  if (typeof schema.properties === 'object' && schema.properties !== null) {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const out: Record<string, unknown> = {};
    for (const [k, s] of Object.entries(schema.properties as Record<string, Schema>)) {
      if (variant === 'required only' && !required.has(k)) continue;
      out[k] = valueOf(s, variant);
    }
    return out;
  }
  return text(schema, variant);
}

function plan(op: Operation, variant: Variant): Plan {
  const at = (where: Param['in']) => Object.fromEntries(op.params
    .filter((p) => p.in === where && (variant !== 'required only' || p.required))
    .map((p) => [p.name, valueOf(p.schema, variant)]));
  const withBody = op.body !== undefined && (variant !== 'required only' || op.body.required);
  return { op, variant, path: at('path'), query: at('query'), header: at('header'), ...(withBody ? { body: valueOf(op.body!.schema, variant) } : {}) };
}

/** The plans of one operation (a variant that would repeat another is left out). */
export function plansOf(op: Operation): Plan[] {
  const out: Plan[] = [];
  const seen = new Set<string>();
  for (const variant of ['plain', 'reserved', 'required only'] as const) {
    const p = plan(op, variant);
    const key = JSON.stringify([p.path, p.query, p.header, p.body]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}
