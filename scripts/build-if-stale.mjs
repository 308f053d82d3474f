// `prepare`: compiles src/ and specs/ to dist/ unless dist/ is already newer than every input.
// npm runs `prepare` on `npm install` in a clone, on `npm pack`, and also each time `npx api-serve`
// installs this folder into its npx cache (a first `npx` in a fresh clone rebuilt, silent, for
// about 10 s); with a fresh dist/ that last run costs a file walk instead of a compile.
// decided: docs/decisions.md "prepare compiles only a stale dist/".
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const OUTPUTS = ['dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/cli/serve.js'];

function newest(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

// The precompiled OpenAPI schemas are generated sources (not committed): written first, so tsc compiles them.
const generated = spawnSync(process.execPath, [join(root, 'scripts/generate-document-schemas.mjs')], { stdio: 'inherit' });
if (generated.status !== 0) process.exit(generated.status ?? 1);
const inputs = Math.max(...['src', 'specs', 'tsconfig.json'].map((p) => newest(join(root, p))));
const built = OUTPUTS.every((p) => existsSync(join(root, p))) ? Math.min(...OUTPUTS.map((p) => statSync(join(root, p)).mtimeMs)) : -1;
if (built >= inputs) {
  process.stderr.write('api-serve: dist/ is up to date (npm run build recompiles)\n');
} else {
  process.stderr.write('api-serve: compiling TypeScript to dist/ (tsc, about 10 s)\n');
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.json')], { stdio: 'inherit' });
  process.exit(tsc.status ?? 1);
}
