// Examples and samples of an imported document, served by the mock: named examples given by
// `$ref` are kept and chosen by `Prefer: example=` (the document's key or the summary's slug), the
// media type's example is answered first, an example its schema refuses is left out with a warning
// saying why, `allOf` list wrappers answer values of every part, and generated date-times are
// ordinary instants (1970-2100, no leap second).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { mock } from '../../src/mock/mock.js';
import { loadDocument } from '../../src/openapi/index.js';
import { walk } from '../../src/dsl/walk.js';
import { sample } from '../../src/codec/sample.js';
import { arbitrary, fc } from '../../src/codec/arbitrary.js';
import { call, start } from '../helpers/server.js';
import { DOCS, imported } from './load.js';

const s = suite('examples and samples of a document');
const FILE = 'examples-samples.yaml';

/** The document's schema of a 200 JSON answer, compiled by ajv (formats included). */
async function validator(path: string) {
  const doc = (await loadDocument(join(DOCS, FILE))).document as object;
  const ajv = new Ajv2020({ strict: false, validateSchema: false, logger: false });
  (addFormats as unknown as (a: unknown) => void)(ajv);
  ajv.addSchema(doc as never, 'doc');
  const validate = ajv.getSchema(`doc#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/get/responses/200/content/application~1json/schema`)!;
  return (value: unknown) => (validate(value) ? '' : ajv.errorsText(validate.errors));
}

const codecOf = async (name: string) => {
  const { surface } = await imported(FILE);
  return walk(surface).find((e) => e.name === name)!.responses[0]!.content!.codec;
};

const BANK = { id: 1, kind: 'bank', name: 'Savings' };
const CARD = { id: 2, kind: 'card', name: 'Visa' };

const ROWS: readonly { url: string; prefer?: string; status: number; expect: unknown }[] = [
  { url: '/accounts/7', status: 200, expect: BANK },
  { url: '/accounts/7', prefer: 'example=Bank', status: 200, expect: BANK },
  { url: '/accounts/7', prefer: 'example=a-bank-account', status: 200, expect: BANK },
  { url: '/accounts/7', prefer: 'example="A bank account"', status: 200, expect: BANK },
  { url: '/accounts/7', prefer: 'example=Card', status: 200, expect: CARD },
  { url: '/accounts/7', prefer: 'example=card', status: 200, expect: CARD },
  { url: '/greeting', status: 200, expect: { text: 'Hello from the document' } },
  { url: '/broken', status: 200, expect: { text: 'string' } },
];

s('named examples given by $ref are kept; Prefer example= takes the key or the summary\'s slug', async () => {
  const { surface } = await imported(FILE);
  const server = await start(mock(surface));
  try {
    for (const row of ROWS) {
      const r = await call(server.url, 'GET', row.url, { headers: row.prefer === undefined ? {} : { prefer: row.prefer } });
      assert.is(r.status, row.status, `GET ${row.url} (Prefer: ${row.prefer ?? '-'})`);
      assert.equal(r.json(), row.expect, `GET ${row.url} (Prefer: ${row.prefer ?? '-'})`);
    }
    const none = await call(server.url, 'GET', '/accounts/7', { headers: { prefer: 'example=Cash' } });
    assert.is(none.status, 422);
    assert.match(none.text, 'examples: "Bank" / "A bank account", "Card"');
  } finally {
    await server.close();
  }
});

s('an example its schema refuses is left out with a warning saying why; $ref examples warn nothing', async () => {
  const { warnings } = await imported(FILE);
  assert.equal(warnings.map((w) => w.pointer), ['/paths/~1broken/get/responses/200/content/application~1json/example']);
  assert.match(warnings[0]!.message, '($.text: expected text, got number 42); left out, a sample of the schema is answered instead');
});

s('an allOf list wrapper: its sample and 50 dynamic answers are values of every part', async () => {
  const valid = await validator('/accounts');
  const sampled = sample(await codecOf('listAccounts'));
  assert.is(valid(sampled), '', JSON.stringify(sampled));
  assert.ok((sampled as { data: unknown[] }).data.every((x) => Object.keys(x as object).length > 0), JSON.stringify(sampled));
  const { surface } = await imported(FILE);
  const server = await start(mock(surface, { seed: 33 }));
  try {
    for (let i = 0; i < 50; i++) {
      const r = await call(server.url, 'GET', '/accounts', { headers: { prefer: 'dynamic=true' } });
      assert.is(r.status, 200, r.text);
      assert.is(valid(r.json()), '', r.text);
    }
  } finally {
    await server.close();
  }
});

s('generated date-times and dates lie within 1970-2100 and never use a leap second', async () => {
  const codec = await codecOf('latestEvent');
  const values = fc.sample(arbitrary(codec), { seed: 4, numRuns: 1000 }) as { at: string; on: string }[];
  const [first, last] = [Date.UTC(1970, 0, 1), Date.UTC(2101, 0, 1)];
  for (const { at, on } of values) {
    for (const text of [at, on]) {
      const t = new Date(text).getTime();
      assert.ok(t >= first && t < last, `${text} is not within 1970-2100`);
    }
    assert.not.match(at, ':60');
  }
  const valid = await validator('/events/latest');
  for (const v of values.slice(0, 100)) assert.is(valid(v), '', JSON.stringify(v));
});

s.run();
