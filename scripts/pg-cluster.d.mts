// Types of scripts/pg-cluster.mjs for the TypeScript tests that start a throwaway cluster.
export interface Cluster {
  /** The superuser URL (database `postgres`). */
  readonly url: string;
  readonly port: number;
  readonly password: string;
  urlOf(database: string): string;
  /** Takes the server down, keeping its files. */
  stop(): void;
  /** Starts it again on the same port. */
  start(): void;
  /** Stops it and removes its folder. */
  destroy(): void;
}
export function findPostgres(): { bin: string; missing?: undefined } | { bin?: undefined; missing: string };
export function startCluster(): Promise<Cluster>;
