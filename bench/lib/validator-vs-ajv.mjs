// The validator row (issue 31): api-serve's body check against ajv, in one process, on the same
// schemas and values. Two sets: the JSON Schema suite's draft 2020-12 groups that import without
// warnings (their test values), and the request-body schemas of the shared OpenAPI corpus (a
// sample and the near misses of each body codec). Each schema is compiled once by each side
// (api-serve: the codec the importer reads, checked by `checkFast`, what the server runs on a JSON
// body; ajv: `ajv/dist/2020.js`, strict: false, with ajv-formats), then every value is validated
// in timed slices, the two sides alternating which goes first; a slice's figure is its CPU time.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './stats.mjs';

const isObj = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

// The suite's schemas are moved into a document exactly as test/json-schema moves them: its helper,
// loaded through tsx (as scripts/update-golden.mjs loads test helpers).
const { register } = await import('tsx/esm/api');
register();
const { moveSchema } = await import('../../test/json-schema/as-document.ts');

function suiteDocument(placed) {
  const schemas = {};
  const paths = {};
  for (const { name, schema } of placed) {
    schemas[name] = moveSchema(schema, `/components/schemas/${name}`);
    paths[`/${name}`] = { post: { operationId: name, requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } }, responses: { 204: { description: 'accepted' } } } };
  }
  return { openapi: '3.1.0', info: { title: 'suite', version: '1' }, paths, components: { schemas } };
}

async function modules(root) {
  const dist = (p) => import(join(root, 'dist/src', p));
  const [openapi, validator, sample, nearMiss, ajv2020, formats] = await Promise.all([
    dist('openapi/index.js'), dist('codec/validator.js'), dist('codec/sample.js'), dist('codec/near-miss.js'),
    import('ajv/dist/2020.js'), import('ajv-formats'),
  ]);
  const Ajv2020 = ajv2020.Ajv2020 ?? ajv2020.default;
  const addFormats = formats.default?.default ?? formats.default;
  return { ...openapi, ...validator, ...sample, ...nearMiss, Ajv2020, addFormats };
}

/** An ajv as the row compiles with: 2020-12, strict: false, formats checked (api-serve checks them too). */
function newAjv(m) {
  const ajv = new m.Ajv2020({ strict: false, logger: false });
  m.addFormats(ajv);
  // OpenAPI's sized integers, which api-serve checks as bounds.
  ajv.addFormat('int32', { type: 'number', validate: (n) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n) => Number.isSafeInteger(n) });
  return ajv;
}

async function loadFile(m, dir, document) {
  const path = join(dir, 'doc.json');
  writeFileSync(path, JSON.stringify(document));
  try { return { ok: true, imported: m.importSurface(await m.loadDocument(path), 'suite') }; } catch (err) { return { ok: false, why: err.message }; }
}

/** The suite set: one entry per test value of each group that imports without warnings. */
async function suiteSet(m, suiteDir, dir) {
  const tests = join(suiteDir, 'tests', 'draft2020-12');
  const entries = [];
  let groups = 0;
  let skipped = 0;
  const ajv = newAjv(m);
  for (const file of readdirSync(tests).filter((f) => f.endsWith('.json') && f !== 'refRemote.json').sort()) {
    const raw = JSON.parse(readFileSync(join(tests, file), 'utf8'));
    const all = raw.map((g, i) => ({ name: `S${i}`, group: g, schema: g.schema }))
      .filter((p) => !JSON.stringify(p.schema).includes('http://localhost:1234'));
    skipped += raw.length - all.length;
    // One document per file (as test/json-schema loads them); when it does not load, each group alone.
    let loaded = [{ placed: all, result: await loadFile(m, dir, suiteDocument(all)) }];
    if (!loaded[0].result.ok) {
      loaded = [];
      for (const p of all) loaded.push({ placed: [p], result: await loadFile(m, dir, suiteDocument([p])) });
    }
    for (const { placed, result } of loaded) {
      if (!result.ok) { skipped += placed.length; continue; }
      const { imported } = result;
      for (const p of placed) {
        const at = `/components/schemas/${p.name}`;
        const warned = imported.warnings.some((w) => w.pointer === at || w.pointer.startsWith(`${at}/`) || w.pointer.startsWith(`/paths/~1${p.name}`));
        let codec;
        try { codec = warned ? undefined : imported.schemas.read({ $ref: `#${at}` }, at, p.name); } catch { codec = undefined; }
        let valid;
        // A fresh ajv when the shared one refuses (an `$id` another group used already).
        for (const a of [() => ajv, () => newAjv(m)]) {
          try { valid = a().compile(p.group.schema); break; } catch { valid = undefined; }
        }
        // ajv 8 recurses without end on some `$dynamicRef` groups (a RangeError on their values): left out.
        if (valid !== undefined && p.group.tests.some((t) => { try { valid(t.data); return false; } catch { return true; } })) valid = undefined;
        if (codec === undefined || valid === undefined) { skipped++; continue; }
        groups++;
        for (const t of p.group.tests) entries.push({ codec, valid, value: t.data });
      }
    }
  }
  return { entries, groups, skipped };
}

/** Every `requestBody` object of a document (paths, webhooks, callbacks, components), `$ref`s followed. */
function requestBodies(doc) {
  const out = [];
  const deref = (v) => {
    for (let i = 0; i < 16 && isObj(v) && typeof v.$ref === 'string' && v.$ref.startsWith('#/'); i++) {
      v = v.$ref.slice(2).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~')).reduce((o, k) => (isObj(o) ? o[k] : undefined), doc);
    }
    return v;
  };
  const walk = (v, pointer) => {
    if (!isObj(v) && !Array.isArray(v)) return;
    for (const [k, x] of Object.entries(v)) {
      const at = `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (k === 'requestBody' || pointer === '/components/requestBodies') {
        const body = deref(x);
        if (isObj(body) && isObj(body.content)) {
          for (const [media, c] of Object.entries(body.content)) if (isObj(c) && c.schema !== undefined) out.push({ pointer: `${at}/content/${media.replace(/\//g, '~1')}/schema`, media, schema: c.schema });
        }
      } else walk(x, at);
    }
  };
  walk(doc, '');
  return out;
}

/** The corpus set: one entry per value (a sample and its near misses) of each request-body schema. */
async function corpusSet(m, corpusDir) {
  const entries = [];
  const bodies = [];
  for (const file of readdirSync(corpusDir).filter((f) => /\.(ya?ml|json)$/.test(f)).sort()) {
    let imported;
    try { imported = m.importSurface(await m.loadDocument(join(corpusDir, file)), file); } catch (err) { bodies.push({ file, note: `not loaded: ${err.message}` }); continue; }
    const ajv = newAjv(m);
    ajv.addSchema(imported.document, 'doc');
    for (const b of requestBodies(imported.document)) {
      const codec = imported.schemas.read(b.schema, b.pointer, 'Body');
      const valid = ajv.compile({ $ref: `doc#${b.pointer.split('/').map(encodeURIComponent).join('/')}` });
      const values = [m.sample(codec), ...m.nearMisses(codec).map((x) => x.value)];
      bodies.push({ file, pointer: b.pointer, media: b.media, values: values.length });
      for (const value of values) entries.push({ codec, valid, value });
    }
  }
  return { entries, bodies };
}

/** CPU microseconds of `fn`. */
function cpu(fn) {
  const a = process.cpuUsage();
  fn();
  const b = process.cpuUsage(a);
  return b.user + b.system;
}

/**
 * Times both sides on one set: a pass is every entry once; each slice runs `passes` passes of one
 * side (calibrated to about `sliceMs` for api-serve), sides alternating first per round.
 */
function race(m, entries, { rounds, sliceMs }) {
  const n = entries.length;
  const codecs = entries.map((e) => e.codec);
  const valids = entries.map((e) => e.valid);
  const values = entries.map((e) => e.value);
  let sink = 0;
  const sides = {
    'api-serve': (passes) => { for (let p = 0; p < passes; p++) for (let i = 0; i < n; i++) if (m.checkFast(codecs[i], values[i]).ok) sink++; },
    ajv: (passes) => { for (let p = 0; p < passes; p++) for (let i = 0; i < n; i++) if (valids[i](values[i])) sink++; },
  };
  // Compiled once, outside the timing (api-serve builds its validator on first use), and warmed.
  for (const side of Object.values(sides)) side(20);
  let passes = 1;
  while (cpu(() => sides['api-serve'](passes)) < sliceMs * 500) passes *= 2;
  passes = Math.max(1, Math.round(passes * sliceMs * 1000 / Math.max(1, cpu(() => sides['api-serve'](passes)))));
  // Untimed slices until each side's time per slice holds within 10% (at most 10 each): with
  // hundreds of compiled functions, ajv's first timed rounds ran 2-6 times slower than its later
  // ones (each function reaching the optimizing tier on its own), which read as a ratio drifting
  // from 1.6 down to 0.24 over nine rounds.
  const warm = {};
  for (let i = 0, last = {}; i < 10; i++) {
    let steady = true;
    for (const [id, side] of Object.entries(sides)) {
      const us = cpu(() => side(passes));
      if (last[id] === undefined || Math.abs(us - last[id]) > 0.1 * last[id]) steady = false;
      last[id] = us;
    }
    warm.slices = i + 1;
    if (steady) break;
  }
  const samples = { 'api-serve': [], ajv: [] };
  for (let r = 0; r < rounds; r++) {
    for (const id of r % 2 === 0 ? ['api-serve', 'ajv'] : ['ajv', 'api-serve']) {
      const us = cpu(() => sides[id](passes));
      samples[id].push((passes * n) / (us / 1e6));
    }
  }
  const ratios = samples['api-serve'].map((x, i) => x / samples.ajv[i]);
  // Where the two disagree on a value (informational: formats, OpenAPI 3.0 keywords ajv 2020 reads otherwise).
  const disagree = entries.filter((e) => e.codec && m.checkFast(e.codec, e.value).ok !== e.valid(e.value)).length;
  return { values: n, passes, warmSlices: warm.slices, samples, opsPerSecond: { 'api-serve': median(samples['api-serve']), ajv: median(samples.ajv) }, ratio: median(ratios), ratios, disagree, sink };
}

export async function validatorScenario({ root, rounds, sliceMs, log }) {
  const m = await modules(root);
  const dir = mkdtempSync(join(tmpdir(), 'api-serve-bench-validator-'));
  try {
    log('validator: importing the JSON Schema suite (draft 2020-12) and the corpus');
    const suite = await suiteSet(m, join(root, '..', 'shared', 'json-schema-test-suite'), dir);
    const corpus = await corpusSet(m, join(root, '..', 'shared', 'openapi-corpus'));
    log(`validator: suite ${suite.groups} groups, ${suite.entries.length} values (${suite.skipped} groups left out); corpus ${corpus.bodies.filter((b) => b.values).length} bodies, ${corpus.entries.length} values`);
    const sets = [];
    for (const [id, label, set] of [['suite', 'JSON Schema suite, draft 2020-12 (groups imported without warnings): its test values', suite], ['corpus', 'shared OpenAPI corpus, request-body schemas: a sample and the near misses of each', corpus]]) {
      log(`validator: timing ${id} (${rounds} rounds)`);
      const r = race(m, set.entries, { rounds, sliceMs });
      sets.push({ id, label, ...r });
    }
    return { sets, suite: { groups: suite.groups, skipped: suite.skipped }, corpus: { bodies: corpus.bodies } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function validatorMarkdown(result) {
  const fmt = (x) => Math.round(x).toLocaleString('en-US');
  const lines = [
    `# Compiled validator against ajv (${result.when})`,
    '',
    `\`${result.command}\`: each schema compiled once by each side (api-serve: the imported codec through \`checkFast\`, what the server runs on a JSON body; ajv 8 \`ajv/dist/2020.js\`, strict: false, ajv-formats), every value validated in ${result.rounds} alternating rounds of about ${result.sliceMs} ms CPU per side, after untimed slices until each side's time held within 10% (${result.sets.map((s) => `${s.id}: ${s.warmSlices}`).join(', ')}); ops/s from CPU time (one op: one value validated). Ratio: api-serve ops/s over ajv's, the median of the per-round ratios (above 1: api-serve faster). ${result.machine}.`,
    '',
    '| set | values | api-serve ops/s | ajv ops/s | api-serve/ajv | per-round ratios | values judged differently |',
    '| --- | ---: | ---: | ---: | ---: | --- | ---: |',
    ...result.sets.map((s) => `| ${s.label} | ${s.values} | ${fmt(s.opsPerSecond['api-serve'])} | ${fmt(s.opsPerSecond.ajv)} | ${s.ratio.toFixed(2)} | ${s.ratios.map((x) => x.toFixed(2)).join(' ')} | ${s.disagree} |`),
    '',
    `Suite: ${result.suite.groups} groups timed, ${result.suite.skipped} left out (remotes, refused, warned, or ajv would not compile or threw on a value). Corpus bodies: ${result.corpus.bodies.map((b) => (b.values ? `${b.file}${b.pointer} (${b.media}, ${b.values} values)` : `${b.file}: ${b.note}`)).join('; ')}.`,
    '',
  ];
  return lines.join('\n');
}
