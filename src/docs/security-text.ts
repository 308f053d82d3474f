// The credentials an imported document's security asks for, as sentences the Markdown and HTML
// pages share: one line per way in (a requirement), each naming where every credential goes.
import type { SecurityRequirement, SecurityScheme } from '../dsl/declared-security.js';
import type { DocSecurity } from './model.js';

/** A document's name inside a code span: a backtick or a line break would end it (the document is untrusted). */
const bare = (name: string) => name.replace(/[`\r\n]+/g, ' ');

/** Where one scheme's credential goes, as a client writes it. */
export function credentialText(s: SecurityScheme): string {
  switch (s.type) {
    case 'http': return s.scheme === 'basic'
      ? '`Authorization: Basic <base64 of user:password>`'
      : `\`Authorization: Bearer <token>\`${s.bearerFormat === undefined ? '' : ` (a ${bare(s.bearerFormat)})`}`;
    case 'apiKey': return s.in === 'header' ? `\`${bare(s.name)}: <key>\` header` : s.in === 'query' ? `\`${bare(s.name)}=<key>\` in the query` : `\`${bare(s.name)}=<key>\` cookie`;
    case 'oauth2': return '`Authorization: Bearer <token>` (an OAuth 2 access token)';
    case 'openIdConnect': return '`Authorization: Bearer <token>` (an OpenID Connect token)';
  }
}

/** One requirement: every scheme's credential together, with the scopes it names. */
function requirementText(r: SecurityRequirement): string {
  return r.map(({ scheme, scopes }) => `${credentialText(scheme)} (scheme \`${bare(scheme.key)}\`${scopes.length > 0 ? `, scopes ${scopes.map((x) => `\`${bare(x)}\``).join(', ')}` : ''})`).join(' and ');
}

/** The section's sentences: the lead and one item per requirement. */
export function securityText(s: DocSecurity): { readonly lead: string; readonly items: readonly string[] } {
  const items = s.requirements.map(requirementText);
  // decided (docs/decisions.md "OpenAPI in"): a mock checks a credential is present where its scheme puts it, not that it is valid.
  return {
    lead: `This endpoint requires credentials; a request without them gets 401 Unauthorized. ${items.length > 1 ? 'Clients must supply one of the following:' : 'Clients must supply the following:'}`,
    items,
  };
}
