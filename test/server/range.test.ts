// The Range pagination part on a small surface: the reference's worked examples (its 7-colour
// data), per-field defaults, encoded values, the error order, declarations, and the pure helpers.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  RANGE_HEADERS, api, body, formatRange, get, implement, json, paginate, parseRange, query, range, rangeFields, reply,
  type RangeOf,
} from '../../src/dsl/index.js';
import { t } from '../../src/codec/index.js';
import { JSON_BODY, caseSuite } from '../helpers/cases.js';

const Color = t.object('Color', { name: t.text, rgb: t.array(t.int), hex: t.text });
type Color = t.Infer<typeof Color>;
const c = (name: string, rgb: [number, number, number], hex: string): Color => ({ name, rgb, hex });
// The reference README's data set, in its order.
const readme = [
  c('Black', [0, 0, 0], '#000000'), c('Blue', [0, 0, 255], '#0000ff'), c('Green', [0, 128, 0], '#008000'),
  c('Grey', [128, 128, 128], '#808080'), c('Purple', [128, 0, 128], '#800080'), c('Red', [255, 0, 0], '#ff0000'),
  c('Yellow', [255, 255, 0], '#ffff00'),
];

const byName = rangeFields(Color, { name: { type: 'string', from: (x) => x.name } });
const complex = rangeFields(Color, {
  name: { type: 'string', from: (x) => x.name, limit: 5, order: 'asc' },
  rgb: { type: 'integer', from: (x) => x.rgb[0]! + x.rgb[1]! + x.rgb[2]! },
});

// Type test: the handler's range is typed per field (rgb values are numbers, names strings).
type Complex = RangeOf<typeof complex.fields>;
const typed = (r: Complex): string => (r.field === 'rgb' ? (r.value ?? 0).toFixed(0) : (r.value ?? '').toUpperCase());
void typed;
// @ts-expect-error a field the declaration does not have
const wrong: Complex = { field: 'hex', limit: 1, offset: 0, order: 'asc' };
void wrong;

const spaced = [c('Light Blue', [173, 216, 230], '#add8e6'), c('Dark Blue', [0, 0, 139], '#00008b'), c('Blue', [0, 0, 255], '#0000ff')];

const surface = api('RangeTest', { title: 'Range test surface' }, {
  readme: get('readme', range(byName)).returns(json(t.array(Color)), { status: 206, headers: RANGE_HEADERS }),
  complex: get('complex', range(complex)).returns(json(t.array(Color)), { status: 206, headers: RANGE_HEADERS }),
  spaced: get('spaced', range(byName)).returns(json(t.array(Color)), { status: 206, headers: RANGE_HEADERS }),
  ordered: get('ordered', query('n', t.int), range(byName), body(t.int)).returns(json(t.array(Color)), { status: 206, headers: RANGE_HEADERS }),
});
const impl = implement(surface, {
  readme: ({ range: r }) => { const p = paginate(byName, r, readme); return reply({ body: p.items, headers: p.headers }); },
  complex: ({ range: r }) => { const p = paginate(complex, r, readme); return reply({ body: p.items, headers: p.headers }); },
  spaced: ({ range: r }) => { const p = paginate(byName, r, spaced); return reply({ body: p.items, headers: p.headers }); },
  ordered: ({ range: r }) => { const p = paginate(byName, r, readme); return reply({ body: p.items, headers: p.headers }); },
});

const names = (...n: string[]) => n.map((x) => readme.find((y) => y.name === x)!);
caseSuite('Range over HTTP (reference data)', impl, [
  { name: 'no Range -> all 7 by name descending, Yellow..Black, no Next-Range', method: 'GET', url: '/readme', status: 206,
    json: [...readme].reverse(), expectHeaders: { 'total-count': '7', 'accept-ranges': 'name', 'content-range': 'name Yellow..Black', 'next-range': undefined } },
  { name: 'Range: name; limit 2 -> Yellow, Red and Next-Range name Red;limit 2;offset 1;order desc', method: 'GET', url: '/readme', headers: { range: 'name; limit 2' },
    status: 206, json: names('Yellow', 'Red'), expectHeaders: { 'next-range': 'name Red;limit 2;offset 1;order desc' } },
  { name: 'Range: name Green; order asc; offset 1 -> Grey, Purple, Red, Yellow (Green excluded)', method: 'GET', url: '/readme', headers: { range: 'name Green; order asc; offset 1' },
    status: 206, json: names('Grey', 'Purple', 'Red', 'Yellow'), expectHeaders: { 'content-range': 'name Grey..Yellow', 'next-range': undefined } },
  { name: 'a field with its own defaults: no Range -> name ascending, limit 5', method: 'GET', url: '/complex', status: 206,
    json: readme.slice(0, 5), expectHeaders: { 'accept-ranges': 'name,rgb', 'content-range': 'name Black..Purple', 'next-range': 'name Purple;limit 5;offset 1;order asc' } },
  { name: 'Range: rgb -> the general defaults (100, desc): 510..0', method: 'GET', url: '/complex', headers: { range: 'rgb' }, status: 206,
    json: names('Yellow', 'Grey', 'Purple', 'Blue', 'Red', 'Green', 'Black'), expectHeaders: { 'content-range': 'rgb 510..0', 'next-range': undefined } },
  { name: 'Range: rgb 256; limit 2 -> Purple, Blue (Blue and Red tie at 255, list order)', method: 'GET', url: '/complex', headers: { range: 'rgb 256; limit 2' }, status: 206,
    json: names('Purple', 'Blue'), expectHeaders: { 'next-range': 'rgb 255;limit 2;offset 1;order desc' } },
  { name: 'Range: rgb 255;limit 2;offset 1;order desc -> Red, Green (the tie continues where it stopped)', method: 'GET', url: '/complex', headers: { range: 'rgb 255;limit 2;offset 1;order desc' }, status: 206,
    json: names('Red', 'Green') },
  { name: 'values with spaces are URI-encoded in Content-Range and Next-Range', method: 'GET', url: '/spaced', headers: { range: 'name; limit 2' }, status: 206,
    expectHeaders: { 'content-range': 'name Light%20Blue..Dark%20Blue', 'next-range': 'name Dark%20Blue;limit 2;offset 1;order desc' } },
  { name: 'Range: name Dark%20Blue -> an encoded value is decoded', method: 'GET', url: '/spaced', headers: { range: 'name Dark%20Blue;limit 2;offset 1;order desc' }, status: 206,
    json: [spaced[2]] },
  { name: 'a bad query parameter is reported before a bad Range', method: 'GET', url: '/ordered?n=x', headers: { range: 'nope', ...JSON_BODY }, body: '"x"', status: 400,
    text: 'Error parsing query parameter n failed: "x" is not an integer' },
  { name: 'a bad Range is reported before a bad body', method: 'GET', url: '/ordered?n=1', headers: { range: 'nope', ...JSON_BODY }, body: '"x"', status: 400,
    text: 'Error parsing header Range failed: Invalid Range' },
  { name: 'a good Range and a bad body -> the body error', method: 'GET', url: '/ordered?n=1', headers: { range: 'name', ...JSON_BODY }, body: '"x"', status: 400 },
]);

const pure = suite('Range helpers');
const fields = complex.config.fields;

pure('the part carries the documented config: fields in order with their defaults', () => {
  const part = range(complex);
  assert.equal({ kind: part.kind, ext: part.ext.name, key: part.key }, { kind: 'extension', ext: 'range', key: 'range' });
  assert.equal(part.config, { fields: [
    { name: 'name', type: 'string', limit: 5, offset: 0, order: 'asc' },
    { name: 'rgb', type: 'integer', limit: 100, offset: 0, order: 'desc' },
  ] });
});

pure('parseRange fills every absent option from the field', () => {
  assert.equal(parseRange('rgb 12', fields), { ok: true, value: { field: 'rgb', value: 12, limit: 100, offset: 0, order: 'desc' } });
  assert.equal(parseRange('name', fields), { ok: true, value: { field: 'name', limit: 5, offset: 0, order: 'asc' } });
});

pure('formatRange and parseRange are inverses for Next-Range values', () => {
  for (const r of [{ field: 'name', value: 'a b;c%#', limit: 3, offset: 2, order: 'asc' as const }, { field: 'rgb', value: -4, limit: 0, offset: 0, order: 'desc' as const }]) {
    const text = formatRange(r);
    assert.ok(text.split(';').every((piece) => piece.split(' ').length === 2), `one space per piece: ${text}`);
    assert.equal(parseRange(text, fields), { ok: true, value: r });
  }
  assert.is(formatRange({ field: 'name', value: "it's (x)*!", limit: 1, offset: 0, order: 'asc' }), 'name it%27s%20%28x%29%2A%21;limit 1;offset 0;order asc');
});

pure('paginate leaves the given list alone', () => {
  const list = [...readme];
  paginate(byName, { field: 'name', limit: 3, offset: 0, order: 'desc' }, list);
  assert.equal(list, readme);
});

pure('rangeFields rejects declarations a header could not express', () => {
  assert.throws(() => rangeFields(Color, {}), /at least one field/);
  assert.throws(() => rangeFields(Color, { 'my name': { type: 'string', from: (x) => x.name } }), /one word/);
  assert.throws(() => rangeFields(Color, { name: { type: 'string', from: (x) => x.name, limit: -1 } }), /limit/);
  assert.throws(() => rangeFields(Color, { name: { type: 'string', from: (x) => x.name, limit: 1.5 } }), /limit/);
});
pure.run();

const formatted = api('RangeFormatted', {
  title: 'a surface that formats header errors itself',
  formatters: { headerParse: (f) => reply({ status: 400, body: { header: f.name, problem: f.message } }) },
}, {
  list: get('list', range(byName)).returns(json(t.array(Color)), { status: 206, headers: RANGE_HEADERS }),
});
caseSuite('a malformed Range goes through the surface header-parse formatter', implement(formatted, {
  list: ({ range: r }) => { const p = paginate(byName, r, readme); return reply({ body: p.items, headers: p.headers }); },
}), [
  { name: 'Range: colour -> the formatter answers with JSON', method: 'GET', url: '/list', headers: { range: 'colour' }, status: 400, json: { header: 'Range', problem: 'Error parsing header Range failed: Invalid Range' } },
]);
