// The real documents of ../shared/openapi-corpus (read there, never copied): each imported, written
// back and compared; mocked with every operation's answer judged by ajv against the document's own
// schemas; and mocked against the predictor with generated requests (every protocol error as the
// description says). Run by scripts/corpus.mjs (and by npm test when the folder is present).
import { TSC_INIT_OPTIONS } from '../helpers/tsc-init.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';
import { mockConformance, roundTrip } from '../openapi/round-trip.js';
import { importSurface, loadDocument, surfaceSource } from '../../src/openapi/index.js';
import { mockVersusPredictor } from '../mock/mock-vs-predictor.js';

const CORPUS = join(ROOT, '..', 'shared', 'openapi-corpus');
const FILES = readdirSync(CORPUS).filter((f) => /\.(ya?ml|json)$/.test(f)).sort();

/**
 * `api-serve import` of every document into one project (api-serve linked in as a user installs
 * it), then one strict tsc over them all: its errors, by generated file.
 */
async function typecheckGenerated(): Promise<Map<string, string[]>> {
  const dir = tempDir('api-serve-corpus-');
  mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
  symlinkSync(ROOT, join(dir, 'node_modules', 'api-serve'), 'dir');
  symlinkSync(join(ROOT, 'node_modules', '@types', 'node'), join(dir, 'node_modules', '@types', 'node'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'corpus', private: true, type: 'module' }));
  const out = new Map<string, string[]>();
  const files: string[] = [];
  for (const file of FILES) {
    const name = `${file.replace(/\.\w+$/, '').replace(/[^A-Za-z0-9]+/g, '-')}.ts`;
    try {
      const imported = importSurface(await loadDocument(join(CORPUS, file)), file.replace(/\.\w+$/, ''));
      writeFileSync(join(dir, name), surfaceSource(imported, { file, command: 'api-serve' }));
      files.push(name);
      out.set(file, []);
    } catch (err) {
      out.set(file, [`not written: ${(err as Error).message}`]);
    }
  }
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { ...TSC_INIT_OPTIONS, outDir: 'out' }, files,
  }));
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8', timeout: 300_000 });
  for (const line of `${r.stdout}`.split('\n').filter((l) => /error TS/.test(l))) {
    const file = FILES.find((f) => line.startsWith(`${f.replace(/\.\w+$/, '').replace(/[^A-Za-z0-9]+/g, '-')}.ts(`));
    if (file) out.get(file)!.push(line.slice(0, 400));
  }
  if (r.status !== 0 && [...out.values()].every((e) => e.length === 0)) for (const f of FILES) out.get(f)!.push(`tsc failed: ${r.stdout}${r.stderr}`.slice(0, 400));
  rmSync(dir, { recursive: true, force: true });
  return out;
}

let generated: Promise<Map<string, string[]>> | undefined;

for (const file of FILES) {
  test(`${file}: import then api-docs --format openapi validates and keeps operations, parameters, statuses, media types, security and schemas (compared structurally)`, async () => {
    assert.equal(await roundTrip(join(CORPUS, file)), []);
  });
  test(`${file}: api-serve ${file} (mocked) answers every operation with a body its own schema accepts (ajv)`, async () => {
    const r = await mockConformance(join(CORPUS, file));
    assert.equal(r.problems, []);
  });
  test(`${file}: mocked, generated requests to every operation: protocol errors exactly as predicted, every answer declared and conforming`, async () => {
    const { surface } = importSurface(await loadDocument(join(CORPUS, file)), 'doc');
    const r = await mockVersusPredictor(surface, { seed: file.length * 7919, perEndpoint: 15, maxBody: 4096 });
    assert.equal(r.problems, [], r.problems.slice(0, 5).join('\n'));
    assert.equal(r.unanswered, [], `operations never answered by the mock: ${r.unanswered.join(', ')}`);
  });

  test(`${file}: api-serve import ${file} writes a module a strict tsc accepts`, async () => {
    generated ??= typecheckGenerated();
    assert.equal((await generated).get(file), []);
  });
}

test.run();
