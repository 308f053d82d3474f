// S4: person records in persistent storage: list, get, create, delete. Storage sits behind the
// record-store interface (lowdb on `<data>/persons.json` by default, PostgreSQL with `--store URL`).
import { join } from 'node:path';
import { api, body, capture, del, get, implement, json, post, reply } from '../src/dsl/index.js';
import type { Implementation, ServeEnv } from '../src/dsl/index.js';
import { type Codec, t } from '../src/codec/index.js';
import { fail, ok, showJson } from '../src/codec/types.js';
import { type Keyed, type RecordStore, openLowdbStore } from '../src/store/index.js';

/** `age` is kept as text; a JSON number is accepted and answered as its text (the spec shows both). */
const age: Codec<string> = {
  ...t.text,
  label: 'text or number',
  schema: { oneOf: [{ type: 'string' }, { type: 'number' }] },
  check(json, path) {
    if (typeof json === 'string') return ok(json);
    if (typeof json === 'number' && Number.isFinite(json)) return ok(String(json));
    return fail(`expected text or number, got ${showJson(json)}`, path);
  },
};

/** What a client sends: `Id` is assigned by the server (decided: docs/decisions.md "S4 Person JSON carries its Id"). */
const NewPerson = t.object('NewPerson', { name: t.text, age });
/** What is stored. */
const PersonData = t.object('PersonData', { name: t.text, age: t.text });
type PersonData = t.Infer<typeof PersonData>;
// decided: the JSON form of a Person carries its `Id`, so a client can address what it created
// (docs/decisions.md "S4 Person JSON carries its Id").
const Person = t.object('Person', { Id: t.int, name: t.text, age: t.text });

const jake = { Id: 1, name: 'Jake', age: '25' };
const NOT_FOUND = 'Person with ID not found.';
const NOT_CREATED = 'Could not create Person.';
// decided: a removal the store cannot write is a 503 like a failed creation (docs/decisions.md "S4 Person JSON carries its Id").
const NOT_DELETED = 'Could not delete Person.';
// decided: a read the store cannot answer (the database is away) is a 503 too (docs/decisions.md "S4 reads when the store cannot answer").
const NOT_READ = 'Could not read Person.';
const NOT_LISTED = 'Could not list Persons.';
const id = capture('id', t.int, '(integer) the Id of the person');
/** The examples' setup: Jake stored first (a fresh store gives him Id 1). */
const storeJake = [{ method: 'POST', url: '/person', body: { name: 'Jake', age: '25' } }] as const;
// The store failures are proven with a database taken away (test/specs/S4-postgres.test.ts), not by
// a request: a server that can answer the request has a store that works.
const STORE_FAILS = 'answered only when the store fails (a database that is away); test/specs/S4-postgres.test.ts takes one away';

export const surface = api('S4', { license: { name: 'MIT', identifier: 'MIT' }, title: 'Create, read, list, delete of person records in persistent storage', port: 8080 }, {
  list: get('person').returns(json(t.array(Person)), { examples: [{ value: [jake], request: { url: '/person', before: storeJake } }] })
    .responds(503, json(t.text), { description: 'The store could not be read.', examples: [{ value: NOT_LISTED, unverifiable: STORE_FAILS }] }),
  get: get('person', id).returns(json(Person), { examples: [{ value: jake, request: { url: '/person/1', before: storeJake } }] })
    .responds(404, json(t.text), { description: 'No person has this Id.', examples: [{ value: NOT_FOUND, request: { url: '/person/999999' } }] })
    .responds(503, json(t.text), { description: 'The store could not be read.', examples: [{ value: NOT_READ, unverifiable: STORE_FAILS }] }),
  create: post('person', body(NewPerson, undefined, [{ value: { name: 'Jake', age: '25' } }]))
    .returns(json(Person), { description: 'The created person with its Id; answered once it is stored durably.', examples: [{ value: jake }] })
    .responds(503, json(t.text), { description: 'The store could not write the record.', examples: [{ value: NOT_CREATED, unverifiable: STORE_FAILS }] }),
  remove: del('person', id).empty(200, { description: 'Also 200 when no person has this Id.' })
    .responds(503, json(t.text), { description: 'The store could not write the removal.', examples: [{ value: NOT_DELETED, unverifiable: STORE_FAILS }] }),
});

const asPerson = (r: Keyed<PersonData>) => ({ Id: r.id, ...r.value });

/** The S4 handlers over any record store (tests pass a failing one). */
export function personsWith(open: (env: ServeEnv) => Promise<RecordStore<PersonData>>): Implementation<typeof surface.tree> {
  return implement(surface, async (env) => {
    const store = await open(env);
    env.onClose(() => store.close());
    return {
      list: async () => {
        try {
          return (await store.list()).map(asPerson);
        } catch (err) {
          env.log(`api-serve: S4 could not list the persons: ${(err as Error)?.message ?? String(err)}`);
          return reply(503, NOT_LISTED);
        }
      },
      get: async ({ id: wanted }) => {
        let found;
        try {
          found = await store.get(wanted);
        } catch (err) {
          env.log(`api-serve: S4 could not read person ${wanted}: ${(err as Error)?.message ?? String(err)}`);
          return reply(503, NOT_READ);
        }
        if (found === undefined) return reply(404, NOT_FOUND);
        return asPerson(found);
      },
      create: async ({ body: p }) => {
        try {
          return asPerson(await store.insert({ name: p.name, age: p.age }));
        } catch (err) {
          env.log(`api-serve: S4 could not create a person: ${(err as Error)?.message ?? String(err)}`);
          return reply(503, NOT_CREATED);
        }
      },
      // decided: deleting an unknown Id is a 200 too, as in the reference (docs/decisions.md "S4 Person JSON carries its Id").
      remove: async ({ id: gone }) => {
        try {
          await store.delete(gone);
        } catch (err) {
          env.log(`api-serve: S4 could not delete person ${gone}: ${(err as Error)?.message ?? String(err)}`);
          return reply(503, NOT_DELETED);
        }
      },
    };
  });
}

/** `--store URL` (a PostgreSQL database shared by several instances), else `<data>/persons.json`. */
async function openPersons(env: ServeEnv): Promise<RecordStore<PersonData>> {
  const url = env.options.store;
  if (url !== undefined && url !== '') return (await import('../src/store/postgres.js')).openPgRecordStore(url, 'persons', PersonData.check, env.log);
  return openLowdbStore(join(env.dataDir, 'persons.json'), PersonData.check);
}

export const handlers = personsWith(openPersons);
