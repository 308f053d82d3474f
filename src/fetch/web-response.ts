// The response half of the fetch handler: what the simulated Node response wrote, as a WHATWG
// Response whose body streams as the listener writes it (a streamed reply arrives item by item).
import { Readable } from 'node:stream';
import type { ServerResponse } from 'node:http';
import type { SimulatedResponse } from '../server/inject.js';

/**
 * Hop-by-hop fields (RFC 9110 section 7.6.1): they describe the connection, and there is none. A
 * streamed body is chunked on the wire; here it is a ReadableStream, so Transfer-Encoding would lie.
 * decided: Date is kept (docs/fetch.md "What differs from a server").
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'upgrade']);

/** Statuses a Response may not carry a body with (the Fetch standard's null body statuses). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The Response for a simulated one, given once its head is written. `res` is the simulated
 * response: a consumer cancelling the body ends it, as a client closing the connection does, so
 * a streaming handler stops and its `signal` aborts.
 */
export function webResponse(sim: SimulatedResponse, res: ServerResponse, head: boolean, onDone: () => void): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(sim.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.append(name, String(value));
  }
  const stream = sim.stream();
  stream.once('close', () => {
    // Closed before the listener ended it: the body was cancelled (or failed); the exchange ends.
    if (!res.writableEnded) res.destroy();
    onDone();
  });
  const init = { status: sim.statusCode, statusText: sim.statusMessage, headers };
  // node:http writes no body for HEAD (nor for 204 and 304); what the listener wrote is dropped.
  if (head || NULL_BODY.has(sim.statusCode)) {
    stream.resume();
    return new Response(null, init);
  }
  return new Response(Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>, init);
}
