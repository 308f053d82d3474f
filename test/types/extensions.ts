// Type tests (checked by `tsc -p tsconfig.test.json`): extension parts type their handler inputs:
// `auth` gives `user` (AuthenticatedUser, or the type of a given user codec), `range` gives the
// parsed Range as one variant per declared field. Each @ts-expect-error must stay an error.
import { api, auth, basicAuth, get, group, implement, json, range, rangeFields } from '../../src/dsl/index.js';
import type { AuthenticatedUser, InputOf, RangeRequest } from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';

type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends (<X>() => X extends B ? 1 : 2) ? true : false;
const expectType = <T extends true>(_: T) => {};

const Color = t.object('Color', { name: t.text, rgb: t.int });
const colors = rangeFields(Color, { name: { type: 'string', from: (c) => c.name }, rgb: { type: 'integer', from: (c) => c.rgb } });
const Member = t.object('Member', { login: t.text, admin: t.bool });

const surface = api('Ext', { title: 'extension inputs' }, {
  me: get('me', auth(['Bearer', 'Basic'], 'r')).returns(json(t.int)),
  staff: group([basicAuth('staff', { user: Member })], { who: get('who').returns(json(t.text)) }),
  list: get('colors', range(colors)).returns(json(t.array(Color))),
});

type MeInput = InputOf<[ReturnType<typeof auth<AuthenticatedUser>>]>;
expectType<Equal<MeInput, { user: AuthenticatedUser }>>(true);
type ListInput = InputOf<[ReturnType<typeof range<t.Infer<typeof Color>, typeof colors.fields>>]>;
expectType<Equal<ListInput['range'], RangeRequest<'name', string> | RangeRequest<'rgb', number>>>(true);

implement(surface, {
  me: ({ user }) => user.auID + user.auOrgID,
  staff: { who: ({ user }) => (user.admin ? user.login : 'guest') },
  list: ({ range: r }) => (r.field === 'rgb' ? [{ name: String(r.value ?? 0 + 1), rgb: r.value ?? 0 }] : [{ name: r.value ?? '', rgb: 0 }]),
});

implement(surface, {
  // @ts-expect-error the default user has auID and auOrgID, no login
  me: ({ user }) => user.login.length,
  staff: { who: ({ user }) => user.login },
  list: () => [],
});

implement(surface, {
  me: () => 1,
  // @ts-expect-error a user typed by its codec: Member has no auID
  staff: { who: ({ user }) => String(user.auID) },
  list: () => [],
});

implement(surface, {
  me: () => 1,
  staff: { who: () => 'x' },
  // @ts-expect-error a name field's value is text: it has no toFixed
  list: ({ range: r }) => (r.field === 'name' ? [{ name: r.value?.toFixed(1) ?? '', rgb: 0 }] : []),
});
