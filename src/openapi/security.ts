// OpenAPI security (schemes under `components.securitySchemes`, requirements on the document or an
// operation) as the declared-security part: a request without the credentials gets a 401.
import { declaredSecurity, type DeclaredSecurityPart, type SecurityRequirement, type SecurityScheme } from '../dsl/declared-security.js';
import { deref } from './parameters.js';
import { child, type Warnings } from './warnings.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The document's security schemes by key; a scheme that cannot be checked is a warning and left out. */
export function securitySchemes(doc: Obj, warnings: Warnings): Map<string, SecurityScheme> {
  const out = new Map<string, SecurityScheme>();
  const components = isObj(doc.components) && isObj(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  for (const [key, raw] of Object.entries(components)) {
    const at = child('/components/securitySchemes', key);
    const s = deref(doc, raw, at, warnings);
    if (!s) continue;
    const v = s.value;
    const description = typeof v.description === 'string' ? { description: v.description } : {};
    const scheme = typeof v.scheme === 'string' ? v.scheme.toLowerCase() : '';
    if (v.type === 'http' && (scheme === 'basic' || scheme === 'bearer')) {
      out.set(key, { key, type: 'http', scheme, ...(typeof v.bearerFormat === 'string' ? { bearerFormat: v.bearerFormat } : {}), ...description });
    } else if (v.type === 'http') {
      warnings.add(child(at, 'scheme'), `http scheme ${JSON.stringify(v.scheme)} is not checked (basic and bearer are); operations requiring only it are served unprotected`);
    } else if (v.type === 'apiKey' && typeof v.name === 'string' && (v.in === 'header' || v.in === 'query' || v.in === 'cookie')) {
      out.set(key, { key, type: 'apiKey', in: v.in, name: v.name, ...description });
    } else if (v.type === 'oauth2' || v.type === 'openIdConnect') {
      // decided (docs/decisions.md "OpenAPI in"): no flow is run; a bearer token's presence is the check.
      warnings.add(at, `${v.type} is accepted as the presence of a bearer token (Authorization: Bearer ...); tokens and scopes are not verified`);
      const { type: _type, description: _d, ...spec } = v;
      out.set(key, { key, type: v.type, spec, ...description });
    } else {
      warnings.add(at, `security scheme type ${JSON.stringify(v.type)} is not checked; operations requiring only it are served unprotected`);
    }
  }
  return out;
}

/** The part an operation's security asks for, or undefined when a request needs no credentials. */
export function securityPart(requirements: unknown, pointer: string, schemes: ReadonlyMap<string, SecurityScheme>, warnings: Warnings, taken: ReadonlySet<string> = new Set()): DeclaredSecurityPart<string> | undefined {
  if (!Array.isArray(requirements) || requirements.length === 0) return undefined;
  const out: SecurityRequirement[] = [];
  for (const [i, req] of requirements.entries()) {
    if (!isObj(req)) continue;
    // An empty requirement (`{}`) makes credentials optional: nothing is required.
    if (Object.keys(req).length === 0) return undefined;
    const uses = Object.entries(req).map(([key, scopes]) => ({ key, scheme: schemes.get(key), scopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [] }));
    const missing = uses.filter((u) => u.scheme === undefined);
    if (missing.length > 0) {
      warnings.add(child(pointer, i), `requirement on ${missing.map((u) => u.key).join(', ')} cannot be checked; it is left out`);
      continue;
    }
    out.push(uses.map((u) => ({ scheme: u.scheme!, scopes: u.scopes })));
  }
  if (out.length === 0) return undefined;
  // Named apart from the operation's parameters (a handler reads its parts by name).
  let key = 'credentials';
  for (let n = 2; taken.has(key); n++) key = n === 2 ? 'securityCredentials' : `securityCredentials${n - 1}`;
  return key === 'credentials' ? declaredSecurity(out) : declaredSecurity(out, { key });
}
