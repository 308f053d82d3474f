// Type tests (checked by `tsc -p tsconfig.test.json`): the captures of a segment mixing text and
// captures reach the handler typed by their codecs, as whole-segment captures do; its texts add nothing.
import { api, capture, get, group, implement, json, segment } from '../../src/dsl/index.js';
import type { InputOf } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';

type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends (<X>() => X extends B ? 1 : 2) ? true : false;
const expectType = <T extends true>(_: T) => {};

const file = segment(capture('name', t.text), '.', capture('ext', t.int));
type In = InputOf<['files', typeof file, ReturnType<typeof capture<'page', boolean>>]>;
expectType<Equal<In, { name: string; ext: number; page: boolean }>>(true);
expectType<Equal<InputOf<[ReturnType<typeof segment<['v1', ':x']>>]>, {}>>(true);

const surface = api('Mixed', { title: 'type tests' }, {
  file: get('files', file).returns(json(t.int)),
  g: group([segment('v', capture('version', t.int))], { read: get('r').returns(json(t.int)) }),
});

implement(surface, {
  file: ({ name, ext }) => name.length + ext,
  g: { read: ({ version }) => version },
});

implement(surface, {
  // @ts-expect-error a capture declared as integer inside a segment cannot be read as text
  file: ({ ext }: { ext: string }) => ext.length,
  g: { read: ({ version }) => version },
});

implement(surface, {
  file: () => 1,
  // @ts-expect-error a group's mixed segment reaches its handlers with its capture's type
  g: { read: ({ version }) => version.toUpperCase() },
});
