// The mark a mock interpreter puts on the handlers it makes, so a server's log can tell a mocked
// answer from a handled one without knowing the mock.

export const MOCKED: unique symbol = Symbol.for('api-serve.mocked');

/** Set by a stateful mock on its handler map: empties and reseeds its collections (`POST <prefix>reset`). */
export const MOCK_RESET: unique symbol = Symbol.for('api-serve.mock-reset');
