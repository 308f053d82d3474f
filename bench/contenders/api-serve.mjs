// Contender 4: api-serve (the compiled dist/) serving real surfaces, one port each.
// argv: surface names (S2, S4, S7) and/or `routing:<n>`; `--data DIR` for S4's store.
import { serve } from '../../dist/src/index.js';
import { announce } from './s2-work.mjs';
import { routingSurface } from './routing-surface.mjs';
import { orderSurface } from './order-surface.mjs';

const args = process.argv.slice(2);
const dataAt = args.indexOf('--data');
const dataDir = dataAt >= 0 ? args.splice(dataAt, 2)[1] : 'data';
const ports = {};
for (const name of args) {
  const impl = name.startsWith('routing:') ? routingSurface(Number(name.slice('routing:'.length)))
    : name === 'orders' ? orderSurface()
    : (await import(`../../dist/specs/${name}.js`)).handlers;
  const served = await serve(impl, { port: 0, host: '127.0.0.1', dataDir, log: (line) => process.stderr.write(`${line}\n`) });
  ports[name] = served.port;
}
announce(ports);
