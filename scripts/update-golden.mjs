// Regenerates the docs golden files in test/golden/ on purpose (commit them in their own commit):
//   node scripts/update-golden.mjs            every file
//   node scripts/update-golden.mjs S8 S9      only those surfaces' files
import { register } from 'tsx/esm/api';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

register();
const { GOLDEN_DIR, goldens } = await import('../test/docs/golden-files.ts');

const only = process.argv.slice(2);
const wanted = (file) => only.length === 0 || only.some((name) => file === `${name}.md` || file.startsWith(`${name}.`));
let changed = 0;
for (const g of goldens().filter((x) => wanted(x.file))) {
  const path = join(GOLDEN_DIR, g.file);
  const text = await g.render();
  const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (before === text) continue;
  writeFileSync(path, text);
  changed++;
  process.stdout.write(`${before === undefined ? 'created' : 'updated'} test/golden/${g.file}\n`);
}
process.stdout.write(`${changed} golden file(s) written\n`);
