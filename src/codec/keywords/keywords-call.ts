// `t.keywords(codec, { not: t.text })`: JSON Schema's applicator keywords on a codec, made by the
// same keyword modules that read them from a document (the source `api-serve import` writes uses it).
import type { AnyCodec, Codec } from '../types.js';
import type { ReadSub } from './applied.js';
import { withRule } from './applied.js';
import { KEYWORDS } from './index.js';
import { readRule } from './keyword-args.js';

const isCodec = (v: unknown): v is Codec<unknown> =>
  typeof v === 'object' && v !== null && typeof (v as { kind?: unknown }).kind === 'string' && typeof (v as { check?: unknown }).check === 'function';

/** The arguments: a subschema is a codec or a boolean; counts and name lists are plain values. */
export type KeywordArgs = Readonly<Record<string, unknown>>;

/**
 * The codec with the keywords' rules: `t.keywords(t.array(t.int), { contains: t.constrain(t.int, { minimum: 5 }), minContains: 2 })`.
 * An unknown keyword or a subschema that is not a codec (or a boolean) is a TypeError.
 */
export function keywords<C extends AnyCodec>(codec: C, args: KeywordArgs): C {
  const known = new Set(KEYWORDS.flatMap((k) => k.keys));
  const unknown = Object.keys(args).filter((k) => !known.has(k));
  if (unknown.length > 0) throw new TypeError(`t.keywords(): ${unknown.map((k) => JSON.stringify(k)).join(', ')} ${unknown.length > 1 ? 'are' : 'is'} not one of ${[...known].join(', ')}`);
  const sub: ReadSub = (s, ...steps) => {
    if (isCodec(s)) return s;
    throw new TypeError(`t.keywords(): ${steps.join('.')} must be a codec or a boolean`);
  };
  let c = codec as Codec<unknown>;
  for (const keyword of KEYWORDS) {
    const rule = readRule(keyword, args, sub, c);
    if (rule !== undefined) c = withRule(c, rule);
  }
  return c as C;
}
