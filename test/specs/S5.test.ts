// S5 over real HTTP: the factored /x/{x} endpoints, both generic collections, the empty group.
import { handlers } from '../../specs/S5.js';
import { JSON_BODY, caseSuite } from '../helpers/cases.js';

caseSuite('S5', handlers, [
  { name: 'GET /x/3 -> 3', method: 'GET', url: '/x/3', status: 200, json: 3 },
  { name: 'GET /x/3?y=4 -> 7', method: 'GET', url: '/x/3?y=4', status: 200, json: 7 },
  { name: 'GET /x/3?y=abc -> 400 naming y', method: 'GET', url: '/x/3?y=abc', status: 400, text: 'Error parsing query parameter y failed: "abc" is not an integer' },
  { name: 'POST /x/3 -> 2', method: 'POST', url: '/x/3', status: 200, json: 2 },
  { name: 'POST /x/abc -> 400 naming x', method: 'POST', url: '/x/abc', status: 400 },
  { name: 'DELETE /x/3 -> 405 with Allow: GET, HEAD, POST', method: 'DELETE', url: '/x/3', status: 405, expectHeaders: { allow: 'GET, HEAD, POST' } },
  { name: 'GET /x -> 404', method: 'GET', url: '/x', status: 404 },
  { name: 'GET /users -> []', method: 'GET', url: '/users', status: 200, json: [] },
  { name: 'GET /users/0 -> john', method: 'GET', url: '/users/0', status: 200, json: { username: 'john', age: 64 } },
  { name: 'GET /users/7 -> everybody else', method: 'GET', url: '/users/7', status: 200, json: { username: 'everybody else', age: 10 } },
  { name: 'GET /users/seven -> 400', method: 'GET', url: '/users/seven', status: 400 },
  { name: 'POST /users -> 200 empty', method: 'POST', url: '/users', headers: JSON_BODY, body: '{"username":"a","age":1}', status: 200, text: '' },
  { name: 'POST /users with a bad body -> 400', method: 'POST', url: '/users', headers: JSON_BODY, body: '{"username":"a"}', status: 400, text: 'Error in $: key "age" not found' },
  { name: 'PUT /users/1 -> 204', method: 'PUT', url: '/users/1', headers: JSON_BODY, body: '{"username":"a","age":1}', status: 204, text: '' },
  { name: 'PUT /users/1 without Content-Type -> 415', method: 'PUT', url: '/users/1', body: '{"username":"a","age":1}', status: 415 },
  { name: 'DELETE /users/1 -> 204', method: 'DELETE', url: '/users/1', status: 204, text: '' },
  { name: 'PATCH /users/1 -> 405 listing the methods', method: 'PATCH', url: '/users/1', status: 405, expectHeaders: { allow: 'GET, HEAD, PUT, DELETE' } },
  { name: 'GET /products -> []', method: 'GET', url: '/products', status: 200, json: [] },
  { name: 'GET /products/5 -> Great stuff', method: 'GET', url: '/products/5', status: 200, json: { productname: 'Great stuff' } },
  { name: 'POST /products -> 200 empty', method: 'POST', url: '/products', headers: JSON_BODY, body: '{"productname":"x"}', status: 200, text: '' },
  { name: 'POST /products with a User body -> 400', method: 'POST', url: '/products', headers: JSON_BODY, body: '{"username":"a","age":1}', status: 400 },
  { name: 'PUT /products/5 -> 204', method: 'PUT', url: '/products/5', headers: JSON_BODY, body: '{"productname":"x"}', status: 204 },
  { name: 'DELETE /products/5 -> 204', method: 'DELETE', url: '/products/5', status: 204 },
  { name: 'GET /empty -> 404', method: 'GET', url: '/empty', status: 404 },
  { name: 'POST /empty/anything -> 404', method: 'POST', url: '/empty/anything', status: 404 },
]);
