// Pagination by a `Range` header as a request part: `rangeFields` declares the fields a client may
// range over (type, defaults, how an item's value is derived), `range` puts them on an endpoint,
// and `paginate` applies the parsed range to a list, giving the page and its response headers.
import type { Codec } from '../codec/types.js';
import { describe } from '../codec/types.js';
import { int, text } from '../codec/scalars.js';
import {
  type RangeField, type RangeFieldType, type RangeOrder, type RangeRequest, defaultRange, formatRange, parseRange, rangePattern, uriEncode,
} from '../codec/range-header.js';
import type { ExtensionPart } from './types.js';
import type { ExtensionDescriptor } from './extension.js';

export type { RangeField, RangeFieldType, RangeOrder, RangeRequest } from '../codec/range-header.js';
export { parseRange, formatRange, defaultRange, uriEncode } from '../codec/range-header.js';

/** The defaults of a field that does not set its own (the reference's `defaultOptions`). */
export const RANGE_DEFAULTS = { limit: 100, offset: 0, order: 'desc' } as const;

interface FieldDefaults {
  readonly limit?: number;
  readonly offset?: number;
  readonly order?: RangeOrder;
}

/** One rangeable field: its type and how an item's value for it is derived. */
export type RangeFieldDecl<T> =
  | (FieldDefaults & { readonly type: 'string'; readonly from: (item: T) => string })
  | (FieldDefaults & { readonly type: 'integer'; readonly from: (item: T) => number });

type Decls<T> = Readonly<Record<string, RangeFieldDecl<T>>>;

/** What the `range` extension part carries: the fields in order, the first being the default. */
export interface RangeConfig {
  readonly fields: readonly RangeField[];
}

/** The rangeable fields of a list of `T`, declared once for the endpoint and for `paginate`. */
export interface RangeFields<T, F extends Decls<T>> {
  readonly item: Codec<T>;
  readonly fields: F;
  readonly config: RangeConfig;
}

type ValueOf<K extends RangeFieldType> = K extends 'integer' ? number : string;

/** The parsed range a handler receives: one variant per field, its value typed by the field. */
export type RangeOf<F> = { [K in keyof F & string]: F[K] extends { readonly type: infer Y extends RangeFieldType } ? RangeRequest<K, ValueOf<Y>> : never }[keyof F & string];

const TOKEN = /^[^\s;]+$/;

/**
 * Declares the fields a `Range` header may name, in order (the first is used when a request has
 * no `Range`): `rangeFields(Color, { name: { type: 'string', from: (c) => c.name }, ... })`.
 */
export function rangeFields<T, const F extends Decls<T>>(item: Codec<T>, fields: F): RangeFields<T, F> {
  const config: RangeField[] = Object.entries(fields).map(([name, d]) => {
    const field: RangeField = {
      name, type: d.type,
      limit: d.limit ?? RANGE_DEFAULTS.limit, offset: d.offset ?? RANGE_DEFAULTS.offset, order: d.order ?? RANGE_DEFAULTS.order,
    };
    const where = `range field "${name}" of ${item.label}`;
    if (!TOKEN.test(name)) throw new TypeError(`${where}: a field name is one word without ";"`);
    if (!Number.isSafeInteger(field.limit) || field.limit < 0) throw new TypeError(`${where}: limit must be a non-negative integer`);
    if (!Number.isSafeInteger(field.offset)) throw new TypeError(`${where}: offset must be an integer`);
    if (field.order !== 'asc' && field.order !== 'desc') throw new TypeError(`${where}: order is asc or desc`);
    if (field.type !== 'string' && field.type !== 'integer') throw new TypeError(`${where}: type is string or integer`);
    return field;
  });
  if (config.length === 0) throw new TypeError(`range fields of ${item.label}: declare at least one field`);
  return { item, fields, config: { fields: config } };
}

/** The `Range` request header's grammar, as the spec gives it. */
export const RANGE_FORMAT = '<field> [<value>][; offset <o>][; limit <l>][; order <asc|desc>]';

/**
 * The `range` extension: the `Range` header, read with the other headers (a malformed one is a
 * 400 at the header step). Pure: it needs no runtime.
 * decided: the 400 is `Error parsing header Range failed: <reason>` through the surface's
 * header-parse formatter; see docs/decisions.md "S7 parse errors".
 */
export const rangeExtension: ExtensionDescriptor<RangeConfig, RangeRequest> = {
  name: 'range',
  stage: 'header',
  header: 'Range',
  errors: ['badHeader'],
  options: [],
  read({ fields }, headers) {
    const raw = headers['range'];
    if (raw === undefined) return { ok: true, value: defaultRange(fields[0]!) };
    // Node joins a repeated Range header with ", "; the result is parsed as one header (mostly a 400).
    const parsed = parseRange(Array.isArray(raw) ? raw.join(', ') : raw, fields);
    if (parsed.ok) return { ok: true, value: parsed.value };
    return { ok: false, failure: { combinator: 'Header', name: 'Range', message: `Error parsing header Range failed: ${parsed.error}` } };
  },
  docs: ({ fields }) => ({
    kind: 'range',
    fields,
    format: RANGE_FORMAT,
    pattern: rangePattern(fields),
    responseHeaders: [
      { name: 'Total-Count', type: 'integer', description: 'the number of items in the whole collection' },
      { name: 'Accept-Ranges', type: 'string', description: 'the fields usable in `Range`, comma-separated' },
      { name: 'Content-Range', type: 'string', description: '`<field> <first>..<last>`: the range of the returned items (absent when none)' },
      { name: 'Next-Range', type: 'string', description: 'the `Range` header that fetches the next page (absent on the last page)' },
    ],
  }),
};

/** The request part: the handler's `range` input is the parsed `Range` header (or the default). */
export function range<T, const F extends Decls<T>>(fields: RangeFields<T, F>): ExtensionPart<'range', RangeOf<F>, RangeConfig> {
  return { kind: 'extension', ext: rangeExtension as ExtensionDescriptor<RangeConfig, RangeOf<F>>, key: 'range', config: fields.config };
}

/** The response headers of a page, to declare with `.returns(..., { status: 206, headers: RANGE_HEADERS })`. */
export const RANGE_HEADERS = {
  'Total-Count': describe(int, 'Number of items in the whole collection.'),
  'Accept-Ranges': describe(text, 'The fields a Range header may name, comma-separated.'),
  'Content-Range': describe(text, 'The field and the values of the first and last item returned: `<field> <first>..<last>` (URI-encoded values); absent on an empty page.'),
  'Next-Range': describe(text, 'The Range header that fetches the next page: `<field> <last>;limit <l>;offset <o>;order <asc|desc>`; absent when the page is shorter than its limit.'),
} as const;

export type PageHeaders = {
  'Total-Count': number;
  'Accept-Ranges': string;
  'Content-Range'?: string;
  'Next-Range'?: string;
};

export interface Page<T> {
  readonly items: T[];
  readonly headers: PageHeaders;
}

const compare = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Applies a range to a list (the reference's `applyRange`): a stable sort by the field (ties keep
 * list order), then skip the items before `value` (the value itself is kept), then `offset` (a
 * negative one counts as 0), then take `limit`. `Next-Range` continues exactly after the page, so
 * following it from the first page visits every item once, ties included.
 */
export function paginate<T, const F extends Decls<T>>(fields: RangeFields<T, F>, range: RangeOf<F>, items: readonly T[]): Page<T> {
  const r = range as RangeRequest;
  const decl = Object.hasOwn(fields.fields, r.field) ? fields.fields[r.field] : undefined;
  if (!decl) throw new TypeError(`paginate: "${r.field}" is not a range field of ${fields.item.label}`);
  const from = decl.from as (item: T) => string | number;
  const dir = r.order === 'asc' ? 1 : -1;
  const keyed = items.map((item) => ({ item, key: from(item) }));
  keyed.sort((a, b) => dir * compare(a.key, b.key));
  let start = 0;
  if (r.value !== undefined) {
    const value = r.value;
    while (start < keyed.length && dir * compare(keyed[start]!.key, value) < 0) start++;
  }
  const offset = Math.max(0, r.offset);
  const page = keyed.slice(start + offset, start + offset + r.limit);
  const headers: PageHeaders = { 'Total-Count': items.length, 'Accept-Ranges': fields.config.fields.map((f) => f.name).join(',') };
  const first = page[0];
  const last = page[page.length - 1];
  if (first && last) {
    headers['Content-Range'] = `${r.field} ${uriEncode(first.key)}..${uriEncode(last.key)}`;
    if (page.length === r.limit) {
      // The next page starts at the last value; its offset skips the items with that value already
      // seen (when the whole page shares the requested value, also those the offset skipped).
      let next: number;
      if (r.value !== undefined && compare(r.value, last.key) === 0) next = offset + page.length;
      else {
        next = 0;
        for (let i = page.length - 1; i >= 0 && compare(page[i]!.key, last.key) === 0; i--) next++;
      }
      headers['Next-Range'] = formatRange({ field: r.field, value: last.key, limit: r.limit, offset: next, order: r.order });
    }
  }
  return { items: page.map((k) => k.item), headers };
}
