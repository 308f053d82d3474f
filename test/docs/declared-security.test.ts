// The Authentication section of an imported document's operations, in Markdown and HTML: what a
// client must send, one item per requirement, and a scheme's name never breaks the page.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { api, get, json } from '../../src/dsl/index.js';
import { declaredSecurity, type SecurityScheme } from '../../src/dsl/declared-security.js';
import { t } from '../../src/codec/index.js';
import { importSurface, loadDocument } from '../../src/openapi/index.js';
import { docModel, renderHtml, renderMarkdown } from '../../src/docs/index.js';
import { DOCS } from '../openapi/load.js';

const s = suite('declared security in the docs');

/** The lines of the section under `## METHOD path`. */
function section(md: string, heading: string): string[] {
  const lines = md.split('\n');
  const start = lines.indexOf(heading);
  assert.ok(start >= 0, `no ${heading}`);
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  const part = lines.slice(start, end < 0 ? undefined : end);
  const auth = part.indexOf('### Authentication');
  assert.ok(auth >= 0, `${heading} has no Authentication section`);
  return part.slice(auth, part.findIndex((l, i) => i > auth && l.startsWith('### ')));
}

s('features.yaml: each operation that needs a credential says which ones, any one requirement', async () => {
  const md = renderMarkdown(docModel(importSurface(await loadDocument(`${DOCS}features.yaml`), 'features').surface));
  assert.equal(section(md, '## POST /pets'), [
    '### Authentication', '',
    'This endpoint requires credentials; a request without them gets 401 Unauthorized. Clients must supply one of the following:', '',
    '- `X-API-Key: <key>` header (scheme `apiKeyHeader`)',
    '- `api_key=<key>` in the query (scheme `apiKeyQuery`)', '',
  ]);
  assert.equal(section(md, '## GET /pets/:petId').slice(4, 6), [
    '- `Authorization: Basic <base64 of user:password>` (scheme `basicAuth`)',
    '- `Authorization: Bearer <token>` (a JWT) (scheme `bearerAuth`)',
  ]);
  assert.ok(section(md, '## DELETE /pets/:petId').includes('- `Authorization: Bearer <token>` (an OAuth 2 access token) (scheme `oauth`, scopes `pets:write`)'));
  // An operation without security has no such section.
  const list = md.split('\n## ').find((p) => p.startsWith('GET /pets\n'))!;
  assert.not.match(list, /### Authentication/);
});

s('a requirement of two schemes needs both; a hostile scheme name stays inside its code span', () => {
  const key: SecurityScheme = { key: 'k`ey\n## Injected', type: 'apiKey', in: 'header', name: 'X-Key`\n# Title' };
  const bearer: SecurityScheme = { key: 'b', type: 'http', scheme: 'bearer' };
  const surface = api('Sec', { title: 'sec' }, { thing: get('thing', declaredSecurity([[{ scheme: key, scopes: [] }, { scheme: bearer, scopes: [] }]])).returns(json(t.int)) });
  const md = renderMarkdown(docModel(surface));
  assert.ok(md.includes('Clients must supply the following:\n\n- `X-Key # Title: <key>` header (scheme `k ey ## Injected`) and `Authorization: Bearer <token>` (scheme `b`)\n'), md);
  assert.not.match(md, /^## Injected/m);
  const html = renderHtml(docModel(surface));
  assert.match(html, /<h3>Authentication<\/h3><p>This endpoint requires credentials; a request without them gets 401 Unauthorized\. Clients must supply the following:<\/p><ul class="credentials"><li><code>X-Key # Title: &#60;key&#62;<\/code> header/);
});

s.run();
