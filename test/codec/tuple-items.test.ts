// Tuples as JSON Schema 2020-12 reads them: `prefixItems` checks the positions that are present
// (a shorter list is valid unless minItems says otherwise), `items` checks every item after them
// (`false`: none allowed; absent: anything), with minItems, maxItems and uniqueItems; draft 4's
// `items: [..]` with `additionalItems` means the same. Through the importer, the DSL, a served
// mock, sample/arbitrary/near misses (judged by ajv), and the `.ts` writer.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { t, jsonEncoder, type Codec } from '../../src/codec/index.js';
import { arbitrary, fc, nearMisses, sample } from '../../src/generate/index.js';
import { checkFast } from '../../src/codec/validator.js';
import { codecProblems } from '../../src/codec/validate.js';
import { CodecSource } from '../../src/openapi/codec-source.js';
import { importSurface } from '../../src/openapi/index.js';
import { mock } from '../../src/mock/index.js';
import { call, start } from '../helpers/server.js';

const test = suite('tuples: prefixItems, items, additionalItems');

type Obj = Record<string, unknown>;

/** A 3.1 (or 3.0) document with one `POST /<name>` per schema taking it as its JSON body and answering it. */
function documentOf(version: '3.0' | '3.1', schemas: Readonly<Record<string, Obj>>): Obj {
  const paths: Obj = {};
  for (const name of Object.keys(schemas)) {
    const ref = { $ref: `#/components/schemas/${name}` };
    paths[`/${name}`] = {
      post: {
        operationId: name,
        requestBody: { required: true, content: { 'application/json': { schema: ref } } },
        responses: { '200': { description: 'the list', content: { 'application/json': { schema: ref } } } },
      },
    };
  }
  return { openapi: version === '3.1' ? '3.1.0' : '3.0.3', info: { title: 'Tuples', version: '1' }, paths, components: { schemas } };
}

const SCHEMAS_31: Readonly<Record<string, Obj>> = {
  // [integer, string] and nothing after: [] and [1] are values too.
  Closed: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }], items: false },
  // Booleans after the two positions.
  Flagged: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }], items: { type: 'boolean' } },
  // Anything after the position, at least 2 and at most 3 items, all distinct.
  Counted: { type: 'array', prefixItems: [{ type: 'integer', minimum: 0 }], minItems: 2, maxItems: 3, uniqueItems: true },
  // Only the empty list.
  Empty: { type: 'array', items: false },
  // A fixed pair: minItems fills every position.
  Pair: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false, minItems: 2 },
};

const SCHEMAS_30: Readonly<Record<string, Obj>> = {
  // Draft 4's tuple form: `items` as a list, `additionalItems` after it.
  Closed: { type: 'array', items: [{ type: 'integer' }, { type: 'string' }], additionalItems: false },
  Flagged: { type: 'array', items: [{ type: 'integer' }, { type: 'string' }], additionalItems: { type: 'boolean' } },
  Open: { type: 'array', items: [{ type: 'integer' }] },
};

function imported(version: '3.0' | '3.1', schemas: Readonly<Record<string, Obj>>) {
  return importSurface({ document: documentOf(version, schemas), version }, 'tuples');
}

/** The codec a document's body schema was read into. */
function bodyCodec(version: '3.0' | '3.1', schemas: Readonly<Record<string, Obj>>, name: string): Codec<unknown> {
  const doc = imported(version, { [name]: schemas[name]! });
  assert.equal(doc.warnings.map((w) => `${w.pointer}: ${w.message}`), [], `${name} reads without warnings`);
  // The reader memoises each component: this is the codec the body was read into.
  return doc.schemas.read({ $ref: `#/components/schemas/${name}` }, `/components/schemas/${name}`);
}

interface Row { readonly name: string; readonly value: unknown; readonly valid: boolean }

const ROWS_31: Readonly<Record<string, readonly Row[]>> = {
  Closed: [
    { name: 'both positions', value: [1, 'a'], valid: true },
    { name: 'one position (the rest absent)', value: [1], valid: true },
    { name: 'no item', value: [], valid: true },
    { name: 'an item past the positions', value: [1, 'a', 2], valid: false },
    { name: 'a wrong first position', value: ['a'], valid: false },
  ],
  Flagged: [
    { name: 'positions then booleans', value: [1, 'a', true, false], valid: true },
    { name: 'a shorter list', value: [1], valid: true },
    { name: 'a non-boolean after the positions', value: [1, 'a', 'b'], valid: false },
  ],
  Counted: [
    { name: 'two distinct items', value: [0, 'x'], valid: true },
    { name: 'one item (minItems 2)', value: [0], valid: false },
    { name: 'four items (maxItems 3)', value: [0, 1, 2, 3], valid: false },
    { name: 'a repeat (uniqueItems)', value: [0, 0], valid: false },
    { name: 'a negative first position', value: [-1, 'x'], valid: false },
  ],
  Empty: [
    { name: 'the empty list', value: [], valid: true },
    { name: 'any item', value: [1], valid: false },
  ],
  Pair: [
    { name: 'a pair', value: [1, 2], valid: true },
    { name: 'one number', value: [1], valid: false },
  ],
};

test('a 3.1 document\'s prefixItems/items lists are checked as JSON Schema says, by check and by the compiled validator', () => {
  for (const [name, rows] of Object.entries(ROWS_31)) {
    const codec = bodyCodec('3.1', SCHEMAS_31, name);
    for (const r of rows) {
      assert.is(codec.check(r.value, '$').ok, r.valid, `${name}: ${r.name} (check)`);
      assert.is(checkFast(codec, r.value).ok, r.valid, `${name}: ${r.name} (validator)`);
    }
  }
});

test('a 3.0 document\'s draft-4 tuple (items as a list, additionalItems) means the same', () => {
  const rows: Readonly<Record<string, readonly Row[]>> = {
    Closed: [{ name: 'shorter', value: [1], valid: true }, { name: 'longer', value: [1, 'a', null], valid: false }],
    Flagged: [{ name: 'booleans after', value: [1, 'a', true], valid: true }, { name: 'text after', value: [1, 'a', 'b'], valid: false }],
    Open: [{ name: 'anything after (no additionalItems)', value: [1, 'a', {}], valid: true }, { name: 'a wrong position', value: ['a'], valid: false }],
  };
  for (const [name, list] of Object.entries(rows)) {
    const codec = bodyCodec('3.0', SCHEMAS_30, name);
    for (const r of list) assert.is(codec.check(r.value, '$').ok, r.valid, `${name}: ${r.name}`);
  }
});

test('the importer writes the schema back as 2020-12 prefixItems/items', () => {
  assert.equal(bodyCodec('3.1', SCHEMAS_31, 'Closed').schema, { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }], items: false });
  assert.equal(bodyCodec('3.0', SCHEMAS_30, 'Flagged').schema, { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }], items: { type: 'boolean' } });
  assert.equal(bodyCodec('3.1', SCHEMAS_31, 'Empty').schema, { type: 'array', items: false });
  assert.equal(bodyCodec('3.1', SCHEMAS_31, 'Pair').schema, { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false, minItems: 2 });
});

test('POST a body to the served mock: a list past items: false -> 400 naming the position; a shorter one -> 200', async () => {
  const doc = imported('3.1', SCHEMAS_31);
  const server = await start(mock(doc.surface));
  const JSON_CT = { 'content-type': 'application/json' };
  const cases = [
    { url: '/Closed', body: '[1,"a",2]', status: 400, text: /^Error in \$\[2\]: unexpected item 3/ },
    { url: '/Closed', body: '[1]', status: 200 },
    { url: '/Closed', body: '[]', status: 200 },
    { url: '/Flagged', body: '[1,"a",true,"no"]', status: 400, text: /^Error in \$\[3\]: expected boolean/ },
    { url: '/Flagged', body: '[1,"a",true,false]', status: 200 },
    { url: '/Counted', body: '[0,0]', status: 400, text: /uniqueItems/ },
    { url: '/Empty', body: '[null]', status: 400, text: /^Error in \$\[0\]/ },
  ];
  try {
    for (const c of cases) {
      const res = await call(server.url, 'POST', c.url, { headers: JSON_CT, body: c.body });
      assert.is(res.status, c.status, `POST ${c.url} ${c.body}: ${res.text}`);
      if (c.text) assert.match(res.text, c.text, `POST ${c.url} ${c.body}`);
    }
  } finally {
    await server.close();
  }
});

test('DSL: t.tuple keeps its fixed reading; partial and rest open it as prefixItems and items do', () => {
  const fixed = t.tuple([t.int, t.text]);
  assert.equal(fixed.schema, { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }], items: false, minItems: 2 });
  assert.not.ok(fixed.check([1], '$').ok, 'a fixed tuple needs every position');
  const long = fixed.check([1, 'a', 2], '$');
  assert.equal(long.ok ? undefined : [long.path, long.error], ['$', 'expected 2 items (integer, text), got 3'], 'a fixed tuple says what it always said');
  const open = t.tuple([t.int], { partial: true, rest: t.text, maxItems: 3 });
  assert.equal(open.check([], '$'), { ok: true, value: [] });
  assert.equal(open.check([1, 'a', 'b'], '$'), { ok: true, value: [1, 'a', 'b'] });
  assert.not.ok(open.check([1, 'a', 'b', 'c'], '$').ok, 'maxItems 3');
  assert.is(open.label, '(integer?, ...text)', 'messages and docs show the positions as optional and the rest');
  assert.is(jsonEncoder(open)([1, 'a']), '[1,"a"]');
  assert.throws(() => jsonEncoder(t.tuple([t.int], { partial: true }))([1, 2]), /expected/, 'the encoder refuses an item past the positions');
  // As text (a query value): comma-separated, the rest after the positions.
  assert.equal(open.parseText('1,a,b'), { ok: true, value: [1, 'a', 'b'] });
  assert.equal(open.parseText(''), { ok: true, value: [] });
});

test('a surface whose minItems exceeds what items: false allows is refused when it loads', () => {
  const codec = t.tuple([t.int], { partial: true, minItems: 2 });
  assert.equal(codecProblems(codec).map((p) => p.message), ['minItems 2 is above the 1 position of prefixItems with items: false: no value can satisfy both']);
  assert.equal(codecProblems(t.tuple([t.int], { partial: true, rest: t.text, minItems: 2 })), [], 'with a rest, more items may follow');
});

const ajv = new Ajv2020({ strict: false });

test('sample and 100 arbitrary values are valid for ajv, near misses (one part broken) are refused by it', () => {
  const codecs: [string, Codec<unknown>][] = [
    ...Object.keys(SCHEMAS_31).map((n): [string, Codec<unknown>] => [n, bodyCodec('3.1', SCHEMAS_31, n)]),
    ...Object.keys(SCHEMAS_30).map((n): [string, Codec<unknown>] => [`3.0 ${n}`, bodyCodec('3.0', SCHEMAS_30, n)]),
    ['fixed DSL tuple', t.tuple([t.int, t.bool])],
    ['partial with a rest of objects', t.tuple([t.text], { partial: true, rest: t.object('P', { x: t.int }), maxItems: 4, uniqueItems: true })],
  ];
  for (const [name, codec] of codecs) {
    const valid = ajv.compile(codec.schema);
    const s = sample(codec);
    assert.ok(valid(s), `${name}: sample ${JSON.stringify(s)}: ${ajv.errorsText(valid.errors)}`);
    for (const v of fc.sample(arbitrary(codec), { numRuns: 100, seed: 7 })) {
      assert.ok(valid(v), `${name}: arbitrary ${JSON.stringify(v)}: ${ajv.errorsText(valid.errors)}`);
      assert.ok(codec.check(v, '$').ok, `${name}: arbitrary ${JSON.stringify(v)} (check)`);
    }
    const misses = nearMisses(codec);
    for (const m of misses) {
      assert.not.ok(valid(m.value), `${name}: near miss ${m.keyword} at ${m.pointer || '/'}: ${JSON.stringify(m.value)} accepted by ajv`);
      assert.not.ok(codec.check(m.value, '$').ok, `${name}: near miss ${JSON.stringify(m.value)} accepted by check`);
    }
    const keywords = new Set(misses.map((m) => m.keyword));
    if (codec.kind === 'tuple' && codec.rest === false) assert.ok(keywords.has('items'), `${name}: one item too many is a near miss`);
  }
  // Each part of Counted is broken once.
  const counted = new Set(nearMisses(bodyCodec('3.1', SCHEMAS_31, 'Counted')).map((m) => `${m.pointer} ${m.keyword}`));
  for (const k of [' minItems', ' maxItems', ' uniqueItems', '/0 minimum']) assert.ok(counted.has(k), `Counted: near miss ${k}`);
  const flagged = new Set(nearMisses(bodyCodec('3.1', SCHEMAS_31, 'Flagged')).map((m) => `${m.pointer} ${m.keyword}`));
  assert.ok(flagged.has('/2 type'), 'Flagged: an item after the positions of the wrong type');
});

test('the .ts writer writes open tuples as calls that rebuild the same codec', () => {
  const codecs = [
    bodyCodec('3.1', SCHEMAS_31, 'Closed'), bodyCodec('3.1', SCHEMAS_31, 'Flagged'), bodyCodec('3.1', SCHEMAS_31, 'Counted'),
    bodyCodec('3.1', SCHEMAS_31, 'Empty'), bodyCodec('3.1', SCHEMAS_31, 'Pair'), t.tuple([t.int, t.bool]),
  ];
  const written = codecs.map((c) => new CodecSource().expr(c));
  assert.is(written[5], 't.tuple([t.int, t.bool])', 'a fixed tuple is written as it always was');
  assert.is(written[4], 't.tuple([t.number, t.number])', 'a pair whose minItems fills the positions is a fixed tuple');
  assert.is(written[0], 't.tuple([t.int, t.text], { partial: true })');
  codecs.forEach((c, i) => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the writer's output is plain calls over `t`
    const rebuilt = new Function('t', `return ${written[i]!};`)(t) as Codec<unknown>;
    assert.equal(rebuilt.schema, c.schema, written[i]);
    for (const v of [[], [1], [1, 'a'], [1, 'a', true], [0, 'x', 'y'], [1, 2]]) assert.is(rebuilt.check(v, '$').ok, c.check(v, '$').ok, `${written[i]} on ${JSON.stringify(v)}`);
  });
});

test.run();
