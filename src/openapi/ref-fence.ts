// Where a document's external `$ref`s may read: files inside the document's folder (both sides
// taken through realpath, so a symlink cannot lead out), never a URL (a well-known meta-schema's is
// answered from the package). A document is untrusted input: what a `$ref` reads becomes example
// bodies served over HTTP and literals in imported code.
import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { metaSchemaStandIn } from './meta-schemas.js';

/** A `$ref` the fence did not follow, and why. */
export interface RefRefusal {
  readonly why: 'outside' | 'remote';
  /** The `$ref` as written. */
  readonly reference: string;
  /** What it resolved to (a path or a URL). */
  readonly target: string;
  /** The file holding the `$ref` (absolute) and the JSON pointer to it, when the parser said. */
  readonly from: string | undefined;
  readonly pointer: string | undefined;
}

/** What the parser hands a resolver (json-schema-ref-parser's `FileInfo`, the fields read here). */
interface FileInfo {
  readonly url: string;
  /** The fragment (`#/X`), which the parser strips from both `url` and `reference`. */
  readonly hash?: string;
  readonly reference?: string;
  readonly baseUrl?: string;
}

/** A json-schema-ref-parser resolver: the plain object its `resolve.file` option takes. */
export interface FencedResolver {
  readonly order: number;
  canRead(): boolean;
  read(file: FileInfo): Promise<Buffer>;
}

export interface RefFence {
  readonly resolver: FencedResolver;
  /** The first `$ref` refused, if any: the parser wraps a resolver's error, so it is kept here. */
  refused(): RefRefusal | undefined;
  /** From now on the document itself reads as `text` (the loader's copy of it, some `$ref`s kept from the parser). */
  answerRoot(text: string): void;
}

/** The error a refused read throws (the parser's message is not shown; `refused()` is). */
class RefusedRef extends Error {}

/** `scheme:` with two letters or more (one letter is a Windows drive). */
const SCHEME = /^([a-z][a-z0-9+.-]+):/i;

/** The filesystem path a resolved `$ref` URL names, or undefined for any other URL. */
function localPath(url: string): string | undefined {
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'file') {
    try { return fileURLToPath(url); } catch { return undefined; }
  }
  if (scheme !== undefined) return undefined;
  // The parser keeps relative references percent-encoded (`a%20b.yaml`), as its own reader decodes.
  try { return resolve(decodeURI(url.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'))); } catch { return resolve(url); }
}

const inside = (folder: string, path: string): boolean => {
  const rel = relative(folder, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
};

function realpath(path: string): string | undefined {
  try { return realpathSync(path); } catch { return undefined; }
}

/** How the parser wants a file that cannot be read said (its own `ResolverError`, shown as is). */
export type ReadError = (error: Error, url: string) => Error;

/**
 * The resolver for the document at `documentPath`. The document itself is always read (the user
 * named it, through a symlink or not); every other file must lie inside its folder.
 */
export function refFence(documentPath: string, readError: ReadError): RefFence {
  const root = resolve(documentPath);
  const folder = dirname(root);
  const realFolder = realpath(folder) ?? folder;
  const realRoot = realpath(root) ?? root;
  let first: RefRefusal | undefined;
  let rootText: Buffer | undefined;
  // The parser's own file reader's words for a file that cannot be read.
  const read = async (path: string, url: string): Promise<Buffer> => {
    try { return await readFile(path); } catch (err) {
      const e = err as Error;
      e.message = `Error opening file ${path}: ${e.message}`;
      throw readError(e, url);
    }
  };
  const refuse = (why: RefRefusal['why'], file: FileInfo, target: string): never => {
    const hash = file.baseUrl?.indexOf('#') ?? -1;
    const base = file.baseUrl === undefined ? undefined : hash < 0 ? file.baseUrl : file.baseUrl.slice(0, hash);
    first ??= {
      why, target, reference: `${file.reference ?? file.url}${file.hash ?? ''}`,
      from: base === undefined ? undefined : localPath(base),
      pointer: file.baseUrl !== undefined && hash >= 0 ? file.baseUrl.slice(hash + 1) : undefined,
    };
    throw new RefusedRef(`$ref ${JSON.stringify(file.url)} refused`);
  };
  return {
    refused: () => first,
    answerRoot: (text) => { rootText = Buffer.from(text); },
    resolver: {
      // Before the parser's own file and http resolvers, and for every URL: a URL is refused here
      // rather than left to the http resolver (which would look the host up).
      order: 1,
      canRead: () => true,
      async read(file) {
        // decided (docs/decisions.md "OpenAPI in"): a well-known meta-schema is answered here,
        // from the package, never fetched (meta-schemas.ts says with what).
        const meta = metaSchemaStandIn(file.url, file.hash);
        if (meta !== undefined) return meta;
        const path = localPath(file.url);
        if (path === undefined) return refuse('remote', file, file.url);
        if (path === root) return rootText ?? read(root, file.url);
        // decided (docs/decisions.md "a document is untrusted input"): the path as written is
        // checked first, so a file outside is refused without being looked at (not even whether it
        // exists); then its realpath, so a symlink inside cannot lead out.
        if (!inside(folder, path) && !inside(realFolder, path)) return refuse('outside', file, path);
        const real = realpath(path);
        // A file that does not exist is the parser's usual error (it names the file and ENOENT).
        if (real === undefined) return read(path, file.url);
        if (real !== realRoot && !inside(realFolder, real)) return refuse('outside', file, path);
        // The checked path is read, not the one given, so a link changed in between leads nowhere new.
        return read(real, file.url);
      },
    },
  };
}

/** Control characters shown as escapes, so a key or `$ref` cannot break the one line. */
const oneLine = (text: string): string => text.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The line saying a refusal: where the `$ref` is (the file as the user named the document, or a
 * file beside it, and its JSON pointer), what it says and why it was not followed.
 */
export function refusalLine(documentPath: string, r: RefRefusal): string {
  const root = resolve(documentPath);
  const file = r.from === undefined || r.from === root ? documentPath : join(dirname(documentPath), relative(dirname(root), r.from));
  const where = `${oneLine(file)}${r.pointer === undefined ? '' : `#${oneLine(r.pointer)}`}`;
  const ref = JSON.stringify(r.reference);
  if (r.why === 'remote') {
    // A relative `$ref` under a remote base (`$id: https://...`) is shown with the URL it names.
    const resolved = SCHEME.test(r.reference) ? '' : ` (${JSON.stringify(r.target)})`;
    return `${where}: remote $ref ${ref}${resolved} not fetched (a document is read from local files only)`;
  }
  return `${where}: $ref ${ref} points outside the document's folder`;
}
