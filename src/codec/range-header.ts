// The `Range` header grammar of paginated listings (servant-pagination's), both ways: parsing
// `<field> [<value>][; offset <o>][; limit <l>][; order <asc|desc>]` and formatting `Next-Range`.
import { type Result, fail, ok } from './types.js';
import { int } from './scalars.js';

export type RangeOrder = 'asc' | 'desc';
export type RangeFieldType = 'string' | 'integer';

/** A field a `Range` header may name, with its defaults (the docs read these). */
export interface RangeField {
  readonly name: string;
  readonly type: RangeFieldType;
  readonly limit: number;
  readonly offset: number;
  readonly order: RangeOrder;
}

/** A parsed `Range`: the field, the value to start at (inclusive) when given, and the page shape. */
export interface RangeRequest<F extends string = string, V extends string | number = string | number> {
  readonly field: F;
  readonly value?: V;
  readonly limit: number;
  readonly offset: number;
  readonly order: RangeOrder;
}

/** The range a request without a `Range` header gets: the field's defaults, no value. */
export function defaultRange(field: RangeField): RangeRequest {
  return { field: field.name, limit: field.limit, offset: field.offset, order: field.order };
}

function percentDecode(raw: string): Result<string> {
  try { return ok(decodeURIComponent(raw)); } catch { return fail(`malformed percent-encoding in ${JSON.stringify(raw)}`); }
}

function parseValue(raw: string, type: RangeFieldType): Result<string | number> {
  const decoded = percentDecode(raw);
  if (!decoded.ok || type === 'string') return decoded;
  return int.parseText(decoded.value);
}

/**
 * Parses a `Range` header against the declared fields. Exactly the reference grammar: split on
 * `;`, each piece on spaces (empty tokens dropped); the first piece is the field (exact name) and
 * an optional value (its first token, percent-decoded); every other piece is `<option> <arg>`,
 * unknown options are ignored and the first of a repeated option wins. The failure messages are
 * the reference's: `Invalid Range`, `Invalid Range Options`, `Invalid Range Order`,
 * `Limit must be non-negative`, or the value's own parse error.
 */
export function parseRange(header: string, fields: readonly RangeField[]): Result<RangeRequest> {
  // Loops rather than map/filter/find and a Map of options: this runs on every ranged request.
  const pieces = header.split(';');
  const head = words(pieces[0]!);
  let field: RangeField | undefined;
  if (head.length > 0) for (const f of fields) if (f.name === head[0]) { field = f; break; }
  if (!field) return fail('Invalid Range');
  let rawLimit: string | undefined;
  let rawOffset: string | undefined;
  let rawOrder: string | undefined;
  for (let i = 1; i < pieces.length; i++) {
    const piece = words(pieces[i]!);
    if (piece.length !== 2) return fail('Invalid Range Options');
    const [option, arg] = piece as [string, string];
    if (option === 'limit') rawLimit ??= arg;
    else if (option === 'offset') rawOffset ??= arg;
    else if (option === 'order') rawOrder ??= arg;
  }
  let value: string | number | undefined;
  if (head[1] !== undefined) {
    const v = parseValue(head[1], field.type);
    if (!v.ok) return v;
    value = v.value;
  }
  let limit = field.limit;
  if (rawLimit !== undefined) {
    const l = int.parseText(rawLimit);
    if (!l.ok) return l;
    if (l.value < 0) return fail('Limit must be non-negative');
    limit = l.value;
  }
  let offset = field.offset;
  if (rawOffset !== undefined) {
    const o = int.parseText(rawOffset);
    if (!o.ok) return o;
    offset = o.value;
  }
  let order = field.order;
  if (rawOrder !== undefined) {
    if (rawOrder !== 'asc' && rawOrder !== 'desc') return fail('Invalid Range Order');
    order = rawOrder;
  }
  return ok(value === undefined ? { field: field.name, limit, offset, order } : { field: field.name, value, limit, offset, order });
}

/** A piece's words: split on spaces, empty ones dropped (the reference's tokens). */
function words(piece: string): string[] {
  const out: string[] = [];
  for (const w of piece.split(' ')) if (w !== '') out.push(w);
  return out;
}

/** What encodeURIComponent leaves that the reference escapes (one to test, one to replace all). */
const RESERVED = /[!'()*]/;
const RESERVED_ALL = /[!'()*]/g;

/** URI-encodes a field value: everything but `A-Z a-z 0-9 - _ . ~` is %-escaped (`#` -> `%23`). */
export function uriEncode(value: string | number): string {
  const encoded = encodeURIComponent(String(value));
  // Most values have none of these: no replace (and no callback) for them.
  return RESERVED.test(encoded) ? encoded.replace(RESERVED_ALL, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`) : encoded;
}

/** A range as a header value: `name Purple;limit 10;offset 1;order desc` (the `Next-Range` form). */
export function formatRange(range: RangeRequest): string {
  const head = range.value === undefined ? range.field : `${range.field} ${uriEncode(range.value)}`;
  return `${head};limit ${range.limit};offset ${range.offset};order ${range.order}`;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The grammar of `parseRange` as one regular expression, for the docs and OpenAPI (`pattern`), so
 * a tool reading them refuses what the server refuses: the field names, a value token (an integer
 * for an integer field; well-formed percent escapes), `<option> <arg>` pieces, and for each of
 * `limit`, `offset`, `order` its first occurrence valid (later repeats are ignored, as here).
 * One corner stays the server's alone: a well-formed escape that is not UTF-8 (`%FF`), and an
 * integer beyond 2^53.
 */
export function rangePattern(fields: readonly RangeField[]): string {
  const token = '[^ ;]+';
  const text = '(?:[^ ;%]|%[0-9A-Fa-f]{2})+';
  const heads = fields.map((f) => `${escapeRegex(f.name)}(?: +${f.type === 'integer' ? '[+-]?[0-9]+' : text}(?: +${token})*)?`);
  const first = (option: string, valid: string) => `(?=(?:(?!; *${option} )[\\s\\S])*(?:$|; *${option} +${valid} *(?:;|$)))`;
  return `^${first('limit', '(?:\\+?[0-9]+|-0+)')}${first('offset', '[+-]?[0-9]+')}${first('order', '(?:asc|desc)')} *(?:${heads.join('|')}) *(?:; *${token} +${token} *)*$`;
}
