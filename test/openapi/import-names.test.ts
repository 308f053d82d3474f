// Names a document gives that TypeScript or the written module already uses: operationIds and schema
// names that are reserved words (`function`, `delete`, `class`, `default`) or the module's own
// names (`t`, `api`, `get`, `surface`, `handlers`) are renamed where they would clash, and the
// module compiles under strict tsc and serves every operation.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBin, spawnServe } from '../helpers/cli.js';
import { call } from '../helpers/server.js';
import { importProject, typecheck } from '../helpers/import-project.js';

const NAMES = ['function', 'delete', 'class', 'default', 't', 'api', 'get', 'surface', 'handlers', 'implement', 'json', 'schemes', 'Object'];

/** One GET per name (`/function` answers a `function` schema), each schema also used by the next. */
function document(): string {
  const paths = NAMES.map((n) => `  /${n}:
    get:
      operationId: ${JSON.stringify(n)}
      responses:
        '200':
          description: ok
          content: { application/json: { schema: { $ref: '#/components/schemas/${n}' } } }
`).join('');
  const schemas = NAMES.map((n, i) => `    ${JSON.stringify(n)}:
      type: object
      required: [id]
      properties:
        id: { type: integer }
${i + 1 < NAMES.length ? `        next: { $ref: '#/components/schemas/${NAMES[i + 1]}' }\n` : ''}`).join('');
  return `openapi: 3.1.0\ninfo: { title: Names, version: '1' }\npaths:\n${paths}components:\n  schemas:\n${schemas}`;
}

/** `api-serve import` of one document in a fresh project: the project's folder and the module's source. */
function imported(file: string, document: string): { readonly dir: string; readonly source: string } {
  const dir = importProject();
  writeFileSync(join(dir, file), document);
  const r = runBin('api-serve', ['import', file, '-o', 'api.ts'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  return { dir, source: readFileSync(join(dir, 'api.ts'), 'utf8') };
}

test('reserved words and the module\'s own names as operationIds and schema names: renamed consts, a module strict tsc accepts, every operation served', async () => {
  const { dir, source } = imported('doc.yaml', document());
  // Consts are renamed; endpoint keys stay as the operationIds (a reserved word is a fine property name).
  for (const renamed of ['function_', 'delete_', 'class_', 'default_', 't_', 'api_', 'get_', 'surface_', 'handlers_']) assert.match(source, new RegExp(`^export const ${renamed} = `, 'm'));
  assert.match(source, /^ {2}function: get\("function"\)/m);
  assert.match(source, /^ {2}delete: \(\) => /m);
  const tsc = typecheck(dir, ['api.ts']);
  assert.is(tsc, '', tsc);
  const served = await spawnServe(['./api.ts', '--port', '0'], 1, { cwd: dir });
  try {
    const base = Object.values(served.urls)[0]!;
    for (const n of NAMES) {
      const answer = await call(base, 'GET', `/${n}`);
      assert.is(answer.status, 200, `${n}: ${answer.text}`);
    }
  } finally { await served.stop(); }
});

// xero's Payment and CreditNote: each names the other, so strict tsc could infer neither const's type (TS7022, TS7024).
const MUTUAL = `openapi: 3.0.3
info: { title: Mutual, version: '1' }
paths:
  /payments:
    get:
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Payment' } } } }
  /codecs:
    get:
      responses:
        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Codec' } } } }
components:
  schemas:
    Payment:
      type: object
      properties:
        Amount: { type: number }
        CreditNote: { $ref: '#/components/schemas/CreditNote' }
        Invoice: { $ref: '#/components/schemas/Invoice' }
    CreditNote:
      type: object
      properties:
        Payments: { type: array, items: { $ref: '#/components/schemas/Payment' } }
        Invoice: { $ref: '#/components/schemas/Invoice' }
    Invoice:
      type: object
      properties:
        Payments: { type: array, items: { $ref: '#/components/schemas/Payment' } }
        CreditNotes: { type: array, items: { $ref: '#/components/schemas/CreditNote' } }
    Codec: { type: object, properties: { id: { type: integer } } }
`;

test('schemas naming each other in a ring (xero): a module strict tsc accepts; a schema named Codec is renamed', async () => {
  const { dir, source } = imported('mutual.yaml', MUTUAL);
  assert.match(source, /: Codec<unknown> => /);
  assert.match(source, /^export const Codec_ = /m);
  const tsc = typecheck(dir, ['api.ts']);
  assert.is(tsc, '', tsc);
});

// netboxdemo: a field's default holds a key beyond its open object's properties (`id`), which TypeScript's object-literal check refused (TS2353).
const DEFAULTS = `openapi: 3.0.3
info: { title: Defaults, version: '1' }
paths:
  /templates:
    post:
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              properties:
                template_language:
                  type: object
                  properties: { label: { enum: [Django, Jinja2] }, value: { enum: [django, jinja2] } }
                  default: { id: 20, label: Jinja2, value: jinja2 }
      responses:
        '204': { description: done }
`;

test('a default with keys beyond its open object\'s properties (netboxdemo): a module strict tsc accepts, the default kept whole', async () => {
  const { dir, source } = imported('defaults.yaml', DEFAULTS);
  assert.match(source, /default: \{ label: "Jinja2" as const, value: "jinja2" as const, \.\.\.\{ id: 20 \} \}/);
  const tsc = typecheck(dir, ['api.ts']);
  assert.is(tsc, '', tsc);
});

test.run();
