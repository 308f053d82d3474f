// Codecs that cannot be satisfied or contradict themselves (minimum above maximum, a pattern that is
// not a regular expression or cannot run in linear time, a default or example its own codec
// rejects, a discriminator property a branch lacks), found by walking the codec once so a surface
// is refused when it loads.
import type { Codec } from './types.js';
import { patternProblem } from './pattern.js';
import { discriminatorValues } from './union.js';

/** One contradiction: where in the codec's JSON Schema (a JSON pointer) and what. */
export interface CodecProblem {
  readonly pointer: string;
  readonly message: string;
}

const step = (pointer: string, ...keys: (string | number)[]) =>
  pointer + keys.map((k) => `/${String(k).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

function bounds(schema: Record<string, unknown>, pointer: string, out: CodecProblem[]): void {
  const n = (k: string) => (typeof schema[k] === 'number' ? (schema[k] as number) : undefined);
  const pairs: [string, string, boolean][] = [
    ['minimum', 'maximum', false], ['exclusiveMinimum', 'maximum', true], ['minimum', 'exclusiveMaximum', true],
    ['exclusiveMinimum', 'exclusiveMaximum', true], ['minLength', 'maxLength', false], ['minItems', 'maxItems', false],
    ['minProperties', 'maxProperties', false],
  ];
  for (const [lo, hi, strict] of pairs) {
    const [a, b] = [n(lo), n(hi)];
    if (a !== undefined && b !== undefined && (strict ? a >= b : a > b)) {
      out.push({ pointer, message: `${lo} ${a} is above ${hi} ${b}: no value can satisfy both` });
    }
  }
  for (const k of ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties']) {
    const v = n(k);
    if (v !== undefined && (!Number.isInteger(v) || v < 0)) out.push({ pointer, message: `${k} must be a whole number, got ${v}` });
  }
  const m = n('multipleOf');
  if (m !== undefined && !(m > 0)) out.push({ pointer, message: `multipleOf must be above 0, got ${m}` });
  const problem = typeof schema.pattern === 'string' ? patternProblem(schema.pattern) : undefined;
  if (problem !== undefined) out.push({ pointer, message: problem });
}

/**
 * Every contradiction in a codec and the codecs inside it (each named codec visited once); `clean`:
 * codecs already known to have none, skipped with all they hold.
 */
export function codecProblems(codec: Codec<unknown>, pointer = '', out: CodecProblem[] = [], seen = new Set<Codec<unknown>>(), clean?: WeakSet<Codec<unknown>>): CodecProblem[] {
  if (seen.has(codec) || clean?.has(codec) === true) return out;
  seen.add(codec);
  const schema = codec.schema as Record<string, unknown>;
  bounds(schema, pointer, out);
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
