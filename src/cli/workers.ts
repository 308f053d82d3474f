// `api-serve --workers N`: the primary process of a node:cluster. It forks N workers that each run
// the same command line on the same ports (the cluster shares each listening socket): the first,
// then the others once it listens. It prints one listening line per surface once all are up,
// replaces a worker that dies, and stops them all.
import cluster, { type Worker } from 'node:cluster';
import { JOIN_RUN_ENV } from './join-run.js';

/** What a worker tells the primary once it has started (or failed to). */
export type WorkerReport =
  | { readonly kind: 'listening'; readonly surfaces: readonly { surface: string; url: string; notes: string[] }[]; readonly warnings: readonly string[] }
  | { readonly kind: 'failed'; readonly message: string };

const isReport = (m: unknown): m is WorkerReport => typeof m === 'object' && m !== null && ((m as WorkerReport).kind === 'listening' || (m as WorkerReport).kind === 'failed');

export function runPrimary(count: number): void {
  const err = (line: string) => process.stderr.write(`api-serve: ${line}\n`);
  const booting = new Set<Worker>();
  const alive = new Set<Worker>();
  /** Set when stopping: called once the last worker has exited. */
  let whenAllGone: (() => void) | undefined;
  let up = false;
  let stopping = false;
  let first: Extract<WorkerReport, { kind: 'listening' }> | undefined;

  /** Start-up failed: one line, every worker stopped, exit 2. */
  const abort = (message: string) => {
    if (stopping) return;
    stopping = true;
    err(message);
    whenAllGone = () => process.exit(2);
    if (alive.size === 0) whenAllGone();
    for (const w of alive) w.process.kill('SIGTERM');
  };

  // Every worker but the first joins the run the first one started: told so (JOIN_RUN_ENV, read
  // by cli/serve.ts), it keeps the shared store as it finds it rather than seeding it again.
  // decided: the others start once the first listens (docs/scaling-out.md "Scaling out"), so `--seed-data`
  // seeds once, before any worker answers, and never over what a client has already created.
  const fork = (joining: boolean) => {
    const worker = cluster.fork(joining ? { [JOIN_RUN_ENV]: '1' } : undefined);
    booting.add(worker);
    alive.add(worker);
    worker.on('message', (m: unknown) => {
      if (!isReport(m)) return;
      booting.delete(worker);
      if (m.kind === 'failed') {
        if (!up) abort(m.message);
        else err(`a replacement worker could not start: ${m.message}`);
        return;
      }
      // A replacement says when it serves: until then the others answer alone.
      if (up) { err(`worker ${worker.process.pid} is listening (the replacement)`); return; }
      if (first === undefined) {
        first = m;
        for (let i = 1; i < count; i++) fork(true);
      }
      if (booting.size > 0) return;
      up = true;
      for (const s of first.surfaces) process.stdout.write(`${s.surface} listening on ${s.url} (${[...s.notes, `${count} workers`].join('; ')})\n`);
      for (const w of first.warnings) process.stderr.write(`${w}\n`);
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const wasBooting = booting.delete(worker);
    alive.delete(worker);
    if (stopping) { if (alive.size === 0) whenAllGone?.(); return; }
    if (!up) { abort(`a worker exited (${signal ?? `code ${code}`}) before listening`); return; }
    if (wasBooting) return; // a replacement that failed has said why
    // decided: a worker that dies is replaced, so the port keeps its N processes (docs/scaling-out.md "Scaling out").
    err(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
    fork(true);
  });

  fork(false);

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    err(`${signal}, stopping`);
    whenAllGone = () => process.exit(0);
    if (alive.size === 0) whenAllGone();
    for (const w of alive) w.process.kill('SIGTERM');
    setTimeout(() => { for (const w of alive) w.process.kill('SIGKILL'); process.exit(1); }, 10_000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
