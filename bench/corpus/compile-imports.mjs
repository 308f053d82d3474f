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

/** Modules per tsc: one tsc over all 200 modules of a run passed 4 GB of heap and died without a word. */
const BATCH = 10;

/**
 * `tsc --strict --noEmit --module nodenext --moduleResolution nodenext --target es2022 --types node`
 * over `files` (names in `dir`), BATCH modules per tsc so that memory stays bounded (the modules
 * are independent, so the errors are the same): `{ errors: Map<file, string[]>, ms, failed? }`.
 * A batch whose tsc fails outside its modules (killed, out of memory) counts each of its modules
 * as failed with that reason. api-serve is resolved through its package exports, so dist/ must
 * be built first (the caller does).
 */
export function compileImports(root, dir, files) {
  const errors = new Map(files.map((f) => [f, []]));
  const t0 = Date.now();
  const other = [];
  for (let i = 0; i < files.length; i += BATCH) {
    const batch = files.slice(i, i + BATCH);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', types: ['node'] },
      files: batch,
    }));
    const r = spawnSync(process.execPath, ['--max-old-space-size=4096', join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--pretty', 'false'], { cwd: dir, encoding: 'utf8', timeout: 900_000, maxBuffer: 256 * 1024 * 1024 });
    const outside = [];
    for (const line of `${r.stdout ?? ''}`.split('\n').filter((l) => /error TS\d+/.test(l))) {
      const file = batch.find((f) => line.startsWith(`${f}(`));
      if (file) errors.get(file).push(line.slice(0, 2000)); else outside.push(line.slice(0, 400));
    }
    other.push(...outside);
    if (r.status !== 0 && batch.every((f) => errors.get(f).length === 0)) {
      const why = outside[0] ?? (`${r.error?.message ?? ''}${r.signal ? `killed by ${r.signal}` : ''} ${(r.stderr ?? '').trim().split('\n').pop() ?? ''}`.trim() || `exit ${r.status}`);
      for (const f of batch) errors.get(f).push(`tsc failed outside the modules: ${why.slice(0, 300)}`);
    }
  }
  return { errors, ms: Date.now() - t0, ...(other.length > 0 ? { outside: other.slice(0, 5) } : {}) };
}
