// multipart/form-data framing (RFC 7578 over RFC 2046): a body's bytes into named parts, and parts
// back into bytes under a boundary none of them contains. Synchronous: the body is already read and capped.
import { type Result, fail, ok } from './types.js';

/** One part as sent: its Content-Disposition `name`, `filename` when a file, its Content-Type, its bytes. */
export interface FormPart {
  readonly name: string;
  readonly filename?: string;
  readonly contentType?: string;
  readonly bytes: Uint8Array;
}

const CRLF = [13, 10];
const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);
const utf8In = new TextEncoder();
const utf8Out = new TextDecoder('utf-8');

/** Where `needle` first occurs in `hay` at or after `from`, or -1 (a body is capped, so a plain scan). */
function indexOf(hay: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0]!;
  for (let i = hay.indexOf(first, from); i >= 0 && i + needle.length <= hay.length; i = hay.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && hay[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/** The `boundary` parameter of a Content-Type (quoted or not), if any. */
export function boundaryOf(contentType: string): string | undefined {
  const m = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(contentType);
  const b = m?.[1] ?? m?.[2];
  return b === undefined || b === '' ? undefined : b;
}

/**
 * The boundary a body written by `writeParts` opens with (`--B` and a line break): how a caller that
 * holds only the bytes (a fuzz filter, `contentTypeOf`) finds it. Undefined for any other body.
 */
export function openingBoundary(raw: Uint8Array): string | undefined {
  if (raw[0] !== 45 || raw[1] !== 45) return undefined;
  const end = indexOf(raw, ascii('\r\n'), 2);
  if (end < 3) return undefined;
  let b = utf8Out.decode(raw.subarray(2, Math.min(end, 2 + 72)));
  // No part at all: the opening delimiter is the closing one.
  if (b.endsWith('--')) b = b.slice(0, -2);
  return b === '' ? undefined : b;
}

/** A Content-Disposition parameter's value: quoted (browsers write `"` as %22, CR LF as %0D %0A) or a token. */
function dispositionParam(header: string, key: string): string | undefined {
  const re = new RegExp(`;\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i');
  const m = re.exec(header);
  if (!m) return undefined;
  if (m[2] !== undefined) return m[2];
  // decided: %22, %0D and %0A in a quoted name are `"`, CR and LF, as the HTML form encoder writes
  // them (docs/decisions.md "Multipart bodies").
  return m[1]!.replace(/\\(.)/g, '$1').replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}

/** One part's header block into its name, filename and type; why not when it names nothing. */
function partHeaders(block: Uint8Array, index: number): Result<Omit<FormPart, 'bytes'>> {
  let disposition: string | undefined;
  let contentType: string | undefined;
  for (const line of utf8Out.decode(block).split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) { if (line.trim() !== '') return fail(`part ${index + 1} has a malformed header line ${JSON.stringify(line)}`); continue; }
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') disposition = value;
    else if (key === 'content-type') contentType = value;
  }
  const name = disposition !== undefined && /^form-data\s*(;|$)/i.test(disposition) ? dispositionParam(disposition, 'name') : undefined;
  if (name === undefined) return fail(`part ${index + 1} has no name (it needs Content-Disposition: form-data; name="...")`);
  const filename = dispositionParam(disposition!, 'filename');
  return ok({ name, ...(filename === undefined ? {} : { filename }), ...(contentType === undefined ? {} : { contentType }) });
}

/** The parts of a multipart body delimited by `boundary`; why not when it is not one. */
export function parseParts(raw: Uint8Array, boundary: string): Result<FormPart[]> {
  const dash = ascii(`--${boundary}`);
  const delimiter = ascii(`\r\n--${boundary}`);
  // The first delimiter opens the body or follows a preamble's line break.
  const opens = indexOf(raw.subarray(0, dash.length), dash, 0) === 0;
  const first = opens ? 0 : indexOf(raw, delimiter, 0);
  if (first < 0) return fail(`not a multipart body: no delimiter --${boundary}`);
  let at = first + (opens ? dash.length : delimiter.length);
  const parts: FormPart[] = [];
  for (;;) {
    if (raw[at] === 45 && raw[at + 1] === 45) return ok(parts);
    // Transport padding (spaces, tabs) may follow a delimiter before its line break.
    while (raw[at] === 32 || raw[at] === 9) at++;
    if (raw[at] !== CRLF[0] || raw[at + 1] !== CRLF[1]) return fail(`part ${parts.length + 1}: the delimiter is not followed by a line break`);
    at += 2;
    const blank = indexOf(raw, ascii('\r\n\r\n'), at - 2);
    if (blank < 0) return fail(`part ${parts.length + 1}: its headers do not end (no empty line)`);
    const head = partHeaders(raw.subarray(at, Math.max(at, blank)), parts.length);
    if (!head.ok) return head;
    const start = blank + 4;
    const end = indexOf(raw, delimiter, start);
    if (end < 0) return fail(`no closing delimiter --${boundary}--: the body ends inside part ${parts.length + 1}`);
    parts.push({ ...head.value, bytes: raw.subarray(start, end) });
    at = end + delimiter.length;
  }
}

/** A name or filename in a quoted Content-Disposition parameter, as the HTML form encoder writes it. */
const quoted = (s: string): string => `"${s.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;

const BOUNDARY = 'api-serve-form-boundary-4Qf8Zk2m';

/** Parts as a multipart body, with the boundary it is written under (none of the parts contains it). */
export function writeParts(parts: readonly FormPart[]): { readonly bytes: Uint8Array; readonly boundary: string } {
  // decided: the boundary is a fixed word, numbered on only when a part holds it, so the same value
  // is the same body (docs, goldens, fixtures) (docs/decisions.md "Multipart bodies").
  let boundary = BOUNDARY;
  for (let n = 1; parts.some((p) => indexOf(p.bytes, ascii(`--${boundary}`), 0) >= 0); n++) boundary = `${BOUNDARY}-${n}`;
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(p.name)}`;
    if (p.filename !== undefined) head += `; filename=${quoted(p.filename)}`;
    if (p.contentType !== undefined) head += `\r\nContent-Type: ${p.contentType}`;
    chunks.push(utf8In.encode(`${head}\r\n\r\n`), p.bytes, ascii('\r\n'));
  }
  chunks.push(ascii(`--${boundary}--\r\n`));
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let o = 0;
  for (const c of chunks) { bytes.set(c, o); o += c.length; }
  return { bytes, boundary };
}
