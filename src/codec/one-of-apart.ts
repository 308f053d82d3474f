// A sample of one oneOf option that no other option accepts, for documents whose options overlap
// (objects with no required field, which every option's sample fits): a field another option
// declares is set to a value that option refuses and this one lets through.
import type { Codec, UnionCodec } from './types.js';

/** Values tried for a telling field, in order: the plainest a declared field's type refuses. */
const CANDIDATES: readonly unknown[] = [null, false, 0, '', [], {}];

const plain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The declared fields of an object option (through a `$ref`'s lazy codec); none for other kinds. */
function fieldsOf(codec: Codec<unknown>): readonly string[] {
  const c = codec.kind === 'lazy' ? codec.target() : codec;
  return c.kind === 'object' ? Object.keys(c.props) : [];
}

/**
 * `value` (a sample of option `index`) with fields added until only that option accepts it, or
 * undefined when some other option cannot be told apart this way. Each field added is one the
 * other option declares and this option lets through with the value chosen.
 */
// decided: docs/decisions.md "Codecs" (overlapping oneOf options are told apart, not answered 500).
export function apartFrom(union: UnionCodec<unknown>, index: number, value: unknown): unknown {
  if (!plain(value)) return undefined;
  const own = union.options[index]!;
  const out: Record<string, unknown> = { ...value };
  // Bounded: a document's oneOf of hundreds of options of hundreds of fields must not stall the
  // start (a hostile one would); past the budget the option is not told apart.
  let budget = BUDGET;
  for (let j = 0; j < union.options.length; j++) {
    const other = union.options[j]!;
    if (j === index || !other.check(out, '$').ok) continue;
    let told = false;
    for (const field of fieldsOf(other)) {
      if (Object.hasOwn(out, field)) continue;
      for (const candidate of CANDIDATES) {
        if (--budget < 0) return undefined;
        const next = { ...out };
        Object.defineProperty(next, field, { value: candidate, enumerable: true, writable: true, configurable: true });
        if (!other.check(next, '$').ok && own.check(next, '$').ok) { Object.defineProperty(out, field, { value: candidate, enumerable: true, writable: true, configurable: true }); told = true; break; }
      }
      if (told) break;
    }
    if (!told) return undefined;
  }
  return union.check(out, '$').ok ? out : undefined;
}

/** Candidate values tried for one option of a oneOf, at most (each costs two checks). */
const BUDGET = 2_000;
