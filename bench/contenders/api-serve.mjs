// Contender 4: api-serve (the compiled dist/) serving real surfaces, one port each.
// argv: surface names (S2, S4, S7, `orders`, `mock:S2` for a mocked one, `mock-stateful:S4` for a
// stateful mock on lowdb, its port announced as S4's) and/or `routing:<n>`; `--data DIR` for S4's store (and
// S6's users, S8's files), or `--store URL` for a PostgreSQL one; `--option key=value` (repeatable)
// for surface settings (jwtSecret, hashQueue...); `--workers N` serves with N cluster workers on one port.
import cluster from 'node:cluster';
import { serve } from '../../dist/src/index.js';
import { openUserStore } from '../../dist/src/cli/user-directory.js';
import { announce } from './s2-work.mjs';
import { routingSurface } from './routing-surface.mjs';
import { orderSurface } from './order-surface.mjs';
import { mock } from '../../dist/src/mock/index.js';
import { collectionsFile, openLowdbCollectionStore } from '../../dist/src/store/lowdb-collection-store.js';

const STATEFUL = 'mock-stateful:';
/** A stateful mock as `api-serve NAME --mock --stateful` serves it (DATA/mock-NAME.json), starting empty. */
const statefulMock = async (name) => mock((await import(`../../dist/specs/${name}.js`)).surface, {
  stateful: true,
  // Empty like json-server's db.json, so both lists hold only what the bench created.
  seedData: { '/person': [] },
  store: (env, surface) => openLowdbCollectionStore(collectionsFile(env.dataDir, surface)),
});

const args = process.argv.slice(2);
const take = (flag, dflt) => { const at = args.indexOf(flag); return at >= 0 ? args.splice(at, 2)[1] : dflt; };
const dataDir = take('--data', 'data');
const store = take('--store', undefined);
const workers = Number(take('--workers', '0'));
const options = store ? { store } : {};
for (let i = args.indexOf('--option'); i >= 0; i = args.indexOf('--option')) {
  const [key, ...value] = args.splice(i, 2)[1].split('=');
  options[key] = value.join('=');
}

async function serveAll() {
  const ports = {};
  for (const name of args) {
    const impl = name.startsWith('routing:') ? routingSurface(Number(name.slice('routing:'.length)))
      : name === 'orders' ? orderSurface()
      : name.startsWith('mock:') ? mock((await import(`../../dist/specs/${name.slice('mock:'.length)}.js`)).surface)
      : name.startsWith(STATEFUL) ? await statefulMock(name.slice(STATEFUL.length))
      : (await import(`../../dist/specs/${name}.js`)).handlers;
    const served = await serve(impl, { port: 0, host: '127.0.0.1', dataDir, options, users: openUserStore, log: (line) => process.stderr.write(`${line}\n`) });
    ports[name.startsWith(STATEFUL) ? name.slice(STATEFUL.length) : name] = served.port;
  }
  return ports;
}

if (workers > 0 && cluster.isPrimary) {
  // Workers listening on port 0 share one port (the cluster's); announced once all are up.
  let ready = 0;
  let ports;
  for (let i = 0; i < workers; i++) {
    cluster.fork().on('message', (m) => {
      ports ??= m.ports;
      if (++ready === workers) announce(ports);
    });
  }
  cluster.on('exit', (w, code) => { if (ready < workers) { process.stderr.write(`worker exited (${code}) before listening\n`); process.exit(1); } });
  process.once('SIGTERM', () => { for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM'); process.exit(0); });
} else if (workers > 0) {
  process.send({ ports: await serveAll() });
  process.once('disconnect', () => process.exit(0));
} else {
  announce(await serveAll());
}
