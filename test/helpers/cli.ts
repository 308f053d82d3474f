// Spawns the real bins (from dist/, built by `npm test`) and waits for their listening lines.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const bin = (name: 'api-serve' | 'api-docs' | 'api-check') => `${ROOT}bin/${name}.js`;

export interface Spawned {
  readonly child: ChildProcess;
  /** The URLs from the listening lines, by surface name. */
  readonly urls: Record<string, string>;
  stdout(): string;
  stderr(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts a bin and resolves once `count` "listening on" lines are printed (rejects on exit). */
export function spawnServe(args: string[], count = 1, options: { cwd?: string; env?: Record<string, string>; startMs?: number } = {}): Promise<Spawned> {
  const child = spawn(process.execPath, [bin('api-serve'), ...args], { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const urls: Record<string, string> = {};
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    // Several processes each loading the mock (--workers) may take longer on a loaded machine: `startMs`.
    const limit = options.startMs ?? 10_000;
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`no listening line within ${limit / 1000} s; stderr: ${err}`)); }, limit);
    child.stderr!.on('data', (d: Buffer) => { err += d.toString(); });
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      for (const m of out.matchAll(/^(\S+) listening on (\S+)/gm)) urls[m[1]!] = m[2]!;
      if (Object.keys(urls).length >= count) {
        clearTimeout(timer);
        resolve({
          child, urls, stdout: () => out, stderr: () => err,
          stop: (signal = 'SIGTERM') => { child.kill(signal); return exited; },
        });
      }
    });
    void exited.then((code) => { clearTimeout(timer); reject(new Error(`exited with ${code} before listening; stderr: ${err}`)); });
  });
}

/** Runs a bin to completion. */
export function runBin(name: 'api-serve' | 'api-docs' | 'api-check', args: string[], options: { cwd?: string; input?: string; env?: Record<string, string> } = {}) {
  const r = spawnSync(process.execPath, [bin(name), ...args], { cwd: options.cwd ?? ROOT, input: options.input ?? '', env: { ...process.env, ...options.env }, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Runs a bin without blocking this process (for a test that serves what the bin talks to). */
export function runBinAsync(name: 'api-serve' | 'api-docs' | 'api-check', args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin(name), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
