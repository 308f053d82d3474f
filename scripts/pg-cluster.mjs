// A throwaway PostgreSQL cluster: initdb into a temporary folder (as the `postgres` user when run
// as root, since initdb refuses root), started on 127.0.0.1 at a free port with fsync off,
// stopped and deleted afterwards. The tests use it; by hand, `node scripts/pg-cluster.mjs` starts
// one, prints its URL and keeps it until Ctrl-C.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where initdb and pg_ctl are: $PG_BIN (then only there), Debian's /usr/lib/postgresql/<newest>/bin, or PATH. */
export function findPostgres() {
  if (process.env.PG_BIN) {
    const dir = process.env.PG_BIN;
    return existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')) ? { bin: dir } : { missing: `no initdb and pg_ctl in PG_BIN=${dir}` };
  }
  const candidates = [];
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const v of readdirSync(debian).filter((d) => /^\d+$/.test(d)).sort((a, b) => Number(b) - Number(a))) candidates.push(join(debian, v, 'bin'));
  }
  for (const dir of candidates) if (existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return { bin: dir };
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath !== '') return { bin: join(onPath, '..') };
  return { missing: 'no PostgreSQL server found (initdb and pg_ctl under $PG_BIN, /usr/lib/postgresql/<version>/bin or PATH); on Debian: apt-get install -y postgresql' };
}

/** Runs commands as the `postgres` user when we are root (initdb and postgres refuse root). */
function runner() {
  if (process.getuid?.() !== 0) return { wrap: (cmd, args) => [cmd, args], owner: undefined };
  const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (ids.status !== 0) throw new Error('running as root, and there is no `postgres` user to run the PostgreSQL server as (Debian\'s postgresql package creates it)');
  const uid = Number(ids.stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { wrap: (cmd, args) => ['runuser', ['-u', 'postgres', '--', cmd, ...args]], owner: { uid, gid } };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

/**
 * Starts a cluster; resolves to its superuser URL and its controls. `stop()` takes the server down
 * and keeps its files (`start()` brings it back on the same port); `destroy()` removes everything
 * (also done at process exit).
 */
export async function startCluster() {
  const found = findPostgres();
  if (!found.bin) throw new Error(found.missing);
  const { wrap, owner } = runner();
  const run = (tool, args) => {
    const [cmd, full] = wrap(join(found.bin, tool), args);
    const r = spawnSync(cmd, full, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${tool} failed (${r.status}): ${(r.stderr || r.stdout || String(r.error)).trim()}`);
  };
  const dir = mkdtempSync(join(tmpdir(), 'api-serve-pg-'));
  const data = join(dir, 'data');
  const password = randomBytes(12).toString('hex');
  writeFileSync(join(dir, 'pw'), `${password}\n`, { mode: 0o600 });
  if (owner) { chownSync(dir, owner.uid, owner.gid); chownSync(join(dir, 'pw'), owner.uid, owner.gid); }
  let destroyed = false;
  let running = false;
  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    if (running) { try { run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']); } catch { /* already gone */ } }
    running = false;
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', destroy);
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--pwfile', join(dir, 'pw'), '--auth-host=scram-sha-256', '--auth-local=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const port = await freePort();
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -F -c full_page_writes=off -c max_connections=200`;
    const start = () => { run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', options, 'start']); running = true; };
    start();
    return {
      url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
      port,
      password,
      /** The URL of another database on this cluster. */
      urlOf: (database) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
      stop: () => { run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']); running = false; },
      start,
      destroy: () => { process.removeListener('exit', destroy); destroy(); },
    };
  } catch (err) {
    destroy();
    throw err;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const c = await startCluster();
    process.stdout.write(`PostgreSQL listening at ${c.url}\n\n  export API_SERVE_DATABASE_URL='${c.url}'\n  npx api-serve S4 --workers 2\n\nCtrl-C stops it and deletes its data.\n`);
    const end = () => { c.destroy(); process.exit(0); };
    process.once('SIGINT', end);
    process.once('SIGTERM', end);
    setInterval(() => {}, 1 << 30);
  } catch (err) {
    process.stderr.write(`pg-cluster: ${err.message}\n`);
    process.exit(2);
  }
}
