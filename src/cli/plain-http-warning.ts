// The warning for a surface that takes credentials over plain HTTP (kept apart from tls.ts, which
// loads node:tls and is needed only when a certificate is given).
import { walk } from '../dsl/walk.js';
import type { Surface } from '../dsl/types.js';

/** A warning line when this surface authenticates requests and is served without TLS. */
export function plainHttpWarning(surface: Surface): string | undefined {
  const authenticates = walk(surface).some((e) => e.extensions.some((x) => x.ext.stage === 'auth'));
  return authenticates
    ? `api-serve: warning: ${surface.name} is served over plain HTTP: passwords and tokens travel in clear text; serve it with --tls-cert FILE --tls-key FILE`
    : undefined;
}
