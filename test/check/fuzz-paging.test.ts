// api-check fuzz over a listing that pages (`?page=` with a default limit, as museum's
// /special-events does): an item created onto page 2 is listed, so the stateful mock passes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBinAsync } from '../helpers/cli.js';
import { breakingProxy } from '../helpers/breaking-proxy.js';
import { start, tempDir } from '../helpers/server.js';
import { mock } from '../../src/mock/index.js';
import { importSurface, loadDocument } from '../../src/openapi/index.js';

// Three events in the example, two a page by default: a created event lands on page 2.
const DOC = `openapi: 3.1.0
info: { title: Paged events, version: '1' }
paths:
  /events:
    get:
      operationId: listEvents
      parameters:
        - { name: page, in: query, schema: { type: integer, minimum: 1, default: 1 } }
        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 30, default: 2 } }
      responses:
        '200':
          description: a page of events
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Event' } }
              example:
                - { id: 3be6453c-03eb-4357-ae5a-984a0e574a54, name: Tea }
                - { id: 6744a0da-4121-49cd-8479-f8cc20526495, name: Coding }
                - { id: dad4bce8-f5cb-4078-a211-995864315e39, name: Mermaids }
    post:
      operationId: createEvent
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewEvent' } } } }
      responses:
        '200': { description: created, content: { application/json: { schema: { $ref: '#/components/schemas/Event' } } } }
  /events/{id}:
    parameters: [ { name: id, in: path, required: true, schema: { type: string, format: uuid } } ]
    get:
      operationId: getEvent
      responses:
        '200': { description: the event, content: { application/json: { schema: { $ref: '#/components/schemas/Event' } } } }
        '404': { description: no such event }
    delete:
      operationId: deleteEvent
      responses:
        '204': { description: deleted }
        '404': { description: no such event }
components:
  schemas:
    NewEvent:
      type: object
      required: [name]
      properties: { name: { type: string, minLength: 1, maxLength: 20 } }
    Event:
      type: object
      required: [id, name]
      properties: { id: { type: string, format: uuid }, name: { type: string } }
`;

// The same listing paged by an offset (`?offset=`), the other way fuzz walks pages.
const BY_OFFSET = DOC.replace('{ name: page, in: query, schema: { type: integer, minimum: 1, default: 1 } }', '{ name: offset, in: query, schema: { type: integer, minimum: 0, default: 0 } }');

for (const [how, doc] of [['page number', DOC], ['offset', BY_OFFSET]] as const) {
  test(`a stateful mock of a listing paged by ${how} passes fuzz: the sequence reads every page before calling an item unlisted`, async () => {
    assert.ok(doc.includes(how === 'offset' ? 'name: offset' : 'name: page'));
    const file = join(tempDir('fuzz-paging-'), 'events.yaml');
    writeFileSync(file, doc);
    const r = await runBinAsync('api-check', ['fuzz', file, '--seed', '3', '--runs', '30']);
    assert.is(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^stateful: \/events: \d+ requests in passing sequences$/m);
    assert.not.match(r.stdout, /ensure_resource_availability/);
  });
}

// The listing declares `?page=` and no size: its stateful mock answers every item whatever page is
// asked, as a server that ignores the parameter does.
const IGNORED = DOC.replace(/\n {8}- \{ name: limit, [^\n]*/, '');

test('a server that answers the same listing whatever ?page= says passes fuzz, and the walk stops at the repeated page 2: no page 3 is asked for', async () => {
  assert.not.match(IGNORED, /name: limit/);
  const file = join(tempDir('fuzz-paging-'), 'events.yaml');
  writeFileSync(file, IGNORED);
  const { surface } = await importSurface(await loadDocument(file), 'events');
  const served = await start(mock(surface, { stateful: true }));
  const asked: string[] = [];
  const proxy = await breakingProxy(served.url, (req, url) => { asked.push(`${req.method} ${url}`); });
  try {
    const { port } = proxy.address() as { port: number };
    const r = await runBinAsync('api-check', ['fuzz', file, '--base-url', `http://127.0.0.1:${port}`, '--seed', '3', '--runs', '1']);
    assert.is(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^stateful: \/events: \d+ requests in passing sequences$/m);
    assert.not.match(r.stdout, /ensure_resource_availability|FAIL/);
    // The walk asks for the pages one after another; a generated request may ask any page on its own.
    const walks = asked.flatMap((x, i) => (x === 'GET /events?page=2' ? [asked[i + 1] ?? 'nothing'] : []));
    assert.ok(walks.length > 0, `the sequences read page 2 of the listing: ${asked.join(', ')}`);
    assert.not.ok(walks.includes('GET /events?page=3'), `page 2 repeats page 1, so the walk ends there: ${asked.join(', ')}`);
  } finally {
    await new Promise((resolve) => proxy.close(resolve));
    await served.close();
  }
});

test.run();
