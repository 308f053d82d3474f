// The PostgreSQL backend of the stores (`--store postgres://...`): loaded only when a URL asks
// for it, so the embedded default never loads pg.
export { acquirePool } from './pg-pool.js';
export { STORE_TIMEOUT_MS, StoreTimeoutError } from './pg-deadline.js';
export { databaseUrlProblem, isDatabaseUrl, redactUrl } from './database-url.js';
export { migrate, migrations } from './pg-migrate.js';
export { openPgCollectionStore } from './pg-collection-store.js';
export { openPgRecordStore } from './pg-record-store.js';
export { PgUserStore } from './pg-users.js';
export { openPgJournal } from './pg-journal.js';
