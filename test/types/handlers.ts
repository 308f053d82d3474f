// Type tests (checked by `tsc -p tsconfig.test.json` in `npm test`): handler inputs are typed
// from the surface, so misuse does not compile. Each @ts-expect-error must stay an error.
import { api, body, capture, flag, get, group, header, implement, json, post, query, queryList } from '../../src/dsl/index.js';
import type { InputOf } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';

type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends (<X>() => X extends B ? 1 : 2) ? true : false;
const expectType = <T extends true>(_: T) => {};

const Pos = t.object('Pos', { x: t.int, tag: t.optional(t.text) });
type Pos = t.Infer<typeof Pos>;
expectType<Equal<Pos, { x: number; tag?: string | undefined }>>(true);

type In = InputOf<[ 'a', ReturnType<typeof capture<'x', number>>, ReturnType<typeof query<'q', string>>, ReturnType<typeof flag<'f'>>, ReturnType<typeof queryList<'l', boolean>> ]>;
expectType<Equal<In, { x: number; q?: string | undefined; f: boolean; l: boolean[] }>>(true);

const surface = api('Types', { title: 'type tests' }, {
  pos: get('p', capture('x', t.int), capture('name', t.text), header('X-N', t.int)).returns(json(Pos)),
  make: post('m', body(Pos)).returns(json(t.int)),
  g: group([capture('id', t.int)], { read: get('r').returns(json(t.text)) }),
});

implement(surface, {
  pos: ({ x, name, 'X-N': n }) => ({ x: x + (n ?? 0) + name.length }),
  make: ({ body: b }) => b.x,
  g: { read: ({ id }) => String(id) },
});

implement(surface, {
  // @ts-expect-error a capture declared as integer cannot be read as text
  pos: ({ x }: { x: string }) => ({ x: 1 }),
  make: ({ body: b }) => b.x,
  g: { read: ({ id }) => String(id) },
});

implement(surface, {
  pos: () => ({ x: 1 }),
  // @ts-expect-error the handler must return the declared type (integer), not text
  make: () => 'one',
  g: { read: ({ id }) => String(id) },
});

implement(surface, {
  pos: () => ({ x: 1 }),
  make: () => 1,
  // @ts-expect-error a prefix capture reaches the group's handlers with its type
  g: { read: ({ id }) => id.toUpperCase() },
});

// @ts-expect-error every endpoint needs a handler
implement(surface, { pos: () => ({ x: 1 }), make: () => 1 });
