// The response an endpoint declares for a status, read as OpenAPI reads response keys: the status
// itself, else its range (`4XX`), else `default`. The fuzz checks and declared errors agree on it.
import type { EndpointInfo, ResponseSpec } from '../dsl/types.js';

export function responseFor(e: EndpointInfo, status: number): ResponseSpec | undefined {
  const range = `${Math.floor(status / 100)}XX`;
  return e.responses.find((r) => r.key === undefined && r.status === status)
    ?? e.responses.find((r) => r.key?.toUpperCase() === range) ?? e.responses.find((r) => r.key === 'default');
}

/** What an endpoint declares, for messages: `200, 404, default`. */
export const declaredKeys = (e: EndpointInfo): string => e.responses.map((r) => r.key ?? String(r.status)).join(', ');
