// The mock interpreter, as `api-serve/mock`: serve a surface from its description alone.
export { mock, type MockOptions } from './mock.js';
export { readPrefer, type MockPreferences } from './prefer.js';
export { SeedDataError } from './collections.js';
