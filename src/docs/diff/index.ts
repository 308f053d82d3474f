// The breaking-change gate (`api-docs diff OLD NEW`): two surfaces -> their contracts -> every
// change classified breaking or compatible -> text, Markdown or JSON, with the fixtures it fails.
export { contractOf, type Contract, type ContractEndpoint } from './contract.js';
export { diffContracts, type Change, type DiffResult, type Verdict, type Scope } from './compare.js';
export { diffSchemas, type SchemaChange, type Effect } from './schema-diff.js';
export { affectedFixtures, type FixtureCase } from './fixtures.js';
export { renderDiff, type DiffFormat } from './render.js';
