// An OpenAPI document served by the mock, as `api-serve doc.yaml` serves it: each construct of
// the feature documents (parameters with style and explode, cookies, security schemes, bodies
// per media type, responses per status, range and default, examples, circular schemas) seen
// from a client.
import { mock } from '../../src/mock/index.js';
import { caseSuite, JSON_BODY, FORM_BODY } from '../helpers/cases.js';
import { imported } from './load.js';

const zoo = await imported('features.yaml');
const basic = `Basic ${Buffer.from('ann:secret').toString('base64')}`;

caseSuite('OpenAPI 3.1 document, mocked', mock(zoo.surface), [
  { name: 'GET /pets answers the named example of its 200 and the response header example', method: 'GET', url: '/pets', status: 200, json: [{ id: 1, name: 'Rex', kind: 'dog', barks: true }, { id: 2, name: 'Tom', kind: 'cat', lives: 9 }], expectHeaders: { 'x-total': '2' } },
  { name: 'an exploded form list repeats its key; a comma list and a deep object read too', method: 'GET', url: '/pets?tag=a&tag=b&ids=1,2&filter[color]=red&filter[size]=2', status: 200 },
  { name: 'a comma list beyond maxItems is a 400 in the declared Error schema naming the parameter and the keyword', method: 'GET', url: '/pets?ids=1,2,3,4', status: 400, json: { code: 400, message: 'Error parsing query parameter ids failed: "1,2,3,4" must have at most 3 items (maxItems 3)' } },
  { name: 'a deep object key the schema does not list is a 400', method: 'GET', url: '/pets?filter[weight]=3', status: 400 },
  { name: 'a query value over its maximum is a 400', method: 'GET', url: '/pets?limit=101', status: 400 },
  { name: 'a header that is not a uuid is a 400', method: 'GET', url: '/pets', headers: { 'x-request-id': 'nope' }, status: 400 },
  { name: 'a cookie shorter than its minLength is a 400 in the declared Error schema naming the cookie', method: 'GET', url: '/pets', headers: { cookie: 'session=ab' }, status: 400, json: { code: 400, message: 'Error parsing cookie session failed: "ab" must be at least 3 characters long (minLength 3)' } },
  { name: 'a cookie of the right shape passes', method: 'GET', url: '/pets', headers: { cookie: 'other=1; session=abcd' }, status: 200 },
  { name: 'a path parameter below its minimum is a 400', method: 'GET', url: '/pets/0', status: 400, text: 'Error parsing capture petId failed: "0" must be at least 1 (minimum 1)' },
  { name: 'GET /pets/7 without credentials is a 401 naming both accepted schemes', method: 'GET', url: '/pets/7', status: 401, expectHeaders: { 'www-authenticate': 'Basic realm="api", charset="UTF-8", Bearer realm="api"' } },
  { name: 'GET /pets/7 with basic credentials answers its 2XX example as a 200', method: 'GET', url: '/pets/7', headers: { authorization: basic }, status: 200, json: { id: 7, name: 'Tom', kind: 'cat', lives: 9 } },
  { name: 'GET /pets/7 with a bearer token passes too', method: 'GET', url: '/pets/7', headers: { authorization: 'Bearer abc' }, status: 200 },
  { name: 'POST /pets without an API key is a 401 with ApiKey challenges', method: 'POST', url: '/pets', headers: JSON_BODY, body: '{"name":"Rex","kind":"dog"}', status: 401, expectHeaders: { 'www-authenticate': 'ApiKey name="X-API-Key", in="header", ApiKey name="api_key", in="query"' } },
  { name: 'POST /pets with the key in a header answers 201', method: 'POST', url: '/pets', headers: { ...JSON_BODY, 'x-api-key': 'k' }, body: '{"name":"Rex","kind":"dog"}', status: 201 },
  { name: 'POST /pets with the key in the query answers 201', method: 'POST', url: '/pets?api_key=k', headers: JSON_BODY, body: '{"name":"Tom","kind":"cat","lives":3}', status: 201 },
  { name: 'POST /pets as a form is a 400 saying a oneOf cannot be a form (the import warned so)', method: 'POST', url: '/pets?api_key=k', headers: FORM_BODY, body: 'name=Rex&kind=dog', status: 400, json: { code: 400, message: 'Dog or Cat cannot be sent as a form' } },
  { name: 'POST /pets with a kind no oneOf branch names is a 400', method: 'POST', url: '/pets?api_key=k', headers: JSON_BODY, body: '{"name":"Rex","kind":"cow"}', status: 400 },
  { name: 'POST /pets in a media type the operation does not take is a 415', method: 'POST', url: '/pets?api_key=k', headers: { 'content-type': 'text/plain' }, body: 'Rex', status: 415 },
  { name: 'DELETE /pets/7 with an OAuth2 bearer token (presence only) answers 204', method: 'DELETE', url: '/pets/7', headers: { authorization: 'Bearer t' }, status: 204 },
  { name: 'DELETE /pets/7 with the API key cookie answers 204', method: 'DELETE', url: '/pets/7', headers: { cookie: 'key=k' }, status: 204 },
  { name: 'DELETE /pets/7 with nothing is a 401', method: 'DELETE', url: '/pets/7', status: 401 },
  { name: 'PUT /trees takes a tree nested to any depth (a circular $ref)', method: 'PUT', url: '/trees', headers: JSON_BODY, body: '{"value":1,"children":[{"value":2,"children":[{"value":3,"children":[]}]}]}', status: 200 },
  { name: 'PUT /trees refuses a wrong value deep in the tree, naming where', method: 'PUT', url: '/trees', headers: JSON_BODY, body: '{"value":1,"children":[{"value":2,"children":[{"value":"x","children":[]}]}]}', status: 400, text: 'Error in $.children[0].children[0].value: expected integer, got string "x"' },
  { name: 'OPTIONS /trees is not an operation served (405 with Allow)', method: 'OPTIONS', url: '/trees', status: 405 },
]);

const v30 = await imported('features-30.yaml');

caseSuite('OpenAPI 3.0 document, mocked', mock(v30.surface), [
  { name: 'GET /orders/o-12 answers an order its schema accepts', method: 'GET', url: '/orders/o-12', status: 200 },
  { name: 'a path parameter not matching its pattern is a 400', method: 'GET', url: '/orders/12', status: 400 },
  { name: 'POST /orders without a bearer token is a 401', method: 'POST', url: '/orders', headers: JSON_BODY, body: '{"id":"o-1","total":3}', status: 401 },
  { name: 'a 3.0 nullable field takes null, and a self-referring parent nests', method: 'POST', url: '/orders', headers: { ...JSON_BODY, authorization: 'Bearer x' }, body: '{"id":"o-1","total":3,"note":null,"parent":{"id":"o-0","total":1}}', status: 201 },
  { name: 'a 3.0 boolean exclusiveMinimum refuses the bound itself', method: 'POST', url: '/orders', headers: { ...JSON_BODY, authorization: 'Bearer x' }, body: '{"id":"o-1","total":0}', status: 400 },
  { name: 'an enum refuses a value it does not list', method: 'POST', url: '/orders', headers: { ...JSON_BODY, authorization: 'Bearer x' }, body: '{"id":"o-1","total":1,"status":"lost"}', status: 400 },
]);
