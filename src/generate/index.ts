// Value generation for every codec, as `api-serve/generate`: a deterministic sample, fast-check
// arbitraries of valid values, near-miss invalid ones. Kept out of the codec index because it
// loads fast-check, which a server that only checks values never needs.
export { sample } from '../codec/sample.js';
export { arbitrary, fc, type Arbitrary, type ArbitraryOptions } from '../codec/arbitrary.js';
export { nearMisses, type NearMiss, type NearMissOptions } from '../codec/near-miss.js';
