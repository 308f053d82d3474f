// A real PostgreSQL for the store suites: one throwaway cluster per test process (started on first
// use, removed at exit) and a fresh database per test. Without PostgreSQL the suites skip with a
// printed reason, except in CI, where that is a failure.
import { test } from 'uvu';
import pg from 'pg';
import { type Cluster, findPostgres, startCluster } from '../../scripts/pg-cluster.mjs';

let cluster: Promise<Cluster> | undefined;
let databases = 0;

/**
 * Whether the suites of `file` can run: true, or false after printing why not. In CI a missing
 * PostgreSQL registers a failing test instead, so the run cannot pass without it.
 */
export function havePostgres(file: string): boolean {
  const found = findPostgres();
  if (found.bin !== undefined) return true;
  if (process.env.CI) {
    test(`PostgreSQL is installed (CI runs ${file} against a real server)`, () => { throw new Error(found.missing); });
    test.run();
  } else {
    process.stdout.write(`\n  skipped ${file}: ${found.missing}\n`);
  }
  return false;
}

/** The shared throwaway cluster, started on first use. */
export function theCluster(): Promise<Cluster> {
  cluster ??= startCluster();
  return cluster;
}

/** A new empty database on the cluster; resolves to its URL. */
export async function freshDatabase(): Promise<string> {
  const c = await theCluster();
  const name = `t_${process.pid}_${++databases}`;
  await sql(c.url, `CREATE DATABASE ${name}`);
  return c.urlOf(name);
}

/** Runs one statement on its own connection (parameterised), for a test to look or prepare. */
export async function sql<R extends Record<string, unknown> = Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Asks until `probe` holds, for what the system does by itself (a pool reconnecting); never a speed check. */
export async function eventually(what: string, probe: () => Promise<boolean>, limitMs = 30_000, everyMs = 100): Promise<void> {
  const until = Date.now() + limitMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`${what}: not so after ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
