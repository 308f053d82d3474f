// api-check fuzz over a listing that pages (`?page=` with a default limit, as museum's
// /special-events does): an item created onto page 2 is listed, so the stateful mock passes.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBinAsync } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

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

test.run();
