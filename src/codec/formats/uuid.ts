// `uuid`: RFC 4122's hex-and-hyphens form, without a `urn:uuid:` prefix.
import type { Format } from './format.js';

const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

export const uuid: Format = {
  noun: 'a UUID',
  test: (s) => UUID.test(s),
  examples: ['3fa85f64-5717-4562-b3fc-2c963f66afa6', '123e4567-e89b-12d3-a456-426614174000'],
  misses: ['3fa85f64-5717-4562-b3fc-2c963f66afa', '3fa85f6457174562b3fc2c963f66afa6', 'not-a-uuid'],
};
