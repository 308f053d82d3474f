// S1: listing of user records, with optional sorting, and two single-user endpoints.
import { api, get, implement, json, query } from '../src/dsl/index.js';
import { t } from '../src/codec/index.js';

const User = t.object('User', { name: t.text, age: t.int, email: t.text, registration_date: t.date });
type User = t.Infer<typeof User>;

const isaac: User = { name: 'Isaac Newton', age: 372, email: 'isaac@newton.co.uk', registration_date: '1683-03-01' };
const albert: User = { name: 'Albert Einstein', age: 136, email: 'ae@mc2.org', registration_date: '1905-12-01' };

const SortBy = t.oneOf(['age', 'name'], 'one of age, name');

export const surface = api('S1', { license: { name: 'MIT', identifier: 'MIT' }, title: 'Listing of user records' }, {
  users: get('users', query('sortby', SortBy, {
    values: ['age', 'name'],
    // decided: ascending (youngest first; names A to Z), ties keep list order; see docs/decisions.md "S1 sortby".
    description: 'Sort ascending by this field (age: youngest first; name: A to Z). Absent: registration order.',
  })).returns(json(t.array(User)), { examples: [{ value: [isaac, albert] }] }),
  albert: get('albert').returns(json(User), { examples: [{ value: albert }] }),
  isaac: get('isaac').returns(json(User), { examples: [{ value: isaac }] }),
});

const byAge = (a: User, b: User) => a.age - b.age;
const byName = (a: User, b: User) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export const handlers = implement(surface, {
  users: ({ sortby }) => {
    const users = [isaac, albert];
    return sortby === undefined ? users : users.sort(sortby === 'age' ? byAge : byName);
  },
  albert: () => albert,
  isaac: () => isaac,
});
