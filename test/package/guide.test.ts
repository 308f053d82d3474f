// The guide cannot drift from the product: every code block marked runnable in README.md and
// docs/*.md runs against the packed tarball installed into an empty project (docs/testing.md, "The
// guide's runnable blocks"). Needs the npm registry for the dependencies (about 2-3 minutes).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const BLOCK_MS = 60_000;
const STOP_MS = 5_000;

const work = tempDir('api-serve-guide-');
const project = join(work, 'project');

const env = { ...process.env, NO_COLOR: '1', CI: '1', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

/** A fenced block: its info string read as a language, `file=PATH` and flags (`runnable`, `background`, `output`). */
interface Block {
  readonly lang: string;
  readonly file: string | undefined;
  readonly flags: ReadonlySet<string>;
  readonly text: string;
  /** The `text output` block right after it, if any: what its stdout must be. */
  output?: string;
}

/** The fenced blocks of a Markdown page, in order; an output block attaches to the block before it. */
function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  let betweenBlocks = true;
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})(.*)$/.exec(lines[i]!);
    if (open === null) {
      if (lines[i]!.trim() !== '') betweenBlocks = false;
      continue;
    }
    const fence = open[1]!;
    const words = open[2]!.trim().split(/\s+/).filter((w) => w !== '');
    const body: string[] = [];
    for (i++; i < lines.length && !(lines[i]!.startsWith(fence) && lines[i]!.trim() === fence); i++) body.push(lines[i]!);
    const text = body.join('\n') + '\n';
    const [lang = '', ...rest] = words;
    const flags = new Set(rest.filter((w) => !w.includes('=')));
    const file = rest.find((w) => w.startsWith('file='))?.slice('file='.length);
    const previous = blocks.at(-1);
    if (lang === 'text' && flags.has('output') && previous !== undefined && betweenBlocks) previous.output = text;
    else blocks.push({ lang, file, flags, text });
    betweenBlocks = true;
  }
  return blocks;
}

/** Signals a process group, then waits (at most STOP_MS) until it is gone, then kills what is left. */
async function stopGroup(pid: number): Promise<void> {
  const alive = () => { try { process.kill(-pid, 0); return true; } catch { return false; } };
  try { process.kill(-pid, 'SIGTERM'); } catch { return; }
  const until = Date.now() + STOP_MS;
  while (alive() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  if (alive()) try { process.kill(-pid, 'SIGKILL'); } catch { /* gone meanwhile */ }
}

/** bash in a process group of its own (so everything it starts can be stopped together). */
function bash(script: string, cwd: string): { child: ChildProcess; out: () => string; err: () => string; exited: Promise<number | null> } {
  const child = spawn('bash', ['-e', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => { out += d; });
  child.stderr!.on('data', (d: Buffer) => { err += d; });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, out: () => out, err: () => err, exited };
}

/** The block's stdout against its expected output: lines compared with trailing spaces aside, `...` any text. */
function compareOutput(actual: string, expected: string, name: string) {
  const lines = (s: string) => s.replace(/\n+$/, '').split('\n').map((l) => l.trimEnd());
  const got = lines(actual);
  const want = lines(expected).map((line, i) => {
    if (!line.includes('...')) return line;
    const pattern = new RegExp(`^${line.split('...').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    return got[i] !== undefined && pattern.test(got[i]!) ? got[i]! : line;
  });
  assert.equal(got, want, `${name}: stdout differs from its output block`);
}

const background: number[] = [];
test.after(async () => {
  for (const pid of background.splice(0)) await stopGroup(pid);
  rmSync(work, { recursive: true, force: true });
});

const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
const runnable = new Map(pages.map((page) => [page, blocksOf(readFileSync(join(ROOT, page), 'utf8')).filter((b) => b.flags.has('runnable'))]));

test('every page that shows a command runs at least one of its blocks', () => {
  // Pages whose commands need a clone, PostgreSQL or a long time, or that show none.
  const exempt = new Set(['docs/README.md', 'docs/benchmark.md', 'docs/contributing.md', 'docs/decisions.md', 'docs/scaling-out.md', 'docs/testing.md']);
  assert.equal(pages.filter((p) => !exempt.has(p) && runnable.get(p)!.length === 0), []);
  for (const [page, blocks] of runnable) {
    for (const b of blocks) assert.ok(b.lang === 'sh' || b.file !== undefined, `${page}: a runnable ${b.lang} block needs file=PATH`);
  }
});

test('the packed tarball installed into an empty project', () => {
  const run = (cmd: string, args: string[], cwd: string, timeout: number) => {
    const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout });
    assert.is(r.status, 0, `${cmd} ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  const [info] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], ROOT, 180_000)) as { filename: string }[];
  mkdirSync(project);
  run('npm', ['init', '-y'], project, 60_000);
  run('npm', ['pkg', 'set', 'type=module'], project, 60_000);
  run('npm', ['install', '--prefer-offline', join(work, info!.filename)], project, 240_000);
  // What `npm install -D typescript @types/node` gives a user, from this clone.
  mkdirSync(join(project, 'node_modules', '@types'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules', '@types', 'node'), join(project, 'node_modules', '@types', 'node'), 'dir');
  symlinkSync(join(ROOT, 'node_modules', 'typescript'), join(project, 'node_modules', 'typescript'), 'dir');
  symlinkSync('../typescript/bin/tsc', join(project, 'node_modules', '.bin', 'tsc'));
});

for (const [page, blocks] of runnable) {
  const folder = join(project, 'pages', page.replace(/\.md$/, '').replace(/\//g, '-').toLowerCase());
  blocks.forEach((block, index) => {
    const first = block.text.split('\n').find((l) => l.trim() !== '') ?? '';
    const name = `${page}: ${block.file === undefined ? '' : `${block.file}: `}${first}`.slice(0, 120);
    const last = index === blocks.length - 1;
    test(name, async () => {
      try {
        mkdirSync(folder, { recursive: true });
        if (block.file !== undefined) {
          mkdirSync(dirname(join(folder, block.file)), { recursive: true });
          writeFileSync(join(folder, block.file), block.text);
        } else if (block.flags.has('background')) {
          const b = bash(block.text, folder);
          background.push(b.child.pid!);
          const listening = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), BLOCK_MS);
            const look = () => { if (/listening on /.test(b.out())) { clearTimeout(timer); resolve(true); } };
            b.child.stdout!.on('data', look);
            void b.exited.then(() => { clearTimeout(timer); resolve(/listening on /.test(b.out())); });
          });
          assert.ok(listening, `${name}: no listening line within ${BLOCK_MS / 1000} s\n${b.out()}${b.err()}`);
        } else {
          const b = bash(block.text, folder);
          const timer = setTimeout(() => void stopGroup(b.child.pid!), BLOCK_MS);
          const code = await b.exited;
          clearTimeout(timer);
          await stopGroup(b.child.pid!);
          assert.is(code, 0, `${name}: exit ${code}\n${b.out()}${b.err()}`);
          if (block.output !== undefined) compareOutput(b.out(), block.output, name);
        }
      } finally {
        if (last) for (const pid of background.splice(0)) await stopGroup(pid);
      }
    });
  });
}

test.run();
