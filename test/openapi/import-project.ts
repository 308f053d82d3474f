// Test helper: a user's project folder for modules `api-serve import` writes, and the strict tsc
// (`tsc --init` defaults) a user would run over them.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { TSC_INIT_OPTIONS } from '../helpers/tsc-init.js';
import { ROOT } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

/** A project folder with api-serve installed as a link to this repository, and @types/node. */
export function importProject(): string {
  const dir = tempDir('api-serve-import-');
  mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
  symlinkSync(ROOT, join(dir, 'node_modules', 'api-serve'), 'dir');
  symlinkSync(join(ROOT, 'node_modules', '@types', 'node'), join(dir, 'node_modules', '@types', 'node'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'mine', version: '1.0.0', private: true, type: 'module' }));
  return dir;
}

/** tsc over `files` in `dir` with what `tsc --init` writes: its output, empty when they compile. */
export function typecheck(dir: string, files: string[]): string {
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...TSC_INIT_OPTIONS, outDir: 'out' }, files }));
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  return r.status === 0 ? '' : `${r.stdout}${r.stderr}`;
}
