// The Accept negotiation api-serve runs everywhere (src/describe/accept-header.ts, plain TypeScript
// so browsers and service workers negotiate too) against the negotiator package as the oracle: the
// same preferred types, in the same order, for hand-picked headers and for seeded generated ones
// (odd casing, spaces, quoted and escaped values, q-values that are no numbers, entries without a
// slash, parameters without `=`, unterminated quotes, names like `constructor`).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import type NegotiatorType from 'negotiator';
import { preferredMediaTypes } from '../../src/describe/accept-header.js';

const Negotiator = createRequire(import.meta.url)('negotiator') as typeof NegotiatorType;
const oracle = (accept: string | undefined, offers: string[]) => new Negotiator({ headers: accept === undefined ? {} : { accept } }).mediaTypes(offers);

const OFFERS = ['application/json', 'application/json;charset=utf-8', 'text/plain;charset=utf-8', 'text/plain', 'application/problem+json', 'text/html', 'image/png', 'application/octet-stream', 'text/csv;header=present'];

test('the headers browsers and HTTP clients send pick what negotiator picks', () => {
  const headers = [
    undefined, '', '*/*', 'application/json', 'application/json, text/plain, */*', 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
    'text/*;q=0.5, application/json;q=0.9', 'TEXT/HTML', 'application/json;charset=UTF-8', 'text/plain;charset=latin1', 'image/*', '*/*;q=0', 'text/html;q=abc',
    'x/y;a="b,c", */*;q=0.1', 'a', ',,', 'text/html;;;', 'text/plain; q=0.2, text/plain;charset=utf-8;q=0.8', 'application/*+json', 'text/csv;header="present"',
    'application/json;q=', 'text/html;constructor=x, */*;toString=1', 'text/plain;"', 'text/plain;charset="utf-8', '*/*;q=0.5, text/plain;q=0.5',
  ];
  for (const h of headers) {
    assert.equal(preferredMediaTypes(h, OFFERS), oracle(h, OFFERS), `Accept: ${JSON.stringify(h)}`);
  }
});

const pick = <T>(...xs: T[]) => fc.constantFrom(...xs);
const ows = pick('', '', ' ', '  ', '\t');
const token = pick('text', 'TEXT', 'application', 'image', '*', 'json', 'plain', 'html', 'problem+json', 'Json', 'x-y', 'a b', '');
const mediaType = fc.tuple(token, pick('/', '/', '/', ''), token).map(([a, s, b]) => `${a}${s}${b}`);
const paramName = pick('q', 'Q', 'charset', 'CHARSET', 'level', 'constructor', '__proto__', 'header', '');
const paramValue = fc.oneof(
  pick('1', '0', '0.5', '0.001', '1.0', '', 'abc', '-1', '2', 'utf-8', 'UTF-8', 'latin1', '*', 'present'),
  fc.tuple(pick('"'), pick('utf-8', 'a,b', 'x\\"y', 'q=1', ''), pick('"', '"', '')).map((p) => p.join('')),
);
const param = fc.tuple(ows, paramName, ows, pick('=', '=', '='), ows, paramValue, ows).map((p) => `;${p.join('')}`);
const entry = fc.tuple(ows, mediaType, ows, fc.array(param, { maxLength: 3 })).map(([a, t, b, ps]) => `${a}${t}${b}${ps.join('')}`);
const accept = fc.array(entry, { maxLength: 5 }).map((es) => es.join(','));

test('seeded generated Accept headers and offers: the same types in the same order as negotiator', () => {
  const offers = fc.shuffledSubarray([...OFFERS, 'TEXT/PLAIN', 'text/plain;charset=UTF-8', 'x/y;constructor=1'], { minLength: 1 });
  fc.assert(fc.property(accept, offers, (h, o) => {
    assert.equal(preferredMediaTypes(h, o), oracle(h, o), `Accept: ${JSON.stringify(h)} offers ${JSON.stringify(o)}`);
  }), { seed: 20261127, numRuns: 3000 });
});

test.run();
