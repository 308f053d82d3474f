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
    case 'optional': case 'nullable': return leaves(codec.inner);
    case 'tuple': return codec.items.reduce((n, c) => n + leaves(c), 0);
    case 'union': return codec.options.reduce((n, c) => n + leaves(c), 0);
    case 'scalar': case 'json': case 'bytes': case 'lazy': return 1;
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

// The JSON-Schema-complete codecs keep precise static types.
const Cat = t.object('Cat', { kind: t.constant('cat'), lives: t.constrain(t.int, { minimum: 0, maximum: 9 }) });
const Dog = t.object('Dog', { kind: t.constant('dog'), name: t.email });
const Pet = t.union([Cat, Dog], { discriminator: 'kind' });
expectType<Equal<t.Infer<typeof Pet>, { kind: 'cat'; lives: number } | { kind: 'dog'; name: string }>>(true);
const either = t.anyOf([t.int, t.text]);
expectType<Equal<t.Infer<typeof either>, number | string>>(true);
const maybeNull = t.nullable(t.date);
expectType<Equal<t.Infer<typeof maybeNull>, string | null>>(true);
const scores = t.record(t.number);
expectType<Equal<t.Infer<typeof scores>, Record<string, number>>>(true);
const pair = t.tuple([t.int, t.bool]);
expectType<Equal<t.Infer<typeof pair>, [number, boolean]>>(true);
// prefixItems as JSON Schema reads it: trailing positions may be absent, items after them have the rest's type.
const prefix = t.tuple([t.int, t.bool], { partial: true, rest: t.text });
expectType<Equal<t.Infer<typeof prefix>, [number?, boolean?, ...string[]]>>(true);
const open = t.tuple([t.int], { rest: t.text });
expectType<Equal<t.Infer<typeof open>, [number, ...string[]]>>(true);
const shortPair = t.tuple([t.int, t.bool], { partial: true, maxItems: 1 });
expectType<Equal<t.Infer<typeof shortPair>, [number?, boolean?]>>(true);
const closed = t.tuple([t.int], { rest: false });
expectType<Equal<t.Infer<typeof closed>, [number]>>(true);
declare const partialValue: t.Infer<typeof shortPair>;
// @ts-expect-error a partial tuple's value may lack positions, so it is no fixed pair
export const asPair: [number, boolean] = partialValue;
const anything = t.enumOf([1, 'two', null]);
expectType<Equal<t.Infer<typeof anything>, 1 | 'two' | null>>(true);
const both = t.allOf('Both', [t.object('A', { a: t.int }), t.object('B', { b: t.text })]);
expectType<Equal<t.Infer<typeof both>, { a: number } & { b: string }>>(true);
type Tree = { value: number; children: Tree[] };
const Tree = t.recursive<Tree>('Tree', (self) => t.object('Tree', { value: t.int, children: t.array(self) }));
expectType<Equal<t.Infer<typeof Tree>, Tree>>(true);
type Comment = { text: string; reply?: Comment | undefined };
const Thread = t.recursive<Comment>('Comment', (self) => t.object('Comment', { text: t.text, reply: t.optional(self) }));
expectType<Equal<t.Infer<typeof Thread>, Comment>>(true);
// Compiled, never run (constrain also throws at run time on these).
export function misfits(): void {
  // @ts-expect-error a length bound does not apply to an integer
  t.constrain(t.int, { maxLength: 3 });
  // @ts-expect-error a numeric bound does not apply to text
  t.constrain(t.text, { minimum: 3 });
}
