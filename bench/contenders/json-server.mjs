// The S4 comparison: json-server 0.17.4 (express + lowdb 1 FileSync) on a persons collection,
// set up as its CLI does (defaults without the request logger). argv: the db.json path.
import { createRequire } from 'node:module';
import { announce } from './s2-work.mjs';

const require = createRequire(import.meta.url);
const jsonServer = require('json-server');

const server = jsonServer.create();
server.use(jsonServer.defaults({ logger: false }));
server.use(jsonServer.router(process.argv[2]));
const listener = server.listen(0, '127.0.0.1', () => announce({ S4: listener.address().port }));
