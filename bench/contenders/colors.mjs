// Hand-written S7 `GET /colors` with a Range header for the bare contenders: the reference's
// grammar and selection (stable sort, inclusive value, offset, limit) and its page headers; hex is
// ranged as the data writes it, as specs/S7.ts does.
import { readFile } from 'node:fs/promises';
import { JSON_TYPE, TEXT_TYPE } from './s2-work.mjs';

const uri = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const DIGITS = /^\d+$/;

/**
 * The colours handler `(rangeHeader) => [status, contentType, body, headers]`, or undefined when
 * the bench runs without S7 (BENCH_COLORS unset or the data file missing).
 */
export async function loadColors() {
  const file = process.env.BENCH_COLORS;
  if (!file) return undefined;
  let list;
  try { list = JSON.parse(await readFile(file, 'utf8')); } catch { return undefined; }
  if (!Array.isArray(list)) list = list.colors ?? list.colours;
  if (!Array.isArray(list)) return undefined;
  const fieldOrder = (process.env.BENCH_COLOR_FIELDS ?? 'name,rgb,hex').split(',');
  const fields = {
    name: { value: (c) => c.name, parse: (s) => s, cmp: (a, b) => (a < b ? -1 : a > b ? 1 : 0), limit: 100 },
    hex: { value: (c) => c.hex, parse: (s) => s, cmp: (a, b) => (a < b ? -1 : a > b ? 1 : 0), limit: 100 },
    rgb: { value: (c) => c.rgb[0] + c.rgb[1] + c.rgb[2], parse: (s) => (DIGITS.test(s) ? Number(s) : undefined), cmp: (a, b) => a - b, limit: 5 },
  };
  const acceptRanges = fieldOrder.join(',');
  const total = String(list.length);
  const bad = (why) => [400, TEXT_TYPE, `Error parsing header Range failed: ${why}`, {}];

  return (header) => {
    const pieces = (header ?? 'name').split(';').map((p) => p.split(' ').filter((t) => t !== ''));
    const [first, ...rest] = pieces;
    const fieldName = first?.[0];
    if (fieldName === undefined || !fieldOrder.includes(fieldName)) return bad('Invalid Range');
    const f = fields[fieldName];
    let value;
    if (first[1] !== undefined) {
      let raw;
      try { raw = decodeURIComponent(first[1]); } catch { return bad('Invalid Range'); }
      value = f.parse(raw);
      if (value === undefined) return bad(`could not parse: \`${raw}' (input does not start with a digit)`);
    }
    let limit; let offset; let order;
    for (const p of rest) {
      if (p.length !== 2) return bad('Invalid Range Options');
      const [k, v] = p;
      if (k === 'limit' && limit === undefined) {
        if (v.startsWith('-') && DIGITS.test(v.slice(1))) return bad('Limit must be non-negative');
        if (!DIGITS.test(v)) return bad(`could not parse: \`${v}' (input does not start with a digit)`);
        limit = Number(v);
      } else if (k === 'offset' && offset === undefined) {
        const neg = v.startsWith('-');
        if (!DIGITS.test(neg ? v.slice(1) : v)) return bad(`could not parse: \`${v}' (input does not start with a digit)`);
        offset = neg ? 0 : Number(v);
      } else if (k === 'order' && order === undefined) {
        if (v !== 'asc' && v !== 'desc') return bad('Invalid Range Order');
        order = v;
      }
    }
    limit ??= f.limit; offset ??= 0; order ??= 'desc';
    const dir = order === 'asc' ? 1 : -1;
    const sorted = list.map((c, i) => [f.value(c), i, c]).sort((a, b) => dir * f.cmp(a[0], b[0]) || a[1] - b[1]);
    let start = 0;
    if (value !== undefined) while (start < sorted.length && dir * f.cmp(sorted[start][0], value) < 0) start++;
    const page = sorted.slice(start + offset, start + offset + limit);
    const headers = { 'total-count': total, 'accept-ranges': acceptRanges };
    if (page.length > 0) {
      const last = page[page.length - 1][0];
      headers['content-range'] = `${fieldName} ${uri(String(page[0][0]))}..${uri(String(last))}`;
      if (page.length >= limit) {
        let next;
        if (value !== undefined && f.cmp(value, last) === 0) next = offset + page.length;
        else { next = 0; for (let i = page.length - 1; i >= 0 && f.cmp(page[i][0], last) === 0; i--) next++; }
        headers['next-range'] = `${fieldName} ${uri(String(last))};limit ${limit};offset ${next};order ${order}`;
      }
    }
    return [206, JSON_TYPE, JSON.stringify(page.map((p) => p[2])), headers];
  };
}
