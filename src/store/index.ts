// Persistence for stateful surfaces: the record-store interface and its backends.
export { type Keyed, type RecordStore, StoreOpenError, StoreWriteError } from './record-store.js';
export { type CheckValue, type StoreFile, openLowdbStore } from './lowdb-store.js';
