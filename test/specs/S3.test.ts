// S3 over real HTTP: greetings, and the two customised formatters (body parse, not found)
// with and without an Accept that admits JSON; URL and header parse errors stay default.
import { handlers } from '../../specs/S3.js';
import { JSON_BODY, JSON_TYPE, TEXT_TYPE, caseSuite } from '../helpers/cases.js';

const missing = 'Error in $: key "_msg" not found';

caseSuite('S3', handlers, [
  { name: 'GET /hello/alice -> Hello, alice', method: 'GET', url: '/hello/alice', status: 200, json: { _msg: 'Hello, alice' } },
  { name: 'GET /hello/alice?capital=true -> upper case', method: 'GET', url: '/hello/alice?capital=true', status: 200, json: { _msg: 'HELLO, ALICE' } },
  { name: 'GET /hello/alice?capital=TRUE -> booleans are case-insensitive', method: 'GET', url: '/hello/alice?capital=TRUE', status: 200, json: { _msg: 'HELLO, ALICE' } },
  { name: 'GET /hello/alice?capital=false -> as typed', method: 'GET', url: '/hello/alice?capital=false', status: 200, json: { _msg: 'Hello, alice' } },
  { name: 'GET /hello/J%C3%BCrgen%20K -> decoded name', method: 'GET', url: '/hello/J%C3%BCrgen%20K', status: 200, json: { _msg: 'Hello, Jürgen K' } },
  { name: 'GET /hello/alice?capital=yes -> default plain 400 (URL formatter untouched)', method: 'GET', url: '/hello/alice?capital=yes', status: 400, text: 'Error parsing query parameter capital failed: "yes" is not a boolean (true or false)', expectHeaders: { 'content-type': TEXT_TYPE } },
  { name: 'POST /greet -> echoes the Greet', method: 'POST', url: '/greet', headers: JSON_BODY, body: '{"_msg":"hi"}', status: 200, json: { _msg: 'hi' } },
  { name: 'POST /greet with a bad body -> JSON error with combinator', method: 'POST', url: '/greet', headers: JSON_BODY, body: '{"foo":"bar"}', status: 400, json: { error: missing, combinator: "ReqBody'" }, expectHeaders: { 'content-type': JSON_TYPE } },
  { name: 'POST /greet bad body, Accept: application/json -> JSON error', method: 'POST', url: '/greet', headers: { ...JSON_BODY, accept: 'application/json' }, body: '{', status: 400, expectHeaders: { 'content-type': JSON_TYPE } },
  { name: 'POST /greet bad body, Accept: application/json;charset=utf-8 -> JSON error (formatter sees the charset range)', method: 'POST', url: '/greet', headers: { ...JSON_BODY, accept: 'application/json;charset=utf-8' }, body: '{', status: 400, expectHeaders: { 'content-type': JSON_TYPE } },
  { name: 'POST /greet bad body, Accept: text/plain -> plain message', method: 'POST', url: '/greet', headers: { ...JSON_BODY, accept: 'text/plain' }, body: '{"foo":"bar"}', status: 400, text: missing, expectHeaders: { 'content-type': TEXT_TYPE } },
  { name: 'POST /greet with Accept: text/plain -> the greeting as text', method: 'POST', url: '/greet', headers: { ...JSON_BODY, accept: 'text/plain' }, body: '{"_msg":"hi"}', status: 200, text: '{"_msg":"hi"}', expectHeaders: { 'content-type': TEXT_TYPE } },
  { name: 'POST /greet with text/plain body -> 415', method: 'POST', url: '/greet', headers: { 'content-type': 'text/plain' }, body: 'hi', status: 415 },
  { name: 'DELETE /greet/abc -> 200 with an empty body', method: 'DELETE', url: '/greet/abc', status: 200, text: '' },
  { name: 'GET /greet/abc -> 405 with Allow: DELETE', method: 'GET', url: '/greet/abc', status: 405, expectHeaders: { allow: 'DELETE' } },
  { name: 'GET /nope/x?q=1 -> custom 404 with the raw path', method: 'GET', url: '/nope/x?q=1', status: 404, text: 'Not found path: /nope/x' },
  { name: 'GET /n%20pe -> custom 404 keeps the path undecoded', method: 'GET', url: '/n%20pe', status: 404, text: 'Not found path: /n%20pe' },
  { name: 'GET /hello -> custom 404 (capture missing)', method: 'GET', url: '/hello', status: 404, text: 'Not found path: /hello' },
]);
