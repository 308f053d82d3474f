// Named codecs that refer to themselves (a tree, a comment thread): the definition carries a JSON
// Schema `$anchor` and each self-reference is `{ $ref: '#Name' }`, so the schema stays finite.
import type { Codec, LazyCodec } from './types.js';

const ANCHOR = /^[A-Za-z_][-A-Za-z0-9._]*$/;

/**
 * `recursive<Tree>('Tree', (self) => t.object('Tree', { value: t.int, children: t.array(self) }))`.
 * The type parameter names the recursive type (TypeScript cannot infer one from itself).
 */
export function recursive<T>(name: string, build: (self: LazyCodec<T>) => Codec<T>): Codec<T> {
  if (!ANCHOR.test(name)) throw new TypeError(`recursive: "${name}" is not a usable name (letters, digits, _ . -; a letter or _ first)`);
  let whole: Codec<T> | undefined;
  const target = (): Codec<T> => {
    if (whole === undefined) throw new TypeError(`recursive ${name}: the codec was used while it was being built`);
    return whole;
  };
  const self: LazyCodec<T> = {
    kind: 'lazy', name, label: name, schema: { $ref: `#${name}` }, examples: [], target,
    parseText: (raw) => target().parseText(raw),
    formatText: (v) => target().formatText(v),
    check: (json, path) => target().check(json, path),
  };
  const body = build(self);
  whole = { ...body, schema: { ...body.schema, $anchor: name } };
  return whole;
}
