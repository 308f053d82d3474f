// Type tests (checked by `tsc -p tsconfig.test.json` in `npm test`): a handler's outcome is the
// union of its endpoint's declared responses keyed by status. Each @ts-expect-error must stay an error.
import {
  HttpError, api, capture, get, group, implement, json, plainText, post, reply, rest, sendFile,
} from '../../src/dsl/index.js';
import type { HandlersOf, Outcome, Reply, ResponseType } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';

type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends (<X>() => X extends B ? 1 : 2) ? true : false;
const expectType = <T extends true>(_: T) => {};

const Person = t.object('Person', { name: t.text, age: t.int });
type Person = t.Infer<typeof Person>;
const Problem = t.object('Problem', { code: t.int, message: t.text });
const person: Person = { name: 'Ada', age: 36 };

const surface = api('Typed', { title: 'responses typed per status' }, {
  read: get('person', capture('id', t.int))
    .returns(json(Person), { headers: { 'X-Count': t.int, 'X-Cached': t.bool } })
    .responds(404, json(Problem))
    .responds(410, plainText(t.text), { headers: { 'Retry-After': t.int } })
    .responds(401),
  made: post('person').returns(json(Person), { status: 201 }),
  lines: get('lines').streams(json(Person)),
  files: get('files', rest('path')).empty(),
  nested: group(['n', capture('k', t.text)], { one: get('one').noContent() }),
});

// The response map and success status the combinators build.
type Read = typeof surface.tree.read;
expectType<Equal<NonNullable<Read['__success']>, 200>>(true);
type ReadMap = NonNullable<Read['__responses']>;
expectType<Equal<ReadMap[200], ResponseType<Person, { readonly 'X-Count': number; readonly 'X-Cached': boolean }>>>(true);
expectType<Equal<ReadMap[404], ResponseType<{ code: number; message: string }, {}>>>(true);
expectType<Equal<ReadMap[410], ResponseType<string, { readonly 'Retry-After': number }>>>(true);
expectType<Equal<ReadMap[401], ResponseType<void, {}>>>(true);
expectType<Equal<NonNullable<typeof surface.tree.made['__success']>, 201>>(true);

// The per-status return type: each declared status's reply, and nothing else.
type ReadOutcome = Outcome<ReadMap, 200>;
type Statuses<O> = O extends Reply<unknown, infer S, unknown> ? S : never;
expectType<Equal<Statuses<ReadOutcome>, 200 | 404 | 410 | 401 | undefined>>(true);
expectType<Equal<Extract<ReadOutcome, Reply<unknown, 404, unknown>>['body'], { code: number; message: string } | undefined>>(true);
type ReadHandler = HandlersOf<typeof surface.tree>['read'];
expectType<Equal<Awaited<ReturnType<ReadHandler>>, ReadOutcome>>(true);

const good = implement(surface, {
  read: ({ id }) => {
    if (id === 0) return reply(404, { code: 4, message: 'no such person' });
    if (id === 1) return reply(410, 'gone', { 'Retry-After': 60 });
    if (id === 2) return reply(401);
    if (id === 3) return new HttpError(503, 'any status, as an error value');
    if (id === 4) return reply({ status: 404, body: { code: 4, message: 'the object form' } });
    if (id === 5) return reply({ body: person, headers: { 'X-Count': 1, 'x-cached': true, Location: '/person/5' } });
    if (id === 6) return reply(200, person, { 'X-Count': 2 });
    if (id === 7) return reply({ status: 410, raw: 'raw text, sent as is', headers: { 'content-type': 'text/plain' } });
    if (id === 8) throw new HttpError(500);
    return person;
  },
  made: async () => reply(201, person),
  lines: async function* () { yield person; },
  files: ({ path }) => sendFile('/srv', path),
  nested: { one: ({ k }) => { void k.toUpperCase(); } },
});
void good;

const others = { made: () => person, lines: async function* () { yield person; }, files: () => undefined, nested: { one: () => undefined } };

implement(surface, {
  // @ts-expect-error a status the endpoint does not declare does not compile
  read: () => reply(418, 'teapot'),
  ...others,
});

implement(surface, {
  // @ts-expect-error the 404 body must be a Problem, not text
  read: () => reply(404, 'not found'),
  ...others,
});

implement(surface, {
  // @ts-expect-error a declared 404 with content needs its body
  read: () => reply(404),
  ...others,
});

implement(surface, {
  // @ts-expect-error a declared reply header takes its codec's type (X-Count is an integer)
  read: () => reply({ body: person, headers: { 'X-Count': 'many' } }),
  ...others,
});

implement(surface, {
  // @ts-expect-error declared headers are typed in lower case too
  read: () => reply(200, person, { 'x-cached': 'yes' }),
  ...others,
});

implement(surface, {
  // @ts-expect-error a header declared on 410 is typed on 410's replies
  read: () => reply(410, 'gone', { 'Retry-After': 'soon' }),
  ...others,
});

implement(surface, {
  // @ts-expect-error the object form is checked like the positional one
  read: () => reply({ status: 404, body: { code: 'four' } }),
  ...others,
});

implement(surface, {
  // @ts-expect-error a success reply carries the success body
  read: () => reply({ body: { name: 'Ada' } }),
  ...others,
});

implement(surface, {
  read: () => person,
  // @ts-expect-error 201 is this endpoint's success status, not 200
  made: () => reply(200, person),
  lines: others.lines, files: others.files, nested: others.nested,
});

implement(surface, {
  read: () => person,
  made: () => person,
  // @ts-expect-error a stream yields the declared items
  lines: async function* () { yield 'not a person'; },
  files: others.files, nested: others.nested,
});

implement(surface, {
  read: () => person,
  made: () => person,
  // @ts-expect-error a stream endpoint answers an async iterable, not one value
  lines: () => person,
  files: others.files, nested: others.nested,
});

implement(surface, {
  read: () => person,
  made: () => person,
  lines: others.lines,
  // @ts-expect-error a rest capture is the list of decoded segments
  files: ({ path }) => sendFile('/srv', path.split('/')),
  nested: others.nested,
});

implement(surface, {
  read: () => person, made: () => person, lines: others.lines, files: others.files,
  // @ts-expect-error an endpoint without content answers no value
  nested: { one: () => 'text' },
});

implement(surface, {
  read: () => person, made: () => person, lines: others.lines, files: others.files, nested: others.nested,
  // @ts-expect-error a handler for an endpoint the surface does not have
  unknown: () => 1,
});

implement(surface, {
  read: () => person, made: () => person, lines: others.lines, files: others.files,
  // @ts-expect-error an unknown handler key inside a group
  nested: { one: () => undefined, two: () => undefined },
});

// A reply keeps the literal status and the types of what it was given.
const r404 = reply(404, { code: 1, message: 'm' });
expectType<Equal<typeof r404, Reply<{ code: number; message: string }, 404, {}>>>(true);
const bare = reply(204);
expectType<Equal<typeof bare, Reply<undefined, 204, {}>>>(true);
const success = reply({ body: 1 });
expectType<Equal<typeof success, Reply<number, undefined, {}>>>(true);

// A response example is typed by its response, whatever request it states; a setup request needs a method.
get('ex').returns(json(Person), { examples: [{ value: person, request: { url: '/ex', headers: { accept: 'application/json' }, before: [{ method: 'POST', url: '/person', body: person }] } }] });
get('ex').returns(json(Person), { examples: [{ value: person, unverifiable: 'needs a failing store' }] });
// @ts-expect-error an example value of another type than the response's
get('ex').returns(json(Person), { examples: [{ value: { name: 'Ada' }, request: { url: '/ex' } }] });
// @ts-expect-error a setup request without its method
get('ex').returns(json(Person), { examples: [{ value: person, request: { url: '/ex', before: [{ url: '/person' }] } }] });
// @ts-expect-error a request without its url
get('ex').returns(json(Person), { examples: [{ value: person, request: { headers: {} } }] });
