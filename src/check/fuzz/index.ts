// Generated conformance checks (`api-check fuzz`): requests drawn from a surface's description,
// each answer judged against it, failures shrunk and written as ordinary fixtures.
export { fuzz, type FuzzOptions, type FuzzResult, type FuzzFailure, type Unreached } from './run.js';
export { judge, type CheckName, type Failure, type Exchange } from './conformance.js';
export { probes, type Probe, type Fault, type ProbeOptions } from './probes.js';
export { bodyDifferences, type BodyDifference } from './body-differences.js';
export { fixtureOf, fixtureName } from './to-fixture.js';
export { runnableCollections, notRunnable } from './runnable-collections.js';
export { statefulRun, describeSteps, type StatefulResult, type StatefulFailure, type StatefulStep, type StatefulCheck, type Expectation } from './stateful.js';
export { scenarioOfSequence, sequenceFixtureName } from './sequence-to-scenario.js';
export { fuzzJson, fuzzJunit, unreachedLine, type FuzzMeta } from './report.js';
