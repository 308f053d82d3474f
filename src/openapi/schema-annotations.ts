// What a schema says beside its checks, read onto its codec: description, examples (an example
// its codec refuses is a warning and left out), readOnly/writeOnly/deprecated, a title, a 3.1
// `$schema`, `x-` keys; and an optional property's `default` (one its codec refuses is left out).
import * as t from '../codec/codecs.js';
import type { Codec } from '../codec/types.js';
import { child, type Warnings } from './warnings.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An optional property's codec, with the `default` its schema gives where the codec takes it. */
export function optionalField(codec: Codec<unknown>, s: unknown, pointer: string, warnings: Warnings): Codec<unknown> {
  const fallback = isObj(s) && typeof s.$ref !== 'string' ? s.default : undefined;
  if (fallback === undefined) return t.optional(codec);
  if (!codec.check(fallback, '$').ok) {
    warnings.add(child(pointer, 'default'), 'the default is not a value of the schema; left out');
    return t.optional(codec);
  }
  return t.optional(codec, { default: fallback });
}

/** Description, examples and annotations; an example the codec refuses is a warning. */
export function annotated(codec: Codec<unknown>, schema: Obj, pointer: string, warnings: Warnings, version: '3.0' | '3.1'): Codec<unknown> {
  let out = codec;
  if (typeof schema.description === 'string') out = t.describe(out, schema.description);
  const examples = examplesOf(schema, pointer, out, warnings);
  if (examples.length > 0) out = t.examples(out, examples.map((value) => ({ value })));
  const notes: Obj = {};
  for (const k of ['readOnly', 'writeOnly', 'deprecated'] as const) if (schema[k] === true) notes[k] = true;
  if (typeof schema.title === 'string' && out.kind !== 'object') notes.title = schema.title;
  // The dialect a 3.1 schema names is kept: written back, its formats still only annotate (format-dialect.ts).
  if (version === '3.1' && typeof schema.$schema === 'string') notes.$schema = schema.$schema;
  // A schema's own `x-` keys are kept: the OpenAPI written back has them (they check nothing).
  for (const k of Object.keys(schema)) if (k.startsWith('x-')) notes[k] = schema[k];
  return Object.keys(notes).length > 0 ? t.annotate(out, notes) : out;
}

function examplesOf(schema: Obj, pointer: string, codec: Codec<unknown>, warnings: Warnings): unknown[] {
  const given: [string, unknown][] = [];
  if (schema.example !== undefined) given.push([child(pointer, 'example'), schema.example]);
  if (Array.isArray(schema.examples)) schema.examples.forEach((v, i) => given.push([child(pointer, 'examples', i), v]));
  return given.flatMap(([at, v]) => {
    if (codec.check(v, '$').ok) return [v];
    warnings.add(at, 'the example is not a value of its schema; left out');
    return [];
  });
}
