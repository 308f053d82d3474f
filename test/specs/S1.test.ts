// S1 over real HTTP: the user list, its sort parameter, and the two single-user endpoints.
import { handlers } from '../../specs/S1.js';
import { JSON_TYPE, caseSuite } from '../helpers/cases.js';

const isaac = { name: 'Isaac Newton', age: 372, email: 'isaac@newton.co.uk', registration_date: '1683-03-01' };
const albert = { name: 'Albert Einstein', age: 136, email: 'ae@mc2.org', registration_date: '1905-12-01' };

caseSuite('S1', handlers, [
  { name: 'GET /users -> both users in registration order', method: 'GET', url: '/users', status: 200, json: [isaac, albert], expectHeaders: { 'content-type': JSON_TYPE } },
  { name: 'GET /users?sortby=age -> youngest first', method: 'GET', url: '/users?sortby=age', status: 200, json: [albert, isaac] },
  { name: 'GET /users?sortby=name -> A to Z', method: 'GET', url: '/users?sortby=name', status: 200, json: [albert, isaac] },
  { name: 'GET /users?sortby=height -> 400 listing the allowed values', method: 'GET', url: '/users?sortby=height', status: 400, text: 'Error parsing query parameter sortby failed: "height" is not one of age, name' },
  { name: 'GET /users?sortby=Age -> 400 (values are exact)', method: 'GET', url: '/users?sortby=Age', status: 400 },
  { name: 'GET /users?sortby= -> 400', method: 'GET', url: '/users?sortby=', status: 400 },
  { name: 'GET /albert -> Albert', method: 'GET', url: '/albert', status: 200, json: albert },
  { name: 'GET /albert?x=%zz -> 400: a bad escape in the query is refused even where no parameter is read', method: 'GET', url: '/albert?x=%zz', status: 400, text: 'Error parsing query string failed: malformed percent-encoding in "x=%zz"' },
  { name: 'GET /albert?x=%41 -> 200: a good escape in an unread parameter is ignored', method: 'GET', url: '/albert?x=%41', status: 200, json: albert },
  { name: 'GET /isaac -> Isaac', method: 'GET', url: '/isaac', status: 200, json: isaac },
  { name: 'HEAD /users -> 200 without a body', method: 'HEAD', url: '/users', status: 200, text: '' },
  { name: 'POST /users -> 405 with Allow: GET, HEAD', method: 'POST', url: '/users', status: 405, expectHeaders: { allow: 'GET, HEAD' } },
  { name: 'GET /users/1 -> 404', method: 'GET', url: '/users/1', status: 404 },
  { name: 'GET /marie -> 404', method: 'GET', url: '/marie', status: 404 },
  { name: 'GET /users with Accept: text/csv -> 406', method: 'GET', url: '/users', headers: { accept: 'text/csv' }, status: 406 },
]);
