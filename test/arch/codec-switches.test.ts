// Every switch over a codec's kind lists each kind and has no `default:`, so that a new kind of codec
// is a compile error at every place that must handle it (issue 31: tsc names them), never a silent
// fall-through. Read from the sources: each `switch (<x>.kind)` over a codec, its own cases only.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../helpers/cli.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

/** The text of the switch's body at `open` (the index of its `{`), without nested blocks' braces counted as its end. */
function bodyAt(src: string, open: number): string {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    if (src[i] === '{') depth++;
    else if (src[i] === '}' && --depth === 0) return src.slice(open + 1, i);
  }
  return src.slice(open + 1);
}

/** The body with every nested `{...}` and nested switch blanked, so only the switch's own labels remain. */
function ownLevel(body: string): string {
  let depth = 0;
  let out = '';
  for (const ch of body) {
    if (ch === '{') depth++;
    if (depth === 0) out += ch;
    if (ch === '}') depth--;
  }
  return out;
}

const KINDS = ['scalar', 'object', 'array', 'tuple', 'optional', 'nullable', 'union', 'lazy', 'json', 'bytes'];

test('no switch over codec kinds in src/ has a default branch', () => {
  const found: string[] = [];
  const bad: string[] = [];
  for (const f of files(join(ROOT, 'src'))) {
    const src = readFileSync(f, 'utf8');
    for (const m of src.matchAll(/switch \((\w+(?:\.\w+)*)\.kind\) \{/g)) {
      const own = ownLevel(bodyAt(src, m.index! + m[0].length - 1));
      const labels = [...own.matchAll(/case '(\w+)'/g)].map((c) => c[1]!);
      // Only switches over codecs: every label one of the codec kinds.
      if (labels.length === 0 || !labels.every((l) => KINDS.includes(l))) continue;
      const where = `${relative(ROOT, f)}:${src.slice(0, m.index).split('\n').length}`;
      found.push(where);
      if (/(^|[\s;])default\s*:/.test(own)) bad.push(where);
    }
  }
  assert.ok(found.length >= 10, `only ${found.length} switches over codec kinds found: ${found.join(', ')}`);
  assert.equal(bad, []);
});

test.run();
