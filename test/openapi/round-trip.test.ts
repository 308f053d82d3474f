// The project's own OpenAPI documents: imported, written back by api-docs (valid, with the same
// operations, parameters, statuses, media types and security), and mocked with every operation
// answered by a body the input document's own schema accepts (judged by ajv).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DOCS } from './load.js';
import { mockConformance, roundTrip } from './round-trip.js';

for (const file of ['features.yaml', 'features-30.yaml']) {
  test(`${file}: import then api-docs --format openapi validates and keeps operations, parameters, statuses, media types and security`, async () => {
    assert.equal(await roundTrip(`${DOCS}${file}`), []);
  });
  test(`${file}: the mock answers every operation with a body its own schema accepts (ajv)`, async () => {
    const r = await mockConformance(`${DOCS}${file}`);
    assert.ok(r.asked >= 2, `asked ${r.asked}`);
    assert.equal(r.problems, []);
  });
}

test.run();
