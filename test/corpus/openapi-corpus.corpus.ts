// The real documents of ../shared/openapi-corpus (read there, never copied): each imported, written
// back and compared; mocked with every operation's answer judged by ajv against the document's own
// schemas; and mocked against the predictor with generated requests (every protocol error as the
// description says). Run by scripts/corpus.mjs (and by npm test when the folder is present).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';
import { mockConformance, roundTrip } from '../openapi/round-trip.js';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { mockVersusPredictor } from '../mock/mock-vs-predictor.js';

const CORPUS = join(ROOT, '..', 'shared', 'openapi-corpus');

for (const file of readdirSync(CORPUS).filter((f) => /\.(ya?ml|json)$/.test(f)).sort()) {
  test(`${file}: import then api-docs --format openapi validates and keeps operations, parameters, statuses, media types and security`, async () => {
    assert.equal(await roundTrip(join(CORPUS, file)), []);
  });
  test(`${file}: api-serve ${file} (mocked) answers every operation with a body its own schema accepts (ajv)`, async () => {
    const r = await mockConformance(join(CORPUS, file));
    assert.equal(r.problems, []);
  });
  test(`${file}: mocked, generated requests to every operation: protocol errors exactly as predicted, every answer declared and conforming`, async () => {
    const { surface } = importSurface(await loadDocument(join(CORPUS, file)), 'doc');
    const r = await mockVersusPredictor(surface, { seed: file.length * 7919, perEndpoint: 15, maxBody: 4096 });
    assert.equal(r.problems, [], r.problems.slice(0, 5).join('\n'));
    assert.equal(r.unanswered, [], `operations never answered by the mock: ${r.unanswered.join(', ')}`);
  });
}

test.run();
