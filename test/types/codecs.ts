// Type tests: codecs are a discriminated union, so a walker's `switch (codec.kind)` reaches
// `props`, `item` and `inner` without casts, and factories keep their precise variant.
import { t } from '../../src/codec/index.js';
import type { ArrayCodec, Codec, ObjectCodec, OptionalCodec } from '../../src/codec/index.js';

type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends (<X>() => X extends B ? 1 : 2) ? true : false;
const expectType = <T extends true>(_: T) => {};

/** Counts the leaves of a codec: compiles only because each case narrows. */
function leaves(codec: Codec<unknown>): number {
  switch (codec.kind) {
    case 'object': return Object.values(codec.props).reduce((n, c) => n + leaves(c), 0);
    case 'array': return leaves(codec.item);
    case 'optional': return leaves(codec.inner);
    case 'scalar': case 'json': case 'bytes': return 1;
  }
}
leaves(t.object('P', { a: t.int, b: t.array(t.optional(t.text)) }));

const list = t.array(t.int);
expectType<Equal<typeof list, ArrayCodec<number[]>>>(true);
expectType<Equal<typeof list.item, Codec<number>>>(true);
const maybe = t.optional(t.text);
expectType<Equal<typeof maybe, OptionalCodec<string | undefined>>>(true);
const P = t.object('P', { a: t.int, b: maybe });
expectType<Equal<typeof P, ObjectCodec<{ a: number; b?: string | undefined }>>>(true);
expectType<Equal<t.Infer<typeof list>, number[]>>(true);

function onlyScalars(codec: Codec<unknown>): void {
  // @ts-expect-error a codec not narrowed to an object has no props
  void codec.props;
  if (codec.kind === 'scalar') {
    // @ts-expect-error a scalar has no item
    void codec.item;
  }
}
void onlyScalars;
