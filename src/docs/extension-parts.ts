// What the docs read from extension parts (authentication, Range pagination): the minimal shape of
// their configs, checked structurally, so the docs never depend on the server's runtimes.
import type { ExtensionPart } from '../dsl/types.js';

export type DocAuthScheme = 'Bearer' | 'Basic';

/** The part of an `auth` part's config the docs read. */
export interface DocAuth {
  readonly schemes: readonly DocAuthScheme[];
  readonly realm: string;
}

export interface DocRangeField {
  readonly name: string;
  readonly type: 'string' | 'integer';
  readonly limit: number;
  readonly offset: number;
  readonly order: 'asc' | 'desc';
}

/** The part of a `range` part's config the docs read. */
export interface DocRange {
  readonly fields: readonly DocRangeField[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The auth configs of an endpoint's parts (normally zero or one). */
export function authOf(parts: readonly ExtensionPart[]): DocAuth | undefined {
  for (const p of parts) {
    if (p.ext !== 'auth' || !isRecord(p.config)) continue;
    const { schemes, realm } = p.config;
    if (!Array.isArray(schemes) || typeof realm !== 'string') continue;
    const known = schemes.filter((s): s is DocAuthScheme => s === 'Bearer' || s === 'Basic');
    if (known.length > 0) return { schemes: known, realm };
  }
  return undefined;
}

function rangeField(v: unknown): DocRangeField | undefined {
  if (!isRecord(v)) return undefined;
  const { name, type, limit, offset, order } = v;
  if (typeof name !== 'string' || (type !== 'string' && type !== 'integer')) return undefined;
  if (typeof limit !== 'number' || typeof offset !== 'number' || (order !== 'asc' && order !== 'desc')) return undefined;
  return { name, type, limit, offset, order };
}

/** The Range config of an endpoint's parts, if it paginates. */
export function rangeOf(parts: readonly ExtensionPart[]): DocRange | undefined {
  for (const p of parts) {
    if (p.ext !== 'range' || !isRecord(p.config) || !Array.isArray(p.config.fields)) continue;
    const fields = p.config.fields.map(rangeField).filter((f): f is DocRangeField => f !== undefined);
    if (fields.length > 0) return { fields };
  }
  return undefined;
}

/** The `Range` request header's grammar, as the spec gives it. */
export const RANGE_FORMAT = '<field> [<value>][; offset <o>][; limit <l>][; order <asc|desc>]';

/** The headers a paginated response carries (servant-pagination's). */
export const RANGE_RESPONSE_HEADERS: readonly { readonly name: string; readonly schema: { readonly type: string }; readonly description: string }[] = [
  { name: 'Total-Count', schema: { type: 'integer' }, description: 'the number of items in the whole collection' },
  { name: 'Accept-Ranges', schema: { type: 'string' }, description: 'the fields usable in `Range`, comma-separated' },
  { name: 'Content-Range', schema: { type: 'string' }, description: '`<field> <first>..<last>`: the range of the returned items (absent when none)' },
  { name: 'Next-Range', schema: { type: 'string' }, description: 'the `Range` header that fetches the next page (absent on the last page)' },
];
