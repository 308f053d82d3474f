// The breaking-change gate's table: one row per kind of change, a pair of small surfaces written
// here, the verdict api-docs diff must give, and the oasdiff rule that classifies the same change
// in an OpenAPI document (oasdiff/oasdiff checker/rules.go at 001f320b, levels ERR and WARN are
// breaking, INFO is not). Where the verdict differs from oasdiff's, the row says why.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { api, auth, body, capture, content, get, header, json, media, post, query, t, type Tree } from '../../src/index.js';
import { contractOf, diffContracts } from '../../src/docs/diff/index.js';

type Level = 'ERR' | 'WARN' | 'INFO';

interface Row {
  readonly change: string;
  /** oasdiff's rule id for the same change, and its level. */
  readonly oasdiff: readonly [string, Level];
  readonly old: Tree;
  readonly new: Tree;
  /** The kind of change api-docs diff reports. */
  readonly kind: string;
  readonly verdict: 'breaking' | 'compatible';
  /** Why the verdict is not oasdiff's, when it is not. */
  readonly differs?: string;
}

const Item = (fields: Parameters<typeof t.object>[1]) => t.object('Item', fields);
const text = t.text;
const reads = (codec: Parameters<typeof body>[0], m = [media.json]) => ({ make: post('items', body(codec, m)).returns(json(t.text)) });
const answers = (codec: Parameters<typeof json>[0]) => ({ read: get('items').returns(json(codec)) });
const Kind = (values: string[]) => t.oneOf(values);

const ROWS: readonly Row[] = [
  // Endpoints
  { change: 'a path removed', oasdiff: ['api-path-removed-without-deprecation', 'ERR'], kind: 'endpoint-removed', verdict: 'breaking',
    old: { a: get('a').returns(json(text)), b: get('b').returns(json(text)) }, new: { b: get('b').returns(json(text)) } },
  { change: 'a method removed, its path kept', oasdiff: ['api-removed-without-deprecation', 'ERR'], kind: 'endpoint-removed', verdict: 'breaking',
    old: { a: get('a').returns(json(text)), b: post('a').returns(json(text)) }, new: { a: get('a').returns(json(text)) } },
  { change: 'an endpoint added', oasdiff: ['endpoint-added', 'INFO'], kind: 'endpoint-added', verdict: 'compatible',
    old: { a: get('a').returns(json(text)) }, new: { a: get('a').returns(json(text)), b: get('b').returns(json(text)) } },
  // Parameters
  { change: 'an optional query parameter added', oasdiff: ['new-optional-request-parameter', 'INFO'], kind: 'query-added', verdict: 'compatible',
    old: { a: get('a').returns(json(text)) }, new: { a: get('a', query('q', t.int)).returns(json(text)) } },
  { change: 'a query parameter removed', oasdiff: ['request-parameter-removed', 'WARN'], kind: 'query-removed', verdict: 'breaking',
    old: { a: get('a', query('q', t.int)).returns(json(text)) }, new: { a: get('a').returns(json(text)) } },
  { change: 'a query parameter narrowed from text to integer', oasdiff: ['request-parameter-type-changed', 'ERR'], kind: 'query:type', verdict: 'breaking',
    old: { a: get('a', query('q', text)).returns(json(text)) }, new: { a: get('a', query('q', t.int)).returns(json(text)) } },
  { change: 'a maximum set on a query parameter', oasdiff: ['request-parameter-max-set', 'ERR'], kind: 'query:maximum-set', verdict: 'breaking',
    old: { a: get('a', query('q', t.int)).returns(json(text)) }, new: { a: get('a', query('q', t.constrain(t.int, { maximum: 10 }))).returns(json(text)) } },
  { change: "a query parameter's maximum raised", oasdiff: ['request-parameter-max-increased', 'INFO'], kind: 'query:maximum-increased', verdict: 'compatible',
    old: { a: get('a', query('q', t.constrain(t.int, { maximum: 10 }))).returns(json(text)) }, new: { a: get('a', query('q', t.constrain(t.int, { maximum: 20 }))).returns(json(text)) } },
  { change: 'an optional request header added', oasdiff: ['new-optional-request-parameter', 'INFO'], kind: 'header-added', verdict: 'compatible',
    old: { a: get('a').returns(json(text)) }, new: { a: get('a', header('X-Trace', text)).returns(json(text)) } },
  { change: 'a path variable narrowed from text to integer', oasdiff: ['request-parameter-type-changed', 'ERR'], kind: 'capture:type', verdict: 'breaking',
    old: { a: get('a', capture('id', text)).returns(json(text)) }, new: { a: get('a', capture('id', t.int)).returns(json(text)) } },
  // Request bodies
  { change: 'a request body added', oasdiff: ['request-body-added-required', 'ERR'], kind: 'body-added', verdict: 'breaking',
    old: { make: post('items').returns(json(text)) }, new: reads(Item({ name: text })) },
  { change: 'a request media type removed', oasdiff: ['request-body-media-type-removed', 'ERR'], kind: 'request-media-removed', verdict: 'breaking',
    old: reads(Item({ name: text }), [media.json, media.form]), new: reads(Item({ name: text })) },
  { change: 'a request media type added', oasdiff: ['request-body-media-type-added', 'INFO'], kind: 'request-media-added', verdict: 'compatible',
    old: reads(Item({ name: text })), new: reads(Item({ name: text }), [media.json, media.form]) },
  { change: 'a required request field added', oasdiff: ['new-required-request-property', 'ERR'], kind: 'request-body:property-added', verdict: 'breaking',
    old: reads(Item({ name: text })), new: reads(Item({ name: text, size: t.int })) },
  { change: 'an optional request field added', oasdiff: ['new-optional-request-property', 'INFO'], kind: 'request-body:property-added', verdict: 'compatible',
    old: reads(Item({ name: text })), new: reads(Item({ name: text, size: t.optional(t.int) })) },
  { change: 'a request field removed', oasdiff: ['request-property-removed', 'WARN'], kind: 'request-body:property-removed', verdict: 'breaking',
    old: reads(Item({ name: text, size: t.optional(t.int) })), new: reads(Item({ name: text })) },
  { change: 'a request field became required', oasdiff: ['request-property-became-required', 'ERR'], kind: 'request-body:became-required', verdict: 'breaking',
    old: reads(Item({ size: t.optional(t.int) })), new: reads(Item({ size: t.int })) },
  { change: 'a request field became optional', oasdiff: ['request-property-became-optional', 'INFO'], kind: 'request-body:became-optional', verdict: 'compatible',
    old: reads(Item({ size: t.int })), new: reads(Item({ size: t.optional(t.int) })) },
  { change: 'a request enum value removed', oasdiff: ['request-property-enum-value-removed', 'ERR'], kind: 'request-body:enum-value-removed', verdict: 'breaking',
    old: reads(Item({ kind: Kind(['a', 'b']) })), new: reads(Item({ kind: Kind(['a']) })) },
  { change: 'a request enum value added', oasdiff: ['request-property-enum-value-added', 'INFO'], kind: 'request-body:enum-value-added', verdict: 'compatible',
    old: reads(Item({ kind: Kind(['a']) })), new: reads(Item({ kind: Kind(['a', 'b']) })) },
  { change: "a request field's maxLength lowered", oasdiff: ['request-property-max-length-decreased', 'ERR'], kind: 'request-body:maxLength-decreased', verdict: 'breaking',
    old: reads(Item({ name: t.constrain(text, { maxLength: 20 }) })), new: reads(Item({ name: t.constrain(text, { maxLength: 10 }) })) },
  { change: 'a pattern added to a request field', oasdiff: ['request-property-pattern-added', 'ERR'], kind: 'request-body:pattern-set', verdict: 'breaking',
    old: reads(Item({ name: text })), new: reads(Item({ name: t.constrain(text, { pattern: '^[a-z]+$' }) })) },
  { change: 'a request field widened from integer to number', oasdiff: ['request-property-type-generalized', 'INFO'], kind: 'request-body:type', verdict: 'compatible',
    old: reads(Item({ size: t.int })), new: reads(Item({ size: t.number })) },
  { change: 'a request field became nullable', oasdiff: ['request-property-became-nullable', 'INFO'], kind: 'request-body:option-added', verdict: 'compatible',
    old: reads(Item({ size: t.int })), new: reads(Item({ size: t.nullable(t.int) })) },
  // Responses
  { change: 'a success status removed', oasdiff: ['response-success-status-removed', 'ERR'], kind: 'status-removed', verdict: 'breaking',
    old: { a: get('a').returns(json(text)).responds(202, json(text)) }, new: { a: get('a').returns(json(text)) } },
  { change: 'an error status removed', oasdiff: ['response-non-success-status-removed', 'INFO'], kind: 'status-removed', verdict: 'compatible',
    old: { a: get('a').returns(json(text)).responds(404, json(text)) }, new: { a: get('a').returns(json(text)) } },
  { change: 'an error status added', oasdiff: ['response-non-success-status-added', 'INFO'], kind: 'status-added', verdict: 'compatible',
    old: { a: get('a').returns(json(text)) }, new: { a: get('a').returns(json(text)).responds(404, json(text)) } },
  { change: 'a response media type removed', oasdiff: ['response-media-type-removed', 'ERR'], kind: 'response-media-removed', verdict: 'breaking',
    old: { a: get('a').returns(content(text, [media.json, media.text])) }, new: { a: get('a').returns(json(text)) } },
  { change: 'a response media type added', oasdiff: ['response-media-type-added', 'INFO'], kind: 'response-media-added', verdict: 'compatible',
    old: { a: get('a').returns(json(text)) }, new: { a: get('a').returns(content(text, [media.json, media.text])) } },
  { change: 'the response body type changed from text to integer', oasdiff: ['response-body-type-changed', 'ERR'], kind: 'response-body:type', verdict: 'breaking',
    old: { a: get('a').returns(json(text)) }, new: { a: get('a').returns(json(t.int)) } },
  { change: 'a required response field removed', oasdiff: ['response-required-property-removed', 'ERR'], kind: 'response-body:property-removed', verdict: 'breaking',
    old: answers(Item({ id: t.int, name: text })), new: answers(Item({ id: t.int })) },
  { change: 'an optional response field removed', oasdiff: ['response-optional-property-removed', 'INFO'], kind: 'response-body:property-removed', verdict: 'compatible',
    old: answers(Item({ id: t.int, name: t.optional(text) })), new: answers(Item({ id: t.int })) },
  { change: 'a required response field added', oasdiff: ['response-required-property-added', 'INFO'], kind: 'response-body:property-added', verdict: 'compatible',
    old: answers(Item({ id: t.int })), new: answers(Item({ id: t.int, name: text })) },
  { change: 'a response field became optional', oasdiff: ['response-property-became-optional', 'ERR'], kind: 'response-body:became-optional', verdict: 'breaking',
    old: answers(Item({ id: t.int, name: text })), new: answers(Item({ id: t.int, name: t.optional(text) })) },
  { change: 'an enum value added to a response', oasdiff: ['response-property-enum-value-added', 'WARN'], kind: 'response-body:enum-value-added', verdict: 'breaking',
    old: answers(Item({ kind: Kind(['a']) })), new: answers(Item({ kind: Kind(['a', 'b']) })) },
  { change: 'an enum value removed from a response', oasdiff: ['response-property-enum-value-removed', 'INFO'], kind: 'response-body:enum-value-removed', verdict: 'compatible',
    old: answers(Item({ kind: Kind(['a', 'b']) })), new: answers(Item({ kind: Kind(['a']) })) },
  { change: 'a response field widened from integer to number', oasdiff: ['response-property-type-generalized', 'ERR'], kind: 'response-body:type', verdict: 'breaking',
    old: answers(Item({ size: t.int })), new: answers(Item({ size: t.number })) },
  { change: "a response field's maximum raised", oasdiff: ['response-property-max-increased', 'ERR'], kind: 'response-body:maximum-increased', verdict: 'breaking',
    old: answers(Item({ size: t.constrain(t.int, { maximum: 10 }) })), new: answers(Item({ size: t.constrain(t.int, { maximum: 20 }) })) },
  { change: 'a response field became nullable', oasdiff: ['response-property-became-nullable', 'ERR'], kind: 'response-body:option-added', verdict: 'breaking',
    old: answers(Item({ size: t.int })), new: answers(Item({ size: t.nullable(t.int) })) },
  { change: 'a response header removed', oasdiff: ['optional-response-header-removed', 'WARN'], kind: 'response-header-removed', verdict: 'breaking',
    old: { a: get('a').returns(json(text), { headers: { 'X-Count': t.int } }) }, new: { a: get('a').returns(json(text)) } },
  { change: 'a response header added', oasdiff: ['response-header-added', 'INFO'], kind: 'response-header-added', verdict: 'compatible',
    old: { a: get('a').returns(json(text)) }, new: { a: get('a').returns(json(text), { headers: { 'X-Count': t.int } }) } },
  // Authentication
  { change: 'authentication added to an open endpoint', oasdiff: ['api-security-added', 'INFO'], kind: 'auth-added', verdict: 'breaking',
    differs: 'oasdiff reads an added security requirement as one more alternative (it widens a list of alternatives); on an endpoint that had none, every client without credentials now gets a 401',
    old: { a: get('a').returns(json(text)) }, new: { a: get('a', auth(['Bearer'], 'test')).returns(json(text)) } },
  { change: 'an accepted authentication scheme removed', oasdiff: ['api-security-removed', 'ERR'], kind: 'auth-scheme-removed', verdict: 'breaking',
    old: { a: get('a', auth(['Bearer', 'Basic'], 'test')).returns(json(text)) }, new: { a: get('a', auth(['Basic'], 'test')).returns(json(text)) } },
  { change: 'an accepted authentication scheme added', oasdiff: ['api-security-added', 'INFO'], kind: 'auth-scheme-added', verdict: 'compatible',
    old: { a: get('a', auth(['Basic'], 'test')).returns(json(text)) }, new: { a: get('a', auth(['Bearer', 'Basic'], 'test')).returns(json(text)) } },
  { change: 'authentication removed', oasdiff: ['api-security-removed', 'ERR'], kind: 'auth-removed', verdict: 'compatible',
    differs: 'oasdiff flags any removed security requirement; here no scheme is required any more, so every request that was answered still is (its credentials are simply not read)',
    old: { a: get('a', auth(['Bearer'], 'test')).returns(json(text)) }, new: { a: get('a').returns(json(text)) } },
];

const judge = (row: Row) => diffContracts(contractOf(api('Old', { title: 'old' }, row.old)), contractOf(api('New', { title: 'new' }, row.new)));

for (const row of ROWS) {
  test(`${row.change} is ${row.verdict} (${row.kind}; oasdiff ${row.oasdiff[0]} ${row.oasdiff[1]})`, () => {
    const result = judge(row);
    const found = result.changes.filter((c) => c.kind === row.kind);
    assert.ok(found.length > 0, `no ${row.kind} change; got ${JSON.stringify(result.changes.map((c) => `${c.kind} ${c.verdict}`))}`);
    for (const c of found) assert.is(c.verdict, row.verdict, `${c.where}: ${c.what}`);
    // The whole diff gives the row's verdict: exit 1 exactly when the row is breaking.
    assert.is(result.breaking > 0, row.verdict === 'breaking', JSON.stringify(result.changes.map((c) => `${c.kind} ${c.verdict}`)));
  });
}

test('every verdict agrees with oasdiff (ERR and WARN breaking, INFO not) or says why it differs', () => {
  const unexplained = ROWS.filter((r) => ((r.oasdiff[1] !== 'INFO') === (r.verdict === 'breaking')) === (r.differs !== undefined)).map((r) => r.change);
  assert.equal(unexplained, []);
});

test('a surface compared with itself has no change', () => {
  for (const row of ROWS) {
    const c = contractOf(api('Same', { title: 'same' }, row.old));
    assert.equal(diffContracts(c, c).changes, [], row.change);
  }
});

test('a renamed path variable is no change (names are not on the wire); endpoints match by position', () => {
  const result = diffContracts(contractOf(api('A', { title: 'a' }, { a: get('a', capture('x', t.int)).returns(json(text)) })),
    contractOf(api('B', { title: 'b' }, { a: get('a', capture('id', t.int)).returns(json(text)) })));
  assert.equal(result.changes, []);
});

test.run();
