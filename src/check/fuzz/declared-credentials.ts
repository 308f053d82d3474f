// Credentials for a document's own security schemes (declared-security): the sample each scheme
// accepts, sent with every request so it reaches the handler, and the broken ones a probe sends
// instead (the predictor expects their 401). A `-H` of the same header still wins.
import type { EndpointInfo } from '../../dsl/types.js';
import { type CredentialPlacement, type DeclaredSecurityConfig, type SecurityRequirement, brokenCredentials, sampleCredential } from '../../dsl/declared-security.js';

const requirementsOf = (e: EndpointInfo): readonly SecurityRequirement[] =>
  e.extensions.flatMap((x) => (x.ext.name === 'declared-security' ? (x.config as DeclaredSecurityConfig).requirements : []));

/** Two schemes read from Authorization cannot both be met: such a requirement is not sampled. */
const satisfiable = (r: SecurityRequirement) => r.filter((u) => u.scheme.type !== 'apiKey').length <= 1;

/** The requirement fuzz meets: the first one a request can satisfy (none: nothing is sent). */
const chosen = (e: EndpointInfo) => requirementsOf(e).find(satisfiable);

/** The credentials a request to the endpoint carries (empty when it declares no security). */
export function sampleCredentials(e: EndpointInfo): readonly CredentialPlacement[] {
  return chosen(e)?.map((u) => sampleCredential(u.scheme)) ?? [];
}

/** Each way of breaking the sample: one scheme's credential left out or malformed, the others kept. */
export function brokenCredentialSets(e: EndpointInfo): readonly (readonly CredentialPlacement[])[] {
  const sample = sampleCredentials(e);
  return (chosen(e) ?? []).flatMap((u, i) => brokenCredentials(u.scheme).map((b) => sample.map((p, j) => (j === i ? b : p))));
}

const cookieWithout = (cookie: string | undefined, name: string) => (cookie ?? '').split('; ').filter((c) => c !== '' && !c.startsWith(`${name}=`));

/**
 * Puts credentials into a request's headers (lower-case names) and query pairs. `given`: the
 * header names `-H` sets; those win over a sample, not over a broken credential (a probe).
 */
export function placeCredentials(
  placements: readonly CredentialPlacement[], headers: Record<string, string>, query: [string, string][], given: ReadonlySet<string>, broken = false,
): void {
  for (const p of placements) {
    const name = p.in === 'header' ? p.name.toLowerCase() : p.name;
    if (p.in === 'query') {
      const rest = query.filter(([k]) => k !== name);
      query.splice(0, query.length, ...rest, ...(p.value === undefined ? [] : [[name, p.value] as [string, string]]));
    } else if (p.in === 'cookie') {
      if (given.has('cookie') && !broken) continue;
      const rest = cookieWithout(headers.cookie, name);
      const all = p.value === undefined ? rest : [...rest, `${name}=${encodeURIComponent(p.value)}`];
      if (all.length === 0) delete headers.cookie;
      else headers.cookie = all.join('; ');
    } else if (!given.has(name) || broken) {
      if (p.value === undefined) delete headers[name];
      else headers[name] = p.value;
    }
  }
}
