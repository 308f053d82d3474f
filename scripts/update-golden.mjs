// Regenerates the golden files in test/golden/ on purpose (commit them in their own commit):
//   node scripts/update-golden.mjs                  every file (docs, the comprehensive surface, --help)
//   node scripts/update-golden.mjs S8 S9            only those surfaces' docs (`comprehensive` too)
//   node scripts/update-golden.mjs --help           only the --help of every command (builds dist/ first)
import { register } from 'tsx/esm/api';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

register();
const { GOLDEN_DIR, goldens } = await import('../test/docs/golden-files.ts');
const { helpGoldens } = await import('../test/cli/help-files.ts');

const args = process.argv.slice(2);
const help = args.includes('--help');
const only = args.filter((a) => a !== '--help');
const all = !help && only.length === 0;
const selected = [
  ...goldens().filter((g) => all || only.some((name) => g.file === `${name}.md` || g.file.startsWith(`${name}.`))),
  ...(all || help ? helpGoldens() : []),
];

// The help goldens are what the built bins print: build first so they never record a stale dist/.
if (selected.some((g) => g.file.startsWith('help/'))) {
  const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.json'], { stdio: 'inherit' });
  if (build.status !== 0) { process.stderr.write('update-golden: the build failed; no help golden written\n'); process.exit(1); }
}

let changed = 0;
for (const g of selected) {
  const path = join(GOLDEN_DIR, g.file);
  const text = await g.render();
  const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (before === text) continue;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  changed++;
  process.stdout.write(`${before === undefined ? 'created' : 'updated'} test/golden/${g.file}\n`);
}
process.stdout.write(`${changed} golden file(s) written\n`);
