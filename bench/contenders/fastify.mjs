// Contender 3: Fastify 5 with JSON-schema routes (ajv validation in, fast-json-stringify out).
import Fastify from 'fastify';
import { JSON_TYPE, TEXT_TYPE, announce, emailFor } from './s2-work.mjs';
import { loadColors } from './colors.mjs';

const colors = await loadColors();
const text = { type: 'string' };
const Position = { type: 'object', properties: { xCoord: { type: 'integer' }, yCoord: { type: 'integer' } }, required: ['xCoord', 'yCoord'] };
const Hello = { type: 'object', properties: { msg: text }, required: ['msg'] };
const ClientInfo = {
  type: 'object',
  properties: { clientName: text, clientEmail: text, clientAge: { type: 'integer' }, clientInterestedIn: { type: 'array', items: text } },
  required: ['clientName', 'clientEmail', 'clientAge', 'clientInterestedIn'],
  additionalProperties: false,
};
const Email = { type: 'object', properties: { from: text, to: text, subject: text, body: text }, required: ['from', 'to', 'subject', 'body'] };

// Unknown body fields must be a 400 as in api-serve, not silently removed (fastify's default).
const app = Fastify({ logger: false, ajv: { customOptions: { removeAdditional: false } } });

// Validation failures answer the same plain-text 400 as api-serve.
app.setErrorHandler((err, req, reply) => {
  if (err.validation) {
    const v = err.validation[0];
    const name = (v?.instancePath ?? '').slice(1) || v?.params?.missingProperty || '';
    const message = err.validationContext === 'params'
      ? `Error parsing capture ${name} failed: ${JSON.stringify(req.params[name])} is not an integer`
      : `Error in $.${name}: ${v?.message ?? 'invalid'}`;
    reply.code(400).header('content-type', TEXT_TYPE).send(message);
    return;
  }
  reply.code(err.statusCode ?? 500).header('content-type', TEXT_TYPE).send(err.message);
});

app.get('/position/:x/:y', {
  schema: { params: { type: 'object', properties: { x: { type: 'integer' }, y: { type: 'integer' } }, required: ['x', 'y'] }, response: { 200: Position } },
}, (req, reply) => {
  reply.header('content-type', JSON_TYPE);
  return { xCoord: req.params.x, yCoord: req.params.y };
});

app.get('/hello', { schema: { querystring: { type: 'object', properties: { name: text } }, response: { 200: Hello } } }, (req, reply) => {
  reply.header('content-type', JSON_TYPE);
  const { name } = req.query;
  return { msg: name === undefined ? 'Hello, anonymous coward' : `Hello, ${name}` };
});

app.post('/marketing', { schema: { body: ClientInfo, response: { 200: Email } } }, (req, reply) => {
  reply.header('content-type', JSON_TYPE);
  return emailFor(req.body);
});

if (colors) {
  app.get('/colors', (req, reply) => {
    const [status, type, body, headers] = colors(req.headers.range);
    reply.code(status).headers(headers).header('content-type', type).send(body);
  });
}

await app.listen({ port: 0, host: '127.0.0.1' });
announce({ main: app.server.address().port });
