// Whether this process joins a run already under way: a worker of `--workers` started after the
// first one listens, or one replacing a worker that died. It then leaves a kept store as it finds
// it instead of seeding it again (`--seed-data` starts the run once, in the first worker).
export const JOIN_RUN_ENV = 'API_SERVE_JOIN_RUN';

export const joinsRun = (): boolean => process.env[JOIN_RUN_ENV] === '1';
