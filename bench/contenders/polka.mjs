// Contender 2: bare Polka (1.0.0-next) with hand-written handlers, called directly by node:http.
import http from 'node:http';
import polka from 'polka';
import { TEXT_TYPE, announce, hello, marketing, position, readBody, send } from './s2-work.mjs';
import { loadColors } from './colors.mjs';

const colors = await loadColors();
const fail = (res, status, message) => send(res, [status, TEXT_TYPE, message]);

const app = polka({
  onNoMatch: (req, res) => fail(res, 404, `Not found: ${req.method} ${req.url}`),
  onError: (err, _req, res) => fail(res, 500, String(err?.message ?? err)),
})
  // polka decodes params itself (decodeURIComponent), so the handler only parses the integers.
  .get('/position/:x/:y', (req, res) => { send(res, position(req.params.x, req.params.y)); })
  // polka has already split off the query (req.search): the handler decodes it as api-serve does.
  .get('/hello', (req, res) => { send(res, hello((req.search ?? '').slice(1))); })
  .post('/marketing', async (req, res) => {
    const bytes = await readBody(req);
    if (bytes === undefined) { fail(res, 413, 'Payload Too Large'); return; }
    send(res, marketing(req.headers['content-type'], bytes));
  });
if (colors) {
  app.get('/colors', (req, res) => {
    const [status, type, body, headers] = colors(req.headers.range);
    send(res, [status, type, body], headers);
  });
}

const server = http.createServer(app.handler);
server.listen(0, '127.0.0.1', () => announce({ main: server.address().port }));
