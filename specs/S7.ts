// S7: the CSS named colours, paginated by a `Range` header over name, hex or the sum of rgb.
import { existsSync, readFileSync } from 'node:fs';
import { RANGE_HEADERS, api, get, implement, json, paginate, range, rangeFields, reply } from '../src/dsl/index.js';
import { t } from '../src/codec/index.js';

const Color = t.object('Color', { name: t.text, rgb: t.array(t.int), hex: t.text });
type Color = t.Infer<typeof Color>;

export const colorRanges = rangeFields(Color, {
  name: { type: 'string', from: (c) => c.name },
  // decided: the hex value is ranged as the data writes it (lower-case `#rrggbb`), not upper-cased
  // like the reference, so Content-Range/Next-Range show what the body shows; docs/decisions.md "S7 hex".
  hex: { type: 'string', from: (c) => c.hex },
  rgb: { type: 'integer', from: (c) => c.rgb.reduce((sum, x) => sum + x, 0), limit: 5 },
});

/**
 * decided: the colours are the package's own `data/colors.json` (the surface's fixed data set, not
 * runtime state under --data); docs/decisions.md "S7 data". Found from specs/ and from dist/specs/.
 */
export function loadColors(): Color[] {
  for (const rel of ['../data/colors.json', '../../data/colors.json']) {
    const url = new URL(rel, import.meta.url);
    if (!existsSync(url)) continue;
    const checked = t.array(Color).check(JSON.parse(readFileSync(url, 'utf8')) as unknown, '$');
    if (!checked.ok) throw new Error(`${url.pathname}: ${checked.path ?? '$'}: ${checked.error}`);
    return checked.value;
  }
  throw new Error('S7: data/colors.json is missing from the package');
}

const example: Color[] = [
  { name: 'yellowgreen', rgb: [154, 205, 50], hex: '#9acd32' },
  { name: 'yellow', rgb: [255, 255, 0], hex: '#ffff00' },
];

export const surface = api('S7', { license: { name: 'MIT', identifier: 'MIT' }, title: 'Paginated colour listing driven by a Range request header', port: 1442 }, {
  colors: get('colors', range(colorRanges))
    .returns(json(t.array(Color)), { status: 206, headers: RANGE_HEADERS, examples: [{ title: 'Range: name; limit 2', value: example, request: { url: '/colors', headers: { range: 'name; limit 2' } } }] })
    .summarize('The CSS named colours, one page at a time.'),
});

export const handlers = implement(surface, () => {
  const colors = loadColors();
  return {
    colors: ({ range: r }) => {
      const page = paginate(colorRanges, r, colors);
      return reply({ body: page.items, headers: page.headers });
    },
  };
});
