// The `api-serve import` modules of a run, all in one temporary project with api-serve linked in as a
// user installs it, checked by ONE strict tsc: its errors, per module.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A project folder the measure writes import modules into (`<dir>/<name>.ts`). */
export function importProject(root) {
  const dir = mkdtempSync(join(tmpdir(), 'api-serve-corpus-imports-'));
  mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
  symlinkSync(root, join(dir, 'node_modules', 'api-serve'), 'dir');
  symlinkSync(join(root, 'node_modules', '@types', 'node'), join(dir, 'node_modules', '@types', 'node'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'corpus-imports', private: true, type: 'module' }));
  return dir;
}

/**
 * `tsc --strict --noEmit --module nodenext --moduleResolution nodenext --target es2022 --types node`
 * over `files` (names in `dir`): `{ errors: Map<file, string[]>, ms, failed? }`. api-serve is
 * resolved through its package exports, so dist/ must be built first (the caller does).
 */
export function compileImports(root, dir, files) {
  const errors = new Map(files.map((f) => [f, []]));
  if (files.length === 0) return { errors, ms: 0 };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', types: ['node'] },
    files,
  }));
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['--max-old-space-size=4096', join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--pretty', 'false'], { cwd: dir, encoding: 'utf8', timeout: 900_000, maxBuffer: 256 * 1024 * 1024 });
  const ms = Date.now() - t0;
  const other = [];
  for (const line of `${r.stdout ?? ''}`.split('\n').filter((l) => /error TS\d+/.test(l))) {
    const file = files.find((f) => line.startsWith(`${f}(`));
    if (file) errors.get(file).push(line.slice(0, 2000)); else other.push(line.slice(0, 400));
  }
  if (r.status !== 0 && [...errors.values()].every((e) => e.length === 0)) {
    return { errors, ms, failed: `tsc failed outside the modules: ${(other[0] ?? `${r.error?.message ?? ''}${r.stderr ?? ''}`).slice(0, 300)}` };
  }
  return { errors, ms, ...(other.length > 0 ? { outside: other.slice(0, 5) } : {}) };
}
