// Contender 4: api-serve (the compiled dist/) serving real surfaces, one port each.
// argv: surface names (S2, S4, S7) and/or `routing:<n>`; `--data DIR` for S4's store (and S6's
// users, S8's files); `--option key=value` (repeatable) for surface settings (jwtSecret, hashQueue...).
import { serve } from '../../dist/src/index.js';
import { openUserStore } from '../../dist/src/cli/user-directory.js';
import { announce } from './s2-work.mjs';
import { routingSurface } from './routing-surface.mjs';
import { orderSurface } from './order-surface.mjs';

const args = process.argv.slice(2);
const dataAt = args.indexOf('--data');
const dataDir = dataAt >= 0 ? args.splice(dataAt, 2)[1] : 'data';
const options = {};
for (let i = args.indexOf('--option'); i >= 0; i = args.indexOf('--option')) {
  const [key, ...value] = args.splice(i, 2)[1].split('=');
  options[key] = value.join('=');
}
const ports = {};
for (const name of args) {
  const impl = name.startsWith('routing:') ? routingSurface(Number(name.slice('routing:'.length)))
    : name === 'orders' ? orderSurface()
    : (await import(`../../dist/specs/${name}.js`)).handlers;
  const served = await serve(impl, { port: 0, host: '127.0.0.1', dataDir, options, users: openUserStore, log: (line) => process.stderr.write(`${line}\n`) });
  ports[name] = served.port;
}
announce(ports);
