// S6: two endpoints behind one authentication prefix accepting a JWT bearer token or HTTP basic
// credentials (realm "test"); a basic-authenticated reply sets the XSRF and JWT cookies.
import { api, auth, capture, get, group, implement, json } from '../src/dsl/index.js';
import { t } from '../src/codec/index.js';

// decided: the reference's handlers return `()`, which servant encodes as the JSON `[]`; we keep
// that body. See docs/reference-surfaces.md "S6 authentication".
/** The reference's demo login (`user`/`pass`), seeded into a fresh user store: what the examples send. */
const DEMO_LOGIN = { headers: { authorization: `Basic ${Buffer.from('user:pass').toString('base64')}` } } as const;
const Unit = t.describe(t.array(t.json), 'Always the empty list: the endpoint only says the request was authenticated.');

export const surface = api('S6', { license: { name: 'MIT', identifier: 'MIT' }, title: 'Endpoints protected by HTTP basic credentials or a JWT', port: 3001 }, {
  protected: group([auth(['Bearer', 'Basic'], 'test')], {
    foo: get('foo', capture('i', t.int, '(integer) any number')).returns(json(Unit), { examples: [{ value: [], request: { url: '/foo/1', ...DEMO_LOGIN } }] })
      .responds(401, undefined, { description: 'Missing, unknown or wrong credentials, or a bad or expired token' }),
    bar: get('bar').returns(json(Unit), { examples: [{ value: [], request: { url: '/bar', ...DEMO_LOGIN } }] })
      .responds(401, undefined, { description: 'Missing, unknown or wrong credentials, or a bad or expired token' }),
  }),
});

export const handlers = implement(surface, {
  protected: {
    foo: () => [],
    bar: () => [],
  },
});
