// The JSON Schema (draft 2020-12) of a fixture file: one exchange, or a scenario of ordered steps.
// Every fixture is validated against it before any request is sent.

const matcher = {
  oneOf: [
    { type: 'object', properties: { $match: { type: 'string' } }, required: ['$match'], additionalProperties: false },
    { type: 'object', properties: { $type: { enum: ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'] } }, required: ['$type'], additionalProperties: false },
    { type: 'object', properties: { $any: { const: true } }, required: ['$any'], additionalProperties: false },
  ],
};

const request = {
  type: 'object',
  description: 'What to send. Give at most one of body (JSON), text, base64.',
  properties: {
    method: { type: 'string', pattern: '^[A-Z]+$', description: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS...' },
    path: { type: 'string', pattern: '^/', description: 'Path and query, as sent (`/hello?name=Alp`); `${name}` inserts a captured value.' },
    headers: {
      type: 'object',
      additionalProperties: {
        oneOf: [
          { type: 'string' },
          { type: 'object', properties: { $redacted: { const: true } }, required: ['$redacted'], additionalProperties: false },
        ],
      },
    },
    body: { description: 'A JSON body (sent as application/json unless headers say otherwise).' },
    text: { type: 'string', description: 'A text body, sent as is.' },
    base64: { type: 'string', contentEncoding: 'base64', description: 'A binary body.' },
  },
  required: ['method', 'path'],
  additionalProperties: false,
};

const response = {
  type: 'object',
  description: 'What must come back. Only the listed headers are compared; no body key: the body is not compared.',
  properties: {
    status: { type: 'integer', minimum: 100, maximum: 599 },
    headers: {
      type: 'object',
      description: 'Header name (any case) -> value, matcher, list of values (Set-Cookie), or null (must be absent).',
      additionalProperties: {
        oneOf: [{ type: 'string' }, { type: 'null' }, { type: 'array', items: { oneOf: [{ type: 'string' }, { $ref: '#/$defs/matcher' }] } }, { $ref: '#/$defs/matcher' }],
      },
    },
    body: { description: 'The JSON body, compared structurally; matchers allowed anywhere.' },
    text: { oneOf: [{ type: 'string' }, { $ref: '#/$defs/matcher' }], description: 'The body as text, compared exactly.' },
    base64: { type: 'string', contentEncoding: 'base64', description: 'The body bytes.' },
  },
  required: ['status'],
  additionalProperties: false,
};

const capture = {
  type: 'object',
  description: 'Names a value of the response for `${name}` in later steps.',
  additionalProperties: {
    oneOf: [
      { type: 'object', properties: { pointer: { type: 'string', pattern: '^(/.*)?$' } }, required: ['pointer'], additionalProperties: false },
      { type: 'object', properties: { header: { type: 'string', minLength: 1 }, match: { type: 'string' } }, required: ['header'], additionalProperties: false },
    ],
  },
  propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
};

const step = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'What the case checks, shown in reports (say which rule).' },
    endpoint: { type: 'string', description: 'The endpoint name in the surface (`users.get`), for labels and lint.' },
    request: { $ref: '#/$defs/request' },
    response: { $ref: '#/$defs/response' },
    capture: { $ref: '#/$defs/capture' },
  },
  required: ['request', 'response'],
  additionalProperties: false,
};

export const fixtureSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://api-serve.dev/schemas/fixture.json',
  title: 'api-check fixture',
  $defs: { matcher, request, response, capture, step },
  // The shape is chosen by the `steps` key, so errors point into the right one.
  if: { type: 'object', required: ['steps'] },
  then: {
    title: 'scenario',
    type: 'object',
    properties: {
      $schema: { type: 'string' },
      surface: { type: 'string', minLength: 1 },
      name: { type: 'string' },
      steps: { type: 'array', minItems: 1, items: { $ref: '#/$defs/step' } },
    },
    required: ['surface', 'steps'],
    additionalProperties: false,
  },
  else: {
    title: 'exchange',
    type: 'object',
    properties: {
      $schema: { type: 'string' },
      surface: { type: 'string', minLength: 1 },
      name: step.properties.name,
      endpoint: step.properties.endpoint,
      request: { $ref: '#/$defs/request' },
      response: { $ref: '#/$defs/response' },
      capture: { $ref: '#/$defs/capture' },
    },
    required: ['surface', 'request', 'response'],
    additionalProperties: false,
  },
} as const;
