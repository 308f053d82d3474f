// Codecs that cannot be satisfied or contradict themselves (minimum above maximum, a pattern that is
// not a regular expression or cannot run in linear time, a default or example its own codec
// rejects, a discriminator property a branch lacks), found by walking the codec once so a surface
// is refused when it loads.
import type { Codec } from './types.js';
import { patternProblem } from './pattern.js';
import { discriminatorValues } from './union.js';
import { RULE_KEYWORDS, notWhole } from './rules/index.js';

/** One contradiction: where in the codec's JSON Schema (a JSON pointer) and what. */
export interface CodecProblem {
  readonly pointer: string;
  readonly message: string;
}

const step = (pointer: string, ...keys: (string | number)[]) =>
  pointer + keys.map((k) => `/${String(k).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/**
 * The validation keywords' problems (rules/index.ts), each kind in the table's order: where bounds
 * contradict each other, then lengths and counts that are not whole numbers, then the keywords'
 * other problems (a surface reports the first).
 */
function ruleProblems(schema: Record<string, unknown>, pointer: string, out: CodecProblem[]): void {
  const add = (message: string | undefined) => { if (message !== undefined) out.push({ pointer, message }); };
  for (const k of RULE_KEYWORDS) for (const message of k.contradictions?.(schema) ?? []) add(message);
  for (const k of RULE_KEYWORDS) if (k.count === true) add(notWhole(schema, k.name));
  for (const k of RULE_KEYWORDS) add(k.problem?.(schema));
}

/**
 * Every contradiction in a codec and the codecs inside it (each named codec visited once); `clean`:
 * codecs already known to have none, skipped with all they hold.
 */
export function codecProblems(codec: Codec<unknown>, pointer = '', out: CodecProblem[] = [], seen = new Set<Codec<unknown>>(), clean?: WeakSet<Codec<unknown>>): CodecProblem[] {
  if (seen.has(codec) || clean?.has(codec) === true) return out;
  seen.add(codec);
  const schema = codec.schema as Record<string, unknown>;
  ruleProblems(schema, pointer, out);
  // A whole part's own examples are checked by the surface, which names them (`request example`).
  if (pointer !== '') for (const ex of codec.examples) {
    const r = codec.check(ex.value, '$');
    if (!r.ok) out.push({ pointer, message: `example ${ex.title ? `${JSON.stringify(ex.title)} ` : ''}is refused by its own codec: ${r.path ?? '$'}: ${r.error}` });
  }
  switch (codec.kind) {
    case 'object':
      for (const [k, c] of Object.entries(codec.props)) codecProblems(c, step(pointer, 'properties', k), out, seen, clean);
      for (const p of codec.patterns) {
        const problem = patternProblem(p.pattern);
        if (problem !== undefined) out.push({ pointer: step(pointer, 'patternProperties'), message: problem });
        codecProblems(p.codec, step(pointer, 'patternProperties', p.pattern), out, seen, clean);
      }
      if (typeof codec.extra !== 'boolean') codecProblems(codec.extra, step(pointer, 'additionalProperties'), out, seen, clean);
      break;
    case 'array': codecProblems(codec.item, step(pointer, 'items'), out, seen, clean); break;
    case 'tuple': {
      codec.items.forEach((c, i) => codecProblems(c, step(pointer, 'prefixItems', i), out, seen, clean));
      if (codec.rest !== false) codecProblems(codec.rest, step(pointer, 'items'), out, seen, clean);
      const n = codec.items.length;
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      // Nothing may follow the positions: the list holds at most as many items as there are positions
      // (a fixed tuple's minItems above maxItems is the bounds' finding).
      if (codec.rest === false && min > n) out.push({ pointer, message: `minItems ${min} is above the ${n} position${n === 1 ? '' : 's'} of prefixItems with items: false: no value can satisfy both` });
      break;
    }
    case 'optional': {
      codecProblems(codec.inner, pointer, out, seen, clean);
      if (codec.default !== undefined) {
        const r = codec.inner.check(codec.default, '$');
        if (!r.ok) out.push({ pointer: step(pointer, 'default'), message: `default ${JSON.stringify(codec.default)} is refused by its own codec: ${r.error}` });
      }
      break;
    }
    case 'nullable': codecProblems(codec.inner, step(pointer, 'anyOf', 0), out, seen, clean); break;
    case 'union': {
      codec.options.forEach((c, i) => codecProblems(c, step(pointer, codec.mode, i), out, seen, clean));
      const d = codec.discriminator;
      if (d !== undefined) {
        const owners = new Map<string, number>();
        codec.options.forEach((c, i) => {
          const values = discriminatorValues(c, d.property);
          if (values.length === 0) out.push({ pointer: step(pointer, codec.mode, i), message: `discriminator property "${d.property}" is missing from ${c.label} (declare it as a constant)` });
          for (const v of values) {
            const other = owners.get(v);
            if (other !== undefined && other !== i) out.push({ pointer: step(pointer, codec.mode, i), message: `discriminator value ${JSON.stringify(v)} names both ${codec.options[other]!.label} and ${c.label}` });
            owners.set(v, i);
          }
        });
      }
      break;
    }
    case 'lazy': codecProblems(codec.target(), pointer, out, seen, clean); break;
    case 'scalar': case 'json': case 'bytes': break;
  }
  return out;
}
