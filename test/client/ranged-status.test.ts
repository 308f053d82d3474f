// Answers a document covers by a range (`4XX`) or `default` rather than by their own status: read
// by that response, returned with the status they came with (OpenAPI's reading of response keys);
// a protocol error stays a refusal and a status nothing covers a ConformanceError.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { api, get, json, t } from '../../src/index.js';
import { client, ClientRefusal, ConformanceError } from '../../src/client/index.js';
import { raw, thrown } from './raw-server.js';

const Pet = t.object('Pet', { id: t.int });
const Problem = t.object('Problem', { message: t.text });
const Failure = t.object('Failure', { code: t.int, message: t.text });
const surface = api('Pets', { title: 'pets' }, {
  pets: get('pets').returns(json(t.array(Pet)))
    .responds(400, json(Problem), { key: '4XX' })
    .responds(500, json(Failure), { key: 'default' }),
});
const only = api('Pets', { title: 'pets' }, { pets: get('pets').returns(json(t.array(Pet))) });

const answering = (status: number, body: unknown) => raw((_req, res) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}, async (url) => client(surface, { baseUrl: url }).pets().then((r) => r, (err: unknown) => err));

test('a 404 is read by the 4XX response, a 503 by default, each with the status it came with', async () => {
  const notFound = await answering(404, { message: 'gone' });
  assert.equal([(notFound as { status: number }).status, (notFound as { body: unknown }).body], [404, { message: 'gone' }]);
  const busy = await answering(503, { code: 7, message: 'later' });
  assert.equal([(busy as { status: number }).status, (busy as { body: unknown }).body], [503, { code: 7, message: 'later' }]);
});

test('a body the covering response refuses is a ConformanceError, as for a status of its own', async () => {
  const err = await answering(503, { message: 'no code' });
  assert.instance(err, ConformanceError);
  assert.match((err as ConformanceError).message, /code/);
});

test('a protocol error the server can give (406) is still a refusal, though 4XX covers it', async () => {
  const err = await answering(406, { message: 'not acceptable' });
  assert.instance(err, ClientRefusal);
  assert.is((err as ClientRefusal).status, 406);
});

test('without a range or default, an undeclared status is a ConformanceError listing the declared keys', async () => {
  const err = await raw((_req, res) => { res.writeHead(404, { 'content-type': 'application/json' }).end('{}'); },
    (url) => thrown(client(only, { baseUrl: url }).pets()));
  assert.instance(err, ConformanceError);
  assert.equal((err as ConformanceError).issues, ['status 404 is not declared (declared: 200)']);
  const ranged = api('Pets', { title: 'pets' }, { pets: get('pets').returns(json(t.array(Pet))).responds(400, json(Problem), { key: '4XX' }) });
  const keyed = await raw((_req, res) => { res.writeHead(503, { 'content-type': 'application/json' }).end('{}'); }, (url) => thrown(client(ranged, { baseUrl: url }).pets()));
  assert.equal((keyed as ConformanceError).issues, ['status 503 is not declared (declared: 200, 4XX)']);
});

test.run();
