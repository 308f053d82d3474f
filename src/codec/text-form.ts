// A codec whose value is written as text in an OpenAPI parameter style: `.5` (label), `;id=5`
// (matrix), `1|2|3` (pipeDelimited), `R=100,G=200` (exploded), or JSON text (`content`). The
// server, the predictor, the docs' examples and fuzz all read and write it through this one pair.
import { type Codec, type ObjectCodec, type Result, type TextForm, fail, ok, quote, type AnyCodec } from './types.js';
import { brokeText, rulesOf } from './constraints.js';
import { fieldCodec, objectFromPairs } from './object-text.js';

/** The text after the style's prefix, or why the prefix is missing. */
function unprefixed(form: TextForm, raw: string, exploded: boolean): Result<string> {
  if (form.style === 'label') return raw.startsWith('.') ? ok(raw.slice(1)) : fail(`${quote(raw)} does not start with "." (label style)`);
  if (form.style !== 'matrix') return ok(raw);
  // An exploded list or object repeats the prefix per item (`;id=3;id=4`, `;R=100;G=200`): split later.
  if (exploded) return raw.startsWith(';') ? ok(raw) : fail(`${quote(raw)} does not start with ";" (matrix style)`);
  const head = `;${form.name}`;
  if (raw === head) return ok('');
  return raw.startsWith(`${head}=`) ? ok(raw.slice(head.length + 1)) : fail(`${quote(raw)} does not start with ";${form.name}=" (matrix style)`);
}

/** The separator between items (and between keys and values when not exploded). */
function separator(form: TextForm): string {
  switch (form.style) {
    case 'spaceDelimited': return ' ';
    case 'pipeDelimited': return '|';
    case 'label': return form.explode ? '.' : ',';
    case 'matrix': return form.explode ? ';' : ',';
    case 'simple': case 'json': return ',';
  }
}

/** The items of a list, or the key=value pieces of an exploded object, after the prefix. */
function pieces(form: TextForm, body: string, exploded: boolean): string[] {
  if (form.style === 'matrix' && exploded) return body.slice(1).split(';');
  return body === '' ? [] : body.split(separator(form));
}

function parseList(codec: Codec<unknown>, item: Codec<unknown>, form: TextForm, raw: string): Result<unknown> {
  const body = unprefixed(form, raw, form.explode);
  if (!body.ok) return body;
  let items = pieces(form, body.value, form.explode);
  if (form.style === 'matrix' && form.explode) {
    const key = `${form.name}=`;
    const bad = items.find((x) => !x.startsWith(key) && x !== form.name);
    if (bad !== undefined) return fail(`${quote(`;${bad}`)} is not ;${form.name}=value (matrix style, exploded)`);
    items = items.map((x) => x.slice(key.length));
  }
  const out: unknown[] = [];
  for (let i = 0; i < items.length; i++) {
    const r = item.parseText(items[i]!);
    if (!r.ok) return fail(`item ${i + 1}: ${r.error}`, undefined, r.constraint);
    out.push(r.value);
  }
  for (const rule of rulesOf(codec.schema)) if (!rule.test(out)) return fail(brokeText(rule, raw), undefined, rule.keyword);
  return ok(out);
}

function parseObject(codec: ObjectCodec<unknown>, form: TextForm, raw: string): Result<unknown> {
  const body = unprefixed(form, raw, form.explode);
  if (!body.ok) return body;
  const items = pieces(form, body.value, form.explode);
  const pairs: [string, string][] = [];
  if (form.explode) {
    for (const item of items) {
      const eq = item.indexOf('=');
      if (eq < 0) return fail(`${quote(item)} is not key=value (${form.style} style, exploded)`);
      pairs.push([item.slice(0, eq), item.slice(eq + 1)]);
    }
  } else {
    if (items.length % 2 !== 0) return fail(`${quote(raw)} is not key${separator(form)}value pairs (an odd number of items)`);
    for (let i = 0; i < items.length; i += 2) pairs.push([items[i]!, items[i + 1]!]);
  }
  return objectFromPairs(codec, pairs);
}

function parseJson(codec: Codec<unknown>, raw: string): Result<unknown> {
  let json: unknown;
  try { json = JSON.parse(raw); } catch { return fail(`${quote(raw)} is not JSON`); }
  const r = codec.check(json, '$');
  return r.ok ? r : fail(`${r.path === undefined || r.path === '$' ? '' : `${r.path}: `}${r.error}`, undefined, r.constraint);
}

function formatWith(codec: Codec<unknown>, form: TextForm, value: unknown): string {
  if (form.style === 'json') return JSON.stringify(value) ?? 'null';
  const sep = separator(form);
  let items: string[] | undefined;
  if (codec.kind === 'array' && Array.isArray(value)) {
    items = value.map((v) => codec.item.formatText(v));
    if (form.style === 'matrix' && form.explode) return items.map((x) => `;${form.name}=${x}`).join('');
  } else if (codec.kind === 'object' && typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, fieldCodec(codec as ObjectCodec<unknown>, k)?.formatText(v) ?? String(v)] as const);
    if (form.explode) {
      const kv = entries.map(([k, v]) => `${k}=${v}`);
      return form.style === 'matrix' ? kv.map((x) => `;${x}`).join('') : `${form.style === 'label' ? '.' : ''}${kv.join(sep)}`;
    }
    items = entries.flat();
  }
  const text = items === undefined ? codec.formatText(value) : items.join(sep);
  return form.style === 'label' ? `.${text}` : form.style === 'matrix' ? `;${form.name}=${text}` : text;
}

/** `codec` read and written as text in `form`; its JSON check, schema and type are unchanged. */
export function withTextForm<C extends AnyCodec>(codec: C, form: TextForm): C {
  const base = codec as Codec<unknown>;
  const parseText = (raw: string): Result<unknown> => {
    if (form.style === 'json') return parseJson(base, raw);
    if (base.kind === 'array') return parseList(base, base.item, form, raw);
    if (base.kind === 'object') return parseObject(base, form, raw);
    const body = unprefixed(form, raw, false);
    return body.ok ? base.parseText(body.value) : body;
  };
  return {
    ...codec,
    parseText,
    formatText: (v: unknown) => formatWith(base, form, v),
    textForm: { form, base: codec },
    // A capture whose rules are checked after the method is routed by its base's text form (router.ts).
    ...(base.refines === undefined ? {} : { refines: { ...base.refines, base: withTextForm(base.refines.base, form) } }),
  };
}
