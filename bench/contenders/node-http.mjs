// Contender 1, the baseline: bare node:http with hand-written routing and the shared S2 work.
import http from 'node:http';
import { TEXT_TYPE, announce, decodeSegment, hello, marketing, position, readBody, send } from './s2-work.mjs';
import { loadColors } from './colors.mjs';
import { order } from './order-work.mjs';

const colors = await loadColors();
const notFound = (req) => [404, TEXT_TYPE, `Not found: ${req.method} ${req.url}`];

const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const segs = path.split('/');
  if (segs[1] === 'position' && segs.length === 4 && segs[2] !== '' && segs[3] !== '' && req.method === 'GET') {
    const x = decodeSegment(segs[2]);
    const y = decodeSegment(segs[3]);
    if (x === undefined || y === undefined) { send(res, [400, TEXT_TYPE, 'malformed path']); return; }
    send(res, position(x, y));
    return;
  }
  if (path === '/hello' && req.method === 'GET') { send(res, hello(q < 0 ? '' : url.slice(q + 1))); return; }
  if (path === '/marketing' && req.method === 'POST') {
    readBody(req).then((bytes) => {
      if (bytes === undefined) { send(res, [413, TEXT_TYPE, 'Payload Too Large']); return; }
      send(res, marketing(req.headers['content-type'], bytes));
    });
    return;
  }
  if (path === '/orders' && req.method === 'POST') {
    readBody(req).then((bytes) => {
      if (bytes === undefined) { send(res, [413, TEXT_TYPE, 'Payload Too Large']); return; }
      send(res, order(req.headers['content-type'], bytes));
    });
    return;
  }
  if (colors && path === '/colors' && req.method === 'GET') {
    const [status, type, body, headers] = colors(req.headers.range);
    send(res, [status, type, body], headers);
    return;
  }
  send(res, notFound(req));
});

server.listen(0, '127.0.0.1', () => announce({ main: server.address().port }));
