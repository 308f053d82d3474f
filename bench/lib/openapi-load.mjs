// The OpenAPI load row (issue 16): a generated 1,000-operation OpenAPI 3.1 document (250
// resources x list, create, read, replace; one shared schema), from spawning `api-serve doc.json
// --port 0` to its first answer.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnToFirstAnswer } from './startup.mjs';

/** The document: 250 resources, four operations each, every body a `$ref` to one Thing schema. */
export function bigDocument(resources = 250) {
  const thing = { $ref: '#/components/schemas/Thing' };
  const ok = (schema) => ({ description: 'ok', content: { 'application/json': { schema } } });
  const paths = {};
  for (let i = 0; i < resources; i++) {
    paths[`/r${i}`] = {
      get: { operationId: `list${i}`, parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1 } }], responses: { 200: ok({ type: 'array', items: thing }) } },
      post: { operationId: `create${i}`, requestBody: { required: true, content: { 'application/json': { schema: thing } } }, responses: { 201: ok(thing), 400: { description: 'bad' } } },
    };
    paths[`/r${i}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { operationId: `read${i}`, responses: { 200: ok(thing), 404: { description: 'none' } } },
      put: { operationId: `replace${i}`, requestBody: { required: true, content: { 'application/json': { schema: thing } } }, responses: { 200: ok(thing) } },
    };
  }
  return {
    openapi: '3.1.0', info: { title: 'Big', version: '1' }, paths,
    components: { schemas: { Thing: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string', maxLength: 40 }, tags: { type: 'array', items: { type: 'string' } } }, example: { id: 1, name: 'one', tags: [] } } } },
  };
}

/**
 * ms from spawn to the first 200 of GET /r249/1, and the CPU ms api-serve used by then (less
 * sensitive than the wall clock to other work on a shared machine).
 */
const once = (bin, file, timeoutMs) => spawnToFirstAnswer(bin, [file, '--port', '0'], '/r249/1', timeoutMs);

/**
 * `runs` samples ({ wallMs, cpuMs }); the document is written to `dir` first. With `before` (the
 * bin of another build), runs alternate between the two, so both see the same machine.
 */
export async function measureOpenApiLoad({ bin, before, dir, runs, log, timeoutMs = 30000 }) {
  const file = join(dir, 'big-openapi.json');
  writeFileSync(file, JSON.stringify(bigDocument()));
  const samples = [];
  const beforeSamples = [];
  for (let i = 0; i < runs; i++) {
    if (before) {
      beforeSamples.push(await once(before, file, timeoutMs));
      log(`openapi load run ${i + 1}, before: ${beforeSamples.at(-1).wallMs.toFixed(0)} ms wall, ${beforeSamples.at(-1).cpuMs.toFixed(0)} ms CPU`);
    }
    samples.push(await once(bin, file, timeoutMs));
    log(`openapi load run ${i + 1}: ${samples.at(-1).wallMs.toFixed(0)} ms wall, ${samples.at(-1).cpuMs.toFixed(0)} ms CPU`);
  }
  return { samples, beforeSamples };
}
