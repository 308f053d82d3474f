// Static files at the transport: a handler's `sendFile` reply is answered by sirv (content type,
// ETag and 304, byte ranges, streamed body) once the path is proven to name a file inside its root.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import sirv, { type RequestHandler } from 'sirv';
import type { FileRef } from '../dsl/reply.js';
import { protocolError } from '../describe/answer.js';
import { errorReply } from './reply.js';
import type { OutReply } from './request.js';

/**
 * decided: a segment that is empty, `.`/`..`, starts with a dot (dot-files), or holds a separator
 * or NUL (decoded from `%2F`, `%5C`, `%00`) is refused; README "Decisions".
 */
const refused = (segment: string): boolean => segment === '' || segment.startsWith('.') || /[/\\\0]/.test(segment);

/** The file's path relative to the real root (symlinks resolved), or undefined when it must not be served. */
export async function resolveInside(file: FileRef): Promise<string | undefined> {
  if (file.path.length === 0 || file.path.some(refused)) return undefined;
  try {
    const root = await realpath(file.root);
    const target = await realpath(join(root, ...file.path));
    const rel = relative(root, target);
    // A symlink may point elsewhere inside the root, never outside it nor at a dot-file.
    if (rel === '' || rel.split(sep).some((s) => s === '..' || s.startsWith('.'))) return undefined;
    return (await stat(target)).isFile() ? rel : undefined;
  } catch {
    return undefined; // missing, unreadable, or a loop of links: not there
  }
}

const handlers = new Map<string, RequestHandler>();

function sirvFor(root: string): RequestHandler {
  let h = handlers.get(root);
  if (!h) {
    // dev: looks files up per request, so files added or changed while serving are answered right
    // (and revalidated: Cache-Control no-cache with the ETag).
    h = sirv(root, { dev: true, etag: true, dotfiles: false, extensions: [], onNoMatch: (_req, res) => { res.statusCode = 404; res.end(); } });
    handlers.set(root, h);
  }
  return h;
}

/**
 * decided: byte ranges in the simple forms `bytes=a-b` and `bytes=a-` are honoured; any other
 * Range (suffix, several ranges, malformed) is ignored and the whole file sent, as RFC 9110 allows.
 */
function simpleByteRange(value: string | undefined): boolean {
  const m = value === undefined ? null : /^bytes=(\d+)-(\d*)$/.exec(value);
  if (!m) return false;
  return m[2] === '' || (Number(m[2]) > 0 && Number(m[2]) >= Number(m[1]));
}

/** The root-relative path as the URL path sirv decodes back (it runs decodeURI when it sees a `%`). */
const urlPath = (rel: string) => `/${rel.split(sep).join('/').replace(/%/g, '%25')}`;

/** Answers a file reply; resolves to the 404 to write instead when the file cannot be served. */
export async function sendFile(res: ServerResponse, file: FileRef, headers: OutReply['headers']): Promise<OutReply | undefined> {
  const req: IncomingMessage = res.req;
  const rel = await resolveInside(file);
  // decided: names with `?` or `#` cannot travel in the URL path sirv reads, so they are not served.
  if (rel === undefined || /[?#]/.test(rel)) {
    const path = (req.url ?? '/').split('?')[0];
    return errorReply(protocolError('notFound', `Not found: ${req.method ?? 'GET'} ${path}`));
  }
  const root = await realpath(file.root);
  for (const k in headers) res.setHeader(k, headers[k] as string | string[]);
  if (!simpleByteRange(req.headers.range)) delete req.headers.range;
  // sirv reads the file's path from req.url, as a mounted middleware does.
  req.url = urlPath(rel);
  // sirv pipes a read stream into the response: a read error must end the response, not the process.
  res.once('pipe', (src: Readable) => {
    src.once('error', (err) => {
      process.stderr.write(`api-serve: reading ${join(root, rel)} failed: ${err.message}\n`);
      res.destroy();
    });
    res.once('close', () => src.destroy());
  });
  // sirv sends an empty Content-Type for unknown extensions; say octet-stream instead.
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: OutgoingHttpHeaders) => ServerResponse;
  res.writeHead = ((status: number, headers?: OutgoingHttpHeaders) => {
    if (headers && headers['Content-Type'] === '') headers['Content-Type'] = 'application/octet-stream';
    return writeHead(status, headers);
  }) as ServerResponse['writeHead'];
  sirvFor(root)(req, res);
  return undefined;
}
