// `uuid`: RFC 4122's hex-and-hyphens form, without a `urn:uuid:` prefix.
import type { Format } from './format.js';

const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

export const uuid: Format = { noun: 'a UUID', test: (s) => UUID.test(s) };
