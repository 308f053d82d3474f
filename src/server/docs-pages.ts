// `api-serve --docs`: the surface's HTML reference and its OpenAPI document, served as given under
// the reserved prefix (`<prefix>docs`, `<prefix>openapi.json`). The pages are rendered by the
// command (the docs interpreter); the server only answers with their text.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface DocsPages {
  readonly html: string;
  readonly openapi: string;
}

/** The paths this serves under `prefix`, and an answer for a request to one of them (else false). */
export function docsPages(prefix: string, pages: DocsPages): { readonly paths: readonly string[]; answer(req: IncomingMessage, res: ServerResponse): boolean } {
  const files = new Map([
    [`${prefix}docs`, { type: 'text/html;charset=utf-8', body: Buffer.from(pages.html) }],
    [`${prefix}openapi.json`, { type: 'application/json;charset=utf-8', body: Buffer.from(pages.openapi) }],
  ]);
  return {
    paths: [...files.keys()],
    answer(req, res) {
      const file = files.get((req.url ?? '').split('?')[0]!);
      if (!file) return false;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain;charset=utf-8' });
        res.end(`Method not allowed: ${req.method} ${req.url} (this page answers GET, HEAD)\n`);
        return true;
      }
      res.writeHead(200, { 'Content-Type': file.type, 'Content-Length': file.body.length, 'Cache-Control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : file.body);
      return true;
    },
  };
}
