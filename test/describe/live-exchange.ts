// What the live comparisons share (predictor against a real or mocked server): the verifier that
// accepts exactly the demo user a fresh data directory is seeded with, and one generated request sent.
import { request } from 'undici';
import { unauthorized, type AuthClaim, type AuthConfig } from '../../src/dsl/index.js';
import type { PredictedRequest } from '../../src/describe/index.js';

/** The demo user (src/store/users.ts) is the only valid Basic login; any bearer token is refused. */
export const verifyDemoUser = (part: { config: unknown }, claim: unknown) => {
  const c = claim as AuthClaim;
  return c.kind === 'basic' && c.login === 'user' && c.password === 'pass'
    ? { ok: true as const, value: { auID: 1, auOrgID: 1 } }
    : unauthorized(part.config as AuthConfig, c.kind === 'bearer' ? 'invalid' : undefined);
};

/** Sends a predicted request over HTTP: its status, headers and body text. */
export async function sendPredicted(base: string, req: PredictedRequest) {
  const r = await request(base + req.url, {
    method: req.method as 'GET', headers: req.headers as Record<string, string>,
    ...(req.body === undefined ? {} : { body: req.body }),
  });
  return { status: r.statusCode, headers: r.headers, text: await r.body.text() };
}
