// The checker's public face (`api-serve/check`): load and validate fixtures, replay them over HTTP,
// lint them against surfaces, report. The Ink live view is not here: it loads only on a terminal.
export { checkFixtures, USAGE, type Reporter, type Output, type SessionOptions } from './session.js';
export { run, exitCodeOf, captureFrom, type Target, type Starter, type Outcome, type CaseResult, type RunOptions, type RunResult } from './run.js';
export { send, urlFor, headersFor, bodyFor, newDispatcher, type Sent, type SendOptions } from './replay.js';
export { compareResponse, diffJson, type ActualResponse, type Difference } from './compare.js';
export { lint, coverageText, type SurfaceLoader, type LintResult, type SurfaceCoverage, type EndpointCoverage } from './lint.js';
export {
  loadFixtures, parseFixture, toFixtureFile, formatProblem, isScenario, defaultLabel,
  type Fixture, type ExchangeFixture, type ScenarioFixture, type FixtureFile, type FixtureProblem, type Case,
  type RequestSpec, type ResponseSpec, type StepSpec, type CaptureSpec, type Loaded,
} from './fixture.js';
export { validateFixture, type Problem } from './fixture-validate.js';
export { fixtureSchema } from '../fixture/schema.js';
export { type Matcher } from './matchers.js';
export { totalsOf, totalsLine, caseLine, detailLines, summaryText, titleOf, type Totals } from './report.js';
export { junitXml } from './report-junit.js';
export { jsonReport } from './report-json.js';
export { importHar, harToFixtures, HarError, type Imported } from './har.js';
export { initialProgress, caseStarted, caseEnded, type Progress } from './progress.js';
