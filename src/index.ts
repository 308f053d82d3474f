// api-serve: describe an HTTP API once as data; serve it, document it, check it.
export * from './dsl/index.js';
export * from './codec/index.js';
export * from './server/index.js';
