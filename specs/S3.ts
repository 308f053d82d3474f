// S3: greeting with a captured name, echo and delete of a greeting, and protocol errors
// formatted as JSON where the client accepts it (body parse, not found); the other two default.
import { api, body, capture, content, del, get, implement, json, post, query, reply } from '../src/dsl/index.js';
import type { Formatters } from '../src/dsl/index.js';
import { media, t } from '../src/codec/index.js';
import type { Codec } from '../src/codec/index.js';

const Greet = t.object('Greet', { _msg: t.text });

/**
 * The reference reads a Bool query value case-insensitively (`TRUE`, `False`), so the parameter's
 * schema is the words it reads, not JSON's boolean (which a tool would hold to `true`/`false`).
 */
const Capital: Codec<boolean> = {
  ...t.bool, label: 'boolean (any case)',
  schema: { type: 'string', pattern: '^(?:[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])$' },
};

const formatters: Partial<Formatters> = {
  bodyParse: (failure, req) => (req.accepts('application/json')
    ? reply({ status: 400, body: { error: failure.message, combinator: failure.combinator } })
    : reply({ status: 400, raw: failure.message, headers: { 'content-type': 'text/plain;charset=utf-8' } })),
  notFound: (req) => reply({ status: 404, raw: `Not found path: ${req.path}`, headers: { 'content-type': 'text/plain;charset=utf-8' } }),
};

export const surface = api('S3', { license: { name: 'MIT', identifier: 'MIT' },
  title: 'Greeting with a captured name, echo and delete of a greeting, JSON-formatted protocol errors',
  formatters,
}, {
  hello: get('hello', capture('name', t.text, 'the name to greet'), query('capital', Capital, { values: ['true', 'false'], description: 'Upper-case the whole greeting when true.' }))
    .returns(json(Greet), { examples: [{ value: { _msg: 'Hello, Alice' }, request: { url: '/hello/Alice' } }] }),
  // decided: /greet also answers text/plain, so a client that does not accept JSON reaches the
  // plain-text body-parse error the spec describes instead of a 406 (docs/decisions.md "S3").
  greet: post('greet', body(Greet, undefined, [{ value: { _msg: 'Hello, Alice' } }]))
    .returns(content(Greet, [media.json, media.text]), { examples: [{ value: { _msg: 'Hello, Alice' } }] }),
  remove: del('greet', capture('greetid', t.text, 'the greeting to delete')).empty(),
});

export const handlers = implement(surface, {
  hello: ({ name, capital }) => {
    const msg = `Hello, ${name}`;
    return { _msg: capital === true ? msg.toUpperCase() : msg };
  },
  greet: ({ body: greet }) => greet,
  remove: () => undefined,
});
