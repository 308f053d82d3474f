// S7 over real HTTP: the colour pages a Range header asks for, their headers, every parse error,
// and full Next-Range walks (every colour exactly once, ties included) for several limits.
import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { request } from 'undici';
import { handlers } from '../../specs/S7.js';
import { JSON_TYPE, TEXT_TYPE, caseSuite } from '../helpers/cases.js';
import { type Running, call, start } from '../helpers/server.js';
import { ROOT } from '../helpers/cli.js';

interface Color { name: string; rgb: [number, number, number]; hex: string }
const colors = JSON.parse(readFileSync(`${ROOT}data/colors.json`, 'utf8')) as Color[];
const names = (body: string) => (JSON.parse(body) as Color[]).map((c) => c.name);
const bad = (reason: string) => `Error parsing header Range failed: ${reason}`;
const range = (value: string) => ({ range: value });

const data = suite('S7 data');
data('data/colors.json holds the 148 CSS named colours, hex matching rgb', () => {
  assert.is(colors.length, 148);
  assert.is(new Set(colors.map((c) => c.name)).size, 148);
  for (const c of colors) {
    assert.match(c.name, /^[a-z]+$/);
    assert.is(c.rgb.length, 3);
    assert.is(c.hex, `#${c.rgb.map((x) => x.toString(16).padStart(2, '0')).join('')}`, c.name);
  }
  assert.equal(colors.find((c) => c.name === 'rebeccapurple'), { name: 'rebeccapurple', rgb: [102, 51, 153], hex: '#663399' });
});
data.run();

const base = { 'total-count': '148', 'accept-ranges': 'name,hex,rgb' };
caseSuite('S7', handlers, [
  { name: 'GET /colors -> 206, first 100 by name descending, Next-Range', method: 'GET', url: '/colors', status: 206,
    expectHeaders: { ...base, 'content-type': JSON_TYPE, 'content-range': 'name yellowgreen..fuchsia', 'next-range': 'name fuchsia;limit 100;offset 1;order desc' } },
  { name: 'Range: name -> the same default page', method: 'GET', url: '/colors', headers: range('name'), status: 206,
    expectHeaders: { ...base, 'content-range': 'name yellowgreen..fuchsia', 'next-range': 'name fuchsia;limit 100;offset 1;order desc' } },
  { name: 'Range: name; limit 2 -> yellowgreen, yellow', method: 'GET', url: '/colors', headers: range('name; limit 2'), status: 206,
    json: [colors[147], colors[146]], expectHeaders: { ...base, 'content-range': 'name yellowgreen..yellow', 'next-range': 'name yellow;limit 2;offset 1;order desc' } },
  { name: 'Range: name green; order asc; offset 1 -> the 93 colours after green, no Next-Range (short page)', method: 'GET', url: '/colors',
    headers: range('name green; order asc; offset 1'), status: 206, json: colors.slice(55),
    expectHeaders: { ...base, 'content-range': 'name greenyellow..yellowgreen', 'next-range': undefined } },
  { name: 'Range: name green; limit 3 -> the value is inclusive (green, gray, goldenrod)', method: 'GET', url: '/colors',
    headers: range('name green; limit 3'), status: 206, json: [colors[54], colors[53], colors[52]],
    expectHeaders: { 'content-range': 'name green..goldenrod', 'next-range': 'name goldenrod;limit 3;offset 1;order desc' } },
  { name: 'Range: name greenish; order asc; limit 2 -> starts at the first name after a missing value', method: 'GET', url: '/colors',
    headers: range('name greenish; order asc; limit 2'), status: 206, json: [colors[55], colors[56]] },
  { name: 'Range: name gr%65en; limit 1 -> the value is percent-decoded', method: 'GET', url: '/colors', headers: range('name gr%65en; limit 1'), status: 206, json: [colors[54]] },
  { name: 'Range: name green extra; limit 1 -> only the first token is the value', method: 'GET', url: '/colors', headers: range('name green extra; limit 1'), status: 206, json: [colors[54]] },
  { name: 'Range: rgb -> 5 colours by component sum, ties in list order', method: 'GET', url: '/colors', headers: range('rgb'), status: 206,
    expectHeaders: { ...base, 'content-range': 'rgb 765..750', 'next-range': 'rgb 750;limit 5;offset 2;order desc' } },
  { name: 'Range: rgb 750;limit 5;offset 2;order desc -> continues after the ties already seen', method: 'GET', url: '/colors',
    headers: range('rgb 750;limit 5;offset 2;order desc'), status: 206, json: ['mintcream', 'floralwhite', 'aliceblue', 'lavenderblush', 'seashell'].map((n) => colors.find((c) => c.name === n)),
    expectHeaders: { 'content-range': 'rgb 750..738', 'next-range': 'rgb 738;limit 5;offset 1;order desc' } },
  { name: 'Range: hex %2300ffff; limit 3; order asc -> aqua, cyan (same hex), then URI-encoded headers', method: 'GET', url: '/colors',
    headers: range('hex %2300ffff; limit 3; order asc'), status: 206,
    expectHeaders: { 'content-range': 'hex %2300ffff..%23191970', 'next-range': 'hex %23191970;limit 3;offset 1;order asc' } },
  { name: 'Range: hex #00ffff; limit 1; order asc -> a raw # works too', method: 'GET', url: '/colors', headers: range('hex #00ffff; limit 1; order asc'), status: 206,
    expectHeaders: { 'next-range': 'hex %2300ffff;limit 1;offset 1;order asc' } },
  { name: 'Range: hex %2300ffff;limit 1;offset 1;order asc -> the second of the tie, offset grows', method: 'GET', url: '/colors',
    headers: range('hex %2300ffff;limit 1;offset 1;order asc'), status: 206, expectHeaders: { 'content-range': 'hex %2300ffff..%2300ffff', 'next-range': 'hex %2300ffff;limit 1;offset 2;order asc' } },
  { name: 'Range: name; limit 0 -> 206, empty page, no Content-Range, no Next-Range', method: 'GET', url: '/colors', headers: range('name; limit 0'), status: 206,
    json: [], expectHeaders: { ...base, 'content-range': undefined, 'next-range': undefined } },
  { name: 'Range: name; offset 148 -> 206, empty page', method: 'GET', url: '/colors', headers: range('name; offset 148'), status: 206,
    json: [], expectHeaders: { ...base, 'content-range': undefined, 'next-range': undefined } },
  { name: 'Range: name; limit 200 -> all 148, no Next-Range', method: 'GET', url: '/colors', headers: range('name; limit 200'), status: 206,
    expectHeaders: { 'content-range': 'name yellowgreen..aliceblue', 'next-range': undefined } },
  { name: 'Range: name; limit 2; offset -3 -> a negative offset counts as 0', method: 'GET', url: '/colors', headers: range('name; limit 2; offset -3'), status: 206,
    json: [colors[147], colors[146]], expectHeaders: { 'next-range': 'name yellow;limit 2;offset 1;order desc' } },
  { name: 'Range: name; limit 2; colour blue -> unknown options are ignored', method: 'GET', url: '/colors', headers: range('name; limit 2; colour blue'), status: 206, json: [colors[147], colors[146]] },
  { name: 'Range: name; limit 2; limit x -> the first of a repeated option wins', method: 'GET', url: '/colors', headers: range('name; limit 2; limit x'), status: 206, json: [colors[147], colors[146]] },
  { name: 'Range: name;limit 1;order asc -> spaces around ; are optional', method: 'GET', url: '/colors', headers: range('name;limit 1;order asc'), status: 206, json: [colors[0]] },

  { name: 'Range: (empty) -> 400 Invalid Range', method: 'GET', url: '/colors', headers: range(''), status: 400, text: bad('Invalid Range'), expectHeaders: { 'content-type': TEXT_TYPE } },
  { name: 'Range: colour -> 400 Invalid Range (unknown field)', method: 'GET', url: '/colors', headers: range('colour'), status: 400, text: bad('Invalid Range') },
  { name: 'Range: Name -> 400 Invalid Range (fields are case-sensitive)', method: 'GET', url: '/colors', headers: range('Name'), status: 400, text: bad('Invalid Range') },
  { name: 'Range: ; limit 2 -> 400 Invalid Range (no field)', method: 'GET', url: '/colors', headers: range('; limit 2'), status: 400, text: bad('Invalid Range') },
  { name: 'Range: name; -> 400 Invalid Range Options (trailing ;)', method: 'GET', url: '/colors', headers: range('name;'), status: 400, text: bad('Invalid Range Options') },
  { name: 'Range: name; limit -> 400 Invalid Range Options (no argument)', method: 'GET', url: '/colors', headers: range('name; limit'), status: 400, text: bad('Invalid Range Options') },
  { name: 'Range: name; limit 1 2 -> 400 Invalid Range Options (two arguments)', method: 'GET', url: '/colors', headers: range('name; limit 1 2'), status: 400, text: bad('Invalid Range Options') },
  { name: 'Range: name; order up -> 400 Invalid Range Order', method: 'GET', url: '/colors', headers: range('name; order up'), status: 400, text: bad('Invalid Range Order') },
  { name: 'Range: name; order ASC -> 400 Invalid Range Order (exact words)', method: 'GET', url: '/colors', headers: range('name; order ASC'), status: 400, text: bad('Invalid Range Order') },
  { name: 'Range: name; limit -1 -> 400 Limit must be non-negative', method: 'GET', url: '/colors', headers: range('name; limit -1'), status: 400, text: bad('Limit must be non-negative') },
  { name: 'Range: name; limit ten -> 400 not an integer', method: 'GET', url: '/colors', headers: range('name; limit ten'), status: 400, text: bad('"ten" is not an integer') },
  { name: 'Range: name; limit 1.5 -> 400 not an integer', method: 'GET', url: '/colors', headers: range('name; limit 1.5'), status: 400, text: bad('"1.5" is not an integer') },
  { name: 'Range: name; offset x -> 400 not an integer', method: 'GET', url: '/colors', headers: range('name; offset x'), status: 400, text: bad('"x" is not an integer') },
  { name: 'Range: rgb white -> 400 (rgb values are integers)', method: 'GET', url: '/colors', headers: range('rgb white'), status: 400, text: bad('"white" is not an integer') },
  { name: 'Range: name; limit 99999999999999999999 -> 400 out of range', method: 'GET', url: '/colors', headers: range('name; limit 99999999999999999999'), status: 400 },
  { name: 'Range: name gr%zzn -> 400 malformed percent-encoding', method: 'GET', url: '/colors', headers: range('name gr%zzn'), status: 400, text: bad('malformed percent-encoding in "gr%zzn"') },

  { name: 'HEAD /colors -> 206 with the headers, no body', method: 'HEAD', url: '/colors', headers: range('name; limit 2'), status: 206, text: '',
    expectHeaders: { 'next-range': 'name yellow;limit 2;offset 1;order desc' } },
  { name: 'POST /colors -> 405 with Allow: GET, HEAD', method: 'POST', url: '/colors', status: 405, expectHeaders: { allow: 'GET, HEAD' } },
  { name: 'GET /colors with Accept: text/html -> 406 (before the Range is read)', method: 'GET', url: '/colors', headers: { accept: 'text/html', range: 'nope' }, status: 406 },
  { name: 'GET /colours -> 404', method: 'GET', url: '/colours', status: 404 },
]);

const more = suite<{ server?: Running }>('S7 walks and repeats', {});
more.before(async (ctx) => { ctx.server = await start(handlers); });
more.after(async (ctx) => { await ctx.server?.close(); });

more('two Range headers -> 400 (never a guess between them)', async (ctx) => {
  const r = await request(`${ctx.server!.url}/colors`, { headers: ['range', 'name; limit 1', 'range', 'name; limit 2'] });
  assert.is(r.statusCode, 400);
  assert.is(await r.body.text(), bad('Invalid Range Options'));
});

const keyOf: Record<string, (c: Color) => string | number> = { name: (c) => c.name, hex: (c) => c.hex, rgb: (c) => c.rgb[0] + c.rgb[1] + c.rgb[2] };

/** The order a client must see, by a plain stable sort (ties keep list order in both directions). */
function expected(field: string, order: 'asc' | 'desc'): string[] {
  const key = keyOf[field]!;
  const sign = order === 'asc' ? 1 : -1;
  return [...colors].sort((a, b) => { const x = key(a); const y = key(b); return x === y ? 0 : (x < y ? -sign : sign); }).map((c) => c.name);
}

for (const field of ['name', 'hex', 'rgb']) {
  for (const order of ['asc', 'desc'] as const) {
    for (const limit of [1, 7, 100]) {
      more(`following Next-Range from Range: ${field}; limit ${limit}; order ${order} visits every colour once, in order`, async (ctx) => {
        const seen: string[] = [];
        let next: string | undefined = `${field}; limit ${limit}; order ${order}`;
        let pages = 0;
        while (next !== undefined) {
          assert.ok(++pages <= 160, 'the walk ends');
          const r = await call(ctx.server!.url, 'GET', '/colors', { headers: { range: next } });
          assert.is(r.status, 206, r.text);
          const page = names(r.text);
          assert.ok(page.length <= limit);
          const nextRange = r.headers['next-range'] as string | undefined;
          if (nextRange !== undefined) assert.is(page.length, limit, 'Next-Range only after a full page');
          else assert.ok(page.length < limit, `no Next-Range only on a short page (${page.length} of ${limit})`);
          if (page.length > 0) {
            const first = colors.find((c) => c.name === page[0])!;
            const last = colors.find((c) => c.name === page[page.length - 1])!;
            const enc = (c: Color) => encodeURIComponent(String(keyOf[field]!(c)));
            assert.is(r.headers['content-range'], `${field} ${enc(first)}..${enc(last)}`);
          }
          seen.push(...page);
          next = nextRange;
        }
        assert.equal(seen, expected(field, order));
      });
    }
  }
}
more.run();
