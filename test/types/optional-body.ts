// Type tests (checked by `tsc -p tsconfig.test.json`): a body declared `required: false` reaches
// the handler as `T | undefined`; a body without options (or with examples only) stays `T`.
import { api, body, implement, json, post } from '../../src/dsl/index.js';
import type { InputOf } from '../../src/dsl/index.js';
import { media, t } from '../../src/codec/index.js';

type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends (<X>() => X extends B ? 1 : 2) ? true : false;
const expectType = <T extends true>(_: T) => {};

const Note = t.object('Note', { text: t.text });
const optional = body(Note, [media.json], { required: false });
const required = body(Note);
const withExamples = body(Note, [media.json], [{ value: { text: 'hi' } }]);
const optionsRequired = body(Note, [media.json], { examples: [{ value: { text: 'hi' } }], required: true });

expectType<Equal<InputOf<[typeof optional]>, { body?: { text: string } | undefined }>>(true);
expectType<Equal<InputOf<[typeof required]>, { body: { text: string } }>>(true);
expectType<Equal<InputOf<[typeof withExamples]>, { body: { text: string } }>>(true);
expectType<Equal<InputOf<[typeof optionsRequired]>, { body: { text: string } }>>(true);

const surface = api('OptionalBodyTypes', { title: 'optional body types' }, {
  add: post('notes', optional).returns(json(t.text)),
});
implement(surface, { add: ({ body: b }) => b?.text ?? 'none' });
implement(surface, {
  // @ts-expect-error an optional body may be undefined
  add: ({ body: b }) => b.text,
});
