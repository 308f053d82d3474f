// A shortcut for the compiled validators over `unevaluatedProperties`/`unevaluatedItems`: a value
// whose every key (item) the codec's own base evaluates meets the rule, whatever its subschema, so
// the rule's walk over all the codec's keywords (keywords/evaluated.ts) runs only for the others.
import type { Codec } from './types.js';
import { unsaid } from './structured.js';

const { hasOwn } = Object;

/**
 * A test that holds only when `base` itself evaluates every key or item of the value (as
 * keywords/evaluated.ts reads a plain object, list or tuple), or undefined when `base` is of
 * another shape (an `allOf`'s rules were read against its parts, not the whole).
 */
export function evaluatedByBase(base: Codec<unknown>, keyword: string): ((v: unknown) => boolean) | undefined {
  if (base.applied !== undefined) return undefined;
  const u = base.untyped;
  const b = u === undefined ? base : ([u.base, ...u.others] as Codec<unknown>[]).find((c) => c.kind === (keyword === 'unevaluatedItems' ? 'array' : 'object') || (keyword === 'unevaluatedItems' && c.kind === 'tuple'));
  if (b === undefined || b.applied !== undefined || b.untyped !== undefined || Array.isArray(b.schema.allOf)) return undefined;
  if (keyword === 'unevaluatedProperties' && b.kind === 'object') {
    const props = b.props;
    const patterns = b.patterns.map((p) => p.regex);
    const extra = b.extra !== false && b.extra !== unsaid;
    const matched = (k: string) => {
      for (let i = 0; i < patterns.length; i++) if (patterns[i]!.test(k)) return true;
      return false;
    };
    return (v) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
      for (const k in v) {
        if (!hasOwn(v, k)) continue;
        if (hasOwn(props, k) ? props[k] === unsaid && !matched(k) : !extra && !matched(k)) return false;
      }
      return true;
    };
  }
  if (keyword === 'unevaluatedItems' && b.kind === 'array') return b.item === unsaid ? undefined : (v) => Array.isArray(v);
  if (keyword === 'unevaluatedItems' && b.kind === 'tuple') {
    if (b.rest !== false && b.rest !== unsaid) return (v) => Array.isArray(v);
    const n = b.items.length;
    return (v) => Array.isArray(v) && v.length <= n;
  }
  return undefined;
}
