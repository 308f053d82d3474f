// Type tests (checked by `tsc -p tsconfig.test.json`): a required query parameter, header or cookie
// reaches the handler as its type; an optional one stays `| undefined`, and may be left out.
import { api, get, header, implement, json, query, queryObject } from '../../src/dsl/index.js';
import type { InputOf } from '../../src/dsl/index.js';
import { cookie } from '../../src/dsl/cookie.js';
import { t } from '../../src/codec/index.js';

type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends (<X>() => X extends B ? 1 : 2) ? true : false;
const expectType = <T extends true>(_: T) => {};

const limit = query('limit', t.int, { required: true });
const offset = query('offset', t.int);
const described = query('q', t.text, { description: 'free text', required: false });
const id = header('X-Id', t.text, { required: true });
const trace = header('X-Trace', t.int);
const session = cookie('session', t.text, { required: true });
const theme = cookie('theme', t.text, 'the colour scheme');
const filter = queryObject('filter', t.object('F', { c: t.text }), { required: true });

type In = InputOf<[typeof limit, typeof offset, typeof described, typeof id, typeof trace, typeof session, typeof theme, typeof filter]>;
expectType<Equal<In, {
  limit: number; offset?: number | undefined; q?: string | undefined; 'X-Id': string; 'X-Trace'?: number | undefined;
  session: string; theme: string | undefined; filter: { c: string };
}>>(true);

const surface = api('RequiredTypes', { title: 'required types' }, {
  a: get('a', limit, offset, id).returns(json(t.int)),
});

implement(surface, { a: ({ limit: l, 'X-Id': x }) => l + x.length });
implement(surface, {
  // @ts-expect-error an optional parameter may be undefined: it cannot be used as a number
  a: ({ offset: o }) => o + 1,
});
