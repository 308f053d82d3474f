// Probe for bench/fresh-pairs.mjs: the bare node:http contender, its server set up as api-serve
// sets up its own (its timeouts, connection guards and checkContinue listener). Against plain
// node-http it tells whether api-serve's server options cost CPU per answer.
import http from 'node:http';

const root = new URL('../..', import.meta.url).pathname;
const { DEFAULT_TIMEOUTS, guardConnections, timeoutOptions } = await import(`${root}dist/src/server/connection.js`);

// node-http.mjs calls http.createServer(handler) when it loads: that server gets api-serve's setup.
const create = http.createServer;
http.createServer = (...args) => {
  const handler = args[args.length - 1];
  const server = create.call(http, timeoutOptions(DEFAULT_TIMEOUTS), handler);
  guardConnections(server);
  server.on('checkContinue', handler);
  return server;
};
await import('../contenders/node-http.mjs');
