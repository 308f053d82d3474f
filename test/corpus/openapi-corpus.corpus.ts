// The real documents of ../shared/openapi-corpus (read there, never copied): each imported, written
// back and compared, and mocked with every operation's answer judged by ajv against the document's
// own schemas. Run by scripts/corpus.mjs (and by npm test when the folder is present).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';
import { mockConformance, roundTrip } from '../openapi/round-trip.js';

const CORPUS = join(ROOT, '..', 'shared', 'openapi-corpus');

for (const file of readdirSync(CORPUS).filter((f) => /\.(ya?ml|json)$/.test(f)).sort()) {
  test(`${file}: import then api-docs --format openapi validates and keeps operations, parameters, statuses, media types, security and schemas (compared structurally)`, async () => {
    assert.equal(await roundTrip(join(CORPUS, file)), []);
  });
  test(`${file}: api-serve ${file} (mocked) answers every operation with a body its own schema accepts (ajv)`, async () => {
    const r = await mockConformance(join(CORPUS, file));
    assert.equal(r.problems, []);
  });
}

test.run();
