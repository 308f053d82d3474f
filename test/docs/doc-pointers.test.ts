// Source comments point at the guide page that records a decision (`decided: ... (docs/decisions.md
// "OpenAPI in")`, docs/contributing.md): each pointer must name a page that exists and a heading or
// bold item on it, so a page or heading that moves takes its pointers along.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../helpers/cli.js';

const SELF = ['test/docs/doc-pointers.test.ts', 'test/package/guide.test.ts'];

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'results' || name === 'golden' || name === 'fixtures') continue;
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mts|mjs|js|sql)$/.test(name)) yield path;
  }
}

/** A name as a pointer may spell it: no backticks, any case, no final period. */
const norm = (s: string) => s.replace(/`/g, '').replace(/\s+/g, ' ').trim().replace(/\.$/, '').toLowerCase();

/** The headings and bold items of a Markdown page (outside code blocks). */
function targetsOf(page: string): Set<string> {
  const out = new Set<string>();
  let fence = false;
  for (const line of readFileSync(page, 'utf8').split('\n')) {
    if (line.startsWith('```')) { fence = !fence; continue; }
    if (fence) continue;
    const heading = /^#+ (.+)$/.exec(line);
    if (heading) out.add(norm(heading[1]!));
    for (const bold of line.matchAll(/\*\*([^*]+)\*\*/g)) out.add(norm(bold[1]!));
  }
  return out;
}

const pointers: { file: string; page: string; name: string }[] = [];
for (const dir of ['src', 'specs', 'scripts', 'bench', 'test']) {
  for (const path of sources(join(ROOT, dir))) {
    const file = relative(ROOT, path);
    if (SELF.includes(file)) continue;
    // A pointer may wrap onto the next comment line.
    const text = readFileSync(path, 'utf8').replace(/\n\s*(?:\/\/|\*|#)\s?/g, ' ');
    for (const m of text.matchAll(/\b(docs\/[\w-]+\.md) \(?"([^"]+)"/g)) pointers.push({ file, page: m[1]!, name: m[2]! });
    for (const m of text.matchAll(/\bREADME \(?"([^"]+)"/g)) pointers.push({ file, page: 'README.md', name: m[1]! });
  }
}

test('source comments point at guide pages and headings that exist', () => {
  assert.ok(pointers.length > 50, `only ${pointers.length} pointers found`);
  const targets = new Map<string, Set<string>>();
  const broken = pointers.filter(({ page, name }) => {
    const path = join(ROOT, page);
    if (!existsSync(path)) return true;
    if (!targets.has(page)) targets.set(page, targetsOf(path));
    return !targets.get(page)!.has(norm(name));
  }).map(({ file, page, name }) => `${file}: ${page} "${name}"`);
  assert.equal(broken, []);
});

test.run();
