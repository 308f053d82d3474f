// S4 over real HTTP: every endpoint and error of the persons surface, input validation, ids that
// are never reused, persistence across restarts, 200 concurrent POSTs, and a store that fails.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { handlers, personsWith } from '../../specs/S4.js';
import { StoreWriteError } from '../../src/store/index.js';
import { JSON_BODY, JSON_TYPE, caseSuite } from '../helpers/cases.js';
import { call, startInProcess, tempDir, withInProcess} from '../helpers/server.js';

const NOT_FOUND = '"Person with ID not found."';
const post = (base: string, person: unknown) => call(base, 'POST', '/person', { headers: JSON_BODY, body: JSON.stringify(person) });

caseSuite('S4 persons', handlers, [
  { name: 'GET /person on an empty store -> []', method: 'GET', url: '/person', status: 200, json: [] },
  { name: 'POST /person with age as a string -> 200, the person with Id 1', method: 'POST', url: '/person', headers: JSON_BODY, body: '{"name":"Jake","age":"25"}', status: 200, json: { Id: 1, name: 'Jake', age: '25' }, expectHeaders: { 'content-type': JSON_TYPE } },
  { name: 'POST /person with age as a number -> 200, age answered as a string', method: 'POST', url: '/person', headers: JSON_BODY, body: '{"name":"Anna","age":30}', status: 200, json: { Id: 2, name: 'Anna', age: '30' } },
  { name: 'GET /person -> both, by Id', method: 'GET', url: '/person', status: 200, json: [{ Id: 1, name: 'Jake', age: '25' }, { Id: 2, name: 'Anna', age: '30' }] },
  { name: 'GET /person/1 -> Jake', method: 'GET', url: '/person/1', status: 200, json: { Id: 1, name: 'Jake', age: '25' } },
  { name: 'GET /person/99 -> 404 with the JSON string', method: 'GET', url: '/person/99', status: 404, text: NOT_FOUND, expectHeaders: { 'content-type': JSON_TYPE } },
  { name: 'GET /person/-1 -> 404', method: 'GET', url: '/person/-1', status: 404, text: NOT_FOUND },
  { name: 'GET /person/abc -> 400 naming the capture', method: 'GET', url: '/person/abc', status: 400, text: 'Error parsing capture id failed: "abc" is not an integer' },
  { name: 'DELETE /person/2 -> 200 with an empty body', method: 'DELETE', url: '/person/2', status: 200, text: '' },
  { name: 'GET /person/2 after its delete -> 404', method: 'GET', url: '/person/2', status: 404, text: NOT_FOUND },
  { name: 'DELETE /person/2 again -> still 200', method: 'DELETE', url: '/person/2', status: 200, text: '' },
  { name: 'DELETE /person/abc -> 400', method: 'DELETE', url: '/person/abc', status: 400 },
  { name: 'POST /person after deleting the newest -> Id 3, never a reused 2', method: 'POST', url: '/person', headers: JSON_BODY, body: '{"name":"Carl","age":"41"}', status: 200, json: { Id: 3, name: 'Carl', age: '41' } },
  { name: 'GET /person -> Jake and Carl', method: 'GET', url: '/person', status: 200, json: [{ Id: 1, name: 'Jake', age: '25' }, { Id: 3, name: 'Carl', age: '41' }] },
  { name: 'POST /person without name -> 400 naming name', method: 'POST', url: '/person', headers: JSON_BODY, body: '{"age":"25"}', status: 400, text: 'Error in $: key "name" not found' },
  { name: 'POST /person without age -> 400 naming age', method: 'POST', url: '/person', headers: JSON_BODY, body: '{"name":"Jake"}', status: 400, text: 'Error in $: key "age" not found' },
  { name: 'POST /person with an extra field -> 400 naming it', method: 'POST', url: '/person', headers: JSON_BODY, body: '{"name":"Jake","age":"25","junk":1}', status: 400, text: 'Error in $: unexpected key "junk" (NewPerson has name, age)' },
  { name: 'POST /person with an Id -> 400 (the server assigns Ids)', method: 'POST', url: '/person', headers: JSON_BODY, body: '{"Id":7,"name":"Jake","age":"25"}', status: 400, text: 'Error in $: unexpected key "Id" (NewPerson has name, age)' },
  { name: 'POST /person with an array -> 400', method: 'POST', url: '/person', headers: JSON_BODY, body: '[{"name":"Jake","age":"25"}]', status: 400, text: 'Error in $: expected NewPerson (an object), got an array' },
  { name: 'POST /person with a JSON string -> 400', method: 'POST', url: '/person', headers: JSON_BODY, body: '"Jake"', status: 400, text: 'Error in $: expected NewPerson (an object), got string "Jake"' },
  { name: 'POST /person with a numeric name -> 400 naming $.name', method: 'POST', url: '/person', headers: JSON_BODY, body: '{"name":5,"age":"25"}', status: 400, text: 'Error in $.name: expected text, got number 5' },
  { name: 'POST /person with a boolean age -> 400 naming $.age', method: 'POST', url: '/person', headers: JSON_BODY, body: '{"name":"Jake","age":true}', status: 400, text: 'Error in $.age: expected text or number, got boolean true' },
  { name: 'POST /person with a null age -> 400 naming $.age', method: 'POST', url: '/person', headers: JSON_BODY, body: '{"name":"Jake","age":null}', status: 400, text: 'Error in $.age: expected text or number, got null' },
  { name: 'POST /person with broken JSON -> 400', method: 'POST', url: '/person', headers: JSON_BODY, body: '{"name":', status: 400 },
  { name: 'POST /person with an empty body -> 400', method: 'POST', url: '/person', headers: JSON_BODY, body: '', status: 400, text: 'Error in $: empty body, expected JSON' },
  { name: 'POST /person as text/plain -> 415', method: 'POST', url: '/person', headers: { 'content-type': 'text/plain' }, body: 'Jake', status: 415 },
  { name: 'PUT /person/1 -> 405 with Allow: GET, HEAD, DELETE', method: 'PUT', url: '/person/1', status: 405, expectHeaders: { allow: 'GET, HEAD, DELETE' } },
  { name: 'GET /people -> 404 (the path is /person)', method: 'GET', url: '/people', status: 404 },
  { name: 'GET /person after the rejected POSTs -> unchanged', method: 'GET', url: '/person', status: 200, json: [{ Id: 1, name: 'Jake', age: '25' }, { Id: 3, name: 'Carl', age: '41' }] },
]);

const durable = suite('S4 persistence');

durable('records and the Id counter survive a restart (start, POST, stop, start, GET)', async () => {
  const dataDir = tempDir();
  try {
    await withInProcess(handlers, async (s) => {
      assert.equal((await post(s.url, { name: 'Jake', age: '25' })).json(), { Id: 1, name: 'Jake', age: '25' });
      assert.equal((await post(s.url, { name: 'Anna', age: 30 })).json(), { Id: 2, name: 'Anna', age: '30' });
      assert.is((await call(s.url, 'DELETE', '/person/2')).status, 200);
    }, { dataDir });
    await withInProcess(handlers, async (s) => {
      assert.equal((await call(s.url, 'GET', '/person/1')).json(), { Id: 1, name: 'Jake', age: '25' });
      assert.is((await call(s.url, 'GET', '/person/2')).status, 404);
      assert.equal((await post(s.url, { name: 'Carl', age: '41' })).json(), { Id: 3, name: 'Carl', age: '41' }, 'Id 2 is not reused after a restart');
    }, { dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

durable('200 concurrent POSTs get 200 distinct Ids, all readable after a restart', async () => {
  const dataDir = tempDir();
  try {
    const created = await withInProcess(handlers, (s) => Promise.all(Array.from({ length: 200 }, async (_, i) => {
      const r = await post(s.url, { name: `p${i}`, age: i });
      assert.is(r.status, 200, r.text);
      return r.json() as { Id: number; name: string; age: string };
    })), { dataDir });
    const ids = new Set(created.map((p) => p.Id));
    assert.is(ids.size, 200);
    await withInProcess(handlers, async (s) => {
      const all = (await call(s.url, 'GET', '/person')).json() as { Id: number; name: string; age: string }[];
      assert.is(all.length, 200);
      const byId = new Map(all.map((p) => [p.Id, p]));
      for (const p of created) assert.equal(byId.get(p.Id), p);
    }, { dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

durable('the store file is <data>/persons.json, readable JSON', async () => {
  await withInProcess(handlers, async (s) => {
    await post(s.url, { name: 'Jake', age: '25' });
    const file = JSON.parse(readFileSync(join(s.dataDir, 'persons.json'), 'utf8')) as unknown;
    assert.equal(file, { nextId: 2, records: [{ id: 1, value: { name: 'Jake', age: '25' } }] });
  });
});

durable('a corrupt persons.json stops the start with a clear error and is left untouched', async () => {
  const dataDir = tempDir();
  try {
    writeFileSync(join(dataDir, 'persons.json'), '{"nextId": 2, "records": [');
    const err = await startInProcess(handlers, { dataDir }).then(() => undefined, (e: unknown) => e as Error);
    assert.ok(err, 'the server must not start');
    assert.match(err!.message, /persons\.json is corrupt \(not valid JSON/);
    assert.is(readFileSync(join(dataDir, 'persons.json'), 'utf8'), '{"nextId": 2, "records": [');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

durable('a store that cannot write -> 503 "Could not create Person." (and delete 503), nothing changes', async () => {
  // The real backend, kept from writing: its temp file's name is taken by a directory.
  await withInProcess(handlers, async (s) => {
    assert.is((await post(s.url, { name: 'Jake', age: '25' })).status, 200);
    const blocker = join(s.dataDir, '.persons.json.tmp');
    mkdirSync(blocker);
    const r = await post(s.url, { name: 'Anna', age: '30' });
    assert.is(r.status, 503);
    assert.is(r.text, '"Could not create Person."');
    assert.is(r.headers['content-type'], JSON_TYPE);
    assert.equal((await call(s.url, 'GET', '/person')).json(), [{ Id: 1, name: 'Jake', age: '25' }]);
    const d = await call(s.url, 'DELETE', '/person/1');
    assert.is(d.status, 503);
    assert.is(d.text, '"Could not delete Person."');
    assert.is((await call(s.url, 'GET', '/person/1')).status, 200, 'a removal that was not written did not happen');
    rmSync(blocker, { recursive: true });
    assert.equal((await post(s.url, { name: 'Anna', age: '30' })).json(), { Id: 2, name: 'Anna', age: '30' }, 'writes work again once the disk does');
  });
});

durable('an injected failing store -> 503 and the failure is logged', async () => {
  const lines: string[] = [];
  const failing = personsWith(async () => ({
    list: async () => [],
    get: async () => undefined,
    insert: async () => { throw new StoreWriteError('could not write the store: ENOSPC: no space left on device'); },
    delete: async () => false,
    close: async () => {},
  }));
  await withInProcess(failing, async (s) => {
    const r = await post(s.url, { name: 'Jake', age: '25' });
    assert.is(r.status, 503);
    assert.equal(r.json(), 'Could not create Person.');
  }, { log: (line) => lines.push(line) });
  assert.ok(lines.some((l) => l.includes('ENOSPC')), lines.join('\n'));
});

durable.run();
