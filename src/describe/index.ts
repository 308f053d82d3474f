// The description layer's public face: questions about a surface every interpreter asks (which
// endpoint a request reaches, which errors it can get and in what order, what it will be answered).
export { Router, splitPath, type RouteResult, type PathRoute, type MatchOptions } from './router.js';
export { predictor, predict, type PredictedRequest, type Prediction, type PredictOptions } from './predict.js';
export { endpointErrors, surfaceErrors, type PossibleError } from './possible-errors.js';
export { STAGES, ERRORS, type ErrorKind, type ErrorEntry, type Stage, type Refusal } from '../dsl/errors.js';
export { protocolError, defaultFormatters, type Answer, type Stopped } from './answer.js';
