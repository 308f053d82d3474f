// Static files at the transport: a handler's `sendFile` reply is answered from one open file
// descriptor, checked to be a regular file inside its root after it was opened (content type,
// weak ETag and 304, one byte range, streamed body).
import type { ServerResponse } from 'node:http';
import { constants } from 'node:fs';
import { type FileHandle, lstat, open, readlink, realpath } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { basename, isAbsolute, join, relative, sep } from 'node:path';
import { lookup } from 'mrmime';
import type { FileRef } from '../dsl/reply.js';
import { protocolError } from '../describe/answer.js';
import { errorReply } from './reply.js';
import type { OutReply } from './request.js';

/**
 * decided: a segment that is empty, `.`/`..`, starts with a dot (dot-files), or holds a separator
 * or NUL (decoded from `%2F`, `%5C`, `%00`) is refused; docs/decisions.md "S8 static files".
 */
const refused = (segment: string): boolean => segment === '' || segment.startsWith('.') || /[/\\\0]/.test(segment);

/** A file opened for serving: its descriptor, what it is, and its path relative to the root. */
export interface OpenedFile {
  readonly handle: FileHandle;
  readonly stats: Stats;
  readonly rel: string;
}

// Non-blocking: opening a FIFO someone put in the root must not wait for a writer.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

const PROC_FD = '/proc/self/fd/';
const DELETED = ' (deleted)';
/** Whether the kernel names open descriptors (Linux's /proc); cleared the first time it cannot. */
let kernelNames = process.platform === 'linux';

/**
 * Where the descriptor's file is, as the kernel names it (Linux: the link /proc/self/fd/N), or
 * undefined where the system cannot tell. A file unlinked since it was opened (replaced by a
 * rename) keeps its last name with ` (deleted)` after it. Read before the caller's fstat, so a
 * name ending that way is cut only when the file was gone already: `nlink` 0 stays 0.
 */
async function descriptorPath(handle: FileHandle): Promise<string | undefined> {
  if (!kernelNames) return undefined;
  try {
    return await readlink(PROC_FD + String(handle.fd));
  } catch {
    // No /proc mounted (a container without it): the name check below serves instead.
    kernelNames = false;
    return undefined;
  }
}

/**
 * Where /proc is missing, the file at the resolved name must be the very one the descriptor
 * holds (same device and inode). decided: there a file replaced by a rename between the open and
 * this check is a 404 (docs/decisions.md "S8 static files"): the name cannot say where the opened
 * file was.
 */
async function relByName(root: string, path: string, stats: Stats): Promise<string | undefined> {
  const rel = relative(root, await realpath(path));
  if (!isInside(rel)) return undefined;
  const there = await lstat(join(root, rel));
  return there.isFile() && there.dev === stats.dev && there.ino === stats.ino ? rel : undefined;
}

/** A path relative to the root that stays inside it and names no dot-file or dot-directory. */
const isInside = (rel: string): boolean => rel !== '' && !isAbsolute(rel) && !rel.split(sep).some((s) => s === '..' || s.startsWith('.'));

/**
 * Opens the file once, then proves that what was opened is a regular file inside the real root.
 * The proof is about the descriptor, never the name: the kernel says where the opened file is
 * (symlinks followed, as a link to another file inside is served), so a name swapped for a
 * symlink to the outside around the open can only make this fail (a 404), while a file renamed
 * over the name after the open is still the inside file that was opened, and is served whole
 * (its bytes stay readable through the descriptor). The name is never opened again.
 * Undefined when the file must not be served.
 */
export async function openInside(file: FileRef): Promise<OpenedFile | undefined> {
  if (file.path.length === 0 || file.path.some(refused)) return undefined;
  let handle: FileHandle | undefined;
  try {
    const root = await realpath(file.root);
    const path = join(root, ...file.path);
    handle = await open(path, OPEN_FLAGS);
    const at = await descriptorPath(handle);
    const stats = await handle.stat();
    if (stats.isFile()) {
      const real = at !== undefined && stats.nlink === 0 && at.endsWith(DELETED) ? at.slice(0, -DELETED.length) : at;
      // A symlink may point elsewhere inside the root, never outside it nor at a dot-file.
      const rel = real === undefined ? await relByName(root, path, stats) : relative(root, real);
      if (rel !== undefined && isInside(rel)) return { handle, stats, rel };
    }
  } catch {
    // missing, unreadable, or a loop of links: not there
  }
  await handle?.close().catch(() => {});
  return undefined;
}

/** `bytes=first-last`, `bytes=first-` or `bytes=-suffix`, as offsets into a file of `size` bytes. */
export type ByteRange = { readonly kind: 'whole' } | { readonly kind: 'part'; readonly start: number; readonly end: number } | { readonly kind: 'unsatisfiable' };

/**
 * decided: one byte range is honoured in each of RFC 9110's forms; several ranges, other units and
 * malformed values are ignored and the whole file sent (RFC 9110 allows it); a range starting at or
 * beyond the end is a 416 (docs/decisions.md "S8 static files"). Numbers
 * are compared exactly, however long: a last position beyond the end means the end.
 */
export function byteRange(value: string | undefined, size: number): ByteRange {
  const m = value === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'whole' };
  const length = BigInt(size);
  if (m[1] === '') {
    const suffix = BigInt(m[2]!);
    if (suffix === 0n || length === 0n) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Number(length > suffix ? length - suffix : 0n), end: size - 1 };
  }
  const first = BigInt(m[1]!);
  // `5-2` is not a range (ignored); `100-` on 9 bytes is one that starts past the end (416).
  if (m[2] !== '' && BigInt(m[2]!) < first) return { kind: 'whole' };
  if (first >= length) return { kind: 'unsatisfiable' };
  const last = m[2] === '' ? length - 1n : BigInt(m[2]!);
  return { kind: 'part', start: Number(first), end: Number(last < length ? last : length - 1n) };
}

/** The file's headers: type by extension (unknown: octet-stream), length, validators. */
function fileHeaders(rel: string, stats: Stats): Record<string, string> {
  let type = lookup(basename(rel)) ?? 'application/octet-stream';
  if (type === 'text/html') type += ';charset=utf-8';
  return {
    'content-type': type,
    'last-modified': stats.mtime.toUTCString(),
    // Weak: size and modification time name this copy, as sirv's did before (clients keep theirs).
    etag: `W/"${stats.size}-${stats.mtime.getTime()}"`,
    // Files are looked up per request: clients revalidate rather than reuse a copy unseen.
    'cache-control': 'no-cache',
    'accept-ranges': 'bytes',
  };
}

const matchesEtag = (header: string | undefined, etag: string): boolean =>
  header !== undefined && header.split(',').some((t) => { const tag = t.trim(); return tag === '*' || tag === etag || `W/${tag}` === etag; });

/** Answers a file reply; resolves to the 404 to write instead when the file cannot be served. */
export async function sendFile(res: ServerResponse, file: FileRef, headers: OutReply['headers']): Promise<OutReply | undefined> {
  const req = res.req;
  const opened = await openInside(file);
  // decided: names with `?` or `#` are not served (docs/decisions.md "S8 static files").
  if (opened === undefined || /[?#]/.test(opened.rel)) {
    await opened?.handle.close().catch(() => {});
    const path = (req.url ?? '/').split('?')[0];
    return errorReply(protocolError('notFound', `Not found: ${req.method ?? 'GET'} ${path}`));
  }
  const { handle, stats, rel } = opened;
  const own = fileHeaders(rel, stats);
  for (const k in headers) res.setHeader(k, headers[k] as string | string[]);
  // The reply's own headers win over the file's.
  for (const [k, v] of Object.entries(own)) if (!res.hasHeader(k)) res.setHeader(k, v);
  if (matchesEtag(req.headers['if-none-match'], own.etag!)) {
    await handle.close().catch(() => {});
    res.statusCode = 304;
    res.end();
    return undefined;
  }
  const range = byteRange(req.headers.range, stats.size);
  if (range.kind === 'unsatisfiable') {
    await handle.close().catch(() => {});
    res.statusCode = 416;
    res.setHeader('content-range', `bytes */${stats.size}`);
    res.setHeader('content-length', 0);
    res.end();
    return undefined;
  }
  const [start, end] = range.kind === 'part' ? [range.start, range.end] : [0, stats.size - 1];
  res.statusCode = range.kind === 'part' ? 206 : 200;
  if (range.kind === 'part') res.setHeader('content-range', `bytes ${start}-${end}/${stats.size}`);
  res.setHeader('content-length', Math.max(0, end - start + 1));
  if (req.method === 'HEAD' || end < start) {
    await handle.close().catch(() => {});
    res.end();
    return undefined;
  }
  // The descriptor checked above is the one read: the name is never opened again.
  const stream = handle.createReadStream({ start, end, autoClose: true });
  stream.once('error', (err) => {
    process.stderr.write(`api-serve: reading ${join(file.root, rel)} failed: ${err.message}\n`);
    res.destroy();
  });
  res.once('close', () => stream.destroy());
  stream.pipe(res);
  return undefined;
}
